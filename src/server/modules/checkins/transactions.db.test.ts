import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-app';
import { countTransactions } from '../../db/transaction-count';
import { forgetSessions } from '../../lib/session-cache';
import { CACHE_CHANNEL, notifyThrough } from '../../lib/cache-bus';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.deps.cacheBus.publish = async (topic, via) => {
    await notifyThrough(via ?? t.deps.db, CACHE_CHANNEL, topic);
  };
});
afterAll(() => t.close());

describe('transactions per request', () => {
  it('sign-in', async () => {
    const { email } = await t.member();
    const c = t.client();
    expect((await c.request('/api/account/send-code', { method: 'POST', json: { email } })).status).toBe(200);
    const code = await t.lastCode(email);
    await t.resetLimits();
    const counter = countTransactions(t.database);
    counter.start();
    const res = await c.request('/api/account/sign-in', { method: 'POST', json: { email, code } });
    const seen = counter.stop();
    console.log(res.status, seen.transactions, seen.statements.map((s) => s.slice(0, 160)));
  });
  it('check-in create', async () => {
    const { client } = await t.member();
    await forgetSessions(t.deps);
    const counter = countTransactions(t.database);
    counter.start();
    const res = await client.request('/api/checkins', {
      method: 'POST',
      json: { movedMinutes: 30, steps: 8000, proteinTargetHit: true, hydrationGoalHit: false, journalMd: 'x' },
      headers: { 'idempotency-key': 'abcdefgh-1234' },
    });
    const seen = counter.stop();
    console.log(res.status, seen.transactions, seen.statements.map((s) => s.slice(0, 100)));
    expect(res.status).toBe(201);
  });
});
