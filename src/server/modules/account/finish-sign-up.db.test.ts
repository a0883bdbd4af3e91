import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { msg } from '@shared/messages';
import { setUpTestApp, type TestClient } from '../../testing/test-app';
import { databaseLabel } from '../../testing/test-database';
import { consents, coupons, user } from '../../db/schema';
import { createInvitedAccount } from './admin-invite';

// Issue 41 item 8 (decision 0095): a member signs up on one device and enters the code on another.
// The account rightly starts afresh (decision 0072), but it says so: the session tells the app that
// no name was chosen and no terms accepted, and the app asks for both before it opens.

const t = setUpTestApp();

let n = 0;
const uniqueEmail = (prefix: string) => `${prefix}${++n}-${Date.now()}@example.com`;

const post = (client: TestClient, path: string, json: unknown) =>
  client.request(path, { method: 'POST', json });

async function sessionUser(client: TestClient) {
  const body = await (await client.request('/api/account/session')).json();
  return body.user as { displayName: string; signUpUnfinished?: true } | null;
}

async function termsAcceptedAt(client: TestClient): Promise<string | null> {
  const body = await (await client.request('/api/settings')).json();
  return body.consents.tosAcceptedAt;
}

/** Signs up in one browser (its sealed sign-up stays there) and returns it. */
async function signUpElsewhere(email: string, extra: Record<string, unknown> = {}) {
  const device = t.client();
  const res = await post(device, '/api/account/sign-up', {
    displayName: 'Robin Real',
    email,
    password: 'robin pass 1',
    acceptTerms: true,
    ...extra,
  });
  expect(res.status).toBe(201);
  return device;
}

