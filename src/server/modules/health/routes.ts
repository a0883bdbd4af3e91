import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { HealthResponse } from '@shared/api-types';
import type { AppEnv } from '../../lib/deps';
import { AppError } from '../../lib/errors';

/**
 * GET /api/health, for load balancers and uptime checks: anonymous, and no service behind it (there
 * is no actor and nothing to authorize), only a round trip to the database.
 */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { db } = c.get('deps');
  try {
    await db.execute(sql`select 1`);
  } catch {
    throw new AppError('unavailable', 'Database unavailable');
  }
  return c.json({ status: 'ok', database: 'ok' } satisfies HealthResponse);
});
