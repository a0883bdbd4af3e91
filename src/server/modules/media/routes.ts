import { Hono } from 'hono';
import type { AppEnv } from '../../lib/deps';
import { requireActor } from '../../lib/session';
import { serveMedia } from '../../lib/storage';

/** Proof photos and videos are for signed-in members only; range requests let videos seek. */
export const mediaRoutes = new Hono<AppEnv>().on(['GET', 'HEAD'], '/*', async (c) => {
  await requireActor(c);
  const key = decodeURIComponent(c.req.path.replace(/^\/api\/media\//, ''));
  return serveMedia(c, c.get('deps').storage, key);
});
