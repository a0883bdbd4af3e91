import { createRoute, z } from '@hono/zod-openapi';
import { connectionActivitySchema } from '@shared/domain/schemas';
import { putTodayActivity } from '../activity';
import { Activity, json, problems } from './answer-routes';
import { tokenContext, type PublicApi } from './bearer-token-routes';

// PUT /me/today/activity: a phone sends today's steps and move minutes (decision 0045).

const ActivityInput = connectionActivitySchema.meta({
  id: 'ActivityInput',
  description:
    'Steps and move minutes for today (decimals are rounded), where they come from, and optionally the day the phone counted them for.',
  example: { steps: 8432, moveMinutes: 37, source: 'Apple Health', date: '2026-11-25' },
});

const ActivityResult = z
  .object({
    activity: Activity,
    checkin: z
      .object({
        id: z.uuid(),
        steps: z.int().min(0),
        moveMinutes: z.int().min(0),
        raised: z.boolean().openapi({ description: 'Whether these numbers raised the check-in.' }),
      })
      .nullable()
      .openapi({ description: "Today's check-in after the numbers arrived; null before it." }),
  })
  .openapi('ActivityResult');

const putActivity = createRoute({
  method: 'put',
  path: '/me/today/activity',
  operationId: 'putTodayActivity',
  summary: "Send today's steps and move minutes",
  description:
    "Replaces what this connection sent for the member's today (in their own time zone): sending again is safe. " +
    'Before the check-in, the numbers fill in the check-in form; after it, they may raise that day’s steps and minutes ' +
    '(never lower them) until the day ends. They never make a check-in and never change another day. ' +
    'Send `date` (the day the phone counted them for) so that numbers for a day that has ended are refused instead of ' +
    'landing on the next. Needs the `activity:write` scope.',
  security: [{ bearerAuth: [] }],
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: ActivityInput } },
    },
  },
  responses: {
    200: json(ActivityResult, 'Stored; the check-in raised if there is one.'),
    ...problems(400, 401, 403, 409, 413, 415, 422, 429),
  },
});

/** Adds the activity operation to the public API. */
export function activityRoutes(v1: PublicApi) {
  v1.openapi(putActivity, async (c) => {
    const ctx = tokenContext(c, 'activity:write');
    const input = c.req.valid('json');
    return c.json(
      await putTodayActivity(await ctx, input, { tokenId: c.get('holder').tokenId }),
      200,
    );
  });
}
