import { statfsSync } from 'node:fs';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/client';

/**
 * Prometheus metrics (decision 0079), one registry per process: the HTTP requests by route pattern,
 * the database pool, the reminder and mail jobs, and Node's own process metrics. Label values are
 * all from small fixed sets (route patterns, never raw paths), so a caller cannot grow the series.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequests = new Counter({
  name: 'stackdays_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpDuration = new Histogram({
  name: 'stackdays_http_request_duration_seconds',
  help: 'Time to answer an HTTP request (headers ready), by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** Daily reminders and trial-ending notices: `sent`, or `failed` (an error for that member). */
export const reminderResults = new Counter({
  name: 'stackdays_reminders_total',
  help: 'Reminder job results by kind (reminder, trial_notice) and outcome (sent, failed)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [metricsRegistry],
});

/**
 * How long after the member's own reminder hour each daily reminder was claimed to be sent: a
 * scheduler that fell behind, or a burst too big for the hour, shows here first.
 */
export const reminderLag = new Histogram({
  name: 'stackdays_reminder_lag_seconds',
  help: "Time from the member's reminder hour (their wall clock) to the reminder being sent",
  buckets: [60, 300, 600, 1800, 3600, 7200, 21600],
  registers: [metricsRegistry],
});

/** Every delivery attempt of an e-mail: `sent`, `retry` (queued for a later attempt) or `failed` (given up). */
export const mailResults = new Counter({
  name: 'stackdays_mail_deliveries_total',
  help: 'Mail delivery attempts by outcome (sent, retry, failed)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/** Objects removed from storage by the deletion queue (decision 0042): `done`, or `retry` after a failure. */
export const storageDeletionResults = new Counter({
  name: 'stackdays_storage_deletions_total',
  help: 'Queued storage deletions tried, by outcome (done, retry)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/** Runs of each background job (lib/jobs.ts): `ok`, or `error` when the run threw. */
export const jobRuns = new Counter({
  name: 'stackdays_job_runs_total',
  help: 'Background job runs by job and outcome (ok, error)',
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** How long each background job's runs take, in seconds. */
export const jobDuration = new Histogram({
  name: 'stackdays_job_duration_seconds',
  help: 'Background job run time by job',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.1, 0.5, 1, 5, 30, 120, 600],
  registers: [metricsRegistry],
});

/**
 * Core Web Vitals from members' browsers (decision 0040), by metric (LCP, INP in seconds; CLS unitless)
 * and screen (a route pattern from a fixed list). The buckets hold the "good" and "poor" thresholds of
 * all three: 0.1 and 0.25 (CLS), 0.25 and 0.5 (INP, near 0.2 and 0.5), 2.5 and 4 (LCP).
 */
export const clientVitals = new Histogram({
  name: 'stackdays_client_web_vital',
  help: "Core Web Vitals reported by members' browsers: LCP and INP in seconds, CLS unitless; by metric and screen",
  labelNames: ['metric', 'screen'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 4, 10],
  registers: [metricsRegistry],
});

/** Uncaught errors and unhandled rejections in members' browsers, by screen. */
export const clientErrors = new Counter({
  name: 'stackdays_client_errors_total',
  help: "Uncaught errors and unhandled promise rejections reported by members' browsers, by screen",
  labelNames: ['screen'] as const,
  registers: [metricsRegistry],
});

/** Client reports received (each one page view, sampled), by screen: the denominator of the error rate. */
export const clientReports = new Counter({
  name: 'stackdays_client_reports_total',
  help: "Page-view reports received from members' browsers (sampled), by screen",
  labelNames: ['screen'] as const,
  registers: [metricsRegistry],
});

interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The pg Pool behind the database this process serves, if it has one (PGlite has none). */
let observedPool: PoolStats | null = null;

/** Reports the database's pool in the pool gauges: pg's Pool; PGlite (one in-process connection) reports nothing. */
export function observeDatabase(db: Db): void {
  observedPool = poolOf(db);
}

/** The background jobs' own pool (issue 48), watched apart: its waits are by design, not an alert. */
let observedJobsPool: PoolStats | null = null;

export function observeJobsDatabase(db: Db): void {
  observedJobsPool = poolOf(db);
}

function poolOf(db: Db): PoolStats | null {
  const client = (db as unknown as { $client?: Partial<PoolStats> }).$client;
  return client && typeof client.totalCount === 'number' && typeof client.waitingCount === 'number'
    ? (client as PoolStats)
    : null;
}

new Gauge({
  name: 'stackdays_db_jobs_pool_connections',
  help: "The background jobs' own PostgreSQL pool by state (total, idle, waiting); absent on PGlite and in web processes",
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    if (!observedJobsPool) return;
    this.set({ state: 'total' }, observedJobsPool.totalCount);
    this.set({ state: 'idle' }, observedJobsPool.idleCount);
    this.set({ state: 'waiting' }, observedJobsPool.waitingCount);
  },
});

new Gauge({
  name: 'stackdays_db_pool_connections',
  help: 'PostgreSQL pool connections by state (total, idle, waiting = queries queued for a connection); absent on PGlite',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    if (!observedPool) return;
    this.set({ state: 'total' }, observedPool.totalCount);
    this.set({ state: 'idle' }, observedPool.idleCount);
    this.set({ state: 'waiting' }, observedPool.waitingCount);
  },
});

/** The directory holding the embedded database and local media (DATA_DIR), whose file system is watched. */
let observedDataDir: string | null = null;

export function observeDataDir(path: string): void {
  observedDataDir = path;
}

new Gauge({
  name: 'stackdays_data_dir_bytes',
  help: 'The file system holding DATA_DIR (embedded database, local media): bytes available to the server and in total',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    if (!observedDataDir) return;
    try {
      const fs = statfsSync(observedDataDir);
      this.set({ state: 'available' }, fs.bavail * fs.bsize);
      this.set({ state: 'total' }, fs.blocks * fs.bsize);
    } catch {
      // Not there (yet): nothing to report rather than a failed scrape.
    }
  },
});
