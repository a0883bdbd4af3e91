import { expect, test, type Page } from './support/test';

// The first journey throws an uncaught error on purpose, to see it reported.
test.use({ allowedConsoleErrors: [/an uncaught error for the report/] });

// What members' browsers report (decision 0040): in a real Chromium, a sampled page view sends its
// web vitals and uncaught errors with sendBeacon when it is hidden, the server takes it (204), and an
// unsampled one sends nothing. Headless Chromium never hides a tab, and a beacon sent while the page
// unloads is not shown to Playwright: the page is told it is hidden, as switching tabs would.

/** What the browser does when the member switches to another tab or app. */
async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** Makes this page view sampled (random() = 0) or not (0.99), before any of the page's scripts run. */
async function sample(page: Page, random: number) {
  await page.addInitScript((value) => {
    Math.random = () => value;
    // Playwright does not show a beacon's body: keep a copy of what is sent, then send it as it was.
    const send = navigator.sendBeacon.bind(navigator);
    const sent: Promise<string>[] = [];
    (window as unknown as { __beacons: Promise<string>[] }).__beacons = sent;
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob) sent.push(data.text());
      return send(url, data);
    };
  }, random);
}

test('a sampled page view reports its vitals and an uncaught error when it is hidden', async ({
  page,
}) => {
  await sample(page, 0);
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // An interaction for INP, and an error no code catches.
  await page.mouse.click(5, 5);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('an uncaught error for the report');
    });
  });
  await page.waitForTimeout(100);
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/client-reports'));
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/client-reports'));
  await hide(page);
  await sent;
  const [text] = await page.evaluate(() =>
    Promise.all((window as unknown as { __beacons: Promise<string>[] }).__beacons),
  );
  const body = JSON.parse(text!) as {
    screen: string;
    vitals: { name: string; value: number }[];
    errors: number;
  };
  expect(body.screen).toBe('/pricing');
  expect(body.errors).toBe(1);
  expect(body.vitals.map((v) => v.name)).toContain('LCP');
  expect(JSON.stringify(body)).not.toContain('@');
  expect((await answered).status()).toBe(204);
});

test('an unsampled page view sends nothing', async ({ page }) => {
  await sample(page, 0.99);
  const reports: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/client-reports')) reports.push(r.url());
  });
  await page.goto('/pricing');
  await page.waitForLoadState('networkidle');
  await page.mouse.click(5, 5);
  await hide(page);
  await page.waitForTimeout(1000);
  expect(reports).toEqual([]);
});
