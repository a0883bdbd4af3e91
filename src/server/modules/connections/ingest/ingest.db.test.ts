import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import {
  API_REQUESTS_PER_MINUTE,
  BRIDGE_MAX_BYTES,
  SYNC_LOG_SIZE,
  type BridgeApp,
} from '@shared/constants';
import type { SyncLogResponse, TodayResponse } from '@shared/api-types';
import { msg } from '@shared/messages';
import { createApp } from '../../../app';
import { queryRows } from '../../../db/client';
import { bridgeSamples, connectionActivity } from '../../../db/schema';
import { createServices } from '../../../services';
import { bridgeFixtureOn, type BridgeFixture } from '../../../testing/bridge-fixtures';
import { checkInToday } from '../../../testing/checkins';
import { downloadExport } from '../../../testing/data-export';
import { setUpTestApp, type TestApp, type TestClient } from '../../../testing/test-app';

// The phone bridges end to end (issue 45): each app's own payload POSTed with a connection token,
// read back as the member sees it (home, sync log, data export) and as the database holds it.

const t = setUpTestApp();

/** Zones without daylight saving time: a fixture moved to today keeps its wall clock. */
const ZONES: Record<BridgeApp, string> = {
  'health-auto-export': 'America/Phoenix',
  'health-connect': 'Asia/Tokyo',
};

/** Values of the dropped kinds in the full-day fixtures: heart rate, weight, sleep, routes, meals... */
const DROPPED_MARKERS = [
  '173.25',
  '83.417',
  '7.3125',
  '26325',
  '33.448376',
  '112.074036',
  '612.75',
  '5421.75',
  '96.25',
  'Outdoor Walk',
  'Chicken rice bowl',
  'Oats with skyr',
  'heart',
  'sleep',
  'shealth',
];

interface Member {
  client: TestClient;
  userId: string;
  token: string;
  tokenId: string;
  today: string;
  app: BridgeApp;
}

async function bridgeMember(app: BridgeApp): Promise<Member> {
  const { client, userId } = await t.member({ timeZone: ZONES[app] });
  const made = await client.request('/api/connections/tokens', {
    method: 'POST',
    json: { name: app, scopes: ['activity:write'] },
  });
  expect(made.status).toBe(201);
  const { token, apiToken } = await made.json();
  const today = ((await (await client.request('/api/checkins/today')).json()) as TodayResponse)
    .cycle.today;
  return { client, userId, token, tokenId: apiToken.id, today, app };
}

