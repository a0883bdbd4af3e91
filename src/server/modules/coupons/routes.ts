import { Hono } from 'hono';
import { validateCouponSchema } from '@shared/domain/schemas';
import type { AppEnv } from '../../lib/deps';
import { clientIp } from '../../lib/client-ip';
import { parseWith } from '../../lib/validate';
import { enforce } from '../account/service';
import { validateCoupon } from './service';

export const couponRoutes = new Hono<AppEnv>().get('/validate', async (c) => {
  const { db, config } = c.get('deps');
  // Guessing codes one request at a time is slow on purpose.
  await enforce(db, [
    { key: `coupon-check:ip:${clientIp(c, config.trustProxy)}`, max: 60, windowSeconds: 600 },
  ]);
  const { code } = parseWith(validateCouponSchema, { code: c.req.query('code') ?? '' });
  const result = await validateCoupon(db, code);
  return c.json({
    ok: result.ok,
    code: result.code,
    monthsFree: result.monthsFree,
    reason: result.reason,
  });
});
