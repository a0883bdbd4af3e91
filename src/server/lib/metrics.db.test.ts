import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userSettings } from '../db/schema';
import { startJobs } from '../jobs';
import { stopJobs } from './jobs';
import {
  metricValue,
  scrapeMetrics,
  setUpTestApp,
  withTestApp,
  type TestApp,
} from '../testing/test-app';
import { databaseLabel } from '../testing/test-database';
import { loadConfig } from '../env';
import { MAIL_MAX_ATTEMPTS, mailRetryDelayMs } from './mail-outbox';
import { startCycleOn } from '../testing/cycles';

// Prometheus metrics at /metrics (decision 0079).

const t = setUpTestApp();

const scrape = (app: TestApp = t) => scrapeMetrics(app);
const value = metricValue;

describe(`/metrics (${databaseLabel})`, () => {
  it('counts requests by route pattern and status, never by the raw path', async () => {
    const health = 'stackdays_http_requests_total{method="GET",route="/api/health",status="200"}';
    const before = value(await scrape(), health);
    await t.app.request('/api/health');
    await t.app.request('/api/health');
    const text = await scrape();
    expect(value(text, health)).toBe(before + 2);
    expect(text).toContain(
      'stackdays_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}',
    );

    // An id and an invite token in the path stay out of the labels.
    const id = '7d9b8a52-59a1-4c7b-9d43-1f0f6c0b7e11';
    const token = 'Zm9vYmFyYmF6cXV4cXV1eHh5enp5eHh5enp5';
    const member = await t.member();
    expect((await member.client.request(`/api/posts/${id}/comments`)).status).toBe(404);
    await t.app.request(`/api/invites/${token}`);
    await t.app.request(`/api/no-such-area/${token}`);
    const after = await scrape();
    expect(after).toMatch(/route="\/api\/posts\/:id\/comments",status="404"/);
    expect(after).toMatch(/route="\/api\/\*",status="404"/);
    expect(after).not.toContain(id);
    expect(after).not.toContain(token);
    // Node's own process metrics are there too, and the space left where DATA_DIR is.
    expect(after).toContain('process_cpu_user_seconds_total');
    expect(value(after, 'stackdays_data_dir_bytes{state="available"}')).toBeGreaterThan(0);
    expect(value(after, 'stackdays_data_dir_bytes{state="total"}')).toBeGreaterThanOrEqual(
      value(after, 'stackdays_data_dir_bytes{state="available"}'),
    );
    expect(after).toContain('nodejs_eventloop_lag_seconds');
  });

  it('reports the PostgreSQL pool, and nothing for PGlite', async () => {
    const text = await scrape();
    if (databaseLabel === 'pg') {
      expect(text).toMatch(/stackdays_db_pool_connections\{state="total"\} \d+/);
      expect(text).toMatch(/stackdays_db_pool_connections\{state="waiting"\} 0/);
    } else {
      expect(text).not.toContain('stackdays_db_pool_connections{');
    }
  });

  it('counts reminder and mail job results after a scheduler run', async () => {
    const m = await t.member();
    await t.database.db
      .update(userSettings)
      .set({ timezone: 'UTC', reminderHour: 9, emailNudges: true })
      .where(eq(userSettings.userId, m.userId));
    await startCycleOn(t.database.db, m.userId, '2026-06-01');

    const series = {
      reminders: 'stackdays_reminders_total{kind="reminder",outcome="sent"}',
      mail: 'stackdays_mail_deliveries_total{outcome="sent"}',
      runs: 'stackdays_job_runs_total{job="reminders",outcome="ok"}',
    };
    const before = await scrape();
    const jobs = startJobs(t.deps, { now: () => new Date('2026-06-05T09:30:00Z') });
    await jobs.find((job) => job.name === 'reminders')!.runOnce();
    await stopJobs(jobs);
    await t.deps.mailer.idle();
    const after = await scrape();
    expect(value(after, series.reminders)).toBe(value(before, series.reminders) + 1);
    expect(value(after, series.mail)).toBeGreaterThan(value(before, series.mail));
    expect(value(after, series.runs)).toBe(value(before, series.runs) + 1);
  });

  it(
    'counts mail retries and give-ups while SMTP is unreachable',
    { timeout: 120_000 },
    async () => {
      // Nothing listens on this port (one of this suite's): every attempt is refused at once.
      await withTestApp({ SMTP_URL: 'smtp://127.0.0.1:3253' }, async (app) => {
        const retry = 'stackdays_mail_deliveries_total{outcome="retry"}';
        const failed = 'stackdays_mail_deliveries_total{outcome="failed"}';
        const before = await scrape(app);
        // Not a code (those expire after 10 minutes and stop being retried).
        await app.deps.mailer.send({
          to: 'nobody@example.com',
          subject: 'Outbox metrics',
          text: 'Hello',
          html: '<p>Hello</p>',
          kind: 'test',
        });
        expect(value(await scrape(app), retry)).toBe(value(before, retry) + 1);
        let clock = Date.now();
        for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt++) {
          clock += mailRetryDelayMs(attempt) + 1000;
          await app.deps.mailer.flush(new Date(clock));
        }
        const after = await scrape(app);
        expect(value(after, retry)).toBe(value(before, retry) + MAIL_MAX_ATTEMPTS - 1);
        expect(value(after, failed)).toBe(value(before, failed) + 1);
      });
    },
  );

  it('refuses a METRICS_TOKEN too short to be a secret at start, naming it', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16/,
    );
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
  });

  it('without METRICS_TOKEN answers only direct loopback requests', async () => {
    expect((await t.client('10.0.0.9').request('/metrics')).status).toBe(403);
    // A proxy on this machine connects from loopback for every visitor: forwarded requests are refused.
    const proxied = await t
      .client('127.0.0.1')
      .request('/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(403);
    expect(await proxied.text()).not.toContain('stackdays_');
  });

  // A second app on its own database: slow to set up on a busy machine.
  it(
    'behind a declared proxy (TRUST_PROXY) without METRICS_TOKEN, refuses even loopback',
    { timeout: 120_000 },
    async () => {
      await withTestApp({ TRUST_PROXY: 'true' }, async (app) => {
        // A proxy on this machine that adds no forwarding header connects from loopback too.
        const local = await app.client('127.0.0.1').request('/metrics');
        expect(local.status).toBe(403);
        expect(await local.text()).not.toContain('stackdays_');
      });
    },
  );

  it(
    'with METRICS_TOKEN needs it as a bearer token, from anywhere',
    { timeout: 120_000 },
    async () => {
      const token = 'metrics-token-0123456789abcdef';
      await withTestApp({ METRICS_TOKEN: token }, async (app) => {
        const from = app.client('10.0.0.9');
        const none = await from.request('/metrics');
        expect(none.status).toBe(401);
        expect(none.headers.get('www-authenticate')).toContain('Bearer');
        const wrong = await from.request('/metrics', {
          headers: { authorization: 'Bearer metrics-token-0123456789abcdeX' },
        });
        expect(wrong.status).toBe(401);
        // Loopback alone is not enough once a token is set.
        expect((await app.client('127.0.0.1').request('/metrics')).status).toBe(401);
        const right = await from.request('/metrics', {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(right.status).toBe(200);
        expect(await right.text()).toContain('stackdays_http_requests_total');
      });
    },
  );
});
