import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AdminCrewsPage } from '@shared/api-types';
import { addDays, localDateIn } from '@shared/domain/local-date';
import { msg } from '@shared/messages';
import { addCheckinMedia, dayCheckin } from '../../testing/checkins';
import { testPng } from '../../testing/images';
import { setUpTestApp, type TestClient } from '../../testing/test-app';
import { createCheckin } from '../checkins/service';
import { chooseOnCrewCycle } from './choice';
import { getCrewCycleFinale } from './finale';
import { scheduleCrewCycle } from './schedule';

// Issue 44: who may read and change a crew cycle, over HTTP. Every crew-cycle endpoint is read from
// the router itself, so one added later is checked here without anyone listing it.

const t = setUpTestApp();

function crewCycleEndpoints(): Array<{ method: string; path: string }> {
  const seen = new Set<string>();
  return t.app.routes
    .filter((r) => /^\/api\/crews\/:id\/cycles?\b/.test(r.path) && r.method !== 'ALL')
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`))
    .map((r) => ({ method: r.method, path: r.path }));
}

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const call = (client: TestClient, path: string, method: string, json?: unknown) =>
  client.request(path, {
    method,
    ...(method === 'GET' || method === 'DELETE' ? {} : { json: json ?? {} }),
  });

describe('crew cycle authorization (issue 44)', () => {
  it('tells a signed-out caller to sign in (401) on every crew-cycle endpoint, before it reads the ids or the body', async () => {
    const signedOut = t.client();
    const endpoints = crewCycleEndpoints();
    expect(endpoints).toHaveLength(6);
    const answers: string[] = [];
    const expected: string[] = [];
    for (const { method, path } of endpoints) {
      for (const id of [randomUUID(), 'not-an-id']) {
        // An empty body: a form the schema refuses (422) once the caller is known.
        const res = await call(signedOut, path.replace(':id', id).replace(':cycleId', id), method);
        const body = (await res.json()) as { message: string };
        const at = `${method} ${path} (${id === 'not-an-id' ? 'malformed' : 'unknown'} id)`;
        answers.push(`${at}: ${res.status} ${body.message}`);
        expected.push(`${at}: 401 ${msg.pleaseSignInFirst}`);
      }
    }
    expect(answers).toEqual(expected);
  });

  it('answers 404 to a member not in the crew on every crew-cycle endpoint, and to its photos; a crewmate can’t change the rules, and nobody can after Day 1 begins', async () => {
    const owner = await t.member({ displayName: 'Olive' });
    const mate = await t.member({ displayName: 'Sam' });
    const stranger = await t.member({ displayName: 'Xander' });
    const crew = await json<{ id: string }>(
      await owner.client.request('/api/crews', { method: 'POST', json: { name: 'Dawn Patrol' } }),
      201,
    );
    const { url } = await json<{ url: string }>(
      await owner.client.request(`/api/crews/${crew.id}/invite`, { method: 'POST' }),
      201,
    );
    await json(
      await mate.client.request(`/api/crew-invites/${url.split('/crews/join/')[1]}/join`, {
        method: 'POST',
      }),
      200,
    );
    // The app's clock for every step that reads a date, read once: Day 1 is today in the members'
    // zone (New York) at that instant, even if New York's midnight passes while the test runs. The
    // rules lock as Day 1 begins in UTC+14, so they are locked at once on the real clock too.
    const clock = new Date();
    const at = (userId: string, now = clock) => t.contextFor(userId, { now });
    const today = localDateIn(clock, 'America/New_York');
    const scheduled = await scheduleCrewCycle(await at(owner.userId), {
      crewId: crew.id,
      startDate: today,
      mode: 'forgiving',
      goalMinutes: null,
    });
    const cycleId = scheduled.cycle!.id;
    for (const m of [owner, mate])
      await chooseOnCrewCycle(await at(m.userId), {
        crewId: crew.id,
        crewCycleId: cycleId,
        choice: 'move',
      });

    const endpoints = crewCycleEndpoints();
    expect(endpoints.map((e) => `${e.method} ${e.path}`).sort()).toEqual([
      'DELETE /api/crews/:id/cycles/:cycleId',
      'GET /api/crews/:id/cycle',
      'GET /api/crews/:id/cycles/:cycleId/finale',
      'PATCH /api/crews/:id/cycles/:cycleId',
      'POST /api/crews/:id/cycles',
      'PUT /api/crews/:id/cycles/:cycleId/choice',
    ]);
    const bodies: Record<string, unknown> = {
      POST: { startDate: addDays(today, 120), mode: 'strict', goalMinutes: null },
      PATCH: { mode: 'strict' },
      PUT: { choice: 'stay' },
    };
    for (const { method, path } of endpoints) {
      const concrete = path.replace(':id', crew.id).replace(':cycleId', cycleId);
      const res = await call(stranger.client, concrete, method, bodies[method]);
      const body = (await res.json()) as { message: string };
      expect({ method, path, status: res.status, message: body.message }).toEqual({
        method,
        path,
        status: 404,
        message: msg.crewNotFound,
      });
    }

    const patch = (client: TestClient) =>
      call(client, `/api/crews/${crew.id}/cycles/${cycleId}`, 'PATCH', { mode: 'strict' });
    expect((await patch(mate.client)).status).toBe(403);
    const locked = await patch(owner.client);
    expect(locked.status).toBe(409);
    expect(((await locked.json()) as { message: string }).message).toBe(msg.crewCycleRulesLocked);
    const cancelled = await call(owner.client, `/api/crews/${crew.id}/cycles/${cycleId}`, 'DELETE');
    expect(cancelled.status).toBe(409);

    // Sam's Day 1 photo, shared with the crew: the crew sees it on the finale, a stranger gets 404.
    const { checkin } = await createCheckin(await at(mate.userId), {
      ...dayCheckin,
      journalMd: '',
      audience: { kind: 'crew', crewId: crew.id },
    });
    // Over HTTP on the real clock: within the check-in's 15-minute edit window of the app's clock.
    const media = await addCheckinMedia(mate.client, checkin.id, await testPng());
    const samsOnFinale = async () =>
      (
        await getCrewCycleFinale(
          await at(owner.userId, new Date(clock.getTime() + 90 * 86_400_000)),
          { crewId: crew.id, crewCycleId: cycleId },
        )
      ).members.find((m) => m.userId === mate.userId)!;
    const sams = await samsOnFinale();
    expect(sams.dayOnePhoto).toMatchObject({ day: 1, date: today, url: media.url });
    expect((await owner.client.request(sams.dayOnePhoto!.url)).status).toBe(200);
    expect((await stranger.client.request(sams.dayOnePhoto!.url)).status).toBe(404);
    // Marked as a progress photo, it is Sam's alone (issue 46): the finale leaves it out.
    const marked = await call(mate.client, `/api/progress-photos/${media.id}`, 'PATCH', {
      pose: 'front',
    });
    expect(marked.status).toBe(200);
    expect((await samsOnFinale()).dayOnePhoto).toBeNull();

    // The admin's Crews screen shows the running cycle.
    const boss = await t.member({ displayName: 'Admin' });
    await t.setAdminFlag(boss.userId);
    const page = await json<AdminCrewsPage>(await boss.client.request('/api/admin/crews'), 200);
    expect(page.crews.find((c) => c.id === crew.id)?.cycle).toEqual({
      startDate: today,
      mode: 'forgiving',
      state: 'running',
      members: 2,
    });
  });
});
