import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { MAX_MEDIA_PER_CHECKIN, MAX_MEDIA_PER_UPDATE } from '@shared/constants';
import { checkinSchema, checkinUpdateSchema } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import type { AppEnv } from '../../lib/deps';
import { currentActor, requireActor } from '../../lib/session';
import { AppError } from '../../lib/errors';
import { jsonBody, parseWith } from '../../lib/validate';
import { ingestUpload, thumbKeyFor } from '../../lib/storage';
import {
  addCheckinMedia,
  addUpdateMedia,
  assertCanAddCheckinMedia,
  assertCanAddUpdateMedia,
  createCheckin,
  createUpdate,
  editCheckin,
  today,
  type StoredMedia,
} from './service';

const idParam = z.object({ id: z.uuid({ error: msg.notFound }) });
const sortIndexQuery = (max: number) =>
  z.object({
    index: z.coerce
      .number({ error: msg.validation })
      .int()
      .min(0)
      .max(max * 4),
  });

/** Streams one file from the request body to storage; removes it again if recording it fails. */
async function storeUpload<T>(
  c: Context<AppEnv>,
  keyPrefix: string,
  record: (media: StoredMedia) => Promise<T>,
) {
  const { storage } = c.get('deps');
  const ingested = await ingestUpload({
    storage,
    source: c.req.raw.body,
    declaredType: c.req.header('content-type'),
    keyPrefix,
    kind: 'media',
  });
  try {
    return await record({
      key: ingested.key,
      mediaType: ingested.mediaType,
      mimeType: ingested.mimeType,
    });
  } catch (error) {
    await storage.delete(ingested.key).catch(() => {});
    if (ingested.thumbKey) await storage.delete(thumbKeyFor(ingested.key)).catch(() => {});
    throw error;
  }
}

export const checkinRoutes = new Hono<AppEnv>()
  .get('/today', async (c) => {
    const actor = await requireActor(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await today(c.get('deps').db, actor.userId));
  })
  .post('/', async (c) => {
    const actor = await requireActor(c);
    const input = await jsonBody(c, checkinSchema);
    return c.json(await createCheckin(c.get('deps').db, actor.userId, input), 201);
  })
  .patch('/:id', async (c) => {
    const actor = await requireActor(c);
    const { id } = parseWith(idParam, c.req.param());
    const input = await jsonBody(c, checkinSchema);
    return c.json({ checkin: await editCheckin(c.get('deps').db, actor.userId, id, input) });
  })
  .post('/:id/media', async (c) => {
    const actor = await requireActor(c);
    const { id } = parseWith(idParam, c.req.param());
    const { index } = parseWith(sortIndexQuery(MAX_MEDIA_PER_CHECKIN), c.req.query());
    const { db } = c.get('deps');
    const { postId } = await assertCanAddCheckinMedia(db, actor.userId, id);
    const media = await storeUpload(c, `u/${actor.userId}/${postId}`, (m) =>
      addCheckinMedia(db, postId, index, m),
    );
    return c.json({ media }, 201);
  })
  .post('/:id/updates', async (c) => {
    const actor = await currentActor(c);
    // The spec's own words for an update without a session.
    if (!actor) throw new AppError('unauthorized', msg.signInToAddUpdates);
    const { id } = parseWith(idParam, c.req.param());
    const input = await jsonBody(
      c,
      checkinUpdateSchema.extend({
        mediaCount: z
          .number()
          .int()
          .min(0)
          .max(MAX_MEDIA_PER_UPDATE, { error: msg.tooManyUpdateMedia })
          .default(0),
      }),
    );
    return c.json({ update: await createUpdate(c.get('deps').db, actor.userId, id, input) }, 201);
  });

export const updateRoutes = new Hono<AppEnv>().post('/:id/media', async (c) => {
  const actor = await requireActor(c);
  const { id } = parseWith(idParam, c.req.param());
  const { index } = parseWith(sortIndexQuery(MAX_MEDIA_PER_UPDATE), c.req.query());
  const { db } = c.get('deps');
  await assertCanAddUpdateMedia(db, actor.userId, id);
  const media = await storeUpload(c, `u/${actor.userId}/updates/${id}`, (m) =>
    addUpdateMedia(db, id, index, m),
  );
  return c.json({ media }, 201);
});
