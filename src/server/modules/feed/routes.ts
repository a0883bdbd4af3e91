import { Hono } from 'hono';
import { z } from 'zod';
import { commentSchema, reactionSchema, reportSchema } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import type { AppEnv } from '../../lib/deps';
import { requireActor } from '../../lib/session';
import { jsonBody, parseWith } from '../../lib/validate';
import {
  addComment,
  buddyFeed,
  communityFeed,
  deleteComment,
  listComments,
  reportPost,
  setLike,
  setReaction,
} from './service';

const idParam = z.object({ id: z.uuid({ error: msg.postNotAvailable }) });

export const feedRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const actor = await requireActor(c);
    const cursor = c.req.query('cursor') || undefined;
    c.header('Cache-Control', 'no-store');
    return c.json(await communityFeed(c.get('deps').db, actor.userId, cursor));
  })
  .get('/buddies', async (c) => {
    const actor = await requireActor(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await buddyFeed(c.get('deps').db, actor.userId));
  });

export const postRoutes = new Hono<AppEnv>()
  .put('/:id/like', async (c) => {
    const actor = await requireActor(c);
    const { id } = parseWith(idParam, c.req.param());
    return c.json(await setLike(c.get('deps').db, actor.userId, id, true));
  })
  .delete('/:id/like', async (c) => {
    const actor = await requireActor(c);
    const { id } = parseWith(idParam, c.req.param());
    return c.json(await setLike(c.get('deps').db, actor.userId, id, false));
  })
  .put('/:id/reaction', async (c) => {
    const actor = await requireActor(c);
    const { id } = parseWith(idParam, c.req.param());
    const { reaction } = await jsonBody(c, reactionSchema);
    return c.json(await setReaction(c.get('deps').db, actor.userId, id, reaction));
  })
  .delete('/:id/reaction', async (c) => {
    const actor = await requireActor(c);
    const { id } = parseWith(idParam, c.req.param());
    return c.json(await setReaction(c.get('deps').db, actor.userId, id, null));
  })
  .get('/:id/comments', async (c) => {
    const actor = await requireActor(c);
    const { id } = parseWith(idParam, c.req.param());
    return c.json({ comments: await listComments(c.get('deps').db, actor.userId, id) });
  })
  .post('/:id/comments', async (c) => {
    const actor = await requireActor(c);
    const { id } = parseWith(idParam, c.req.param());
    const { body } = await jsonBody(c, commentSchema);
    return c.json(await addComment(c.get('deps').db, actor.userId, id, body), 201);
  })
  .post('/:id/reports', async (c) => {
    const actor = await requireActor(c);
    const { id } = parseWith(idParam, c.req.param());
    const { reason } = await jsonBody(c, reportSchema);
    await reportPost(c.get('deps').db, actor.userId, id, reason);
    return c.json({ ok: true }, 201);
  });

export const commentRoutes = new Hono<AppEnv>().delete('/:id', async (c) => {
  const actor = await requireActor(c);
  const { id } = parseWith(z.object({ id: z.uuid({ error: msg.notFound }) }), c.req.param());
  await deleteComment(c.get('deps').db, actor.userId, id);
  return c.json({ ok: true });
});
