import { describe, expect, it } from 'vitest';
import { steadyLoad } from './steady-load';

// Issue 41 item 17: the fault drill's 1,000 members were used up before the outage ended (or began) on
// a fast run, so it passed or failed by luck. Here the machine is a clock that each request moves on
// by `costMs`: a fast machine and a slow one.

/** Runs the load on a pretend machine and answers when each write and read happened. */
async function onMachine(costMs: number, options = { total: 1000, durationMs: 24_000 }) {
  let now = 0;
  const writes: { turn: number; at: number }[] = [];
  const reads: number[] = [];
  const request = async () => {
    // Each request is answered after `costMs` of the clock, on a later tick, as a server would.
    await new Promise((resolve) => setImmediate(resolve));
    now += costMs;
  };
  await steadyLoad({
    ...options,
    workers: 50,
    since: () => now,
    write: async (turn) => {
      writes.push({ turn, at: now });
      await request();
    },
    read: async () => {
      reads.push(now);
      await request();
    },
  });
  return { writes, reads, end: now };
}

describe('the fault drill load', () => {
  it('on a fast machine, spreads the writes over the whole run and loads it to the end', async () => {
    const { writes, reads, end } = await onMachine(1);
    const { total, durationMs } = { total: 1000, durationMs: 24_000 };
    expect(writes).toHaveLength(total);
    // No write before its time: a third of them at most in the first third, before the outage.
    for (const { turn, at } of writes)
      expect(at).toBeGreaterThanOrEqual((turn * durationMs) / total);
    expect(writes.filter((w) => w.at < durationMs / 3).length).toBeLessThanOrEqual(total / 3 + 1);
    expect(writes.filter((w) => w.at >= (2 * durationMs) / 3).length).toBeGreaterThan(300);
    // And requests keep coming until the end.
    expect(Math.max(...reads, ...writes.map((w) => w.at))).toBeGreaterThan(0.99 * durationMs);
    expect(end).toBeGreaterThanOrEqual(durationMs);
  });

  it('on a slow machine, takes the writes late, in order, and still loads the run to its end', async () => {
    // 50 requests at once, each 4 s: 12.5 a second, fewer than the 42 a second the writes ask for.
    const { writes, end } = await onMachine(4000 / 50);
    expect(writes.length).toBeGreaterThan(200);
    expect(writes.length).toBeLessThan(1000);
    expect(writes.map((w) => w.turn)).toEqual(writes.map((_, i) => i));
    expect(Math.max(...writes.map((w) => w.at))).toBeGreaterThan(0.99 * 24_000);
    expect(end).toBeGreaterThanOrEqual(24_000);
  });
});
