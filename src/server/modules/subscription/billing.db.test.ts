import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { msg } from '@shared/messages';
import { createTestApp, setUpTestApp, type TestApp } from '../../testing/test-app';
import { databaseLabel } from '../../testing/test-database';
import {
  auditEvents,
  billingEvents,
  couponRedemptions,
  coupons,
  subscriptions,
} from '../../db/schema';
import { expireEndedPeriods } from './expiry';
import { useStripeAdapter } from './provider';
import { grantComp } from './grants';
import type { StripeAdapter, StripeSubscriptionState } from './stripe-adapter';

const DAY = 86_400_000;
const days = (iso: string | null) => Math.round((new Date(iso!).getTime() - Date.now()) / DAY);

async function subscriptionOf(t: TestApp, userId: string) {
  const [row] = await t.deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row;
}

async function auditCount(t: TestApp, userId: string, action: string) {
  const rows = await t.deps.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetId, userId), eq(auditEvents.action, action)));
  return rows.length;
}

describe(`built-in provider (${databaseLabel})`, () => {
  const t = setUpTestApp();

  it('says which provider this server uses, to anyone', async () => {
    const res = await t.client().request('/api/subscription/provider');
    expect(await res.json()).toEqual({
      provider: 'builtin',
      requireSubscription: false,
      contact: null,
    });
  });

  it('refuses a paid plan clearly, and starts the trial without a card', async () => {
    const m = await t.member();
    const paid = await m.client.request('/api/subscription/checkout', {
      method: 'POST',
      json: { priceId: 'price_monthly_9_usd' },
    });
    expect(paid.status).toBe(409);
    expect((await paid.json()).message).toBe(msg.paymentsNotConfigured);
    expect(await subscriptionOf(t, m.userId)).toBeUndefined();

    const portal = await m.client.request('/api/subscription/portal', { method: 'POST' });
    expect(portal.status).toBe(409);
    expect((await portal.json()).message).toBe(msg.paymentsNotConfigured);

    const trial = await m.client.request('/api/subscription/checkout', {
      method: 'POST',
      json: { trial: true, requireCard: false },
    });
    expect(trial.status).toBe(200);
    const body = await trial.json();
    expect(body.url).toBeNull();
    expect(body.subscription).toMatchObject({ status: 'trialing', subscribed: true });
    expect(days(body.subscription.currentPeriodEnd)).toBe(30);

    const again = await m.client.request('/api/subscription/checkout', {
      method: 'POST',
      json: { trial: true },
    });
    expect((await again.json()).subscription.currentPeriodEnd).toBe(
      body.subscription.currentPeriodEnd,
    );
    expect(await auditCount(t, m.userId, 'subscription.trial_start')).toBe(1);
  });

  it('refuses an unknown price id', async () => {
    const m = await t.member();
    const res = await m.client.request('/api/subscription/checkout', {
      method: 'POST',
      json: { priceId: 'price_free_forever' },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe(msg.invalidPlan);
  });

  it('refuses a change of plan without a subscription, and changes nothing', async () => {
    const m = await t.member();
    const res = await m.client.request('/api/subscription/change-plan', {
      method: 'POST',
      json: { priceId: 'price_yearly_90_usd' },
    });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(msg.noSubscriptionToChange);
    expect(await subscriptionOf(t, m.userId)).toBeUndefined();
  });

  it('asks for sign-in before any billing action', async () => {
    for (const path of ['/checkout', '/portal', '/change-plan']) {
      const res = await t.client().request(`/api/subscription${path}`, {
        method: 'POST',
        json: { priceId: 'price_yearly_90_usd' },
      });
      expect(res.status).toBe(401);
    }
  });

  it('has no webhook endpoint without Stripe', async () => {
    const res = await t.client().request('/api/subscription/webhook', {
      method: 'POST',
      body: '{}',
      headers: { 'stripe-signature': 't=1,v1=00' },
    });
    expect(res.status).toBe(404);
  });

  it('ends trials and free months on time, once, even with two runs at once', async () => {
    const ended = await t.member();
    const running = await t.member();
    const now = new Date();
    await t.deps.db.insert(subscriptions).values([
      { userId: ended.userId, status: 'trialing', currentPeriodEnd: new Date(now.getTime() - 1) },
      {
        userId: running.userId,
        status: 'trialing',
        currentPeriodEnd: new Date(now.getTime() + DAY),
      },
    ]);
    const [a, b] = await Promise.all([
      expireEndedPeriods(t.system('billing-expiry', () => now)),
      expireEndedPeriods(t.system('billing-expiry', () => now)),
    ]);
    expect(a.expired + b.expired).toBe(1);
    const res = await ended.client.request('/api/subscription');
    expect(await res.json()).toMatchObject({ status: 'inactive', subscribed: false });
    expect((await subscriptionOf(t, running.userId)).status).toBe('trialing');
    expect(await auditCount(t, ended.userId, 'subscription.expire')).toBe(1);
    expect((await expireEndedPeriods(t.system('billing-expiry', () => now))).expired).toBe(0);
  });

  it('lets only the system or an admin run the expiry', async () => {
    const m = await t.member();
    await expect(expireEndedPeriods(await t.contextFor(m.userId))).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it('grants month comps and lifetime comps, audited, for admins only', async () => {
    const m = await t.member();
    await expect(
      grantComp(await t.contextFor(m.userId), { userId: m.userId, comp: 12 }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    expect(await subscriptionOf(t, m.userId)).toBeUndefined();

    const three = await grantComp(t.system('admin-test'), { userId: m.userId, comp: '3' });
    expect(three).toMatchObject({ status: 'active', comp: '3', subscribed: true });
    expect(days(three.currentPeriodEnd)).toBe(90);

    const none = await grantComp(t.system('admin-test'), { userId: m.userId, comp: 'none' });
    expect(none.currentPeriodEnd).toBe(three.currentPeriodEnd);

    const lifetime = await grantComp(t.system('admin-test'), {
      userId: m.userId,
      comp: 'lifetime',
    });
    expect(lifetime).toMatchObject({ status: 'active', comp: 'lifetime', currentPeriodEnd: null });
    expect(await auditCount(t, m.userId, 'subscription.comp')).toBe(2);

    // Free for life: the expiry job never ends it, and free months leave it as it is.
    const later = new Date(Date.now() + 400 * DAY);
    await expireEndedPeriods(t.system('billing-expiry', () => later));
    expect(await subscriptionOf(t, m.userId)).toMatchObject({ status: 'active', comp: 'lifetime' });

    await expect(
      grantComp(t.system('admin-test'), { userId: 'no-such-user', comp: 1 }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('ends a month comp when its months are over', async () => {
    const m = await t.member();
    await grantComp(t.system('admin-test'), { userId: m.userId, comp: 1 });
    await expireEndedPeriods(t.system('billing-expiry', () => new Date(Date.now() + 29 * DAY)));
    expect((await subscriptionOf(t, m.userId)).status).toBe('active');
    await expireEndedPeriods(t.system('billing-expiry', () => new Date(Date.now() + 31 * DAY)));
    expect(await subscriptionOf(t, m.userId)).toMatchObject({ status: 'inactive', comp: null });
  });

  it('gives a raced coupon to exactly as many sign-ups as it has uses left', async () => {
    await t.deps.db
      .insert(coupons)
      .values({ code: 'RACE10', monthsFree: 2, maxRedemptions: 15, redeemedCount: 5 });
    const people = Array.from({ length: 50 }, (_, i) => ({
      client: t.client(),
      email: `racer${i}-${Date.now()}@example.com`,
    }));
    for (const p of people) {
      const res = await p.client.request('/api/account/sign-up', {
        method: 'POST',
        json: {
          displayName: 'Racer',
          email: p.email,
          password: 'correct horse 1',
          acceptTerms: true,
          timeZone: 'UTC',
          coupon: ' race10 ',
        },
      });
      expect(res.status).toBe(201);
    }
    await t.resetLimits();
    const codes = await Promise.all(people.map((p) => t.lastCode(p.email)));
    const verified = await Promise.all(
      people.map((p, i) =>
        p.client.request('/api/account/verify-email', {
          method: 'POST',
          json: { email: p.email, code: codes[i], coupon: 'race10' },
        }),
      ),
    );
    const bodies = await Promise.all(verified.map((r) => r.json()));
    expect(verified.every((r) => r.status === 200)).toBe(true);
    expect(bodies.filter((b) => b.monthsFree === 2)).toHaveLength(10);
    const [coupon] = await t.deps.db.select().from(coupons).where(eq(coupons.code, 'RACE10'));
    expect(coupon.redeemedCount).toBe(15);
    const [{ count }] = await t.deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, coupon.id));
    expect(count).toBe(10);
  }, 120_000);
});

describe(`built-in provider, after free time ends (${databaseLabel})`, () => {
  // Decision 0034: without Stripe, a member whose free time has ended is told where to ask for more
  // (BILLING_CONTACT), and an admin sees whose access has ended and gives a comp from there.
  const t = setUpTestApp({ BILLING_CONTACT: 'help@stackdays.test' });

  async function endedMember() {
    const m = await t.member();
    await t.deps.db
      .insert(subscriptions)
      .values({ userId: m.userId, status: 'trialing', currentPeriodEnd: new Date(Date.now() - 1) });
    await expireEndedPeriods(t.system('billing-expiry'));
    return m;
  }

  it('tells a member whose trial has ended where to ask for more time, and changes nothing', async () => {
    const m = await endedMember();
    const provider = await t.client().request('/api/subscription/provider');
    expect(await provider.json()).toMatchObject({ contact: 'help@stackdays.test' });
    const view = await (await m.client.request('/api/subscription')).json();
    expect(view).toMatchObject({ status: 'inactive', contact: 'help@stackdays.test' });

    const before = await subscriptionOf(t, m.userId);
    const paid = await m.client.request('/api/subscription/checkout', {
      method: 'POST',
      json: { priceId: 'price_yearly_90_usd' },
    });
    expect(paid.status).toBe(409);
    expect((await paid.json()).message).toBe(
      'This server takes no payments. To keep going, ask for more time: help@stackdays.test',
    );
    const trial = await m.client.request('/api/subscription/checkout', {
      method: 'POST',
      json: { trial: true },
    });
    expect(trial.status).toBe(409);
    expect((await trial.json()).message).toBe(
      'Your free trial has already been used. This server takes no payments. To keep going, ask for more time: help@stackdays.test',
    );
    expect(await subscriptionOf(t, m.userId)).toEqual(before);
  });

  it("shows admins whose access has ended, and an admin's comp gives it back", async () => {
    const m = await endedMember();
    const running = await t.member();
    await grantComp(t.system('admin-test'), { userId: running.userId, comp: '1' });
    const admin = await t.member();
    await t.setAdminFlag(admin.userId);

    const list = async () =>
      (
        (await (await admin.client.request('/api/admin/subscriptions')).json()) as {
          subscriptions: { userId: string; accessEnded: boolean; comp: string | null }[];
        }
      ).subscriptions;
    expect((await list()).find((s) => s.userId === m.userId)).toMatchObject({
      accessEnded: true,
      comp: null,
    });
    expect((await list()).find((s) => s.userId === running.userId)).toMatchObject({
      accessEnded: false,
      comp: '1',
    });

    // Only admins give comps.
    const self = await m.client.request(`/api/admin/users/${m.userId}/comp`, {
      method: 'POST',
      json: { comp: 'lifetime' },
    });
    expect(self.status).toBe(403);
    const bad = await admin.client.request(`/api/admin/users/${m.userId}/comp`, {
      method: 'POST',
      json: { comp: '5' },
    });
    expect(bad.status).toBe(422);
    expect((await subscriptionOf(t, m.userId)).status).toBe('inactive');

    const given = await admin.client.request(`/api/admin/users/${m.userId}/comp`, {
      method: 'POST',
      json: { comp: '3' },
    });
    expect(given.status).toBe(200);
    const after = await (await m.client.request('/api/subscription')).json();
    expect(after).toMatchObject({ status: 'active', comp: '3', subscribed: true });
    expect(days(after.currentPeriodEnd)).toBe(90);
    expect((await list()).find((s) => s.userId === m.userId)).toMatchObject({
      accessEnded: false,
    });
    expect(await auditCount(t, m.userId, 'subscription.comp')).toBe(1);
  });
});

describe(`REQUIRE_SUBSCRIPTION (${databaseLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      REQUIRE_SUBSCRIPTION: '1',
      ADMIN_EMAILS: 'boss-billing@example.com',
    });
  });
  afterAll(() => t.close());

  it('keeps unsubscribed members out of member routes, but not out of billing or their account', async () => {
    const m = await t.member();
    const today = await m.client.request('/api/checkins/today');
    expect(today.status).toBe(403);
    expect((await today.json()).message).toBe(msg.subscriptionRequired);
    expect((await m.client.request('/api/subscription')).status).toBe(200);
    expect((await m.client.request('/api/account/session')).status).toBe(200);
    expect(await (await m.client.request('/api/subscription/provider')).json()).toMatchObject({
      requireSubscription: true,
    });

    await m.client.request('/api/subscription/start-trial', { method: 'POST' });
    expect((await m.client.request('/api/checkins/today')).status).toBe(200);

    // The trial ends: out again, on time.
    await expireEndedPeriods(t.system('billing-expiry', () => new Date(Date.now() + 31 * DAY)));
    expect((await m.client.request('/api/checkins/today')).status).toBe(403);
  });

  it('lets admins through, and leaves signed-out callers to the route', async () => {
    const admin = await t.member({ email: 'boss-billing@example.com' });
    expect((await admin.client.request('/api/checkins/today')).status).toBe(200);
    expect((await t.client().request('/api/checkins/today')).status).toBe(401);
  });
});

// ---------------------------------------------------------------------------------------------
// Stripe: the adapter is replaced (the API cannot be reached here); signatures are real.
// ---------------------------------------------------------------------------------------------

const WEBHOOK_SECRET = 'whsec_test_billing';

class FakeStripe implements StripeAdapter {
  calls: Array<{ name: string; input: unknown }> = [];
  subscriptions = new Map<string, StripeSubscriptionState>();
  private customers = 0;
  async createCustomer(input: { email: string; userId: string }) {
    this.calls.push({ name: 'createCustomer', input });
    return `cus_test_${++this.customers}`;
  }
  async createCheckoutSession(input: unknown) {
    this.calls.push({ name: 'createCheckoutSession', input });
    return 'https://checkout.stripe.test/session';
  }
  async createPortalSession(input: { customerId: string; returnUrl: string }) {
    this.calls.push({ name: 'createPortalSession', input });
    return `https://billing.stripe.test/${input.customerId}`;
  }
  async retrieveSubscription(id: string) {
    this.calls.push({ name: 'retrieveSubscription', input: id });
    const found = this.subscriptions.get(id);
    if (!found) throw new Error(`no subscription ${id}`);
    return found;
  }
  async changeSubscriptionPrice(input: { subscriptionId: string; priceId: string }) {
    this.calls.push({ name: 'changeSubscriptionPrice', input });
    const current = this.subscriptions.get(input.subscriptionId)!;
    const next = { ...current, priceId: input.priceId };
    this.subscriptions.set(input.subscriptionId, next);
    return next;
  }
  async cancelSubscription(id: string) {
    this.calls.push({ name: 'cancelSubscription', input: id });
    return true;
  }
  called(name: string) {
    return this.calls.filter((c) => c.name === name);
  }
}

let eventSeq = 0;
function subscriptionEvent(input: {
  type?: string;
  id?: string;
  created: number;
  subscriptionId?: string;
  customer: string;
  status: string;
  periodEnd: number;
  priceId?: string;
  userId?: string;
}) {
  return {
    id: input.id ?? `evt_test_${++eventSeq}_${Date.now()}`,
    object: 'event',
    type: input.type ?? 'customer.subscription.updated',
    created: input.created,
    data: {
      object: {
        id: input.subscriptionId ?? 'sub_test_1',
        object: 'subscription',
        customer: input.customer,
        status: input.status,
        trial_end: null,
        metadata: input.userId ? { userId: input.userId } : {},
        items: {
          object: 'list',
          data: [
            {
              id: 'si_test_1',
              current_period_end: input.periodEnd,
              price: { id: input.priceId ?? 'price_live_month' },
            },
          ],
        },
      },
    },
  };
}

describe(`Stripe provider (${databaseLabel})`, () => {
  let t: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_billing',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: 'price_live_month',
      STRIPE_PRICE_YEARLY: 'price_live_year',
    });
    fake = new FakeStripe();
    useStripeAdapter(t.deps.config, fake);
  });
  afterAll(() => t.close());

  async function deliver(event: object, options: { secret?: string; signature?: string } = {}) {
    const payload = JSON.stringify(event);
    const signature =
      options.signature ??
      Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? WEBHOOK_SECRET,
      });
    return t.client().request('/api/subscription/webhook', {
      method: 'POST',
      body: payload,
      headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
    });
  }

  /** A member who opened checkout: Stripe knows them as a customer. */
  async function customer() {
    const m = await t.member();
    const res = await m.client.request('/api/subscription/checkout', {
      method: 'POST',
      json: { trial: true, requireCard: false },
    });
    expect(res.status).toBe(200);
    const row = await subscriptionOf(t, m.userId);
    return { ...m, customerId: row.stripeCustomerId! };
  }

  const inDays = (n: number) => Math.floor((Date.now() + n * DAY) / 1000);
  const nowSec = () => Math.floor(Date.now() / 1000);

  it('opens checkout for the trial without a card, with the configured monthly price', async () => {
    const m = await t.member();
    const res = await m.client.request('/api/subscription/checkout', {
      method: 'POST',
      json: { trial: true, requireCard: false },
    });
    expect(await res.json()).toMatchObject({
      url: 'https://checkout.stripe.test/session',
      subscription: { status: 'inactive', subscribed: false },
    });
    expect(fake.called('createCheckoutSession').at(-1)!.input).toMatchObject({
      userId: m.userId,
      priceId: 'price_live_month',
      trialDays: 30,
      requireCard: false,
    });
    const row = await subscriptionOf(t, m.userId);
    expect(row.stripeCustomerId).toMatch(/^cus_test_/);
  });

  it('starts trials only through Checkout, never as a local trial Stripe does not know', async () => {
    const m = await t.member();
    const res = await m.client.request('/api/subscription/start-trial', { method: 'POST' });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(msg.trialStartsAtCheckout);
    expect(await subscriptionOf(t, m.userId)).toBeUndefined();
  });

  it('takes the card at checkout when the box is unticked, and prices the yearly plan', async () => {
    const m = await t.member();
    await m.client.request('/api/subscription/checkout', {
      method: 'POST',
      json: { trial: true, requireCard: true },
    });
    expect(fake.called('createCheckoutSession').at(-1)!.input).toMatchObject({ requireCard: true });
    await m.client.request('/api/subscription/checkout', {
      method: 'POST',
      json: { priceId: 'price_yearly_90_usd' },
    });
    expect(fake.called('createCheckoutSession').at(-1)!.input).toMatchObject({
      priceId: 'price_live_year',
      requireCard: true,
      trialDays: undefined,
    });
    // One customer per member, however many times checkout opens.
    expect(
      fake
        .called('createCustomer')
        .filter((c) => (c.input as { userId: string }).userId === m.userId),
    ).toHaveLength(1);
  });

  it("tells the member Checkout's result only once its signed webhook has landed", async () => {
    // A member on free days is already 'subscribed': only stripeManaged says Stripe has the plan.
    const m = await t.member();
    await t.deps.db.insert(subscriptions).values({
      userId: m.userId,
      status: 'trialing',
      currentPeriodEnd: new Date(Date.now() + DAY),
    });
    const opened = await m.client.request('/api/subscription/checkout', {
      method: 'POST',
      json: { priceId: 'price_monthly_9_usd' },
    });
    expect(opened.status).toBe(200);
    const view = async () => (await m.client.request('/api/subscription')).json();
    expect(await view()).toMatchObject({ subscribed: true, stripeManaged: false });
    const row = await subscriptionOf(t, m.userId);
    await deliver(
      subscriptionEvent({
        type: 'customer.subscription.created',
        created: nowSec(),
        subscriptionId: `sub_late_${m.userId}`,
        customer: row.stripeCustomerId!,
        status: 'trialing',
        periodEnd: inDays(1),
      }),
    );
    expect(await view()).toMatchObject({ status: 'trialing', stripeManaged: true });
  });

  it('keeps the subscription in step with signed webhooks', async () => {
    const m = await customer();
    const res = await deliver(
      subscriptionEvent({
        type: 'customer.subscription.created',
        created: nowSec(),
        subscriptionId: 'sub_step',
        customer: m.customerId,
        status: 'trialing',
        periodEnd: inDays(30),
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'applied' });
    const view = await (await m.client.request('/api/subscription')).json();
    expect(view).toMatchObject({ status: 'trialing', subscribed: true, plan: 'monthly' });
    expect(days(view.currentPeriodEnd)).toBe(30);
    const row = await subscriptionOf(t, m.userId);
    expect(row).toMatchObject({ stripeSubscriptionId: 'sub_step', stripeCustomerId: m.customerId });
    expect(await auditCount(t, m.userId, 'subscription.stripe_sync')).toBe(1);

    await deliver(
      subscriptionEvent({
        type: 'customer.subscription.deleted',
        created: nowSec() + 5,
        subscriptionId: 'sub_step',
        customer: m.customerId,
        status: 'canceled',
        periodEnd: inDays(30),
      }),
    );
    expect(await (await m.client.request('/api/subscription')).json()).toMatchObject({
      status: 'canceled',
      subscribed: false,
    });
  });

  it('refuses a forged or missing signature and changes nothing', async () => {
    const m = await customer();
    const event = subscriptionEvent({
      created: nowSec(),
      customer: m.customerId,
      status: 'active',
      periodEnd: inDays(365),
    });
    const forged = await deliver(event, { secret: 'whsec_attacker' });
    expect(forged.status).toBe(400);
    expect((await forged.json()).message).toBe(msg.invalidWebhook);
    const unsigned = await t.client().request('/api/subscription/webhook', {
      method: 'POST',
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    // A valid signature over a different body.
    const other = JSON.stringify({ ...event, id: 'evt_other' });
    const swapped = await deliver(event, {
      signature: Stripe.webhooks.generateTestHeaderString({
        payload: other,
        secret: WEBHOOK_SECRET,
      }),
    });
    expect(swapped.status).toBe(400);
    expect((await subscriptionOf(t, m.userId)).status).toBe('inactive');
    const stored = await t.deps.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.id, event.id));
    expect(stored).toHaveLength(0);
  });

  it('handles a replayed event once', async () => {
    const m = await customer();
    const event = subscriptionEvent({
      created: nowSec(),
      subscriptionId: 'sub_replay',
      customer: m.customerId,
      status: 'active',
      periodEnd: inDays(30),
    });
    expect(await (await deliver(event)).json()).toMatchObject({ outcome: 'applied' });
    // Meanwhile the member changed something else; the replay must not undo it.
    await t.deps.db
      .update(subscriptions)
      .set({ status: 'past_due' })
      .where(eq(subscriptions.userId, m.userId));
    const replay = await deliver(event);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await subscriptionOf(t, m.userId)).status).toBe('past_due');
    expect(await auditCount(t, m.userId, 'subscription.stripe_sync')).toBe(1);
  });

  it('never moves backwards when events arrive out of order', async () => {
    const m = await customer();
    const created = nowSec();
    const trialing = subscriptionEvent({
      type: 'customer.subscription.created',
      created,
      subscriptionId: 'sub_order',
      customer: m.customerId,
      status: 'trialing',
      periodEnd: inDays(30),
    });
    const active = subscriptionEvent({
      created: created + 60,
      subscriptionId: 'sub_order',
      customer: m.customerId,
      status: 'active',
      periodEnd: inDays(60),
    });
    expect(await (await deliver(active)).json()).toMatchObject({ outcome: 'applied' });
    expect(await (await deliver(trialing)).json()).toMatchObject({ outcome: 'stale' });
    const row = await subscriptionOf(t, m.userId);
    expect(row.status).toBe('active');
    expect(Math.round((row.currentPeriodEnd!.getTime() - Date.now()) / DAY)).toBe(60);
  });

  it('asks Stripe for the current state when two events share a second', async () => {
    const m = await customer();
    const second = nowSec();
    fake.subscriptions.set('sub_tie', {
      id: 'sub_tie',
      customerId: m.customerId,
      status: 'active',
      currentPeriodEnd: new Date(inDays(30) * 1000),
      priceId: 'price_live_year',
      userId: m.userId,
    });
    const base = {
      created: second,
      subscriptionId: 'sub_tie',
      customer: m.customerId,
      periodEnd: inDays(30),
    };
    await deliver(subscriptionEvent({ ...base, status: 'active' }));
    const late = await deliver(
      subscriptionEvent({ ...base, type: 'customer.subscription.created', status: 'incomplete' }),
    );
    expect(await late.json()).toMatchObject({ outcome: 'applied' });
    expect(await subscriptionOf(t, m.userId)).toMatchObject({
      status: 'active',
      priceId: 'price_live_year',
    });
  });

  it('answers an event for an unknown customer without changing anything', async () => {
    const before = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(subscriptions);
    const res = await deliver(
      subscriptionEvent({
        created: nowSec(),
        customer: 'cus_nobody',
        status: 'active',
        periodEnd: inDays(30),
        userId: 'not-a-member',
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'unknown_customer' });
    const after = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(subscriptions);
    expect(after[0].n).toBe(before[0].n);
  });

  it('changes the plan of a Stripe subscription, and refuses without one', async () => {
    const none = await t.member();
    const calls = fake.called('changeSubscriptionPrice').length;
    const refused = await none.client.request('/api/subscription/change-plan', {
      method: 'POST',
      json: { priceId: 'price_yearly_90_usd' },
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(msg.noSubscriptionToChange);
    expect(fake.called('changeSubscriptionPrice')).toHaveLength(calls);

    const m = await customer();
    const state = {
      id: 'sub_plan',
      customerId: m.customerId,
      status: 'active',
      currentPeriodEnd: new Date(inDays(20) * 1000),
      priceId: 'price_live_month',
      userId: m.userId,
    };
    fake.subscriptions.set('sub_plan', state);
    await deliver(
      subscriptionEvent({
        created: nowSec(),
        subscriptionId: 'sub_plan',
        customer: m.customerId,
        status: 'active',
        periodEnd: inDays(20),
      }),
    );
    const res = await m.client.request('/api/subscription/change-plan', {
      method: 'POST',
      json: { priceId: 'price_yearly_90_usd' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      url: null,
      subscription: { status: 'active', plan: 'yearly', priceId: 'price_live_year' },
    });
    expect(fake.called('changeSubscriptionPrice').at(-1)!.input).toEqual({
      subscriptionId: 'sub_plan',
      priceId: 'price_live_year',
    });
    expect(await auditCount(t, m.userId, 'subscription.change_plan')).toBe(1);

    const portal = await m.client.request('/api/subscription/portal', { method: 'POST' });
    expect(await portal.json()).toEqual({ url: `https://billing.stripe.test/${m.customerId}` });
  });

  it('sends a member on free days to checkout whose trial keeps those days', async () => {
    const m = await t.member();
    await grantComp(t.system('admin-test'), { userId: m.userId, comp: 1 });
    const res = await m.client.request('/api/subscription/change-plan', {
      method: 'POST',
      json: { priceId: 'price_monthly_9_usd' },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).url).toBe('https://checkout.stripe.test/session');
    const input = fake.called('createCheckoutSession').at(-1)!.input as { trialEnd: Date };
    expect(Math.round((input.trialEnd.getTime() - Date.now()) / DAY)).toBe(30);
  });

  it('leaves Stripe-managed trials to Stripe in the expiry job', async () => {
    const m = await customer();
    await deliver(
      subscriptionEvent({
        created: nowSec(),
        subscriptionId: 'sub_expiry',
        customer: m.customerId,
        status: 'trialing',
        periodEnd: inDays(1),
      }),
    );
    await expireEndedPeriods(t.system('billing-expiry', () => new Date(Date.now() + 2 * DAY)));
    expect((await subscriptionOf(t, m.userId)).status).toBe('trialing');
  });
});
