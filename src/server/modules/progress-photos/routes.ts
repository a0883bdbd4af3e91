import { Hono } from 'hono';
import { z } from 'zod';
import type {
  AddMediaResponse,
  OkResponse,
  ProgressPhotosView,
  ShareCollageResponse,
} from '@shared/api-types';
import {
  markProgressPhotoSchema,
  progressPoseSchema,
  shareCollageSchema,
} from '@shared/domain/progress-photos';
import { requireMember } from '../../lib/context';
import type { AppEnv } from '../../lib/deps';
import { idempotencyRequest } from '../../lib/idempotency';
import { serviceContext } from '../../http/request-context';
import { uploadedFile } from '../../http/uploaded-file';
import { jsonBody, parseWith, uuidPathParam } from '../../http/validate';
import { addProgressPhoto, listProgressPhotos, markProgressPhoto, shareCollage } from './service';

const idParam = uuidPathParam();
const poseQuery = z.object({ pose: progressPoseSchema });

/** /api/progress-photos (issue 46): the member's own progress photos, and collages they share. */
export const progressPhotoRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const ctx = await serviceContext(c);
    c.header('Cache-Control', 'no-store');
    return c.json((await listProgressPhotos(ctx)) satisfies ProgressPhotosView);
  })
  .post('/', async (c) => {
    const ctx = await serviceContext(c);
    requireMember(ctx);
    const { pose } = parseWith(poseQuery, c.req.query());
    const file = uploadedFile(c);
    const idempotency = idempotencyRequest(c.req.header('idempotency-key'), [
      'progress-photos.add',
      pose,
      file.declaredBytes ?? null,
    ]);
    const added = await addProgressPhoto(ctx, { pose, file, idempotency });
    return c.json(added satisfies AddMediaResponse, 201);
  })
  .patch('/:id', async (c) => {
    const ctx = await serviceContext(c);
    requireMember(ctx); // a signed-out caller is told so before the body is read
    const { id } = parseWith(idParam, c.req.param());
    const { pose } = await jsonBody(c, markProgressPhotoSchema);
    return c.json((await markProgressPhoto(ctx, { mediaId: id, pose })) satisfies OkResponse);
  })
  .post('/collage', async (c) => {
    const ctx = await serviceContext(c);
    requireMember(ctx);
    const input = await jsonBody(c, shareCollageSchema);
    return c.json((await shareCollage(ctx, input)) satisfies ShareCollageResponse, 201);
  });