describe(`a code entered on another device than the sign-up's (${databaseLabel})`, () => {
  it('opens an account that says it has no name chosen and no terms accepted, until the member gives them', async () => {
    await t.deps.db.insert(coupons).values({ code: 'LOSTCOUPON', monthsFree: 2 });
    const email = uniqueEmail('two-devices');
    await signUpElsewhere(email, { coupon: 'LOSTCOUPON' });

    // The second device: the verify page, no sealed sign-up of its own.
    const phone = t.client();
    const verified = await post(phone, '/api/account/verify-email', {
      email,
      code: await t.lastCode(email),
    });
    expect(verified.status).toBe(200);
    expect((await verified.json()).monthsFree).toBe(0);
    const localPart = email.split('@')[0];
    expect(await sessionUser(phone)).toMatchObject({
      displayName: localPart,
      signUpUnfinished: true,
    });
    expect(await termsAcceptedAt(phone)).toBeNull();

    // The name and the terms are both required, with the sign-up form's own messages.
    for (const [body, field, message] of [
      [{ displayName: 'Robin' }, 'acceptTerms', msg.acceptTerms],
      [{ displayName: 'Robin', acceptTerms: false }, 'acceptTerms', msg.acceptTerms],
      [{ displayName: '   ', acceptTerms: true }, 'displayName', msg.fillInDisplayName],
      [{ acceptTerms: true }, 'displayName', msg.fillInDisplayName],
    ] as const) {
      const refused = await post(phone, '/api/account/finish-sign-up', body);
      expect(refused.status).toBe(422);
      expect((await refused.json()).details.fields[field]).toBe(message);
    }
    const nul = await post(phone, '/api/account/finish-sign-up', {
      displayName: 'Rob\u0000in',
      acceptTerms: true,
    });
    expect(nul.status).toBe(422);
    const long = await post(phone, '/api/account/finish-sign-up', {
      displayName: 'R'.repeat(10_000),
      acceptTerms: true,
    });
    expect(long.status).toBe(422);
    expect((await sessionUser(phone))?.signUpUnfinished).toBe(true);

    const before = Date.now();
    const finished = await post(phone, '/api/account/finish-sign-up', {
      displayName: '  Robin  ',
      acceptTerms: true,
    });
    expect(finished.status).toBe(200);
    // At once, in the very next read (the session cache is cleared by the write).
    const after = await sessionUser(phone);
    expect(after).toMatchObject({ displayName: 'Robin' });
    expect(after).not.toHaveProperty('signUpUnfinished');
    const accepted = await termsAcceptedAt(phone);
    expect(Date.parse(accepted!)).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await t.deps.db.select().from(user).where(eq(user.email, email));
    expect(row.name).toBe('Robin');

    // Once: another tab's late request changes nothing.
    const again = await post(phone, '/api/account/finish-sign-up', {
      displayName: 'Someone Else',
      acceptTerms: true,
    });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(msg.signUpAlreadyFinished);
    expect((await sessionUser(phone))?.displayName).toBe('Robin');
    expect(await termsAcceptedAt(phone)).toBe(accepted);
  });

  it('through the sign-in page too', async () => {
    const email = uniqueEmail('signin-elsewhere');
    await signUpElsewhere(email);
    const tablet = t.client();
    expect((await post(tablet, '/api/account/send-code', { email })).status).toBe(200);
    const res = await post(tablet, '/api/account/sign-in', {
      email,
      code: await t.lastCode(email),
    });
    expect(res.status).toBe(200);
    expect((await sessionUser(tablet))?.signUpUnfinished).toBe(true);
  });

  it('not in the browser that signed up, nor for anyone finished already', async () => {
    const email = uniqueEmail('same-device');
    const laptop = await signUpElsewhere(email);
    const res = await post(laptop, '/api/account/verify-email', {
      email,
      code: await t.lastCode(email),
    });
    expect(res.status).toBe(200);
    const me = await sessionUser(laptop);
    expect(me).toMatchObject({ displayName: 'Robin Real' });
    expect(me).not.toHaveProperty('signUpUnfinished');
    expect(await termsAcceptedAt(laptop)).not.toBeNull();
    const refused = await post(laptop, '/api/account/finish-sign-up', {
      displayName: 'Renamed',
      acceptTerms: true,
    });
    expect(refused.status).toBe(409);
    expect((await sessionUser(laptop))?.displayName).toBe('Robin Real');
  });

  it('not for an administrator’s invitee, by the link or by a code', async () => {
    const admin = await t.member();
    await t.setAdminFlag(admin.userId);
    for (const byLink of [true, false]) {
      const email = uniqueEmail(byLink ? 'invitee-link' : 'invitee-code');
      const { token } = await createInvitedAccount(await t.contextFor(admin.userId), {
        email,
        displayName: 'Invited Iris',
        isAdmin: false,
      });
      const invitee = t.client();
      if (byLink) {
        const res = await post(invitee, '/api/account/admin-invite', {
          email,
          token,
          password: 'invitee pass 1',
          acceptTerms: true,
        });
        expect(res.status).toBe(200);
      } else {
        await post(invitee, '/api/account/send-code', { email });
        const res = await post(invitee, '/api/account/sign-in', {
          email,
          code: await t.lastCode(email),
        });
        expect(res.status).toBe(200);
      }
      const me = await sessionUser(invitee);
      expect(me).toMatchObject({ displayName: 'Invited Iris' });
      expect(me).not.toHaveProperty('signUpUnfinished');
    }
  });

  it('asks a signed-out caller to sign in, and touches nobody', async () => {
    const email = uniqueEmail('unfinished-bystander');
    await signUpElsewhere(email);
    await post(t.client(), '/api/account/verify-email', { email, code: await t.lastCode(email) });
    const before = [await t.deps.db.select().from(consents), await t.deps.db.select().from(user)];
    const res = await post(t.client(), '/api/account/finish-sign-up', {
      displayName: 'Nobody',
      acceptTerms: true,
    });
    expect(res.status).toBe(401);
    expect([await t.deps.db.select().from(consents), await t.deps.db.select().from(user)]).toEqual(
      before,
    );
  });
});
