import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CODE_FAILURES_PER_ACCOUNT } from '@shared/constants';
import { msg } from '@shared/messages';
import { setUpTestApp, type TestClient } from '../../testing/test-app';
import { couponRedemptions, coupons, invites, subscriptions } from '../../db/schema';
import { redeemCoupon } from '../coupons/service';

// The holes found by probing the running product (issue 9: #1, #7, #8, #9, #10) and the sign-in
// defects found by trying it as a new member (issue 8: #3, #4).

const t = setUpTestApp();

let n = 0;
const uniqueEmail = (prefix = 'sec') => `${prefix}${++n}-${Date.now()}@example.com`;

const post = (client: TestClient, path: string, json: unknown) =>
  client.request(path, { method: 'POST', json });

function signUp(client: TestClient, email: string, extra: Record<string, unknown> = {}) {
  return post(client, '/api/account/sign-up', {
    displayName: 'Sam Rivers',
    email,
    password: 'correct horse 1',
    acceptTerms: true,
    ...extra,
  });
}

const mailsTo = (email: string) => t.mails.filter((m) => m.to === email);

async function waitForMails(email: string, count: number) {
  for (let i = 0; i < 50 && mailsTo(email).length < count; i++)
    await new Promise((r) => setTimeout(r, 20));
  return mailsTo(email);
}

async function periodEnd(userId: string) {
  const [row] = await t.deps.db
    .select({ end: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row?.end?.getTime() ?? null;
}

async function makeCoupon(code: string, maxRedemptions: number | null = null) {
  await t.deps.db.insert(coupons).values({ code, monthsFree: 3, maxRedemptions });
}

describe('free months are granted once (issue 9 #1)', () => {
  it('a verified account cannot get a verification code: it is sent a sign-in code', async () => {
    const { client, email } = await t.member();
    const before = mailsTo(email).length;
    const res = await post(client, '/api/account/send-code', { email, purpose: 'verify' });
    expect(res.status).toBe(200);
    const mails = await waitForMails(email, before + 1);
    expect(mails.slice(before).map((m) => m.kind)).toEqual(['sign_in_code']);
  });

  it('re-verifying with a coupon grants nothing more and redeems nothing more', async () => {
    await makeCoupon('ONCEONLY');
    const email = uniqueEmail();
    const client = t.client();
    expect((await signUp(client, email, { coupon: 'ONCEONLY' })).status).toBe(201);
    const first = await post(client, '/api/account/verify-email', {
      email,
      code: await t.lastCode(email),
      coupon: 'ONCEONLY',
    });
    expect(await first.json()).toMatchObject({ monthsFree: 3 });
    const { userId } = (await (await client.request('/api/account/session')).json()).user;
    const endAfterFirst = await periodEnd(userId);

    // Even with a fresh code in hand (minted on the server: the API sends a verified account only
    // sign-in codes, and a verification code would not be accepted), a second verification is not a
    // first one.
    await t.resetLimits();
    const otp = await t.deps.auth.api.createVerificationOTP({
      body: { email, type: 'sign-in' },
    });
    const again = await post(client, '/api/account/verify-email', {
      email,
      code: otp,
      coupon: 'ONCEONLY',
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ monthsFree: 0 });
    expect(await periodEnd(userId)).toBe(endAfterFirst);
    const [coupon] = await t.deps.db.select().from(coupons).where(eq(coupons.code, 'ONCEONLY'));
    expect(coupon.redeemedCount).toBe(1);
  });

  it('redeems a coupon at most once per account, kept in coupon_redemptions', async () => {
    await makeCoupon('TWICE');
    const { userId } = await t.member();
    const ctx = t.system('test');
    const results = await Promise.all([
      redeemCoupon(ctx, { code: 'twice', userId }),
      redeemCoupon(ctx, { code: 'TWICE', userId }),
    ]);
    expect(results.sort()).toEqual([0, 3]);
    expect(await redeemCoupon(ctx, { code: 'TWICE', userId })).toBe(0);
    const rows = await t.deps.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.userId, userId));
    expect(rows).toHaveLength(1);
    const [coupon] = await t.deps.db.select().from(coupons).where(eq(coupons.code, 'TWICE'));
    expect(coupon.redeemedCount).toBe(1);
  });

  async function inviteToken(inviter: TestClient, email: string) {
    expect((await post(inviter, '/api/invites', { email })).status).toBe(201);
    const mail = (await waitForMails(email, 1)).at(-1)!;
    return mail.text.match(/\/invite\/([\w-]+)/)![1];
  }

  it('an invite is accepted only by the account made for the invited address', async () => {
    const inviter = await t.member();
    const token = await inviteToken(inviter.client, uniqueEmail('invited'));

    // Someone else signs up through the link with another address: no month, invite untouched.
    const other = uniqueEmail('other');
    const client = t.client();
    await signUp(client, other);
    const res = await post(client, '/api/account/verify-email', {
      email: other,
      code: await t.lastCode(other),
      invite: token,
    });
    expect(await res.json()).toMatchObject({ monthsFree: 0 });
    const [row] = await t.deps.db
      .select()
      .from(invites)
      .where(eq(invites.inviterUserId, inviter.userId));
    expect(row.acceptedUserId).toBeNull();
  });

  it('an account that existed before the invite was sent cannot accept it', async () => {
    const inviter = await t.member();
    const existing = uniqueEmail('existing');
    const client = t.client();
    await signUp(client, existing); // created, not verified yet
    const code = await t.lastCode(existing);
    const token = await inviteToken(inviter.client, existing);
    const res = await post(client, '/api/account/verify-email', {
      email: existing,
      code,
      invite: token,
    });
    expect(await res.json()).toMatchObject({ monthsFree: 0 });
  });

  it('the invited address gets its month once', async () => {
    const inviter = await t.member();
    const email = uniqueEmail('friend');
    const token = await inviteToken(inviter.client, email);
    const client = t.client();
    await signUp(client, email);
    const res = await post(client, '/api/account/verify-email', {
      email,
      code: await t.lastCode(email),
      invite: token,
    });
    expect(await res.json()).toMatchObject({ monthsFree: 1 });
  });
});

