import { Hono } from 'hono';
import { z } from 'zod';
import type {
  CrewDetail,
  CrewInviteLink,
  CrewInvitePreview,
  CrewJoined,
  CrewNudgeSent,
  CrewSummary,
  FeedPage,
  MyCrews,
  OkResponse,
} from '@shared/api-types';
import { crewBodySchema, storableText } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import type { AppEnv } from '../../lib/deps';
import { serviceContext } from '../../http/request-context';
import { AppError } from '../../lib/errors';
import { jsonBody, parseWith } from '../../http/validate';
import {
  closeCrew,
  createCrew,
  crewFeed,
  getCrew,
  listMyCrews,
  nudgeCrewmate,
  removeMember,
  renameCrew,
} from './service';
import { joinByInvite, newInviteLink, previewInvite, revokeInviteLink } from './invite-links';

const uuid = z.uuid();
/** A forged or malformed crew id is not found (404), exactly like a crew the caller is not in. */
function crewIdOf(id: string): string {
  if (!uuid.safeParse(id).success) throw new AppError('not_found', msg.crewNotFound);
  return id;
}
const memberParam = z.object({ userId: storableText().min(1).max(100) });
const nudgeBody = z.object({
  userId: storableText({ error: () => msg.crewNotAMember })
    .min(1)
    .max(100),
});
/** A token that cannot be one of ours is a dead link (404), like a revoked one. */
function tokenOf(token: string): string {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) throw new AppError('not_found', msg.crewLinkDead);
  return token;
}
const feedQuery = z.object({ cursor: storableText().max(500).optional() });

export const crewRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const ctx = await serviceContext(c);
    return c.json((await listMyCrews(ctx)) satisfies MyCrews);
  })
  .post('/', async (c) => {
    const ctx = await serviceContext(c);
    const { name } = await jsonBody(c, crewBodySchema);
    return c.json((await createCrew(ctx, { name })) satisfies CrewSummary, 201);
  })
  .get('/:id', async (c) => {
    const ctx = await serviceContext(c);
    const id = crewIdOf(c.req.param('id'));
    return c.json((await getCrew(ctx, { crewId: id })) satisfies CrewDetail);
  })
  .patch('/:id', async (c) => {
    const ctx = await serviceContext(c);
    const id = crewIdOf(c.req.param('id'));
    const { name } = await jsonBody(c, crewBodySchema);
    return c.json((await renameCrew(ctx, { crewId: id, name })) satisfies OkResponse);
  })
  .delete('/:id', async (c) => {
    const ctx = await serviceContext(c);
    const id = crewIdOf(c.req.param('id'));
    return c.json((await closeCrew(ctx, { crewId: id })) satisfies OkResponse);
  })
  .get('/:id/feed', async (c) => {
    const ctx = await serviceContext(c);
    const id = crewIdOf(c.req.param('id'));
    const { cursor } = parseWith(feedQuery, c.req.query());
    return c.json((await crewFeed(ctx, { crewId: id, cursor })) satisfies FeedPage);
  })
  .post('/:id/invite', async (c) => {
    const ctx = await serviceContext(c);
    const id = crewIdOf(c.req.param('id'));
    return c.json((await newInviteLink(ctx, { crewId: id })) satisfies CrewInviteLink, 201);
  })
  .delete('/:id/invite', async (c) => {
    const ctx = await serviceContext(c);
    const id = crewIdOf(c.req.param('id'));
    return c.json((await revokeInviteLink(ctx, { crewId: id })) satisfies OkResponse);
  })
  .delete('/:id/members/:userId', async (c) => {
    const ctx = await serviceContext(c);
    const id = crewIdOf(c.req.param('id'));
    const { userId } = parseWith(memberParam, c.req.param());
    return c.json((await removeMember(ctx, { crewId: id, userId })) satisfies OkResponse);
  })
  .post('/:id/nudges', async (c) => {
    const ctx = await serviceContext(c);
    const id = crewIdOf(c.req.param('id'));
    const { userId } = await jsonBody(c, nudgeBody);
    return c.json((await nudgeCrewmate(ctx, { crewId: id, userId })) satisfies CrewNudgeSent, 201);
  });

export const crewInviteRoutes = new Hono<AppEnv>()
  .get('/:token', async (c) => {
    const ctx = await serviceContext(c);
    const token = tokenOf(c.req.param('token'));
    return c.json((await previewInvite(ctx, { token })) satisfies CrewInvitePreview);
  })
  .post('/:token/join', async (c) => {
    const ctx = await serviceContext(c);
    const token = tokenOf(c.req.param('token'));
    return c.json((await joinByInvite(ctx, { token })) satisfies CrewJoined);
  });
