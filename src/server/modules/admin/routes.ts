import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/deps';
import { adminOnly, serviceContext } from '../../lib/request-context';
import { parseWith } from '../../lib/validate';
import { listAuditEvents } from './audit';

const auditQuery = z.object({
  cursor: z.string().max(500).optional(),
  targetType: z.string().max(50).optional(),
  targetId: z.string().max(100).optional(),
});

/** /api/admin/*: the middleware is a second fence; every admin service checks requireAdmin itself. */
export const adminRoutes = new Hono<AppEnv>().use(adminOnly).get('/audit', async (c) => {
  const input = parseWith(auditQuery, c.req.query());
  return c.json(await listAuditEvents(await serviceContext(c), input));
});
