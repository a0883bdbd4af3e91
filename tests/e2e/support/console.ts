import { expect, type Page } from '@playwright/test';

/**
 * Collects console errors and uncaught page errors; call the returned check at the end of the test.
 * The browser's own note about a 4xx/5xx answer is not an error of ours.
 */
export function failOnConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return () => expect(errors, 'console errors').toEqual([]);
}
