import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, daysBetween, localDateIn } from '@shared/domain/local-date';
import { createTestApp, type TestApp, type TestClient } from './testing/test-app';
import { countTransactions } from './db/transaction-count';
import { forgetSessions } from './lib/session-cache';
import { CACHE_CHANNEL, notifyThrough } from './lib/cache-bus';
import { startCycleOn } from './testing/cycles';
import { databaseLabel } from './testing/test-database';
import { and, eq } from 'drizzle-orm';
import { cycles } from './db/schema';

/**
 * Issue 33: what one request costs the database, in transactions as PostgreSQL counts them (each
 * statement outside a transaction is one). `npm run bench` measures the same under load; this test
 * pins the count of one request so that a change adding a round trip fails here first.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The cache bus of a process on PostgreSQL sends a NOTIFY per write: send it here too (on either
  // driver), so that it is counted where it goes.
  t.deps.cacheBus.publish = async (topic, via) => {
    await notifyThrough(via ?? t.deps.db, CACHE_CHANNEL, `${topic}:test`);
  };
});
afterAll(() => t.close());

/** Runs `send` and answers its response with the transactions the database saw meanwhile. */
async function counted(send: () => Promise<Response>) {
  const counter = countTransactions(t.database);
  counter.start();
  try {
    const res = await send();
    const body = await res.text();
    return { res, body, ...counter.stop() };
  } finally {
    counter.stop();
  }
}

/** As `counted`, for requests sent at one moment: each must answer 201. */
async function countedAll(send: () => Promise<Response>[]) {
  const counter = countTransactions(t.database);
  counter.start();
  try {
    const answers = await Promise.all(send());
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 201));
    return counter.stop();
  } finally {
    counter.stop();
  }
}

const checkin = {
  movedMinutes: 30,
  steps: 8000,
  proteinTargetHit: true,
  hydrationGoalHit: false,
  journalMd: 'Counted',
};

async function signInCode(client: TestClient, email: string) {
  const sent = await client.request('/api/account/send-code', { method: 'POST', json: { email } });
  expect(sent.status).toBe(200);
  return t.lastCode(email);
}

