import { Hono } from 'hono';
import type { AppEnv } from '../../lib/deps';
import { requireActor } from '../../lib/session';
import { myCycle } from './my-cycle';
import { startNewCycle } from './service';

export const cycleRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const actor = await requireActor(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await myCycle(c.get('deps').db, actor.userId));
  })
  .post('/restart', async (c) => {
    const actor = await requireActor(c);
    await startNewCycle(c.get('deps').db, actor.userId);
    return c.json(await myCycle(c.get('deps').db, actor.userId));
  });
