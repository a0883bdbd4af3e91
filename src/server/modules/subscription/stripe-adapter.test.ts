import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeAdapter } from './stripe-adapter';

// The real adapter and SDK against a local recorder standing in for api.stripe.com: what we send.
let server: Server;
const requests: Array<{ method: string; path: string; body: URLSearchParams }> = [];
let port = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      requests.push({ method: req.method!, path: req.url!, body: new URLSearchParams(raw) });
      res.setHeader('content-type', 'application/json');
      if (req.url!.startsWith('/v1/checkout/sessions')) {
        res.end(
          JSON.stringify({ id: 'cs_1', object: 'checkout.session', url: 'https://pay.test/cs_1' }),
        );
      } else if (req.url!.startsWith('/v1/subscriptions/sub_gone')) {
        res.statusCode = 404;
        res.end(
          JSON.stringify({
            error: { type: 'invalid_request_error', message: 'No such subscription' },
          }),
        );
      } else {
        res.end(JSON.stringify({ id: 'sub_1', object: 'subscription', status: 'canceled' }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const adapter = () =>
  createStripeAdapter('sk_test_adapter', { host: '127.0.0.1', port, protocol: 'http' });

const base = {
  customerId: 'cus_1',
  userId: 'user_1',
  priceId: 'price_live_month',
  successUrl: 'https://app.test/ok',
  cancelUrl: 'https://app.test/no',
};

describe('Stripe adapter', () => {
  it('starts a card-free trial that Stripe cancels if it ends without a card', async () => {
    const url = await adapter().createCheckoutSession({
      ...base,
      trialDays: 30,
      requireCard: false,
    });
    expect(url).toBe('https://pay.test/cs_1');
    const { body, path } = requests.at(-1)!;
    expect(path).toBe('/v1/checkout/sessions');
    expect(body.get('mode')).toBe('subscription');
    expect(body.get('customer')).toBe('cus_1');
    expect(body.get('client_reference_id')).toBe('user_1');
    expect(body.get('line_items[0][price]')).toBe('price_live_month');
    expect(body.get('payment_method_collection')).toBe('if_required');
    expect(body.get('subscription_data[trial_period_days]')).toBe('30');
    expect(
      body.get('subscription_data[trial_settings][end_behavior][missing_payment_method]'),
    ).toBe('cancel');
    expect(body.get('subscription_data[metadata][userId]')).toBe('user_1');
  });

  it('takes the card when the trial box is unticked, and keeps free days as the trial end', async () => {
    await adapter().createCheckoutSession({ ...base, trialDays: 30, requireCard: true });
    let { body } = requests.at(-1)!;
    expect(body.get('payment_method_collection')).toBe('always');
    expect(
      body.has('subscription_data[trial_settings][end_behavior][missing_payment_method]'),
    ).toBe(false);

    const end = new Date('2027-01-01T00:00:00Z');
    await adapter().createCheckoutSession({ ...base, trialEnd: end, requireCard: true });
    ({ body } = requests.at(-1)!);
    expect(body.get('subscription_data[trial_end]')).toBe(String(end.getTime() / 1000));
    expect(body.has('subscription_data[trial_period_days]')).toBe(false);
  });

  it('cancels a subscription, and treats one Stripe no longer has as gone', async () => {
    expect(await adapter().cancelSubscription('sub_1')).toBe(true);
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/v1/subscriptions/sub_1' });
    expect(await adapter().cancelSubscription('sub_gone')).toBe(false);
  });
});