describe('transactions per request (issue 33)', () => {
  it('check-in create alone: at most 3 (the session, the cycle, then one for the check-in, its post and stats)', async () => {
    for (const key of [undefined, 'counted-key-0001']) {
      const { client } = await t.member();
      // The home screen first, as a member does: their cycle exists before the check-in (a member's
      // first request makes it).
      expect((await client.request('/api/checkins/today')).status).toBe(200);
      // A member's first request of the moment: the session is read, not taken from the cache.
      await forgetSessions(t.deps);
      const { res, transactions, statements } = await counted(() =>
        client.request('/api/checkins', {
          method: 'POST',
          json: checkin,
          headers: key ? { 'idempotency-key': key } : {},
        }),
      );
      expect(res.status).toBe(201);
      expect(transactions, statements.join('\n')).toBeLessThanOrEqual(3);
    }
  });

  it('the check-ins of many members at one moment: their cycles are read in one statement, before their transactions (decision 0131)', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => t.member()));
    for (const m of members)
      expect((await m.client.request('/api/checkins/today')).status).toBe(200);
    await forgetSessions(t.deps);
    const { transactions, statements } = await countedAll(() =>
      members.map((m) => m.client.request('/api/checkins', { method: 'POST', json: checkin })),
    );
    const cycleReads = statements.filter((s) => s.includes('asked(user_id, with_days'));
    expect(cycleReads.length, statements.join('\n')).toBe(1);
    // The sessions in one, the cycles in one, and each member's write: 2 + 5, under 2 a check-in.
    expect(transactions, statements.join('\n')).toBeLessThanOrEqual(2 + members.length);
  });

  // PGlite runs a transaction's statements on a handle the counter does not see: PostgreSQL only.
  it.skipIf(databaseLabel !== 'pg')(
    'check-in create: one statement and no transaction (decision 0135); with a key, two round trips inside its transaction',
    async () => {
      for (const key of [undefined, 'counted-key-0002']) {
        const { client, userId } = await t.member();
        // The home screen first, as a member does: the cycle exists before the check-in.
        expect((await client.request('/api/checkins/today')).status).toBe(200);
        const { res, statements } = await counted(() =>
          client.request('/api/checkins', {
            method: 'POST',
            json: checkin,
            headers: key ? { 'idempotency-key': key } : {},
          }),
        );
        expect(res.status).toBe(201);
        // Not counted: the cache bus's notice, which this test sends with every write (a server
        // coalesces them, decision 0091).
        const sent = statements.filter((s) => !s.startsWith('select pg_notify'));
        const writes = sent.filter((s) => s.includes('insert into "checkins"'));
        expect(writes.length, sent.join('\n')).toBe(1);
        const begin = sent.indexOf('begin');
        if (!key) {
          // The cycle's read, then the check-in's statement, which kept the cycle's columns itself.
          expect(sent.length, sent.join('\n')).toBe(2);
          expect(begin, sent.join('\n')).toBe(-1);
          const [cycle] = await t.deps.db
            .select({ checkinCount: cycles.checkinCount, lastDay: cycles.lastDay })
            .from(cycles)
            .where(and(eq(cycles.userId, userId), eq(cycles.isActive, true)));
          expect(cycle).toEqual({ checkinCount: 1, lastDay: 1 });
          continue;
        }
        // The key's claim, the check-in with its post and the rule's read, the stats, the key's
        // answer; the cycle was read before.
        const inside = sent.slice(begin + 1, sent.lastIndexOf('commit'));
        const kinds = inside.map((s) => /^(\S+ \S+ \S+)/.exec(s.replace(/\s+/g, ' '))?.[1]);
        expect(kinds, inside.join('\n')).toEqual([
          'delete from "idempotency_keys"',
          'insert into "idempotency_keys"',
          'delete from "idempotency_keys"',
          'with "post_crew" as',
          'with asked as',
          'update "idempotency_keys" set',
        ]);
      }
    },
  );

  it('the first requests of many members at one moment: their sessions are read in one statement', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => t.member()));
    // A copy of a cookie whose session has ended since (signed, so it reaches the database).
    const signedOut = await t.member();
    const stale = t.client();
    for (const [name, value] of signedOut.client.cookies) stale.cookies.set(name, value);
    const out = await signedOut.client.request('/api/account/sign-out', {
      method: 'POST',
      json: {},
    });
    expect(out.status).toBe(200);
    await forgetSessions(t.deps);
    const counter = countTransactions(t.database);
    counter.start();
    const answers = await Promise.all(
      [...members.map((m) => m.client), stale].map(async (client) =>
        (await client.request('/api/account/session')).json(),
      ),
    );
    const { transactions, statements } = counter.stop();
    // Each member still gets their own session, and the ended one gets none.
    expect(answers.map((a) => a.user?.email ?? null)).toEqual([
      ...members.map((m) => m.email),
      null,
    ]);
    expect(transactions, statements.join('\n')).toBe(1);
  });

  it('sign-in code: at most 3, right or wrong', async () => {
    const { email } = await t.member();
    const client = t.client();
    const code = await signInCode(client, email);
    await t.resetLimits();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await counted(() =>
      client.request('/api/account/sign-in', { method: 'POST', json: { email, code: wrong } }),
    );
    expect(refused.res.status).toBe(400);
    expect(refused.transactions, refused.statements.join('\n')).toBeLessThanOrEqual(3);

    const signedIn = await counted(() =>
      client.request('/api/account/sign-in', { method: 'POST', json: { email, code } }),
    );
    expect(signedIn.res.status).toBe(200);
    expect(signedIn.transactions, signedIn.statements.join('\n')).toBeLessThanOrEqual(3);
    // The session it opened works.
    const session = await (await client.request('/api/account/session')).json();
    expect(session.user.email).toBe(email);
  });

  it('home before the check-in: 1 (the cycle, today’s check-in and the phone’s numbers together)', async () => {
    const m = await t.member();
    await m.client.request('/api/checkins/today');
    const { res, body, transactions, statements } = await counted(() =>
      m.client.request('/api/checkins/today'),
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ checkin: null, connection: null });
    expect(transactions, statements.join('\n')).toBe(1);
  });

  it('My Cycle: 1 (the cycle, its days and the weight since Day 1 together)', async () => {
    const m = await t.member();
    await m.client.request('/api/checkins', { method: 'POST', json: checkin });
    const { res, body, transactions, statements } = await counted(() =>
      m.client.request('/api/cycle'),
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ stats: { checkins: 1 }, weight: { changeKg: null } });
    expect(transactions, statements.join('\n')).toBe(1);
  });

  it('crew board: 1 (the crew, its board and the nudges, for a member only)', async () => {
    const owner = await t.member();
    const created = await owner.client.request('/api/crews', {
      method: 'POST',
      json: { name: 'Counted crew' },
    });
    expect(created.status).toBe(201);
    const crew = (await created.json()) as { id: string };
    const { res, transactions, statements } = await counted(() =>
      owner.client.request(`/api/crews/${crew.id}`),
    );
    expect(res.status).toBe(200);
    expect(transactions, statements.join('\n')).toBe(1);
  });

  it('weekly review: at most 2 (the cycles with the zone, then the week in one statement)', async () => {
    const m = await t.member();
    const today = localDateIn(new Date(), 'America/Denver');
    // A cycle ten days old: its first week has ended, so its review is open.
    await startCycleOn(t.database.db, m.userId, addDays(today, -10));
    await m.client.request('/api/account/session');
    const { res, body, transactions, statements } = await counted(() =>
      m.client.request('/api/review'),
    );
    expect(res.status).toBe(200);
    expect((JSON.parse(body) as { review: { week: number } | null }).review?.week).toBe(1);
    expect(transactions, statements.join('\n')).toBeLessThanOrEqual(2);
  });

  it('admin users, a page or a search, then its members’ cycle lines: 1 each', async () => {
    // Denver's date is still yesterday's for hours after midnight UTC: the day is counted there.
    const zone = 'America/Denver';
    const admin = await t.member({ displayName: 'Counted Admin', timeZone: zone });
    await t.setAdminFlag(admin.userId);
    const started = addDays(localDateIn(new Date(), 'UTC'), -3);
    await startCycleOn(t.database.db, admin.userId, started);
    await admin.client.request('/api/account/session');
    for (const path of ['/api/admin/users', '/api/admin/users?q=counted']) {
      const { res, body, transactions, statements } = await counted(() =>
        admin.client.request(path),
      );
      expect(res.status).toBe(200);
      const page = JSON.parse(body) as { users: Array<{ id: string }> };
      expect(page.users.map((u) => u.id)).toContain(admin.userId);
      expect(transactions, statements.join('\n')).toBe(1);

      // The page's lines (decision 0132): one statement for the whole page.
      const ids = page.users.map((u) => u.id).join(',');
      const lines = await counted(() => admin.client.request(`/api/admin/users/lines?ids=${ids}`));
      expect(lines.res.status).toBe(200);
      const answer = JSON.parse(lines.body) as {
        lines: Array<{ id: string; cycle: { day: number } | null }>;
      };
      // Three UTC dates ago, counted in the member's own zone.
      const today = localDateIn(new Date(), zone);
      expect(answer.lines.find((l) => l.id === admin.userId)?.cycle?.day).toBe(
        daysBetween(started, today) + 1,
      );
      expect(lines.transactions, lines.statements.join('\n')).toBe(1);
    }
  });
});
