import type { MiddlewareHandler } from 'hono';

// Members before the jobs (issue 48, decision 0101). A process in the default role serves members
// and runs the jobs on one Node thread: a burst of reminders and weekly reviews sent as fast as its
// pool allows took a third to a half of that thread, and a check-in waited behind it. While any
// member's request is in flight here, the sends are paced to SENDS_PER_SECOND_WHILE_SERVING; with
// none (a quiet hour, or a worker process, which serves only probes) they go as fast as they can.

/**
 * Slots of sends started per second, at most, while members' requests are in flight in this
 * process: a reminder takes one slot, a weekly review REVIEW_SEND_SLOTS (decision 0112). A send (one
 * member's reminder or review, its reads, writes and mail) took about 2.7 ms of the thread on the
 * bench's machine: 80 a second is about a fifth of it, and still 30,000 reminders and their
 * weekly reviews (about 4,300, at 3 slots each) within the 10 minutes of decision 0050 if members
 * never stop: 536 s.
 */
export const SENDS_PER_SECOND_WHILE_SERVING = 80;

/** Requests that are no member's: the probes and Prometheus. */
const PROBES = new Set(['/api/health', '/api/ready', '/metrics']);

let membersInFlight = 0;

/** Counts each request but the probes' while its handler runs. */
export const countMembersInFlight: MiddlewareHandler = async (c, next) => {
  if (PROBES.has(c.req.path)) return next();
  membersInFlight += 1;
  try {
    await next();
  } finally {
    membersInFlight -= 1;
  }
};

/** Whether any member's request is being answered by this process now. */
export const membersWaiting = () => membersInFlight > 0;

export interface Pacer {
  /** Resolves when the next send may start; it takes `slots` slots of the pace (1 by default). */
  turn(slots?: number): Promise<void>;
}

/**
 * While `busy()`, starts are spaced 1/perSecond apart per slot: a send taking n slots holds the next
 * one back n intervals (each caller's slots are reserved at once, so concurrent callers queue in
 * order); otherwise every turn is immediate. `now` and `sleep` are for tests.
 */
export function createPacer(options: {
  perSecond: number;
  busy: () => boolean;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}): Pacer {
  const interval = 1000 / options.perSecond;
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  let next = -Infinity;
  return {
    turn(slots = 1) {
      if (!options.busy()) return Promise.resolve();
      const at = Math.max(now(), next);
      next = at + slots * interval;
      const wait = at - now();
      return wait > 0 ? sleep(wait) : Promise.resolve();
    },
  };
}

/**
 * Slots of the pace a weekly review takes (a reminder takes one). Measured by `bench/send-cost.ts`
 * (decision 0112, docs/benchmarks.md): a review (its claim, the member's cycles, the week's reads,
 * rendering and its mail) cost 2.1 ms of this process's CPU and 3.1 ms of the database's in 4.8
 * statements; a reminder (its share of a batched claim, and its mail) 1.4 ms and 0.6 ms in 2.0. Both
 * come out of the machine's cores a member's check-in needs: 5.2 ms against 2.0, 2.6 to 2.9 times.
 */
export const REVIEW_SEND_SLOTS = 3;

/** The slots each kind of send takes of the pace (a reminder: one). */
export const SEND_SLOTS = { reminder: 1, weekly_review: REVIEW_SEND_SLOTS } as const;
export type SendKind = keyof typeof SEND_SLOTS;

/** The sends of this process's jobs (daily reminders, weekly reviews): one pace for all of them. */
export const jobSendPacer = createPacer({
  perSecond: SENDS_PER_SECOND_WHILE_SERVING,
  busy: membersWaiting,
});
