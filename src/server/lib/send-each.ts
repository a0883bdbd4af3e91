import pLimit from 'p-limit';
import type { ServiceContext } from './context';
import { reminderResults } from './metrics';
import { jobSendPacer, SEND_SLOTS, type Pacer, type SendKind } from './pacing';

/** Reminders handed to the mailer at once, per process (the daily ones and a crew cycle's eve). */
export const REMINDER_SEND_CONCURRENCY = 16;

/** What a batch of sends is, for its failures' count and log line. */
export interface SendJob<T> {
  /** Also how many slots of the pace each send takes (SEND_SLOTS: a review, several). */
  kind: SendKind;
  /** The log message of one member's failure. */
  failed: string;
  /** Sends in flight at once, at most. */
  concurrency: number;
  userId: (item: T) => string;
  /** When each send may start (default: the process's, which yields to members' requests). */
  pacer?: Pacer;
}

/**
 * Sends to each of a batch, at most `job.concurrency` at once, and answers how many were sent (`send`
 * answered true). One member's failure is counted (`stackdays_reminders_total`, outcome failed) and
 * logged, and never stops everyone else's: the daily reminders (decision 0050) and the weekly review
 * e-mails share it. Each send starts at the pacer's turn: while members' requests are in flight in
 * this process, a burst takes no more than its share of the thread (issue 48, decision 0101), a
 * weekly review as many slots of it as it costs reminders (decision 0112).
 */
export async function sendEach<T>(
  ctx: ServiceContext,
  batch: readonly T[],
  job: SendJob<T>,
  send: (item: T) => Promise<boolean>,
): Promise<number> {
  const limit = pLimit(job.concurrency);
  const pacer = job.pacer ?? jobSendPacer;
  const slots = SEND_SLOTS[job.kind];
  const results = await Promise.all(
    batch.map((item) =>
      limit(() =>
        pacer
          .turn(slots)
          .then(() => send(item))
          .catch((error: unknown) => {
            reminderResults.inc({ kind: job.kind, outcome: 'failed' });
            ctx.logger.error({ err: error, userId: job.userId(item) }, job.failed);
            return false;
          }),
      ),
    ),
  );
  return results.filter(Boolean).length;
}
