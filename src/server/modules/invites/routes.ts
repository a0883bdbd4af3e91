import { Hono } from 'hono';
import { z } from 'zod';
import { inviteSchema } from '@shared/domain/schemas';
import type { AppEnv } from '../../lib/deps';
import { clientIp } from '../../lib/client-ip';
import { requireActor } from '../../lib/session';
import { jsonBody } from '../../lib/validate';
import { enforce } from '../account/service';
import { createInvite, validateInvite } from './service';

export const inviteRoutes = new Hono<AppEnv>()
  .post('/', async (c) => {
    const actor = await requireActor(c);
    const input = await jsonBody(c, inviteSchema);
    const { db, mailer, config } = c.get('deps');
    return c.json(
      await createInvite({ db, mailer, publicUrl: config.publicUrl }, actor, input),
      201,
    );
  })
  .get('/:token', async (c) => {
    const { db, config } = c.get('deps');
    await enforce(db, [
      { key: `invite-check:ip:${clientIp(c, config.trustProxy)}`, max: 60, windowSeconds: 600 },
    ]);
    const token = z.string().min(10).max(200).safeParse(c.req.param('token'));
    if (!token.success)
      return c.json({ ok: false, inviterName: null, monthsFree: 0, reason: 'not_found' });
    return c.json(await validateInvite(db, token.data));
  });
