import { Hono } from 'hono';
import { z } from 'zod';
import { apiTokenCreateSchema, fuelTargetsSchema } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import type { AppEnv } from '../../lib/deps';
import { serviceContext } from '../../http/request-context';
import { jsonBody, parseWith } from '../../http/validate';
import { getFuelTargets, saveFuelTargets } from './fuel-targets';
import { getSyncLog } from './sync-log';
import { createApiToken, listApiTokens, revokeApiToken } from './tokens';

// Settings → Connections, for the signed-in member (cookie session). The tokens made here are used
// only at /api/v1 (public-api-routes.ts).

const idParam = z.object({ id: z.uuid({ error: () => msg.notFound }) });

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
  })
  // Phone bridges (issue 45): the sync log and the fuel targets a delivery is measured against.
  .get('/deliveries', async (c) => c.json(await getSyncLog(await serviceContext(c))))
  .get('/fuel-targets', async (c) => c.json(await getFuelTargets(await serviceContext(c))))
  .put('/fuel-targets', async (c) => {
    const ctx = await serviceContext(c);
    return c.json(await saveFuelTargets(ctx, await jsonBody(c, fuelTargetsSchema)));
  });
