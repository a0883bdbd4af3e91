import { Hono } from 'hono';
import type { SubscriptionView } from '@shared/api-types';
import { changePlanSchema, checkoutSchema } from '@shared/domain/schemas';
import { systemContext } from '../../lib/context';
import type { AppEnv } from '../../lib/deps';
import { serviceContext } from '../../http/request-context';
import { jsonBody } from '../../http/validate';
import { changePlan, createCheckout, openBillingPortal } from './checkout';
import { getBillingProvider, getSubscription, startTrial } from './service';
import { handleStripeWebhook } from './webhook';

export const subscriptionRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await getSubscription(await serviceContext(c))))
  .get('/provider', async (c) => c.json(getBillingProvider(await serviceContext(c))))
  .post('/start-trial', async (c) =>
    c.json((await startTrial(await serviceContext(c))) satisfies SubscriptionView),
  )
  .post('/checkout', async (c) => {
    const input = await jsonBody(c, checkoutSchema);
    return c.json(await createCheckout(await serviceContext(c), input));
  })
  .post('/portal', async (c) => c.json(await openBillingPortal(await serviceContext(c))))
  .post('/change-plan', async (c) => {
    const input = await jsonBody(c, changePlanSchema);
    return c.json(await changePlan(await serviceContext(c), input));
  })
  // Stripe calls this (no session): the signature on the raw text is the only credential.
  .post('/webhook', async (c) => {
    const rawBody = await c.req.text();
    const ctx = systemContext(c.get('deps'), 'stripe-webhook');
    return c.json(
      await handleStripeWebhook(
        { ...ctx, requestId: c.get('requestId') },
        { rawBody, signature: c.req.header('stripe-signature') },
      ),
    );
  });
