import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import {
  ACCOUNT_DELETE_CONFIRMATION,
  API_REQUESTS_PER_MINUTE,
  API_TOKENS_MAX,
} from '@shared/constants';
import type { ApiTokenListResponse, CreateApiTokenResponse, FeedPage } from '@shared/api-types';
import { msg } from '@shared/messages';
import { createApp } from '../../app';
import { apiTokens, connectionActivity, userSettings } from '../../db/schema';
import { createServices } from '../../services';
import { downloadExport, exportEntry } from '../../testing/data-export';
import {
  setUpTestApp,
  type TestApp,
  type TestClient,
  type TestMember,
} from '../../testing/test-app';
import { createCheckin, editCheckin, getToday } from '../checkins/service';
import { putTodayActivity } from './activity';
import { deleteAccount } from '../profile/account-deletion';

const t = setUpTestApp();

async function newToken(
  client: TestClient,
  scopes: string[] = ['activity:write', 'read'],
  name = 'iPhone Shortcut',
): Promise<CreateApiTokenResponse> {
  const res = await client.request('/api/connections/tokens', {
    method: 'POST',
    json: { name, scopes },
  });
  expect(res.status).toBe(201);
  return res.json();
}

/** A phone: no cookie, no Origin, only the bearer token. */
function phone(token: string | null, app: { request: TestApp['app']['request'] } = t.app) {
  return (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    return app.request(
      path,
      {
        ...init,
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      },
      { incoming: { socket: { remoteAddress: '10.200.0.1', remotePort: 50000 } } },
    );
  };
}

const send = (token: string, body: unknown) =>
  phone(token)('/api/v1/me/today/activity', { method: 'PUT', json: body });

async function expectProblem(res: Response, status: number, code?: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  const body = await res.json();
  expect(body).toMatchObject({ type: 'about:blank', status, detail: body.message });
  expect(typeof body.requestId).toBe('string');
  expect(typeof body.title).toBe('string');
  if (code) expect(body.code).toBe(code);
  return body as { code: string; message: string; details?: Record<string, unknown> };
}

const list = async (client: TestClient): Promise<ApiTokenListResponse> =>
  (await client.request('/api/connections/tokens')).json();

