import type { MiddlewareHandler } from 'hono';

// Members before the jobs (issue 48, decision 0101). A process in the default role serves members
// and runs the jobs on one Node thread: a burst of reminders and weekly reviews sent as fast as its
// pool allows took a third to a half of that thread, and a check-in waited behind it. While any
// member's request is in flight here, the sends are paced to SENDS_PER_SECOND_WHILE_SERVING; with
// none (a quiet hour, or a worker process, which serves only probes) they go as fast as they can.

/**
 * Sends started per second, at most, while members' requests are in flight in this process. A send
 * (one member's reminder or review, its reads, writes and mail) took about 2.7 ms of the thread on
 * the bench's machine: 80 a second is about a fifth of it, and still 30,000 reminders and their
 * weekly reviews within the 10 minutes of decision 0050 if members never stop.
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
  /** Resolves when the next send may start. */
  turn(): Promise<void>;
}

/**
 * While `busy()`, starts are spaced 1/perSecond apart (each caller's slot is reserved at once, so
 * concurrent callers queue in order); otherwise every turn is immediate. `now` and `sleep` are for
 * tests.
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
    turn() {
      if (!options.busy()) return Promise.resolve();
      const at = Math.max(now(), next);
      next = at + interval;
      const wait = at - now();
      return wait > 0 ? sleep(wait) : Promise.resolve();
    },
  };
}

/** The sends of this process's jobs (daily reminders, weekly reviews): one pace for all of them. */
export const jobSendPacer = createPacer({
  perSecond: SENDS_PER_SECOND_WHILE_SERVING,
  busy: membersWaiting,
});
