import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { MAX_MEDIA_PER_CHECKIN, MAX_MEDIA_PER_UPDATE } from '@shared/constants';
import { checkinEditSchema, checkinSchema, checkinUpdateSchema } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { audienceSchema } from '@shared/domain/audience';
import { progressPoseSchema } from '@shared/domain/progress-photos';
import type { AppEnv } from '../../lib/deps';
import { serviceContext } from '../../http/request-context';
import { idempotencyRequest } from '../../lib/idempotency';
import { jsonBody, parseWith, uuidPathParam } from '../../http/validate';
import { uploadedFile } from '../../http/uploaded-file';
import {
  addCheckinMedia,
  addUpdateMedia,
  discardUpdate,
  createCheckin,
  createUpdate,
  editCheckin,
  getToday,
} from './service';

// Each route: build the context, parse the input with the shared schemas, call one service, answer.

const idParam = uuidPathParam();
const sortIndexQuery = (max: number) =>
  z.object({
    index: z.coerce
      .number({ error: () => msg.validation })
      .int()
      .min(0)
      .max(max * 4),
  });
/** A proof photo may be a progress photo from the start (issue 46): its owner's alone. */
const checkinMediaQuery = sortIndexQuery(MAX_MEDIA_PER_CHECKIN).extend({
  progressPose: progressPoseSchema.optional(),
});
const updateBody = checkinUpdateSchema.extend({
  mediaCount: z
    .number()
    .int()
    .min(0)
    .max(MAX_MEDIA_PER_UPDATE, { error: () => msg.tooManyUpdateMedia })
    .default(0),
});

/** A check-in may say when it was made (queued offline, decision 0023); the server bounds it. */
const createBody = checkinSchema.extend({
  audience: audienceSchema.optional(),
  madeAt: z.iso.datetime({ offset: true, error: () => msg.checkinMadeAtInvalid }).optional(),
});

/** The Idempotency-Key of a write, fingerprinted with what the write was asked to do. */
const idempotencyFor = (c: Context<AppEnv>, parts: readonly unknown[]) =>
  idempotencyRequest(c.req.header('idempotency-key'), parts);

export const checkinRoutes = new Hono<AppEnv>()
  .get('/today', async (c) => {
    const ctx = await serviceContext(c);
    return c.json(await getToday(ctx));
  })
  .post('/', async (c) => {
    const ctx = await serviceContext(c);
    const { madeAt, ...input } = await jsonBody(c, createBody);
    const idempotency = idempotencyFor(c, ['checkins.create', input, madeAt ?? null]);
    const options = { madeAt: madeAt ? new Date(madeAt) : undefined, idempotency };
    return c.json(await createCheckin(ctx, input, options), 201);
  })
  .patch('/:id', async (c) => {
    const ctx = await serviceContext(c);
    const { id } = parseWith(idParam, c.req.param());
    const changes = await jsonBody(c, checkinEditSchema);
    return c.json(await editCheckin(ctx, { checkinId: id, changes }));
  })
  .post('/:id/media', async (c) => {
    const ctx = await serviceContext(c);
    const { id } = parseWith(idParam, c.req.param());
    const { index, progressPose } = parseWith(checkinMediaQuery, c.req.query());
    const file = uploadedFile(c);
    const idempotency = idempotencyFor(c, [
      'checkins.media',
      id,
      index,
      file.declaredBytes ?? null,
      progressPose ?? null,
    ]);
    const input = { checkinId: id, index, file, idempotency, progressPose };
    return c.json(await addCheckinMedia(ctx, input), 201);
  })
  .post('/:id/updates', async (c) => {
    const ctx = await serviceContext(c);
    const { id } = parseWith(idParam, c.req.param());
    const input = await jsonBody(c, updateBody);
    return c.json(await createUpdate(ctx, { checkinId: id, ...input }), 201);
  });

export const updateRoutes = new Hono<AppEnv>()
  .post('/:id/media', async (c) => {
    const ctx = await serviceContext(c);
    const { id } = parseWith(idParam, c.req.param());
    const { index } = parseWith(sortIndexQuery(MAX_MEDIA_PER_UPDATE), c.req.query());
    const file = uploadedFile(c);
    const idempotency = idempotencyFor(c, ['updates.media', id, index, file.declaredBytes ?? null]);
    return c.json(await addUpdateMedia(ctx, { updateId: id, index, file, idempotency }), 201);
  })
  .delete('/:id', async (c) => {
    const ctx = await serviceContext(c);
    const { id } = parseWith(idParam, c.req.param());
    return c.json(await discardUpdate(ctx, { updateId: id }));
  });
