import { Hono } from 'hono';
import type {
  GenerateWorkoutResponse,
  WorkoutPrefsResponse,
  WorkoutWeeksResponse,
} from '@shared/api-types';
import { workoutPrefsSchema } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { requireMember } from '../../lib/context';
import type { AppEnv } from '../../lib/deps';
import { serviceContext } from '../../http/request-context';
import { jsonBody } from '../../http/validate';
import { generateWeek, getPrefs, listWeeks, savePrefs } from './service';

// Each route: build the context, parse the input with the shared schema, call one service, answer.
// None takes a member id from the request: the services act for the signed-in member.

/** /api/workouts: the member's workout preferences and weekly plans. */
export const workoutRoutes = new Hono<AppEnv>()
  .get('/prefs', async (c) =>
    c.json((await getPrefs(await serviceContext(c))) satisfies WorkoutPrefsResponse),
  )
  .put('/prefs', async (c) => {
    const ctx = await serviceContext(c);
    const input = await jsonBody(c, workoutPrefsSchema);
    return c.json((await savePrefs(ctx, input)) satisfies WorkoutPrefsResponse);
  })
  .get('/weeks', async (c) =>
    c.json((await listWeeks(await serviceContext(c))) satisfies WorkoutWeeksResponse),
  )
  .post('/generate', async (c) => {
    const ctx = await serviceContext(c);
    // Signed out is told so before anything about the body (the service checks again, first).
    requireMember(ctx, msg.signInToGenerateWorkouts);
    const input = await jsonBody(c, workoutPrefsSchema);
    const answer = (await generateWeek(ctx, input)) satisfies GenerateWorkoutResponse;
    return c.json(answer, answer.replaced ? 200 : 201);
  });
