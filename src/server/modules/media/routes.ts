import { Hono } from 'hono';
import type { AppEnv } from '../../lib/deps';
import { serviceContext } from '../../http/request-context';
import { MEDIA_CACHE_CONTROL, serveMedia } from '../../lib/storage';
import { mediaAccess } from './service';

/**
 * Proof photos and videos, for the members who may see their post (mediaAccess); range requests
 * let videos seek. With S3_DOWNLOADS=signed a GET is answered, after the same check, with a 302 to
 * a short-lived presigned URL (decision 0026). The key is Hono's decoded path parameter: a malformed `%` escape stays as
 * written, names no media row, and is a 404 like any other unknown key.
 */
export const mediaRoutes = new Hono<AppEnv>().on(['GET', 'HEAD'], '/:key{.+}', async (c) => {
  const ctx = await serviceContext(c);
  const access = await mediaAccess(ctx, c.req.param('key'));
  const { downloads, signedUrlSeconds } = ctx.config.storage;
  return serveMedia(c, ctx.storage, access.key, {
    cacheControl: MEDIA_CACHE_CONTROL[access.audience],
    signedUrlSeconds: downloads === 'signed' ? signedUrlSeconds : undefined,
  });
});
