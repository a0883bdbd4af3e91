import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { Browser, Page } from '@playwright/test';

let counter = 0;

/**
 * A client address of its own for a browser context or an API request context (`x-forwarded-for`):
 * the per-address limits on sign-ups and codes then apply to each, as to real members.
 */
export function nextClientAddress(workerIndex: number): string {
  counter += 1;
  return `10.${workerIndex % 250}.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
}

/** The browser's own note about a 4xx/5xx answer is not an error of ours. */
const BROWSER_NOTES = [/^Failed to load resource/];

export const test = base.extend<{
  clientAddress: void;
  failOnConsoleError: void;
  /** Console errors a journey causes on purpose (e.g. an uncaught error it reports); none by default. */
  allowedConsoleErrors: RegExp[];
}>({
  allowedConsoleErrors: [[], { option: true }],

  /**
   * Every browser context in a journey comes from its own client address (the e2e server trusts one
   * proxy hop, see global-setup.ts), as real members do: the per-address limits on sign-ups and codes
   * then apply per journey, not to the whole suite at once.
   */
  clientAddress: [
    async ({ browser, context }, use, testInfo) => {
      const nextAddress = () => nextClientAddress(testInfo.workerIndex);
      await context.setExtraHTTPHeaders({ 'x-forwarded-for': nextAddress() });
      const original = browser.newContext.bind(browser);
      browser.newContext = (options = {}) =>
        original({
          ...options,
          extraHTTPHeaders: { 'x-forwarded-for': nextAddress(), ...options.extraHTTPHeaders },
        });
      await use();
      browser.newContext = original;
    },
    { auto: true },
  ],

  /**
   * A console error or an uncaught page error fails every journey, in every page of every context it
   * opens, without the spec asking for it.
   */
  failOnConsoleError: [
    async ({ browser, context, allowedConsoleErrors, clientAddress: _ }, use) => {
      const errors: string[] = [];
      const record = (text: string) => {
        if (![...BROWSER_NOTES, ...allowedConsoleErrors].some((pattern) => pattern.test(text))) {
          errors.push(text);
        }
      };
      const watch = (watched: BrowserContext) => {
        const watchPage = (page: Page) => {
          page.on('console', (message) => {
            if (message.type() === 'error') record(message.text());
          });
          page.on('pageerror', (error) => record(error.message));
        };
        watched.pages().forEach(watchPage);
        watched.on('page', watchPage);
      };
      watch(context);
      const withAddress = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const opened = await withAddress(options);
        watch(opened);
        return opened;
      };
      await use();
      browser.newContext = withAddress;
      expect(errors, 'console errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
});
