import { createRoute, z } from '@hono/zod-openapi';
import { API_PAGE_SIZE, API_PAGE_SIZE_MAX } from '@shared/constants';
import { msg } from '@shared/messages';
import { getToday, listCheckins, type ListedCheckin } from '../../checkins/service';
import { Activity, instant, json, localDate, problems } from './answer-routes';
import { tokenContext, type PublicApi } from './bearer-token-routes';

// GET /me/today and GET /me/checkins: a member's today and their check-ins, newest first.

const ActivitySource = z
  .object({ source: z.string(), at: instant })
  .openapi('ActivitySource', { description: 'Where the steps and minutes came from.' });

const Checkin = z
  .object({
    id: z.uuid(),
    date: localDate,
    dayNumber: z.int().min(1),
    steps: z.int().min(0),
    moveMinutes: z.int().min(0),
    proteinTargetHit: z.boolean(),
    hydrationGoalHit: z.boolean(),
    journalMd: z.string(),
    activitySource: ActivitySource.nullable(),
    createdAt: instant,
  })
  .openapi('Checkin');

const Today = z
  .object({
    date: localDate,
    timeZone: z.string().openapi({ example: 'America/New_York' }),
    checkedIn: z.boolean(),
    checkin: Checkin.nullable(),
    connection: Activity.nullable(),
  })
  .openapi('Today');

const CheckinPage = z
  .object({
    checkins: z.array(Checkin),
    nextCursor: z
      .string()
      .nullable()
      .openapi({ description: 'Pass as `cursor` for the next page; null at the end.' }),
  })
  .openapi('CheckinPage');

const CheckinsQuery = z.object({
  limit: z.coerce
    .number({ error: () => msg.validation })
    .int({ error: () => msg.validation })
    .min(1, { error: () => msg.validation })
    .max(API_PAGE_SIZE_MAX, { error: () => msg.validation })
    .optional()
    .openapi({ param: { name: 'limit', in: 'query' }, example: API_PAGE_SIZE }),
  cursor: z
    .string()
    .max(200, { error: () => msg.invalidCursor })
    .optional()
    .openapi({ param: { name: 'cursor', in: 'query' } }),
});

const getTodayRoute = createRoute({
  method: 'get',
  path: '/me/today',
  operationId: 'getToday',
  summary: 'Today: whether it is checked in, and its numbers',
  security: [{ bearerAuth: [] }],
  responses: {
    200: json(Today, "The member's today."),
    ...problems(401, 403, 429),
  },
});

const listCheckinsRoute = createRoute({
  method: 'get',
  path: '/me/checkins',
  operationId: 'listCheckins',
  summary: 'The member’s check-ins, newest first',
  description: 'Keyset paged: pass the answer’s `nextCursor` as `cursor` for the next page.',
  security: [{ bearerAuth: [] }],
  request: { query: CheckinsQuery },
  responses: {
    200: json(CheckinPage, 'One page of check-ins.'),
    ...problems(400, 401, 403, 422, 429),
  },
});

/** A check-in as the public API writes it (`date`, `moveMinutes`), from the app's own view. */
const checkinOut = (k: ListedCheckin): z.infer<typeof Checkin> => ({
  id: k.id,
  date: k.localDate,
  dayNumber: k.dayNumber,
  steps: k.steps,
  moveMinutes: k.movedMinutes,
  proteinTargetHit: k.proteinTargetHit,
  hydrationGoalHit: k.hydrationGoalHit,
  journalMd: k.journalMd,
  activitySource: k.activitySource,
  createdAt: k.createdAt,
});

/** Adds today and the check-in list to the public API. */
export function checkinRoutes(v1: PublicApi) {
  v1.openapi(getTodayRoute, async (c) => {
    const ctx = await tokenContext(c, 'read');
    const { cycle, checkin, connection } = await getToday(ctx);
    return c.json(
      {
        date: cycle.today,
        timeZone: cycle.timeZone,
        checkedIn: checkin !== null,
        checkin: checkin && checkinOut(checkin),
        connection,
      },
      200,
    );
  });

  v1.openapi(listCheckinsRoute, async (c) => {
    const ctx = await tokenContext(c, 'read');
    const { limit = API_PAGE_SIZE, cursor } = c.req.valid('query');
    const page = await listCheckins(ctx, { limit, cursor });
    return c.json({ checkins: page.checkins.map(checkinOut), nextCursor: page.nextCursor }, 200);
  });
}
