import { describe, expect, it, vi } from 'vitest';
import type { ServiceContext } from '../../lib/context';
import { reminderResults } from '../../lib/metrics';
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
