import { Hono } from 'hono';
import { validateCouponSchema } from '@shared/domain/schemas';
import type { AppEnv } from '../../lib/deps';
import { serviceContext } from '../../http/request-context';
import { parseWith } from '../../http/validate';
import { checkCoupon } from './service';

export const couponRoutes = new Hono<AppEnv>().get('/validate', async (c) => {
  const input = parseWith(validateCouponSchema, { code: c.req.query('code') ?? '' });
  return c.json(await checkCoupon(await serviceContext(c), input));
});
