import type { Logger } from './logger';
import { jobDuration, jobRuns } from './metrics';

// The one job runner (decision 0051): every background job of the server is a `startJob` call in
// src/server/jobs.ts. Each job is single-flight in its process (a slow run is never overlapped by the
// next tick), counted and timed in /metrics, and stopped by waiting for the run in progress. Jobs
// that several processes run at once share their work through the database (claims, SKIP LOCKED).

export interface JobOptions {
  /** A short stable name: the `job` label of stackdays_job_runs_total and the logs. */
  name: string;
  /** Time between the start of one tick and the next. */
  everyMs: number;
  /**
   * The work of one run. A throw is logged and counted; the next tick runs as usual. `signal` is
   * aborted when the job is stopped: a long run should end at its next safe point.
   */
  run: (signal: AbortSignal) => Promise<unknown>;
  logger: Logger;
  /** Run once at start (default true), so work missed while the server was down starts at once. */
  runAtStart?: boolean;
}

export interface Job {
  readonly name: string;
  /** Runs now, or joins the run in progress (tests; an admin's trigger). Never throws. */
  runOnce(): Promise<void>;
  /** Stops the timer and waits for the run in progress. */
  stop(): Promise<void>;
}

export function startJob(options: JobOptions): Job {
  const { name, everyMs, run, logger } = options;
  let running: Promise<void> | null = null;
  let stopped = false;
  const stopping = new AbortController();

  const tick = async () => {
    const end = jobDuration.startTimer({ job: name });
    try {
      await run(stopping.signal);
      jobRuns.inc({ job: name, outcome: 'ok' });
    } catch (error) {
      jobRuns.inc({ job: name, outcome: 'error' });
      logger.error({ err: error, job: name }, 'job run failed');
    } finally {
      end();
    }
  };
  const runOnce = () => {
    running ??= tick().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => {
    if (!stopped) void runOnce();
  }, everyMs);
  timer.unref();
  if (options.runAtStart ?? true) void runOnce();

  return {
    name,
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}

/** Stops every job, each waiting for its run in progress. */
export async function stopJobs(jobs: readonly Job[]): Promise<void> {
  await Promise.all(jobs.map((job) => job.stop()));
}
