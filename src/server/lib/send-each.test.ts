import { describe, expect, it, vi } from 'vitest';
import type { ServiceContext } from './context';
import { reminderResults } from './metrics';
import { createPacer, REVIEW_SEND_SLOTS, SENDS_PER_SECOND_WHILE_SERVING } from './pacing';
import { sendEach } from './send-each';

async function failedCount(kind: string): Promise<number> {
  const { values } = await reminderResults.get();
  return values.find((v) => v.labels.kind === kind && v.labels.outcome === 'failed')?.value ?? 0;
}

describe('sending to each member of a batch', () => {
  it('sends the others when one fails, counts and logs the failure, and keeps the bound', async () => {
    const error = vi.fn();
    const ctx = { logger: { error } } as unknown as ServiceContext;
    const members = Array.from({ length: 10 }, (_, i) => ({ user_id: `m${i}` }));
    let inFlight = 0;
    let most = 0;
    const failedBefore = await failedCount('weekly_review');
    const sent = await sendEach(
      ctx,
      members,
      {
        kind: 'weekly_review',
        failed: 'weekly review failed',
        concurrency: 3,
        userId: (m) => m.user_id,
      },
      async (m) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        if (m.user_id === 'm4') throw new Error('bad data');
        return m.user_id !== 'm7'; // m7 had nothing to send
      },
    );
    expect(sent).toBe(8);
    expect(most).toBe(3);
    expect(await failedCount('weekly_review')).toBe(failedBefore + 1);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: 'bad data' }), userId: 'm4' },
      'weekly review failed',
    );
  });
});

describe('the pace of a batch while members are answered (issue 48)', () => {
  it('paces a batch of weekly reviews REVIEW_SEND_SLOTS times slower than as many reminders', async () => {
    const ctx = { logger: { error: vi.fn() } } as unknown as ServiceContext;
    const members = Array.from({ length: 10 }, (_, i) => ({ user_id: `m${i}` }));
    /** How long after the batch's start its last send may start, a member's request in flight. */
    const lastStart = async (kind: 'reminder' | 'weekly_review') => {
      const waits: number[] = [];
      const pacer = createPacer({
        perSecond: SENDS_PER_SECOND_WHILE_SERVING,
        busy: () => true,
        now: () => 0,
        sleep: async (ms) => {
          waits.push(ms);
        },
      });
      const sent = await sendEach(
        ctx,
        members,
        { kind, failed: 'failed', concurrency: 16, userId: (m) => m.user_id, pacer },
        async () => true,
      );
      expect(sent).toBe(members.length);
      return Math.max(0, ...waits);
    };
    const reminders = await lastStart('reminder');
    const reviews = await lastStart('weekly_review');
    // A reminder takes one slot: the tenth starts nine intervals in.
    expect(reminders).toBe((9 * 1000) / SENDS_PER_SECOND_WHILE_SERVING);
    // A review costs the thread several reminders' worth (decision 0112): it takes that many slots.
    expect(REVIEW_SEND_SLOTS).toBeGreaterThan(1);
    expect(reviews).toBe(REVIEW_SEND_SLOTS * reminders);
  });
});
