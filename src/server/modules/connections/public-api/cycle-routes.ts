import { createRoute, z } from '@hono/zod-openapi';
import { STREAK_MODES } from '@shared/constants';
import { getMyCycle } from '../../cycles/service';
import { json, localDate, problems } from './answer-routes';
import { tokenContext, type PublicApi } from './bearer-token-routes';

// GET /me/cycle: the member's current 90-day cycle, its figures and its days.

const Cycle = z
  .object({
    id: z.uuid(),
    startDate: localDate,
    today: localDate,
    day: z.int().min(1),
    totalDays: z.int(),
    timeZone: z.string(),
    complete: z.boolean(),
    started: z.boolean(),
    // Forgiving streaks (issue 43, decisions 0098 and 0099): every figure below is by this rule.
    mode: z.enum(STREAK_MODES).openapi({
      description:
        'forgiving: rest days, a grace day and pauses keep the streak; strict: any miss restarts it',
    }),
    lastDate: localDate.openapi({ description: 'The date of Day 90: later by each paused day' }),
    paused: z.boolean().openapi({ description: 'Today is paused: not a day of the cycle' }),
    atRisk: z.boolean().openapi({
      description: 'A missed day is forgiven only if today is checked in',
    }),
    stats: z.object({
      checkins: z.int().min(0),
      consistency: z.number(),
      currentStreak: z.int().min(0),
      longestStreak: z.int().min(0),
      totalMinutes: z.int().min(0),
      totalSteps: z.int().min(0),
    }),
    days: z.array(
      z.object({
        day: z.int().min(1).nullable().openapi({ description: 'Null on a paused date' }),
        date: localDate,
        status: z.enum(['done', 'missed', 'today', 'upcoming', 'rest', 'grace', 'paused']),
        steps: z.int().min(0),
        moveMinutes: z.int().min(0),
      }),
    ),
  })
  .openapi('Cycle');

const getCycleRoute = createRoute({
  method: 'get',
  path: '/me/cycle',
  operationId: 'getCycle',
  summary: 'The member’s current 90-day cycle',
  security: [{ bearerAuth: [] }],
  responses: {
    200: json(Cycle, 'The active cycle, its figures and its days.'),
    ...problems(401, 403, 429),
  },
});

/** Adds the cycle operation to the public API. */
export function cycleRoutes(v1: PublicApi) {
  v1.openapi(getCycleRoute, async (c) => {
    const ctx = await tokenContext(c, 'read');
    const { cycle, stats, days } = await getMyCycle(ctx);
    return c.json(
      {
        id: cycle.id,
        startDate: cycle.startDate,
        today: cycle.today,
        day: cycle.day,
        totalDays: cycle.totalDays,
        timeZone: cycle.timeZone,
        complete: cycle.complete,
        started: cycle.started,
        mode: cycle.mode,
        lastDate: cycle.lastDate,
        paused: cycle.paused,
        atRisk: cycle.atRisk,
        stats,
        days: days.map((d) => ({
          day: d.day,
          date: d.date,
          status: d.status,
          steps: d.steps,
          moveMinutes: d.movedMinutes,
        })),
      },
      200,
    );
  });
}
