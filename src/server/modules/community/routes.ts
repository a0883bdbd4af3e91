import { Hono } from 'hono';
import type { AppEnv } from '../../lib/deps';
import { serviceContext } from '../../http/request-context';
import { getCommunityBoard } from './service';

export const communityRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const ctx = await serviceContext(c);
  const board = await getCommunityBoard(ctx);
  c.header('Cache-Control', 'private, max-age=30');
  return c.json(board);
});