describe('code requests (issue 9 #7, issue 8 #3 and #4)', () => {
  it("a stranger's requests do not lock the owner out, and the owner's code keeps working", async () => {
    const owner = await t.member();
    await post(owner.client, '/api/account/sign-out', {});
    const ownerClient = t.client('192.0.2.10');
    expect((await post(ownerClient, '/api/account/send-code', { email: owner.email })).status).toBe(
      200,
    );
    const held = await t.lastCode(owner.email);

    // Ten requests for the owner's address from ten rotating addresses.
    for (let i = 0; i < 10; i++) {
      const res = await post(t.client(`198.51.100.${i + 1}`), '/api/account/send-code', {
        email: owner.email,
      });
      expect(res.status).toBe(200);
    }
    await t.deps.mailer.idle();
    // Re-sends mail the same live code.
    expect(await t.lastCode(owner.email)).toBe(held);

    // The owner can still sign in with the code they hold.
    const signedIn = await post(ownerClient, '/api/account/sign-in', {
      email: owner.email,
      code: held,
    });
    expect(signedIn.status).toBe(200);
  });

  it('signing in right after sign-up is not refused by the verification cooldown', async () => {
    const email = uniqueEmail('fresh');
    const client = t.client();
    await signUp(client, email);
    await post(client, '/api/account/verify-email', { email, code: await t.lastCode(email) });
    await post(client, '/api/account/sign-out', {});
    const before = mailsTo(email).length;
    const res = await post(client, '/api/account/send-code', { email });
    expect(res.status).toBe(200);
    const mails = await waitForMails(email, before + 1);
    expect(mails.at(-1)!.kind).toBe('sign_in_code');
  });

  it('a refused request says how long to wait and that a live code was sent', async () => {
    const { email } = await t.member();
    const client = t.client();
    expect((await post(client, '/api/account/send-code', { email })).status).toBe(200);
    const refused = await post(client, '/api/account/send-code', { email });
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body.details.codeSent).toBe(true);
    expect(body.details.retryAfter).toBeGreaterThan(0);
    expect(body.details.retryAfter).toBeLessThanOrEqual(30);
    expect(body.message).toBe(msg.waitBeforeNewCode(body.details.retryAfter));
  });

  it('a used code never holds back a new one: sign in, sign out, ask again at once (issue 25 #1)', async () => {
    const { email } = await t.member();
    const client = t.client('192.0.2.40');
    await post(client, '/api/account/sign-out', {});
    expect((await post(client, '/api/account/send-code', { email })).status).toBe(200);
    const first = await t.lastCode(email);
    expect((await post(client, '/api/account/sign-in', { email, code: first })).status).toBe(200);
    await post(client, '/api/account/sign-out', {});

    // Within the 30 seconds: the code held back by the cooldown is used, so a new one is mailed.
    const before = mailsTo(email).length;
    const again = await post(client, '/api/account/send-code', { email });
    expect(again.status).toBe(200);
    const mails = await waitForMails(email, before + 1);
    expect(mails.length).toBe(before + 1);
    const second = await t.lastCode(email);
    expect(second).not.toBe(first);
    expect((await post(client, '/api/account/sign-in', { email, code: second })).status).toBe(200);

    // The new code is live and unused again: the cooldown holds for it.
    await post(client, '/api/account/sign-out', {});
    expect((await post(client, '/api/account/send-code', { email })).status).toBe(200);
    const held = await post(client, '/api/account/send-code', { email });
    expect(held.status).toBe(429);
    expect((await held.json()).details.codeSent).toBe(true);
  });

  it("the owner's sign-in does not end a stranger's cooldown: it would tell them the address is in use", async () => {
    const { email } = await t.member();
    const owner = t.client('192.0.2.41');
    const stranger = t.client('198.51.100.41');
    await post(owner, '/api/account/sign-out', {});
    expect((await post(stranger, '/api/account/send-code', { email })).status).toBe(200);
    expect((await post(owner, '/api/account/send-code', { email })).status).toBe(200);
    const code = await t.lastCode(email);
    expect((await post(owner, '/api/account/sign-in', { email, code })).status).toBe(200);
    // As for an address with no account: the stranger waits out their 30 seconds.
    expect((await post(stranger, '/api/account/send-code', { email })).status).toBe(429);
    const unknown = uniqueEmail('nobody');
    expect((await post(stranger, '/api/account/send-code', { email: unknown })).status).toBe(200);
    expect((await post(stranger, '/api/account/send-code', { email: unknown })).status).toBe(429);
  });

  it('a repeat sign-up answers the same and mails something useful', async () => {
    const verified = await t.member();
    const res = await signUp(t.client(), verified.email);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ ok: true, email: verified.email });
    const mail = (await waitForMails(verified.email, 2)).at(-1)!;
    expect(mail.kind).toBe('sign_in_code');
    expect(mail.text).toMatch(/already have a StackDays account/);

    const pending = uniqueEmail('pending');
    await signUp(t.client(), pending);
    const firstCode = await t.lastCode(pending);
    await t.resetLimits();
    expect((await signUp(t.client(), pending)).status).toBe(201);
    const second = (await waitForMails(pending, 2)).at(-1)!;
    expect(second.kind).toBe('verification_code');
    expect(second.text).toMatch(/already have/);
    // The live code is re-sent, so the first mail's code still works too.
    expect(await t.lastCode(pending)).toBe(firstCode);
  });
});

