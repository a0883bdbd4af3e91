import type { ServiceContext } from '../../lib/context';
import { sendDueReminders } from './service';
import { run as runWeeklyReviews } from '../review/email';
import { jobRuns } from '../../lib/metrics';
import { hit, pruneRateLimits } from '../../lib/rate-limit';
import { sweepStorage } from '../media/sweep';
import { runStorageDeletions } from '../../lib/storage/deletions';

/** How often queued mail is retried, and how often reminders are looked for (every 5th tick). */
export const SCHEDULER_TICK_MS = 60_000;
const REMINDER_EVERY_TICKS = 5;
const STORAGE_SWEEP_CLAIM = { key: 'job:storage-sweep', max: 1, windowSeconds: 86_400 };
/** The quiet hour the sweep runs in, not whenever a process happens to start. */
const STORAGE_SWEEP_UTC_HOUR = 4;

export interface Scheduler {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
  /** Runs one tick now (tests; start-up catch-up). */
  runOnce(): Promise<void>;
}

/**
 * The in-process scheduler (decision 0020): every minute it sends queued mail that is due again and
 * deletes rate-limit counters whose window is over, and every five minutes it runs sendDueReminders.
 * It also retries queued storage deletions (decision 0042). The first tick runs at start, so mail queued before a restart and reminders missed while the server
 * was down go out at once (today's only). Several processes may run it: the outbox and the reminders
 * are claimed in the database.
 */
export function startScheduler(ctx: ServiceContext, tickMs = SCHEDULER_TICK_MS): Scheduler {
  let ticks = 0;
  let running: Promise<void> | null = null;
  let stopped = false;

  const tick = async () => {
    const reminders = ticks % REMINDER_EVERY_TICKS === 0;
    ticks += 1;
    try {
      await ctx.mailer.flush(ctx.now());
      if (reminders) await sendDueReminders(ctx);
      // The weekly review (decision 0049): one run(ctx, now), ready for the job runner.
      if (reminders) await runWeeklyReviews(ctx, ctx.now());
      await ctx.mailer.flush(ctx.now());
      await pruneRateLimits(ctx.db, ctx.now());
      // Files of deleted rows that storage has not confirmed removing yet (decision 0042).
      await runStorageDeletions(ctx);
      // Once a day, in the 04:00 UTC hour, on one process (a day's claim in the limits table): the
      // storage sweep reports objects no row names and rows whose object is gone;
      // `npm run storage:sweep -- --remove` removes the orphans (decision 0042).
      if (
        ctx.now().getUTCHours() === STORAGE_SWEEP_UTC_HOUR &&
        (await hit(ctx.db, STORAGE_SWEEP_CLAIM, ctx.now())).allowed
      )
        await sweepStorage(ctx);
      jobRuns.inc({ job: 'scheduler', outcome: 'ok' });
    } catch (error) {
      jobRuns.inc({ job: 'scheduler', outcome: 'error' });
      ctx.logger.error({ err: error }, 'scheduler run failed');
    }
  };
  const runOnce = () => {
    // One run at a time in this process: a slow run is never overlapped by the next tick.
    running ??= tick().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => {
    if (!stopped) void runOnce();
  }, tickMs);
  timer.unref();
  void runOnce();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
