import { Hono } from 'hono';
import type { AppEnv } from '../../lib/deps';
import { serviceContext } from '../../lib/request-context';
import { getSubscription, startTrial } from './service';

export const subscriptionRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await getSubscription(await serviceContext(c))))
  .post('/start-trial', async (c) => c.json(await startTrial(await serviceContext(c))));
