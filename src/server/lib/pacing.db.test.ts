import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../testing/test-app';
import { sendEach } from './send-each';
import { membersWaiting, SENDS_PER_SECOND_WHILE_SERVING } from './pacing';

const t = setUpTestApp();

/** When each of `n` sends of one batch started, in ms from the batch's start (the jobs' own pace). */
async function sendStarts(n: number): Promise<number[]> {
  const started = performance.now();
  const starts: number[] = [];
  await sendEach(
    t.system('reminders'),
    Array.from({ length: n }, (_, i) => ({ user_id: `m${i}` })),
    { kind: 'reminder', failed: 'failed', concurrency: 16, userId: (m) => m.user_id },
    async () => {
      starts.push(performance.now() - started);
      return true;
    },
  );
  return starts;
}

describe('the jobs’ sends while members are answered (issue 48)', () => {
  it('space out while a member’s check-in is in flight, and go at once when none is', async () => {
    const member = await t.member();
    // A check-in whose body is still arriving: the app is answering it until the body ends.
    let push!: (chunk: Uint8Array | null) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (chunk) => (chunk ? controller.enqueue(chunk) : controller.close());
      },
    });
    const answer = member.client.request('/api/checkins', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body,
      duplex: 'half',
    } as RequestInit);
    for (let i = 0; i < 100 && !membersWaiting(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(membersWaiting()).toBe(true);

    const n = 9;
    const paced = await sendStarts(n);
    const interval = 1000 / SENDS_PER_SECOND_WHILE_SERVING;
    // Each send has its slot, one interval after the one before, the first from the batch's start:
    // the last starts no sooner than n - 1 intervals in (a late timer only makes it later; measured
    // from the first send, a first send woken late made the span look short).
    expect(paced[n - 1]).toBeGreaterThanOrEqual((n - 1) * interval - 2);

    push(
      new TextEncoder().encode(
        JSON.stringify({
          movedMinutes: 30,
          steps: 8000,
          proteinTargetHit: true,
          hydrationGoalHit: true,
        }),
      ),
    );
    push(null);
    expect((await answer).status).toBe(201);
    expect(membersWaiting()).toBe(false);

    const free = await sendStarts(n);
    expect(free[n - 1] - free[0]).toBeLessThan((n - 1) * interval);
  });
});
