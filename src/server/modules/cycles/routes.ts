import { Hono } from 'hono';
import type { AppEnv } from '../../lib/deps';
import { serviceContext } from '../../http/request-context';
import { getMyCycle, startNewCycle } from './service';

export const cycleRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const ctx = await serviceContext(c);
    return c.json(await getMyCycle(ctx));
  })
  .post('/restart', async (c) => {
    const ctx = await serviceContext(c);
    return c.json(await startNewCycle(ctx));
  });
