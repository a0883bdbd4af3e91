import { describe, expect, it } from 'vitest';
import {
  CLIENT_REPORTS_PER_WINDOW,
  CLIENT_REPORT_MAX_BYTES,
  reportedScreen,
} from '@shared/client-report';
import { metricValue, scrapeMetrics, setUpTestApp } from '../../testing/test-app';
import { databaseLabel } from '../../testing/test-database';

// The browser's beacon of web vitals and uncaught errors (decision 0040).

const t = setUpTestApp();

const scrape = () => scrapeMetrics(t);
const value = metricValue;

const report = (overrides: Record<string, unknown> = {}) => ({
  screen: '/app/feed',
  vitals: [
    { name: 'LCP', value: 1800 },
    { name: 'INP', value: 120 },
    { name: 'CLS', value: 0.02 },
  ],
  errors: 2,
  ...overrides,
});

describe(`POST /api/client-reports (${databaseLabel})`, () => {
  it('feeds the vitals histogram (LCP and INP in seconds) and the error counter by screen', async () => {
    const before = await scrape();
    const lcpUnder25 =
      'stackdays_client_web_vital_bucket{le="2.5",metric="LCP",screen="/app/feed"}';
    const lcpUnder1 = 'stackdays_client_web_vital_bucket{le="1",metric="LCP",screen="/app/feed"}';
    const errors = 'stackdays_client_errors_total{screen="/app/feed"}';
    const reports = 'stackdays_client_reports_total{screen="/app/feed"}';
    const res = await t
      .client('198.51.100.1')
      .request('/api/client-reports', { method: 'POST', json: report() });
    expect(res.status).toBe(204);
    const after = await scrape();
    expect(value(after, lcpUnder25) - value(before, lcpUnder25)).toBe(1);
    expect(value(after, lcpUnder1) - value(before, lcpUnder1)).toBe(0);
    expect(value(after, errors) - value(before, errors)).toBe(2);
    expect(value(after, reports) - value(before, reports)).toBe(1);
    expect(after).toContain(
      'stackdays_client_web_vital_bucket{le="0.05",metric="CLS",screen="/app/feed"}',
    );
  });

  it('refuses what is not a report: an unknown screen, a raw address, a negative or huge value, an extra field, a NUL', async () => {
    const client = t.client('198.51.100.2');
    for (const body of [
      report({ screen: '/app/posts/7d9b8a52-59a1-4c7b-9d43-1f0f6c0b7e11' }),
      report({ screen: 'other\u0000' }),
      report({ vitals: [{ name: 'LCP', value: -1 }] }),
      report({ vitals: [{ name: 'LCP', value: 1e12 }] }),
      report({ vitals: [{ name: 'TTFB', value: 10 }] }),
      report({ errors: 21 }),
      report({ email: 'someone@example.com' }),
    ]) {
      const res = await client.request('/api/client-reports', { method: 'POST', json: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const big = await client.request('/api/client-reports', {
      method: 'POST',
      json: report({ pad: 'x'.repeat(CLIENT_REPORT_MAX_BYTES) }),
    });
    expect(big.status).toBe(413);
  });

  it(`takes ${CLIENT_REPORTS_PER_WINDOW} reports per address per window, then 429 with Retry-After`, async () => {
    await t.resetLimits();
    const client = t.client('198.51.100.3');
    for (let i = 0; i < CLIENT_REPORTS_PER_WINDOW; i++) {
      const res = await client.request('/api/client-reports', { method: 'POST', json: report() });
      expect(res.status).toBe(204);
    }
    const refused = await client.request('/api/client-reports', { method: 'POST', json: report() });
    expect(refused.status).toBe(429);
    expect(Number((await refused.json()).details.retryAfter)).toBeGreaterThan(0);
    // Another address is not held back.
    const other = await t
      .client('198.51.100.4')
      .request('/api/client-reports', { method: 'POST', json: report() });
    expect(other.status).toBe(204);
  });
});

describe('reportedScreen', () => {
  it('keeps known screens, hides the invite token, and names every other path other', () => {
    expect(reportedScreen('/app/feed/')).toBe('/app/feed');
    expect(reportedScreen('/')).toBe('/');
    expect(reportedScreen('/invite/abcDEF123')).toBe('/invite/:token');
    expect(reportedScreen('/app/posts/123')).toBe('other');
    expect(reportedScreen('/someone@example.com')).toBe('other');
  });
});
