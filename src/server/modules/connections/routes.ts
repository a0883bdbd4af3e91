import { Hono } from 'hono';
import { z } from 'zod';
import { apiTokenCreateSchema } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import type { AppEnv } from '../../lib/deps';
import { serviceContext } from '../../http/request-context';
import { jsonBody, parseWith } from '../../http/validate';
import { createApiToken, listApiTokens, revokeApiToken } from './tokens';

// Settings → Connections, for the signed-in member (cookie session). The tokens made here are used
// only at /api/v1 (public-api-routes.ts).

const idParam = z.object({ id: z.uuid({ error: msg.notFound }) });

export const connectionRoutes = new Hono<AppEnv>()
  .get('/tokens', async (c) => c.json(await listApiTokens(await serviceContext(c))))
  .post('/tokens', async (c) => {
    const ctx = await serviceContext(c);
    const input = await jsonBody(c, apiTokenCreateSchema);
    return c.json(await createApiToken(ctx, input), 201);
  })
  .delete('/tokens/:id', async (c) => {
    const ctx = await serviceContext(c);
    const { id } = parseWith(idParam, c.req.param());
    return c.json(await revokeApiToken(ctx, { tokenId: id }));
  });
