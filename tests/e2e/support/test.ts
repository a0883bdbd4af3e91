import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { Browser, Page } from '@playwright/test';

let counter = 0;

/**
 * Every browser context in a journey comes from its own client address (the e2e server trusts one
 * proxy hop, see global-setup.ts), as real members do: the per-address limits on sign-ups and codes
 * then apply per journey, not to the whole suite at once.
 */
export const test = base.extend<{ clientAddress: void }>({
  clientAddress: [
    async ({ browser, context }, use, testInfo) => {
      const nextAddress = () => {
        counter += 1;
        return `10.${testInfo.workerIndex % 250}.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
      };
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
});
