import { systemContext } from './lib/context';
import type { AppDeps } from './lib/deps';
import { startJob, type Job } from './lib/jobs';
import { hit, pruneRateLimits } from './lib/rate-limit';
import { pruneRetained } from './lib/retention';
import { runStorageDeletions } from './lib/storage/deletions';
import { sweepStorage } from './modules/media/sweep';
import { refreshStaleCycles } from './queries/cycle-stats';
import { runCrewCycleJob } from './modules/crew-cycles/eve-reminder';
import { sendDueReminders } from './modules/notifications/service';
import { run as sendWeeklyReviews } from './modules/review/email';
import { expireEndedPeriods } from './modules/subscription/expiry';

// Every background job of the server, one `startJob` each (decision 0051). To add one, add a line
// here: a name, how often, and the work. Every process runs every job; work that must happen once
// is shared through the database (claims, FOR UPDATE SKIP LOCKED, conditional updates).

const MINUTE_MS = 60_000;
const STORAGE_SWEEP_CLAIM = { key: 'job:storage-sweep', max: 1, windowSeconds: 86_400 };
/** The quiet hour the storage sweep runs in, not whenever a process happens to start. */
const STORAGE_SWEEP_UTC_HOUR = 4;

/** Every job, by the name /metrics and the logs give it, in the order they start. */
export const JOB_NAMES = [
  'mail-queue',
  'reminders',
  'weekly-reviews',
  'rate-limits',
  'billing-expiry',
  'storage',
  'retention',
  'streak-rule',
  'crew-cycles',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

export function startJobs(deps: AppDeps, options: { now?: () => Date } = {}): Job[] {
  const ctx = (name: JobName) => systemContext(deps, name, options.now);
  const job = (name: JobName, everyMs: number, run: (signal: AbortSignal) => Promise<unknown>) =>
    startJob({ name, everyMs, run, logger: deps.logger });
  const storage = ctx('storage');

  return [
    // Queued mail whose next attempt is due (decision 0020).
    job('mail-queue', MINUTE_MS, () => deps.mailer.flush(ctx('mail-queue').now())),
    // Daily reminders and trial-ending notices (decisions 0020, 0050).
    job('reminders', MINUTE_MS, (signal) => sendDueReminders(ctx('reminders'), { signal })),
    // The weekly review e-mail, the morning after a week ends (decision 0049).
    job('weekly-reviews', 5 * MINUTE_MS, () => {
      const review = ctx('weekly-reviews');
      return sendWeeklyReviews(review, review.now());
    }),
    // Rate-limit counters whose window is over (decision 0004).
    job('rate-limits', MINUTE_MS, () => pruneRateLimits(deps.db, ctx('rate-limits').now())),
    // Trials, free months and month comps end on time (decision 0018).
    job('billing-expiry', deps.config.billingExpiryIntervalMs, () =>
      expireEndedPeriods(ctx('billing-expiry')),
    ),
    // Files of deleted rows that storage has not confirmed removing yet, and once a day, in the
    // 04:00 UTC hour, on one process, the storage sweep (decision 0042).
    job('storage', MINUTE_MS, async () => {
      await runStorageDeletions(storage);
      if (
        storage.now().getUTCHours() === STORAGE_SWEEP_UTC_HOUR &&
        (await hit(deps.db, STORAGE_SWEEP_CLAIM, storage.now())).allowed
      )
        await sweepStorage(storage);
    }),
    // Old notification logs, billing events and reminder claims (decision 0090).
    job('retention', 10 * MINUTE_MS, () =>
      pruneRetained(deps.db, deps.config, ctx('retention').now()),
    ),
    // Cycles kept before the forgiving streak rule, recomputed by it (issue 43, decision 0098).
    job('streak-rule', 10 * MINUTE_MS, () => refreshStaleCycles(deps.db)),
    // Crew cycles (issue 44, decision 0115): moves waiting for their Day 1, and the evening-before
    // reminder at each member's hour.
    job('crew-cycles', MINUTE_MS, (signal) => runCrewCycleJob(ctx('crew-cycles'), signal)),
  ];
}
