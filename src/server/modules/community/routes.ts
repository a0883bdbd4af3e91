import { Hono } from 'hono';
import type { AppEnv } from '../../lib/deps';
import { requireActor } from '../../lib/session';
import { communityBoard } from './leaderboard';

export const communityRoutes = new Hono<AppEnv>().get('/', async (c) => {
  await requireActor(c);
  c.header('Cache-Control', 'private, max-age=30');
  return c.json(await communityBoard(c.get('deps').db));
});
