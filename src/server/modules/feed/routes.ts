import { Hono } from 'hono';
import type { OkResponse } from '@shared/api-types';
import { commentSchema, reactionSchema, reportSchema } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { postAudienceBodySchema } from '@shared/domain/audience';
import { setPostAudience } from '../crews/service';
import type { AppEnv } from '../../lib/deps';
import { serviceContext } from '../../http/request-context';
import { jsonBody, parseWith, uuidPathParam } from '../../http/validate';
import {
  addComment,
  buddyFeed,
  communityFeed,
  deleteComment,
  listComments,
  myPosts,
  reportPost,
  setLike,
  setReaction,
} from './service';

const postParam = uuidPathParam(() => msg.postNotAvailable);
const commentParam = uuidPathParam();
const ok: OkResponse = { ok: true };

export const feedRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const ctx = await serviceContext(c);
    return c.json(await communityFeed(ctx, { cursor: c.req.query('cursor') || undefined }));
  })
  .get('/buddies', async (c) => {
    const ctx = await serviceContext(c);
    return c.json(await buddyFeed(ctx));
  })
  .get('/mine', async (c) => {
    const ctx = await serviceContext(c);
    return c.json(await myPosts(ctx, { cursor: c.req.query('cursor') || undefined }));
  });

export const postRoutes = new Hono<AppEnv>()
  .put('/:id/like', async (c) => {
    const ctx = await serviceContext(c);
    const { id } = parseWith(postParam, c.req.param());
    return c.json(await setLike(ctx, { postId: id, liked: true }));
  })
  .delete('/:id/like', async (c) => {
    const ctx = await serviceContext(c);
    const { id } = parseWith(postParam, c.req.param());
    return c.json(await setLike(ctx, { postId: id, liked: false }));
  })
  .put('/:id/reaction', async (c) => {
    const ctx = await serviceContext(c);
    const { id } = parseWith(postParam, c.req.param());
    const { reaction } = await jsonBody(c, reactionSchema);
    return c.json(await setReaction(ctx, { postId: id, reaction }));
  })
  .delete('/:id/reaction', async (c) => {
    const ctx = await serviceContext(c);
    const { id } = parseWith(postParam, c.req.param());
    return c.json(await setReaction(ctx, { postId: id, reaction: null }));
  })
  .get('/:id/comments', async (c) => {
    const ctx = await serviceContext(c);
    const { id } = parseWith(postParam, c.req.param());
    return c.json(await listComments(ctx, { postId: id }));
  })
  .post('/:id/comments', async (c) => {
    const ctx = await serviceContext(c);
    const { id } = parseWith(postParam, c.req.param());
    const { body } = await jsonBody(c, commentSchema);
    return c.json(await addComment(ctx, { postId: id, body }), 201);
  })
  .patch('/:id/audience', async (c) => {
    const ctx = await serviceContext(c);
    const { id } = parseWith(postParam, c.req.param());
    const { audience } = await jsonBody(c, postAudienceBodySchema);
    return c.json(await setPostAudience(ctx, { postId: id, audience }));
  })
  .post('/:id/reports', async (c) => {
    const ctx = await serviceContext(c);
    const { id } = parseWith(postParam, c.req.param());
    const { reason } = await jsonBody(c, reportSchema);
    await reportPost(ctx, { postId: id, reason });
    return c.json(ok, 201);
  });

export const commentRoutes = new Hono<AppEnv>().delete('/:id', async (c) => {
  const ctx = await serviceContext(c);
  const { id } = parseWith(commentParam, c.req.param());
  await deleteComment(ctx, { commentId: id });
  return c.json(ok);
});
