import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { CrewCycleFinale, CrewCycleState } from '@shared/api-types';
import {
  crewCycleChoiceSchema,
  crewCycleRulesSchema,
  crewCycleScheduleSchema,
} from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { requireMember } from '../../lib/context';
import type { AppEnv } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { serviceContext } from '../../http/request-context';
import { jsonBody } from '../../http/validate';
import { chooseOnCrewCycle } from './choice';
import { getCrewCycleFinale } from './finale';
import { cancelCrewCycle, changeCrewCycleRules, scheduleCrewCycle } from './schedule';
import { getCrewCycleState } from './state';

// Crew cycles (issue 44, decision 0113), under /api/crews beside the crew routes.

const uuid = z.uuid();
/** A forged or malformed id is not found (404), exactly like a crew the caller is not in. */
function idOf(id: string, message: string = msg.crewNotFound): string {
  if (!uuid.safeParse(id).success) throw new AppError('not_found', message);
  return id;
}
const ids = (param: { id: string; cycleId: string }) => ({
  crewId: idOf(param.id),
  crewCycleId: idOf(param.cycleId, msg.crewCycleNotFound),
});

/** The caller's context, once they are known: a signed-out caller is told so (401) before the ids or the body are read. */
async function memberContext(c: Context<AppEnv>) {
  const ctx = await serviceContext(c);
  requireMember(ctx);
  return ctx;
}

export const crewCycleRoutes = new Hono<AppEnv>()
  .get('/:id/cycle', async (c) => {
    const ctx = await memberContext(c);
    const crewId = idOf(c.req.param('id'));
    return c.json((await getCrewCycleState(ctx, { crewId })) satisfies CrewCycleState);
  })
  .post('/:id/cycles', async (c) => {
    const ctx = await memberContext(c);
    const crewId = idOf(c.req.param('id'));
    const body = await jsonBody(c, crewCycleScheduleSchema);
    return c.json(
      (await scheduleCrewCycle(ctx, { crewId, ...body })) satisfies CrewCycleState,
      201,
    );
  })
  .patch('/:id/cycles/:cycleId', async (c) => {
    const ctx = await memberContext(c);
    const asked = ids(c.req.param());
    const body = await jsonBody(c, crewCycleRulesSchema);
    return c.json(
      (await changeCrewCycleRules(ctx, { ...asked, ...body })) satisfies CrewCycleState,
    );
  })
  .delete('/:id/cycles/:cycleId', async (c) => {
    const ctx = await memberContext(c);
    return c.json((await cancelCrewCycle(ctx, ids(c.req.param()))) satisfies CrewCycleState);
  })
  .put('/:id/cycles/:cycleId/choice', async (c) => {
    const ctx = await memberContext(c);
    const asked = ids(c.req.param());
    const { choice } = await jsonBody(c, crewCycleChoiceSchema);
    return c.json((await chooseOnCrewCycle(ctx, { ...asked, choice })) satisfies CrewCycleState);
  })
  .get('/:id/cycles/:cycleId/finale', async (c) => {
    const ctx = await memberContext(c);
    return c.json((await getCrewCycleFinale(ctx, ids(c.req.param()))) satisfies CrewCycleFinale);
  });
