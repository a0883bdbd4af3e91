import { Hono } from 'hono';
import type { AppEnv } from '../../lib/deps';
import { requireActor } from '../../lib/session';
import { getSubscription, startTrial } from './service';

export const subscriptionRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const actor = await requireActor(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await getSubscription(c.get('deps').db, actor.userId));
  })
  .post('/start-trial', async (c) => {
    const actor = await requireActor(c);
    return c.json(await startTrial(c.get('deps').db, actor.userId));
  });