function post(
  m: Pick<Member, 'token' | 'app'>,
  body: unknown,
  app: { request: TestApp['app']['request'] } = t.app,
) {
  return app.request(
    `/api/v1/ingest/${m.app}`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${m.token}`,
        'content-type': 'application/json; charset=utf-8',
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: '10.200.0.45', remotePort: 50000 } } },
  );
}

const deliver = (m: Member, fixture: BridgeFixture) =>
  post(m, bridgeFixtureOn(m.app, fixture, m.today));

async function today(m: Member): Promise<TodayResponse> {
  return (await m.client.request('/api/checkins/today')).json();
}

async function syncLog(m: Member): Promise<SyncLogResponse> {
  return (await m.client.request('/api/connections/deliveries')).json();
}

async function setTargets(m: Member, proteinG: number | null, waterMl: number | null) {
  const res = await m.client.request('/api/connections/fuel-targets', {
    method: 'PUT',
    json: { proteinG, waterMl },
  });
  expect(res.status).toBe(200);
}

/** Every row of every table, as text: what the database holds, whatever the code meant to write. */
async function wholeDatabase(): Promise<string> {
  const tables = await queryRows<{ name: string }>(
    t.database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await queryRows<{ row: string }>(
      t.database.db,
      sql`select row_to_json(x)::text as row from ${sql.identifier(name)} x`,
    );
    parts.push(...rows.map((r) => r.row));
  }
  return parts.join('\n');
}

describe('a full day from each app', () => {
  it('Health Auto Export: steps, exercise minutes, water and protein reach today, named Apple Health', async () => {
    const m = await bridgeMember('health-auto-export');
    await setTargets(m, 120, 2000);
    const res = await deliver(m, 'full-day');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      outcome: 'used',
      detail: { used: { steps: 8432, moveMinutes: 37, waterMl: 2250, proteinG: 128 } },
    });
    const home = await today(m);
    expect(home.connection).toMatchObject({ steps: 8432, moveMinutes: 37, source: 'Apple Health' });
    expect(home.fuel).toMatchObject({
      proteinG: 128,
      waterMl: 2250,
      source: 'Apple Health',
      proteinTargetMet: true,
      hydrationGoalMet: true,
    });
    const log = await syncLog(m);
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({ app: 'health-auto-export', outcome: 'used' });
    expect(log.lastDelivery['health-auto-export']).toBe(log.deliveries[0].receivedAt);
    expect(log.lastDelivery['health-connect']).toBeNull();
  });

  it('Health Connect: sessions give the minutes (never their steps); a target not met leaves its box', async () => {
    const m = await bridgeMember('health-connect');
    await setTargets(m, 100, 2000);
    const res = await deliver(m, 'full-day');
    expect(await res.json()).toEqual({
      outcome: 'used',
      detail: { used: { steps: 10050, moveMinutes: 61, waterMl: 2150, proteinG: 88 } },
    });
    const home = await today(m);
    expect(home.connection).toMatchObject({
      steps: 10050,
      moveMinutes: 61,
      source: 'Health Connect',
    });
    expect(home.fuel).toMatchObject({
      source: 'Health Connect',
      proteinTargetMet: false,
      hydrationGoalMet: true,
    });
  });

  it('nothing of the dropped kinds is in the database, the data export or the logs after a delivery', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'trace' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const logged = createApp(
      createServices({
        config: t.deps.config,
        db: t.database.db,
        logger,
        secret: 'test-secret-test-secret-test-secret-000',
      }),
    );
    const hae = await bridgeMember('health-auto-export');
    const hc = await bridgeMember('health-connect');
    expect((await post(hae, bridgeFixtureOn(hae.app, 'full-day', hae.today), logged)).status).toBe(
      200,
    );
    expect((await post(hc, bridgeFixtureOn(hc.app, 'full-day', hc.today), logged)).status).toBe(
      200,
    );

    const database = await wholeDatabase();
    expect(database).toContain('8432'); // the kept kinds are there
    for (const marker of DROPPED_MARKERS) expect(database).not.toContain(marker);

    for (const m of [hae, hc]) {
      const { entries } = await downloadExport(m.client);
      const exported = [...entries.values()].map((b) => b.toString('utf8')).join('\n');
      expect(exported).toContain(m.app === 'health-connect' ? '10050' : '8432');
      for (const marker of DROPPED_MARKERS) expect(exported).not.toContain(marker);
    }

    const log = lines.join('');
    expect(log).toContain('/api/v1/ingest/health-connect');
    for (const marker of [...DROPPED_MARKERS, '8432', '10050', 'qty', 'protein_grams'])
      expect(log).not.toContain(marker);
  });
});

describe('the other fixtures', () => {
  it('the test delivery is logged as received and changes nothing', async () => {
    for (const app of ['health-auto-export', 'health-connect'] as const) {
      const m = await bridgeMember(app);
      const res = await deliver(m, 'test-delivery');
      expect(await res.json()).toEqual({ outcome: 'test', detail: {} });
      expect((await today(m)).connection).toBeNull();
      const rows = await t.database.db
        .select()
        .from(bridgeSamples)
        .where(eq(bridgeSamples.userId, m.userId));
      expect(rows).toEqual([]);
      expect((await syncLog(m)).deliveries.map((d) => d.outcome)).toEqual(['test']);
    }
  });

  it('yesterday’s samples are skipped as "day closed", and still answered 200', async () => {
    const m = await bridgeMember('health-auto-export');
    const res = await deliver(m, 'yesterday');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      outcome: 'skipped',
      detail: { skipped: { dayClosed: 3, notStarted: 0 } },
    });
    expect((await today(m)).connection).toBeNull();
    expect((await today(m)).fuel).toBeNull();
  });

  it('spanning midnight in the member’s zone: only today’s part is used, the rest skipped', async () => {
    const m = await bridgeMember('health-connect');
    const res = await deliver(m, 'spanning-midnight');
    expect(await res.json()).toEqual({
      outcome: 'used',
      detail: { used: { steps: 300, moveMinutes: 15 }, skipped: { dayClosed: 2, notStarted: 0 } },
    });
    const hae = await bridgeMember('health-auto-export');
    expect(await (await deliver(hae, 'spanning-midnight')).json()).toEqual({
      outcome: 'used',
      detail: { used: { steps: 1000, moveMinutes: 12 }, skipped: { dayClosed: 3, notStarted: 0 } },
    });
  });

  it('other units: fluid ounces and milligrams against a target set in cups', async () => {
    const m = await bridgeMember('health-auto-export');
    await setTargets(m, 30, 2129); // 9 cups is 2,129 mL
    expect(await (await deliver(m, 'other-units')).json()).toEqual({
      outcome: 'used',
      detail: { used: { steps: 5000, moveMinutes: 45, waterMl: 2129, proteinG: 30 } },
    });
    expect((await today(m)).fuel).toMatchObject({ proteinTargetMet: true, hydrationGoalMet: true });
  });

  it('duplicates count once; the same delivery again changes nothing', async () => {
    const m = await bridgeMember('health-connect');
    const first = await deliver(m, 'duplicates');
    expect(await first.json()).toEqual({
      outcome: 'used',
      detail: { used: { steps: 3700, moveMinutes: 30 } },
    });
    const [before] = await t.database.db
      .select()
      .from(connectionActivity)
      .where(eq(connectionActivity.userId, m.userId));
    const again = await deliver(m, 'duplicates');
    expect(await again.json()).toEqual({
      outcome: 'used',
      detail: { used: { steps: 3700, moveMinutes: 30 }, nothingNew: true },
    });
    const [after] = await t.database.db
      .select()
      .from(connectionActivity)
      .where(eq(connectionActivity.userId, m.userId));
    expect(after).toEqual(before);
    const log = await syncLog(m);
    expect(log.deliveries.map((d) => d.detail.nothingNew ?? false)).toEqual([true, false]);
  });

  it('after the check-in, a delivery raises today’s steps and minutes, never lowers them', async () => {
    const m = await bridgeMember('health-connect');
    await checkInToday(m.client, {
      movedMinutes: 20,
      steps: 12000,
      proteinTargetHit: false,
      hydrationGoalHit: false,
    });
    await deliver(m, 'full-day');
    const { checkin } = await today(m);
    expect(checkin).toMatchObject({ steps: 12000, movedMinutes: 61 });
  });
});

describe('refusals', () => {
  it('a shape it cannot read: 422 problem+json naming the first bad path, logged as refused', async () => {
    const m = await bridgeMember('health-auto-export');
    const body = bridgeFixtureOn(m.app, 'full-day', m.today) as {
      data: { metrics: { data: { qty: unknown }[] }[] };
    };
    body.data.metrics[5].data[1].qty = 'lots';
    const res = await post(m, body);
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const problem = await res.json();
    expect(problem).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: msg.bridgeUnreadable('data.metrics.5.data.1.qty', msg.bridgeNotANumber),
      details: { path: 'data.metrics.5.data.1.qty' },
    });
    // A shape the route's schema refuses names its path too.
    const hc = await bridgeMember('health-connect');
    const bad = await post(hc, { hydration: [{ liters: '2', start_time: 'x', end_time: 'y' }] });
    expect(bad.status).toBe(422);
    expect((await bad.json()).details.path).toBe('hydration.0.liters');

    expect((await syncLog(m)).deliveries[0]).toMatchObject({
      outcome: 'refused',
      detail: { refused: { status: 422, reason: problem.message } },
    });
    expect((await today(m)).connection).toBeNull();
  });

  it('a revoked token: 401, and nothing is used', async () => {
    const m = await bridgeMember('health-connect');
    const revoked = await m.client.request(`/api/connections/tokens/${m.tokenId}`, {
      method: 'DELETE',
    });
    expect(revoked.status).toBe(200);
    const res = await deliver(m, 'full-day');
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe(msg.apiTokenInvalid);
    expect((await today(m)).connection).toBeNull();
  });

  it(`too many deliveries: 429 with Retry-After; the sync log keeps the last ${SYNC_LOG_SIZE}`, async () => {
    const m = await bridgeMember('health-connect');
    const test = bridgeFixtureOn(m.app, 'test-delivery', m.today);
    for (let i = 0; i < API_REQUESTS_PER_MINUTE; i++)
      expect((await post(m, test)).status).toBe(200);
    const refused = await post(m, test);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await syncLog(m)).deliveries).toHaveLength(SYNC_LOG_SIZE);
    await t.resetLimits();
  });

  it('a body over 10 MB: 413 before it is read, on the ingest routes only; others keep their limit', async () => {
    const m = await bridgeMember('health-connect');
    const padding = 'x'.repeat(BRIDGE_MAX_BYTES);
    const big = await post(m, `{"padding":"${padding}"}`);
    expect(big.status).toBe(413);
    expect(big.headers.get('content-type')).toContain('application/problem+json');
    // Just under 10 MB is read (and the padding, not a kind of its, dropped unread).
    const fits = await post(m, `{"padding":"${'x'.repeat(BRIDGE_MAX_BYTES - 100)}"}`);
    expect(fits.status).toBe(200);
    // The other routes of /api/v1 still refuse 100 kB, and so does an ingest path with a slash added.
    const other = await t.app.request('/api/v1/me/today/activity', {
      method: 'PUT',
      headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
      body: `{"padding":"${'x'.repeat(100_000)}"}`,
    });
    expect(other.status).toBe(413);
    const slash = await t.app.request('/api/v1/ingest/health-connect/', {
      method: 'POST',
      headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
      body: `{"padding":"${'x'.repeat(100_000)}"}`,
    });
    expect(slash.status).toBe(413);
  });
});
