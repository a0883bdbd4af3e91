import { Hono } from 'hono';
import { inviteSchema, storableText } from '@shared/domain/schemas';
import type { InviteCheckResponse } from '@shared/api-types';
import type { AppEnv } from '../../lib/deps';
import { serviceContext } from '../../http/request-context';
import { jsonBody } from '../../http/validate';
import { checkInvite, createInvite } from './service';

export const inviteRoutes = new Hono<AppEnv>()
  .post('/', async (c) => {
    const ctx = await serviceContext(c);
    const input = await jsonBody(c, inviteSchema);
    return c.json(await createInvite(ctx, input), 201);
  })
  .get('/:token', async (c) => {
    const token = storableText().min(10).max(200).safeParse(c.req.param('token'));
    if (!token.success)
      return c.json({
        ok: false,
        inviterName: null,
        monthsFree: 0,
        reason: 'not_found',
      } satisfies InviteCheckResponse);
    return c.json(await checkInvite(await serviceContext(c), { token: token.data }));
  });
