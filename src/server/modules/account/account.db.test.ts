import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { msg } from '@shared/messages';
import { setUpTestApp, type TestClient } from '../../testing/test-app';
import { databaseLabel } from '../../testing/test-database';
import {
  auditEvents,
  consents,
  coupons,
  notificationLogs,
  profiles,
  session,
  subscriptions,
  user,
  userSettings,
  verification,
} from '../../db/schema';
import { createInvitedAccount } from './admin-invite';
import { forgetSessions } from '../../lib/session-cache';

const t = setUpTestApp({ ADMIN_EMAILS: 'boss@example.com' });

let n = 0;
const uniqueEmail = (prefix = 'member') => `${prefix}${++n}-${Date.now()}@example.com`;

async function signUp(client: TestClient, email: string, extra: Record<string, unknown> = {}) {
  return client.request('/api/account/sign-up', {
    method: 'POST',
    json: {
      displayName: 'Ava Stone',
      email,
      password: 'correct horse 1',
      acceptTerms: true,
      timeZone: 'Asia/Tokyo',
      ...extra,
    },
  });
}

/** A verified, signed-in member, from the harness's one factory: Ava Stone, in Tokyo. */
const member = (email = uniqueEmail()) =>
  t.member({ email, displayName: 'Ava Stone', timeZone: 'Asia/Tokyo' });

async function session_(client: TestClient) {
  const res = await client.request('/api/account/session');
  return (await res.json()) as {
    user: null | { email: string; isAdmin: boolean; displayName: string };
  };
}

