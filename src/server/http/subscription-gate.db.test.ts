import { describe, expect, it, vi } from 'vitest';
import type { ApiTokenListResponse, CreateApiTokenResponse } from '@shared/api-types';
import { msg } from '@shared/messages';
import { expireEndedPeriods } from '../modules/subscription/expiry';
import {
  metricValue,
  scrapeMetrics,
  setUpTestApp,
  type TestClient,
  type TestMember,
} from '../testing/test-app';
import { databaseLabel } from '../testing/test-database';
import type * as Session from './session';

// Issue 41 items 14 and 16: with REQUIRE_SUBSCRIPTION, what a member whose plan ended still reaches.
// Settings stays open to them, and so do its connections: a token they fear has leaked is listed and
// revoked without paying first (decision 0097). The browser's report never reads the session cookie,
// so a lapsed member's report is taken like anyone's (decision 0040).

/** How many times a request's session cookie was read (http/session.ts's currentUser). */
const sessionReads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./session', async (original) => {
  const real = await original<typeof Session>();
  return {
    ...real,
    currentUser: (...args: Parameters<typeof real.currentUser>) => {
      sessionReads.count += 1;
      return real.currentUser(...args);
    },
  };
});

const DAY = 86_400_000;
const t = setUpTestApp({ REQUIRE_SUBSCRIPTION: 'true' });

/** A member who started the trial, made a token for their phone, and whose trial then ended. */
async function lapsedMemberWithToken(): Promise<{ member: TestMember; token: string; id: string }> {
  const member = await t.member();
  expect(
    (await member.client.request('/api/subscription/start-trial', { method: 'POST' })).status,
  ).toBe(200);
  const made = await member.client.request('/api/connections/tokens', {
    method: 'POST',
    json: { name: 'iPhone Shortcut', scopes: ['activity:write', 'read'] },
  });
  expect(made.status).toBe(201);
  const { token, apiToken } = (await made.json()) as CreateApiTokenResponse;
  await expireEndedPeriods(t.system('billing-expiry', () => new Date(Date.now() + 31 * DAY)));
  // The plan is over: the member screens' API is closed to them.
  const today = await member.client.request('/api/checkins/today');
  expect(today.status).toBe(403);
  expect((await today.json()).message).toBe(msg.subscriptionRequired);
  return { member, token, id: apiToken.id };
}

const phone = (token: string) =>
  t.app.request('/api/v1/me/today', { headers: { authorization: `Bearer ${token}` } });

const tokens = async (client: TestClient) => {
  const res = await client.request('/api/connections/tokens');
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ApiTokenListResponse;
};

describe(`a member whose plan ended, with REQUIRE_SUBSCRIPTION (${databaseLabel})`, () => {
  it('lists and revokes their connection tokens, and may make one for when they are back', async () => {
    const { member, token, id } = await lapsedMemberWithToken();
    // The token does nothing while the plan is over, but it is still theirs to see and to revoke.
    expect((await phone(token)).status).toBe(403);
    expect((await tokens(member.client)).tokens.map((k) => k.id)).toEqual([id]);

    const revoked = await member.client.request(`/api/connections/tokens/${id}`, {
      method: 'DELETE',
    });
    expect(revoked.status, await revoked.clone().text()).toBe(200);
    expect((await tokens(member.client)).tokens).toEqual([]);
    // Revoked means gone: the phone is now told its token is not valid, not that a plan is missing.
    const refused = await phone(token);
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toBe(msg.apiTokenInvalid);

    const again = await member.client.request('/api/connections/tokens', {
      method: 'POST',
      json: { name: 'Android Tasker', scopes: ['read'] },
    });
    expect(again.status, await again.clone().text()).toBe(201);
    // Made now, it acts only once the member has a plan again.
    expect((await phone(((await again.json()) as CreateApiTokenResponse).token)).status).toBe(403);
  });

  it("takes their browser's report without reading the session cookie", async () => {
    const { member } = await lapsedMemberWithToken();
    const before = await scrapeMetrics(t);
    const series = 'stackdays_client_reports_total{screen="/app/settings"}';
    sessionReads.count = 0;
    const res = await member.client.request('/api/client-reports', {
      method: 'POST',
      json: { screen: '/app/settings', vitals: [{ name: 'LCP', value: 900 }], errors: 0 },
    });
    expect(res.status, await res.clone().text()).toBe(204);
    expect(sessionReads.count).toBe(0);
    expect(metricValue(await scrapeMetrics(t), series) - metricValue(before, series)).toBe(1);
  });
});