describe('a token’s life', () => {
  it('is made, shown once, used, listed with its last use, and revoked at once', async () => {
    const { client } = await t.member();
    const { token, apiToken } = await newToken(client);
    expect(token).toMatch(/^sdk_[A-Za-z0-9_-]{43}$/);
    expect(apiToken).toMatchObject({ name: 'iPhone Shortcut', lastUsedAt: null });
    expect(apiToken.scopes).toEqual(['activity:write', 'read']);

    // Stored hashed: the token itself is nowhere in the database, nor in the list.
    const [row] = await t.deps.db.select().from(apiTokens).where(eq(apiTokens.id, apiToken.id));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token.slice(4));
    const before = await list(client);
    expect(JSON.stringify(before)).not.toContain(token.slice(4));
    expect(before.tokens).toEqual([apiToken]);

    const used = await send(token, { steps: 8123, moveMinutes: 41, source: 'Apple Health' });
    expect(used.status).toBe(200);
    expect(used.headers.get('set-cookie')).toBeNull();
    const after = await list(client);
    expect(after.tokens[0].lastUsedAt).not.toBeNull();

    const revoked = await client.request(`/api/connections/tokens/${apiToken.id}`, {
      method: 'DELETE',
    });
    expect(revoked.status).toBe(200);
    expect((await list(client)).tokens).toEqual([]);
    const refused = await send(token, { steps: 9000, moveMinutes: 45, source: 'Apple Health' });
    const problem = await expectProblem(refused, 401, 'unauthorized');
    expect(problem.message).toBe(msg.apiTokenInvalid);
    expect(refused.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('is refused on every process the moment it is revoked (two app instances, one database)', async () => {
    const other = createApp(
      createServices({
        config: t.deps.config,
        db: t.database.db,
        logger: pino({ level: 'silent' }),
        secret: 'test-secret-test-secret-test-secret-000',
      }),
    );
    const { client } = await t.member();
    const { token, apiToken } = await newToken(client, ['read']);
    const onA = phone(token);
    const onB = phone(token, other);
    expect((await onA('/api/v1/me/today')).status).toBe(200);
    expect((await onB('/api/v1/me/today')).status).toBe(200);
    await client.request(`/api/connections/tokens/${apiToken.id}`, { method: 'DELETE' });
    await expectProblem(await onB('/api/v1/me/today'), 401);
    await expectProblem(await onA('/api/v1/me/today'), 401);
  });

  it(`keeps at most ${API_TOKENS_MAX} per member`, async () => {
    const { client } = await t.member();
    await Promise.all(
      Array.from({ length: API_TOKENS_MAX + 3 }, (_, i) =>
        client.request('/api/connections/tokens', {
          method: 'POST',
          json: { name: `Phone ${i}`, scopes: ['read'] },
        }),
      ),
    );
    expect((await list(client)).tokens).toHaveLength(API_TOKENS_MAX);
    const eleventh = await client.request('/api/connections/tokens', {
      method: 'POST',
      json: { name: 'One more', scopes: ['read'] },
    });
    expect(eleventh.status).toBe(409);
    expect((await eleventh.json()).message).toBe(msg.apiTokenLimit);
  });

  it('needs a name and a known scope, and only the signed-in member makes one', async () => {
    const { client } = await t.member();
    const cases: Array<[unknown, string]> = [
      [{ name: '', scopes: ['read'] }, msg.apiTokenNameRequired],
      [{ name: 'x'.repeat(61), scopes: ['read'] }, msg.apiTokenNameTooLong],
      [{ name: 'Phone', scopes: [] }, msg.apiTokenScopesRequired],
      [{ name: 'Phone', scopes: ['admin'] }, msg.apiTokenScopesRequired],
      [{ name: 'Ph\u0000one', scopes: ['read'] }, msg.textHasNullCharacter],
    ];
    for (const [json, message] of cases) {
      const res = await client.request('/api/connections/tokens', { method: 'POST', json });
      expect(res.status).toBe(422);
      expect((await res.json()).message).toBe(message);
    }
    const stranger = await t.client().request('/api/connections/tokens', {
      method: 'POST',
      json: { name: 'Phone', scopes: ['read'] },
    });
    expect(stranger.status).toBe(401);
  });

  it('is deleted with the account', async () => {
    const m = await t.member();
    await newToken(m.client);
    await deleteAccount(await t.contextFor(m.userId), {
      confirmation: ACCOUNT_DELETE_CONFIRMATION,
    });
    const rows = await t.deps.db.select().from(apiTokens).where(eq(apiTokens.userId, m.userId));
    expect(rows).toEqual([]);
  });
});

describe('scopes and members', () => {
  it('refuses what a token’s scopes do not cover', async () => {
    const { client } = await t.member();
    const reader = (await newToken(client, ['read'])).token;
    const writer = (await newToken(client, ['activity:write'])).token;
    const write = await send(reader, { steps: 1, moveMinutes: 1, source: 'Apple Health' });
    const problem = await expectProblem(write, 403, 'forbidden');
    expect(problem.message).toBe(msg.apiTokenScopeMissing('activity:write'));
    expect(write.headers.get('www-authenticate')).toContain('insufficient_scope');
    for (const path of ['/api/v1/me/today', '/api/v1/me/checkins', '/api/v1/me/cycle'])
      await expectProblem(await phone(writer)(path), 403);
    expect((await send(writer, { steps: 1, moveMinutes: 1, source: 'Fit' })).status).toBe(200);
    expect((await phone(reader)('/api/v1/me/cycle')).status).toBe(200);
  });

  it('acts only for its own member: A’s token never reads or writes B', async () => {
    const a = await t.member();
    const b = await t.member();
    const aToken = (await newToken(a.client)).token;
    const bToken = await newToken(b.client);
    await b.client.request('/api/checkins', {
      method: 'POST',
      json: { movedMinutes: 10, steps: 1000, proteinTargetHit: false, hydrationGoalHit: false },
    });
    expect((await send(aToken, { steps: 20000, moveMinutes: 90, source: 'A' })).status).toBe(200);
    const bToday = await (await b.client.request('/api/checkins/today')).json();
    expect(bToday.checkin).toMatchObject({ steps: 1000, movedMinutes: 10, activitySource: null });
    expect(bToday.connection).toBeNull();
    const aToday = await (await phone(aToken)('/api/v1/me/today')).json();
    expect(aToday.connection).toMatchObject({ steps: 20000, source: 'A' });
    expect(aToday.checkedIn).toBe(false);
    // A cannot revoke B's token, even knowing its id: it looks missing.
    const revoke = await a.client.request(`/api/connections/tokens/${bToken.apiToken.id}`, {
      method: 'DELETE',
    });
    expect(revoke.status).toBe(404);
    expect((await list(b.client)).tokens).toHaveLength(1);
  });

  it('never opens the web session nor reaches admin routes, even an admin’s token', async () => {
    const admin = await t.member();
    await t.setAdminFlag(admin.userId);
    const { token } = await newToken(admin.client);
    const asPhone = phone(token);
    for (const path of ['/api/checkins/today', '/api/admin/users', '/api/account/session']) {
      const res = await asPhone(path);
      expect([401, 200]).toContain(res.status);
      if (path === '/api/account/session') expect((await res.json()).user).toBeNull();
      else expect(res.status).toBe(401);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    // And the session cookie opens nothing under /api/v1.
    await expectProblem(await admin.client.request('/api/v1/me/today'), 401);
  });

  it('has its own limit per token, and every 429 says when to come back', async () => {
    const { client } = await t.member();
    const { token } = await newToken(client, ['read']);
    await t.resetLimits();
    let last: Response | undefined;
    for (let i = 0; i <= API_REQUESTS_PER_MINUTE; i++)
      last = await phone(token)('/api/v1/me/today');
    const problem = await expectProblem(last!, 429, 'rate_limited');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(problem.message).toMatch(/Try again in/);
    // Another token of the same member is not slowed by it.
    const second = (await newToken(client, ['read'])).token;
    expect((await phone(second)('/api/v1/me/today')).status).toBe(200);
    await t.resetLimits();
  });

  it('answers a missing or malformed token with 401 and a Bearer challenge', async () => {
    for (const auth of [null, 'sdk_nope', 'Bearer', `Basic abc`]) {
      const res = await phone(null)('/api/v1/me/today', {
        headers: auth ? { authorization: auth.startsWith('sdk') ? `Bearer ${auth}` : auth } : {},
      });
      await expectProblem(res, 401, 'unauthorized');
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });
});

describe('bad input gets problem details', () => {
  let token: string;
  beforeAll(async () => {
    const { client } = await t.member();
    token = (await newToken(client)).token;
  });
  const valid = { steps: 5000, moveMinutes: 30, source: 'Apple Health' };

  it.each([
    ['negative steps', { ...valid, steps: -1 }, msg.numberNotNegative],
    ['negative minutes', { ...valid, moveMinutes: -5 }, msg.numberNotNegative],
    ['huge steps', { ...valid, steps: 10_000_000 }, msg.stepsTooHigh],
    ['huge minutes', { ...valid, moveMinutes: 1441 }, msg.moveMinutesTooHigh],
    ['non-numeric steps', { ...valid, steps: 'lots' }, msg.activityNotANumber],
    ['steps as null', { ...valid, steps: null }, msg.activityNotANumber],
    ['no source', { steps: 1, moveMinutes: 1 }, msg.activitySourceRequired],
    ['blank source', { ...valid, source: '   ' }, msg.activitySourceRequired],
    ['a NUL in the source', { ...valid, source: 'Apple\u0000Health' }, msg.textHasNullCharacter],
    [
      'a line break in the source',
      { ...valid, source: 'Apple\nHealth' },
      msg.textHasControlCharacter,
    ],
    ['a long source', { ...valid, source: 'x'.repeat(41) }, msg.activitySourceTooLong],
    ['a bad date', { ...valid, date: '25/11/2026' }, msg.activityDateInvalid],
  ])('%s: 422', async (_name, body, message) => {
    const problem = await expectProblem(await send(token, body), 422, 'validation_failed');
    expect(problem.message).toBe(message);
    expect(problem.details?.fields).toBeTruthy();
  });

  it('refuses a body that is not JSON, not an object, or too large', async () => {
    const put = (body: string, type = 'application/json') =>
      phone(token)('/api/v1/me/today/activity', {
        method: 'PUT',
        headers: { 'content-type': type },
        body,
      });
    await expectProblem(await put('{"steps": 12,'), 400, 'bad_request');
    await expectProblem(await put('steps=12', 'application/x-www-form-urlencoded'), 415);
    await expectProblem(await put('[1,2]'), 422);
    await expectProblem(await put('1e999'), 422);
    const big = JSON.stringify({ ...valid, pad: 'x'.repeat(70 * 1024) });
    await expectProblem(await put(big), 413, 'payload_too_large');
  });

  it('refuses an unknown operation and a tampered cursor', async () => {
    await expectProblem(await phone(token)('/api/v1/me/nothing'), 404, 'not_found');
    await expectProblem(await phone(token)('/api/v1/me/checkins?cursor=%00abc'), 400);
    await expectProblem(await phone(token)('/api/v1/me/checkins?limit=0'), 422);
    await expectProblem(await phone(token)('/api/v1/me/checkins?limit=abc'), 422);
  });

  it('rounds decimal numbers and keeps the latest of repeated sends (idempotent replace)', async () => {
    const first = await send(token, { steps: 4000.6, moveMinutes: 20.2, source: 'Health Connect' });
    expect((await first.json()).activity).toMatchObject({ steps: 4001, moveMinutes: 20 });
    for (let i = 0; i < 2; i++) {
      const again = await send(token, valid);
      expect(again.status).toBe(200);
      expect((await again.json()).activity).toMatchObject({ steps: 5000, moveMinutes: 30 });
    }
  });
});

describe('the member’s day', () => {
  // Pacific/Honolulu is UTC−10 all year: 23:59 on 10 March 2031 is 09:59 UTC on the 11th.
  const ZONE = 'Pacific/Honolulu';
  const local = (date: string, time: string) => new Date(`${date}T${time}:00-10:00`);

  async function honoluluMember() {
    const m = await t.member({ timeZone: ZONE });
    await t.deps.db
      .update(userSettings)
      .set({ timezone: ZONE })
      .where(eq(userSettings.userId, m.userId));
    return m;
  }
  const at = (m: TestMember, instant: Date) => t.contextFor(m.userId, { now: instant });
  const activityRows = (m: TestMember) =>
    t.deps.db
      .select()
      .from(connectionActivity)
      .where(eq(connectionActivity.userId, m.userId))
      .orderBy(connectionActivity.localDate);

  it('lands numbers sent at 23:59 and 00:01 on the right days, and never makes a check-in', async () => {
    const m = await honoluluMember();
    const a = await putTodayActivity(await at(m, local('2031-03-10', '23:59')), {
      steps: 11000,
      moveMinutes: 50,
      source: 'Apple Health',
    });
    expect(a.activity.date).toBe('2031-03-10');
    expect(a.checkin).toBeNull();
    const b = await putTodayActivity(await at(m, local('2031-03-11', '00:01')), {
      steps: 12,
      moveMinutes: 0,
      source: 'Apple Health',
    });
    expect(b.activity.date).toBe('2031-03-11');
    expect((await activityRows(m)).map((r) => [r.localDate, r.steps])).toEqual([
      ['2031-03-10', 11000],
      ['2031-03-11', 12],
    ]);
    const today = await getToday(await at(m, local('2031-03-11', '08:00')));
    expect(today.checkin).toBeNull();
    // Read alongside the cycle (one statement): the same view as the row, its instant included.
    expect(today.connection).toEqual({
      date: '2031-03-11',
      steps: 12,
      moveMinutes: 0,
      source: 'Apple Health',
      receivedAt: local('2031-03-11', '00:01').toISOString(),
    });
  });

  it('fills in the form, and a check-in that keeps the numbers carries their source', async () => {
    const m = await honoluluMember();
    await putTodayActivity(await at(m, local('2031-04-02', '19:42')), {
      steps: 7200,
      moveMinutes: 35,
      source: 'Apple Health',
    });
    const ctx = await at(m, local('2031-04-02', '20:00'));
    expect((await getToday(ctx)).connection).toMatchObject({ steps: 7200, moveMinutes: 35 });
    const { checkin } = await createCheckin(ctx, {
      movedMinutes: 35,
      steps: 7200,
      proteinTargetHit: true,
      hydrationGoalHit: true,
      journalMd: 'Walked',
    });
    expect(checkin.activitySource).toEqual({
      source: 'Apple Health',
      at: local('2031-04-02', '19:42').toISOString(),
    });
    // The member retypes a number inside their 15 minutes: the numbers are theirs now.
    const edited = await editCheckin(await at(m, local('2031-04-02', '20:05')), {
      checkinId: checkin.id,
      changes: { steps: 7000 },
    });
    expect(edited.checkin.activitySource).toBeNull();
  });

  it('gives a check-in queued offline yesterday the source of yesterday’s numbers, not today’s', async () => {
    const m = await honoluluMember();
    // The cycle starts on the 6th (the member opens home).
    await getToday(await at(m, local('2031-05-06', '08:00')));
    await putTodayActivity(await at(m, local('2031-05-06', '22:10')), {
      steps: 6100,
      moveMinutes: 31,
      source: 'Health Connect',
    });
    await putTodayActivity(await at(m, local('2031-05-07', '00:20')), {
      steps: 150,
      moveMinutes: 2,
      source: 'Apple Health',
    });
    // Made offline at 23:50 on the 6th, sent at 00:30 on the 7th, with the 6th's numbers.
    const { checkin } = await createCheckin(
      await at(m, local('2031-05-07', '00:30')),
      {
        movedMinutes: 31,
        steps: 6100,
        proteinTargetHit: false,
        hydrationGoalHit: false,
        journalMd: 'Late one',
      },
      { madeAt: local('2031-05-06', '23:50') },
    );
    expect(checkin.localDate).toBe('2031-05-06');
    expect(checkin.activitySource).toEqual({
      source: 'Health Connect',
      at: local('2031-05-06', '22:10').toISOString(),
    });
  });

  it('raises the check-in after it is made until the day ends, never lowers it, and keeps the edit window', async () => {
    const m = await honoluluMember();
    const ctx = await at(m, local('2031-05-20', '18:00'));
    const { checkin } = await createCheckin(ctx, {
      movedMinutes: 30,
      steps: 6000,
      proteinTargetHit: false,
      hydrationGoalHit: false,
      journalMd: '',
    });
    expect(checkin.activitySource).toBeNull();
    const raised = await putTodayActivity(await at(m, local('2031-05-20', '23:59')), {
      steps: 9400,
      moveMinutes: 25,
      source: 'Apple Health',
    });
    expect(raised.checkin).toMatchObject({ steps: 9400, moveMinutes: 30, raised: true });
    const late = await getToday(await at(m, local('2031-05-20', '23:59')));
    expect(late.checkin).toMatchObject({
      steps: 9400,
      movedMinutes: 30,
      activitySource: { source: 'Apple Health', at: local('2031-05-20', '23:59').toISOString() },
      // The member's own edit window is unchanged: 15 minutes from 18:00.
      editableUntil: local('2031-05-20', '18:15').toISOString(),
      editable: false,
    });
    const lower = await putTodayActivity(await at(m, local('2031-05-20', '23:59')), {
      steps: 100,
      moveMinutes: 1,
      source: 'Apple Health',
    });
    expect(lower.checkin).toMatchObject({ steps: 9400, moveMinutes: 30, raised: false });

    // The feed shows the latest numbers with their source.
    const feed = (await (await m.client.request('/api/feed')).json()) as FeedPage;
    const post = feed.posts.find((p) => p.author.id === m.userId);
    expect(post).toMatchObject({
      dayStats: { steps: 9400 },
      activitySource: { source: 'Apple Health' },
    });

    // After midnight: that day's numbers can no longer change, whatever the phone sends.
    const nextDay = await at(m, local('2031-05-21', '00:01'));
    const refused = putTodayActivity(nextDay, {
      steps: 20000,
      moveMinutes: 99,
      source: 'Apple Health',
      date: '2031-05-20',
    });
    await expect(refused).rejects.toMatchObject({
      code: 'conflict',
      message: msg.activityDayEnded,
    });
    const unnamed = await putTodayActivity(nextDay, {
      steps: 20000,
      moveMinutes: 99,
      source: 'Apple Health',
    });
    expect(unnamed.activity.date).toBe('2031-05-21');
    expect(unnamed.checkin).toBeNull();
    const yesterday = await getToday(await at(m, local('2031-05-20', '23:59')));
    expect(yesterday.checkin).toMatchObject({ steps: 9400, movedMinutes: 30 });
    const early = putTodayActivity(nextDay, {
      steps: 1,
      moveMinutes: 1,
      source: 'Apple Health',
      date: '2031-05-22',
    });
    await expect(early).rejects.toMatchObject({ message: msg.activityDayNotStarted });
  });

  it('says so over HTTP when the phone names a day that has ended', async () => {
    const { client } = await t.member();
    const { token } = await newToken(client);
    const res = await send(token, {
      steps: 1,
      moveMinutes: 1,
      source: 'Apple Health',
      date: '2020-01-01',
    });
    const problem = await expectProblem(res, 409, 'conflict');
    expect(problem.message).toBe(msg.activityDayEnded);
  });
});

describe('the data export', () => {
  it('lists the member’s tokens without their secrets', async () => {
    const { client } = await t.member();
    const { token } = await newToken(client, ['read'], 'Pixel');
    const { entries } = await downloadExport(client);
    const data = exportEntry(entries, 'data.json')!.toString('utf8');
    const parsed = JSON.parse(data);
    expect(parsed.apiTokens).toEqual([
      expect.objectContaining({ name: 'Pixel', scopes: ['read'], lastUsedAt: null }),
    ]);
    expect(data).not.toContain(token.slice(4));
  });
});