describe(`sign-up and verification (${databaseLabel})`, () => {
  it('creates the account with its profile and settings, and mails a code', async () => {
    const client = t.client();
    const email = uniqueEmail();
    const res = await signUp(client, email.toUpperCase());
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ ok: true, email, monthsFree: 0 });
    // No session: only the sealed sign-up, which counts once this browser proves the address (0072).
    expect([...client.cookies.keys()]).toEqual(['stackdays.signup']);

    const [row] = await t.deps.db.select().from(user).where(eq(user.email, email));
    expect(row.emailVerified).toBe(false);
    const profileAndZone = async () => {
      const [profile] = await t.deps.db.select().from(profiles).where(eq(profiles.id, row.id));
      const [settings] = await t.deps.db
        .select()
        .from(userSettings)
        .where(eq(userSettings.userId, row.id));
      return { displayName: profile.displayName, timeZone: settings.timezone };
    };
    // Nothing typed is on the account before the address is proven.
    expect(await profileAndZone()).toEqual({
      displayName: email.split('@')[0],
      timeZone: 'America/Denver',
    });

    const code = await t.lastCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const mail = t.mails.filter((m) => m.to === email).at(-1)!;
    expect(mail.subject).toContain('StackDays');
    expect(mail.text).toContain(code);
    const stored = await t.deps.db.select().from(verification);
    expect(stored.some((v) => v.value.includes(code))).toBe(false);
    await expect
      .poll(async () => {
        const logs = await t.deps.db
          .select()
          .from(notificationLogs)
          .where(eq(notificationLogs.toEmail, email));
        return logs.map((l) => l.sendStatus);
      })
      .toEqual(['sent']);

    const verified = await client.request('/api/account/verify-email', {
      method: 'POST',
      json: { email, code },
    });
    expect(verified.status).toBe(200);
    expect(await profileAndZone()).toEqual({ displayName: 'Ava Stone', timeZone: 'Asia/Tokyo' });
  });

  it('falls back to the default time zone for an unknown one', async () => {
    const email = uniqueEmail();
    const client = t.client();
    await signUp(client, email, { timeZone: 'Mars/Olympus' });
    const verified = await client.request('/api/account/verify-email', {
      method: 'POST',
      json: { email, code: await t.lastCode(email), timeZone: 'Mars/Olympus' },
    });
    expect(verified.status).toBe(200);
    const [settings] = await t.deps.db
      .select({ tz: userSettings.timezone })
      .from(userSettings)
      .innerJoin(user, eq(user.id, userSettings.userId))
      .where(eq(user.email, email));
    expect(settings.tz).toBe('America/Denver');
  });

  it('answers a repeated sign-up exactly like a new one and changes nothing', async () => {
    const { email } = await member();
    const again = await signUp(t.client(), email, { password: 'another password 2' });
    expect(again.status).toBe(201);
    expect(await again.json()).toMatchObject({ ok: true, email });
    const rows = await t.deps.db.select().from(user).where(eq(user.email, email));
    expect(rows).toHaveLength(1);
  });

  it('rejects empty, malformed and over-long fields with the form messages and creates nothing', async () => {
    const client = t.client();
    const before = await t.deps.db.select({ count: sql<number>`count(*)` }).from(user);
    const cases: [Record<string, unknown>, string][] = [
      [{ displayName: '', email: 'a@b.co', password: 'longenough' }, msg.fillInDisplayName],
      [{ displayName: 'A', email: '', password: 'longenough' }, msg.fillInEmailAndPassword],
      [{ displayName: 'A', email: 'a@b.co', password: '' }, msg.fillInEmailAndPassword],
      [{ displayName: 'A', email: 'not-an-email', password: 'longenough' }, msg.emailInvalid],
      [{ displayName: 'A', email: 'a@b.co', password: 'short' }, msg.passwordTooShort],
      [
        { displayName: 'A'.repeat(500), email: 'a@b.co', password: 'longenough' },
        msg.displayNameTooLong,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await client.request('/api/account/sign-up', { method: 'POST', json: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      const json = await res.json();
      expect(json).toMatchObject({ code: 'validation_failed', message });
      expect(json.requestId).toBeTruthy();
    }
    const after = await t.deps.db.select({ count: sql<number>`count(*)` }).from(user);
    expect(after[0].count).toBe(before[0].count);
  });

  it('verifies with the right code, signs in, and refuses the same code again', async () => {
    const client = t.client();
    const email = uniqueEmail();
    await signUp(client, email);
    const code = await t.lastCode(email);
    const wrong = await client.request('/api/account/verify-email', {
      method: 'POST',
      json: { email, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe(msg.verifyCodeFailed);

    const ok = await client.request('/api/account/verify-email', {
      method: 'POST',
      json: { email, code },
    });
    expect(ok.status).toBe(200);
    const setCookie = ok.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/stackdays\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect((await session_(client)).user?.email).toBe(email);

    const replay = await t
      .client()
      .request('/api/account/verify-email', { method: 'POST', json: { email, code } });
    expect(replay.status).toBe(400);
    expect((await replay.json()).message).toBe(msg.verifyCodeFailed);
  });

  it('refuses a code of letters before it reaches the code check', async () => {
    const res = await t.client().request('/api/account/sign-in', {
      method: 'POST',
      json: { email: 'x@example.com', code: 'abcdef' },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe(msg.codeFormat);
  });

  it('makes ADMIN_EMAILS accounts admins when they verify', async () => {
    const { client } = await member('boss@example.com');
    expect((await session_(client)).user?.isAdmin).toBe(true);
    const other = await member();
    expect((await session_(other.client)).user?.isAdmin).toBe(false);
  });
});

describe('sign-in by code', () => {
  it('signs a verified member in with a mailed code and issues a new session token each time', async () => {
    const { email, client: first } = await member();
    const client = t.client('198.51.100.7');
    const sent = await client.request('/api/account/send-code', {
      method: 'POST',
      json: { email: ` ${email} ` },
    });
    expect(sent.status).toBe(200);
    const code = await t.lastCode(email);
    const res = await client.request('/api/account/sign-in', {
      method: 'POST',
      json: { email, code },
    });
    expect(res.status).toBe(200);
    expect((await session_(client)).user?.email).toBe(email);
    expect(client.cookies.get('stackdays.session_token')).not.toBe(
      first.cookies.get('stackdays.session_token'),
    );
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const res = await t
      .client()
      .request('/api/account/send-code', { method: 'POST', json: { email } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 100));
    expect(t.mails.filter((m) => m.to === email)).toHaveLength(0);
    const signIn = await t
      .client()
      .request('/api/account/sign-in', { method: 'POST', json: { email, code: '123456' } });
    expect(signIn.status).toBe(400);
    expect((await signIn.json()).message).toBe(msg.verifyCodeFailed);
  });

  it('enforces the 30-second resend cooldown on the server', async () => {
    const { email } = await member();
    const client = t.client('198.51.100.8');
    expect(
      (await client.request('/api/account/send-code', { method: 'POST', json: { email } })).status,
    ).toBe(200);
    const again = await client.request('/api/account/send-code', {
      method: 'POST',
      json: { email },
    });
    expect(again.status).toBe(429);
    const body = await again.json();
    expect(body.message).toMatch(/^Please wait \d+ seconds? before asking for a new code\.$/);
    expect(body.details.retryAfter).toBeGreaterThan(0);
    expect(body.details.retryAfter).toBeLessThanOrEqual(30);
  });

  it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
    const { email } = await member();
    const client = t.client('198.51.100.9');
    await client.request('/api/account/send-code', { method: 'POST', json: { email } });
    const code = await t.lastCode(email);
    const wrong = code === '999999' ? '000000' : '999999';
    for (let i = 0; i < 5; i++) {
      const res = await client.request('/api/account/sign-in', {
        method: 'POST',
        json: { email, code: wrong },
      });
      expect(res.status).toBe(400);
    }
    const res = await client.request('/api/account/sign-in', {
      method: 'POST',
      json: { email, code },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(msg.verifyCodeFailed);
    expect((await session_(client)).user).toBeNull();
  });

  it('refuses an expired code', async () => {
    const { email } = await member();
    const client = t.client('198.51.100.10');
    await client.request('/api/account/send-code', { method: 'POST', json: { email } });
    const code = await t.lastCode(email);
    await t.deps.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${verification.identifier} like ${'%' + email}`);
    const res = await client.request('/api/account/sign-in', {
      method: 'POST',
      json: { email, code },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(msg.verifyCodeFailed);
  });

  it('refuses a code mailed to another address', async () => {
    const a = await member();
    const b = await member();
    const client = t.client('198.51.100.11');
    await client.request('/api/account/send-code', { method: 'POST', json: { email: a.email } });
    const code = await t.lastCode(a.email);
    const res = await client.request('/api/account/sign-in', {
      method: 'POST',
      json: { email: b.email, code },
    });
    expect(res.status).toBe(400);
  });

  it('limits how often one client may ask for codes', async () => {
    const client = t.client('198.51.100.99');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await client.request('/api/account/send-code', {
        method: 'POST',
        json: { email: `flood${i}@example.com` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another client is not affected.
    const other = await t.client('198.51.100.100').request('/api/account/send-code', {
      method: 'POST',
      json: { email: 'flood-other@example.com' },
    });
    expect(other.status).toBe(200);
  });
});

describe('sessions', () => {
  it('revokes the session on the server at sign-out', async () => {
    const { client } = await member();
    const stolen = new Map(client.cookies);
    const res = await client.request('/api/account/sign-out', { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await session_(client)).user).toBeNull();
    const replay = t.client();
    for (const [k, v] of stolen) replay.cookies.set(k, v);
    expect((await session_(replay)).user).toBeNull();
  });

  it('ends expired sessions and extends sessions due for their daily refresh', async () => {
    const { client, email } = await member();
    const [row] = await t.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    await t.deps.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(session.userId, row.id));
    // The row was changed behind the app's back: drop what this process cached of the session (the
    // member factory already read it), as SESSION_CACHE_MS would.
    await forgetSessions(t.deps);
    const refreshed = await client.request('/api/account/session');
    expect((await refreshed.json()).user?.email).toBe(email);
    expect(refreshed.headers.get('set-cookie') ?? '').toMatch(/stackdays\.session_token=/);
    const [extended] = await t.deps.db.select().from(session).where(eq(session.userId, row.id));
    expect(extended.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    await t.deps.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, row.id));
    expect((await session_(client)).user).toBeNull();
  });

  it('treats a forged cookie as signed out', async () => {
    const client = t.client();
    client.cookies.set('stackdays.session_token', 'forged.token');
    expect((await session_(client)).user).toBeNull();
    const trial = await client.request('/api/subscription/start-trial', { method: 'POST' });
    expect(trial.status).toBe(401);
    expect((await trial.json()).message).toBe(msg.pleaseSignInFirst);
  });

  it('refuses a cross-site POST before it does anything', async () => {
    const { client } = await member();
    const res = await client.request('/api/subscription/start-trial', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    const sub = await client.request('/api/subscription');
    expect((await sub.json()).status).toBe('inactive');
  });
});

describe('admin invites', () => {
  async function invited(isAdmin: boolean) {
    const email = uniqueEmail('invited');
    const { token, userId } = await createInvitedAccount(t.system('admin-test'), {
      email,
      displayName: 'Invited Person',
      isAdmin,
    });
    return { email, token, userId };
  }

  it('shows the invited profile and lets the person set a password once, signing them in', async () => {
    const { email, token } = await invited(true);
    const client = t.client();
    const profile = await client.request(
      `/api/account/admin-invite?email=${encodeURIComponent(email)}&token=${token}`,
    );
    expect(await profile.json()).toMatchObject({ displayName: 'Invited Person', isAdmin: true });
    const res = await client.request('/api/account/admin-invite', {
      method: 'POST',
      json: { email, token, password: 'a strong password', acceptTerms: true },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, isAdmin: true });
    expect((await session_(client)).user?.email).toBe(email);

    const again = await t.client().request('/api/account/admin-invite', {
      method: 'POST',
      json: { email, token, password: 'takeover attempt', acceptTerms: true },
    });
    expect(again.status).toBe(404);
    expect((await again.json()).message).toBe(msg.adminInviteInvalid);
  });

  it("counts the invited member's day in their browser's zone, as a sign-up does (decision 0033)", async () => {
    const la = await invited(false);
    const client = t.client();
    const res = await client.request('/api/account/admin-invite', {
      method: 'POST',
      json: {
        ...la,
        password: 'a strong password',
        acceptTerms: true,
        timeZone: 'America/Los_Angeles',
      },
    });
    expect(res.status).toBe(200);
    expect((await session_(client)).user).toMatchObject({ timeZone: 'America/Los_Angeles' });
    const settings = await (await client.request('/api/settings')).json();
    expect(settings.settings.timezoneInEffect).toBe('America/Los_Angeles');

    // A zone the browser names wrongly never blocks the password: the default stays.
    const odd = await invited(false);
    const other = t.client();
    const accepted = await other.request('/api/account/admin-invite', {
      method: 'POST',
      json: { ...odd, password: 'a strong password', acceptTerms: true, timeZone: '+05:00' },
    });
    expect(accepted.status).toBe(200);
    expect((await session_(other)).user).toMatchObject({ timeZone: 'America/Denver' });
  });

  it('records the terms accepted on the set-password page, and refuses the page without them (issue 41 item 9)', async () => {
    const { email, token, userId } = await invited(false);
    const client = t.client();
    for (const acceptTerms of [undefined, false, 'yes']) {
      const refused = await client.request('/api/account/admin-invite', {
        method: 'POST',
        json: { email, token, password: 'a strong password', acceptTerms },
      });
      expect(refused.status).toBe(422);
      expect((await refused.json()).details.fields.acceptTerms).toBe(msg.acceptTerms);
    }
    // Refused: nothing was used up, nobody signed in.
    expect((await session_(client)).user).toBeNull();

    const before = Date.now();
    const res = await client.request('/api/account/admin-invite', {
      method: 'POST',
      json: { email, token, password: 'a strong password', acceptTerms: true },
    });
    expect(res.status).toBe(200);
    // What the member reads in Settings, Privacy and consents: accepted, with its date.
    const { consents: shown } = await (await client.request('/api/settings')).json();
    expect(shown.tosAcceptedAt).not.toBeNull();
    expect(Date.parse(shown.tosAcceptedAt)).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await t.deps.db
      .select({ tosAcceptedAt: consents.tosAcceptedAt })
      .from(consents)
      .where(eq(consents.userId, userId));
    expect(row.tosAcceptedAt).toBeInstanceOf(Date);
  });

  it('refuses an e-mail that was not invited or a wrong token', async () => {
    const { email } = await invited(false);
    const notInvited = await member();
    for (const body of [
      { email, token: 'x'.repeat(32), password: 'takeover attempt', acceptTerms: true },
      {
        email: notInvited.email,
        token: 'x'.repeat(32),
        password: 'takeover attempt',
        acceptTerms: true,
      },
    ]) {
      const res = await t
        .client()
        .request('/api/account/admin-invite', { method: 'POST', json: body });
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe(msg.adminInviteInvalid);
    }
  });
});

describe('coupons and the trial', () => {
  it('validates coupons by display status', async () => {
    await t.deps.db.insert(coupons).values([
      { code: 'SPRING', monthsFree: 2 },
      { code: 'OFF', monthsFree: 1, isActive: false },
      { code: 'OLD', monthsFree: 1, expiresAt: new Date(Date.now() - 1000) },
      { code: 'GONE', monthsFree: 1, maxRedemptions: 1, redeemedCount: 1 },
    ]);
    const check = async (code: string) =>
      (await t.client().request(`/api/coupons/validate?code=${encodeURIComponent(code)}`)).json();
    expect(await check(' spring ')).toMatchObject({ ok: true, monthsFree: 2, reason: null });
    expect(await check('off')).toMatchObject({ ok: false, reason: 'inactive' });
    expect(await check('OLD')).toMatchObject({ ok: false, reason: 'expired' });
    expect(await check('GONE')).toMatchObject({ ok: false, reason: 'exhausted' });
    expect(await check('NOPE')).toMatchObject({ ok: false, reason: 'not_found' });
  });

  it("grants a coupon's free months at verification and counts the redemption", async () => {
    await t.deps.db.insert(coupons).values({ code: 'THREE', monthsFree: 3, maxRedemptions: 5 });
    const client = t.client();
    const email = uniqueEmail();
    const res = await signUp(client, email, { coupon: 'three' });
    expect(await res.json()).toMatchObject({ monthsFree: 3 });
    const code = await t.lastCode(email);
    const ok = await client.request('/api/account/verify-email', {
      method: 'POST',
      json: { email, code, coupon: 'THREE' },
    });
    expect(await ok.json()).toMatchObject({ monthsFree: 3 });
    const sub = await (await client.request('/api/subscription')).json();
    expect(sub.status).toBe('trialing');
    const days = (new Date(sub.currentPeriodEnd).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    const [coupon] = await t.deps.db.select().from(coupons).where(eq(coupons.code, 'THREE'));
    expect(coupon.redeemedCount).toBe(1);
  });

  it('refuses sign-up with a coupon that no longer works', async () => {
    const res = await signUp(t.client(), uniqueEmail(), { coupon: 'OFF' });
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe(msg.couponInactive);
  });

  it('starts a 30-day trial without a card, once', async () => {
    const { client } = await member();
    const res = await client.request('/api/subscription/start-trial', { method: 'POST' });
    expect(res.status).toBe(200);
    const sub = await res.json();
    expect(sub).toMatchObject({ status: 'trialing', subscribed: true });
    expect(Math.round((new Date(sub.currentPeriodEnd).getTime() - Date.now()) / 86_400_000)).toBe(
      30,
    );

    // Starting it again answers the same trial: nothing restarts or extends it.
    const again = await client.request('/api/subscription/start-trial', { method: 'POST' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      status: 'trialing',
      currentPeriodEnd: sub.currentPeriodEnd,
    });
    const session = await (await client.request('/api/account/session')).json();
    const rows = await t.deps.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, session.user.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'trialing' });
    expect(rows[0]!.currentPeriodEnd?.toISOString()).toBe(sub.currentPeriodEnd);
    const started = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, session.user.userId));
    expect(started.filter((e) => e.action === 'subscription.trial_start')).toHaveLength(1);
  });
});
