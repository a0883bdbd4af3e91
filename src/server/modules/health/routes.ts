import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { AppEnv } from '../../lib/deps';
import { AppError } from '../../lib/errors';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { db } = c.get('deps');
  try {
    await db.execute(sql`select 1`);
  } catch {
    throw new AppError('unavailable', 'Database unavailable');
  }
  return c.json({ status: 'ok', database: 'ok' });
});
