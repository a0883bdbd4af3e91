import { Hono } from 'hono';
import type { AppEnv } from '../../lib/deps';
import { serviceContext } from '../../http/request-context';
import { pauseSchema, streakModeSchema } from '@shared/domain/streak-schemas';
import { jsonBody } from '../../http/validate';
import { requireMember } from '../../lib/context';
import { getMyCycle, startNewCycle } from './service';
import { endPause, pauseCycle, setStreakMode } from './pauses';

export const cycleRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const ctx = await serviceContext(c);
    return c.json(await getMyCycle(ctx));
  })
  .post('/restart', async (c) => {
    const ctx = await serviceContext(c);
    return c.json(await startNewCycle(ctx));
  })
  // Forgiving streaks (issue 43): the mode, in the cycle's first days; a pause, and its end.
  .put('/mode', async (c) => {
    const ctx = await serviceContext(c);
    requireMember(ctx); // a signed-out caller is told so before the body is read
    const input = await jsonBody(c, streakModeSchema);
    return c.json(await setStreakMode(ctx, input));
  })
  .post('/pause', async (c) => {
    const ctx = await serviceContext(c);
    requireMember(ctx);
    const input = await jsonBody(c, pauseSchema);
    return c.json(await pauseCycle(ctx, input), 201);
  })
  .delete('/pause', async (c) => {
    const ctx = await serviceContext(c);
    return c.json(await endPause(ctx));
  });
