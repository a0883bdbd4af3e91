import { Hono } from 'hono';
import type {
  ReviewWeeksResponse,
  ShareWeekResponse,
  WeeklyReviewResponse,
} from '@shared/api-types';
import { reviewAddressSchema, shareWeekSchema } from '@shared/domain/schemas';
import type { AppEnv } from '../../lib/deps';
import { serviceContext } from '../../http/request-context';
import { jsonBody, parseWith } from '../../http/validate';
import { getNewestReview, getReview, listReviewWeeks, shareWeek } from './service';

/** /api/review (decision 0048). */
export const reviewRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const ctx = await serviceContext(c);
    c.header('Cache-Control', 'no-store');
    return c.json((await getNewestReview(ctx)) satisfies WeeklyReviewResponse);
  })
  .get('/weeks', async (c) => {
    const ctx = await serviceContext(c);
    c.header('Cache-Control', 'no-store');
    return c.json((await listReviewWeeks(ctx)) satisfies ReviewWeeksResponse);
  })
  .get('/:cycle/:week', async (c) => {
    const ctx = await serviceContext(c);
    const address = parseWith(reviewAddressSchema, c.req.param());
    c.header('Cache-Control', 'no-store');
    return c.json((await getReview(ctx, address)) satisfies WeeklyReviewResponse);
  })
  .post('/:cycle/:week/share', async (c) => {
    const ctx = await serviceContext(c);
    const address = parseWith(reviewAddressSchema, c.req.param());
    const input = await jsonBody(c, shareWeekSchema);
    return c.json(
      (await shareWeek(ctx, { ...address, ...input })) satisfies ShareWeekResponse,
      201,
    );
  });