describe('guessing (issue 9 #8, #9, #10)', () => {
  it('sign-up applies its limits before it looks at the coupon', async () => {
    const client = t.client('203.0.113.77');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await signUp(client, uniqueEmail('guess'), { coupon: `GUESS${i}` });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  async function wrongCodes(email: string, count: number) {
    const results: number[] = [];
    for (let i = 0; i < count; i++) {
      // From many addresses, so the per-client limit is not what stops it.
      const res = await post(
        t.client(`100.64.${Math.floor(i / 200)}.${i % 200}`),
        '/api/account/sign-in',
        {
          email,
          code: String(100000 + i),
        },
      );
      results.push(res.status);
    }
    return results;
  }

  it('counts wrong codes per account across codes, pauses, and tells the owner once', async () => {
    const { email } = await t.member();
    const statuses = await wrongCodes(email, CODE_FAILURES_PER_ACCOUNT);
    expect(statuses.every((s) => s === 400)).toBe(true);
    // New codes bring no fresh tries: even the right code waits out the pause.
    const client = t.client('192.0.2.200');
    await post(client, '/api/account/send-code', { email });
    const code = await t.lastCode(email);
    const paused = await post(client, '/api/account/sign-in', { email, code });
    expect(paused.status).toBe(429);
    expect((await paused.json()).message).toMatch(/Too many wrong codes for this account/);
    await t.deps.mailer.idle();
    expect(mailsTo(email).filter((m) => m.kind === 'code_lockout_notice')).toHaveLength(1);
  });

  it('an unknown e-mail goes through the same steps: same answers, same pause', async () => {
    const email = uniqueEmail('nobody');
    const statuses = await wrongCodes(email, CODE_FAILURES_PER_ACCOUNT + 1);
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    await t.deps.mailer.idle();
    expect(mailsTo(email)).toHaveLength(0);
  });
});

describe('found by the review of the running product', () => {
  it('past the per-address mail ceiling, strangers still cannot keep the owner from a working code', async () => {
    const owner = await t.member();
    await post(owner.client, '/api/account/sign-out', {});
    for (let i = 0; i < 25; i++) {
      const res = await post(t.client(`198.18.0.${i + 1}`), '/api/account/send-code', {
        email: owner.email,
      });
      expect(res.status).toBe(200);
    }
    // Five wrong guesses kill the live code...
    for (let i = 0; i < 5; i++)
      await post(t.client(`198.18.1.${i + 1}`), '/api/account/sign-in', {
        email: owner.email,
        code: String(200000 + i),
      });
    // ...and the owner, from their own address, is mailed a new one that works.
    const ownerClient = t.client('192.0.2.77');
    const before = mailsTo(owner.email).length;
    expect((await post(ownerClient, '/api/account/send-code', { email: owner.email })).status).toBe(
      200,
    );
    await waitForMails(owner.email, before + 1);
    const code = await t.lastCode(owner.email);
    const res = await post(ownerClient, '/api/account/sign-in', { email: owner.email, code });
    expect(res.status).toBe(200);
  });

  it('a coupon given at sign-up is granted when the address is verified on the sign-in page', async () => {
    await makeCoupon('LATER3');
    const email = uniqueEmail('later');
    // The same browser: a sign-up's choices count only where it was made (decision 0072).
    const client = t.client();
    await signUp(client, email, { coupon: 'LATER3' });
    const code = await t.lastCode(email);
    const res = await post(client, '/api/account/sign-in', { email, code });
    expect(res.status).toBe(200);
    const sub = await (await client.request('/api/subscription')).json();
    expect(sub.status).toBe('trialing');
  });

  it('after a repeat sign-up, the mailed sign-in code works on the verify page', async () => {
    const { email } = await t.member();
    const client = t.client();
    expect((await signUp(client, email)).status).toBe(201);
    await waitForMails(email, 2);
    const code = await t.lastCode(email);
    const res = await post(client, '/api/account/verify-email', { email, code });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, monthsFree: 0 });
    const session = await (await client.request('/api/account/session')).json();
    expect(session.user.email).toBe(email);
  });

  it("a stranger's earlier sign-up does not name the owner's account", async () => {
    const email = uniqueEmail('claimed');
    await signUp(t.client('198.18.2.1'), email, { displayName: 'I am a fake' });
    const owner = t.client('198.18.2.2');
    await signUp(owner, email, { displayName: 'Real Person' });
    await post(owner, '/api/account/verify-email', { email, code: await t.lastCode(email) });
    const session = await (await owner.request('/api/account/session')).json();
    expect(session.user.displayName).toBe('Real Person');
  });

  it('a NUL or an over-long coupon at verification is a 422, before anything is verified', async () => {
    const email = uniqueEmail('nul');
    const client = t.client();
    await signUp(client, email);
    const code = await t.lastCode(email);
    const nul = await post(client, '/api/account/verify-email', {
      email,
      code,
      coupon: 'A\u0000B',
    });
    expect(nul.status).toBe(422);
    const badInvite = await post(client, '/api/account/verify-email', {
      email,
      code,
      invite: 'x'.repeat(300),
    });
    expect(badInvite.status).toBe(422);
    expect((await badInvite.json()).message).toBe(msg.invalidInviteLink);
    // The code was not spent by the refused requests.
    expect((await post(client, '/api/account/verify-email', { email, code })).status).toBe(200);
  });

  it('a long refusal says how long, in words', async () => {
    const client = t.client('203.0.113.90');
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) last = await signUp(client, uniqueEmail('many'));
    expect(last!.status).toBe(429);
    expect((await last!.json()).message).toBe('Too many attempts. Please try again in 1 hour.');
  });

  it('deleting an account keeps the limits of an address that merely contains it', async () => {
    const victim = await t.member();
    const lookalike = `k${victim.email}`;
    for (let i = 0; i < CODE_FAILURES_PER_ACCOUNT; i++)
      await post(t.client(`198.18.3.${i + 1}`), '/api/account/sign-in', {
        email: lookalike,
        code: String(300000 + i),
      });
    const res = await post(victim.client, '/api/account/delete', { confirmation: 'DELETE' });
    expect(res.status).toBe(200);
    const paused = await post(t.client('198.18.4.1'), '/api/account/sign-in', {
      email: lookalike,
      code: '123456',
    });
    expect(paused.status).toBe(429);
  });
});

describe('buddy invites (issue 9 #11)', () => {
  it("a failed invite does not spend one of the day's 10", async () => {
    const inviter = await t.member();
    const realSend = t.deps.mailer.send;
    t.deps.mailer.send = async () => ({ ok: false });
    try {
      const failed = await post(inviter.client, '/api/invites', { email: uniqueEmail('lost') });
      expect(failed.status).toBe(503);
      expect((await failed.json()).message).toBe(msg.couldNotSendInvite);
    } finally {
      t.deps.mailer.send = realSend;
    }
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await post(inviter.client, '/api/invites', { email: uniqueEmail('buddy') })).status,
      );
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    const rows = await t.deps.db
      .select()
      .from(invites)
      .where(eq(invites.inviterUserId, inviter.userId));
    expect(rows).toHaveLength(10);
  });
});

describe('coupon redemptions table', () => {
  it('keeps one row per coupon and account', async () => {
    const rows = await t.deps.db
      .select()
      .from(couponRedemptions)
      .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
      .where(and(eq(coupons.code, 'ONCEONLY')));
    expect(rows).toHaveLength(1);
  });
});
