import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WORKOUT_GENERATIONS_PER_HOUR } from '@shared/constants';
import type { GenerateWorkoutResponse, WorkoutWeeksResponse } from '@shared/api-types';
import { msg } from '@shared/messages';
import { setUpTestApp, type TestClient } from '../../testing/test-app';
import { profiles, workoutPrefs, workoutWeeks } from '../../db/schema';
import { runWithLocale } from '../../lib/locale';
import { catalogueExercise, exerciseWords } from './catalogue';
import type { WeekPlan } from './plan';
import { generateWeek, listWeeks } from './service';

const t = setUpTestApp();
beforeEach(() => t.resetLimits());

const prefs = {
  fitnessLevel: 'intermediate',
  age: '34',
  equipment: ['dumbbells', 'bands'],
  stepTracker: 'watch',
  goals: ['strength', 'mobility'],
  notes: 'Mornings only',
};

const put = (client: TestClient, json: unknown) =>
  client.request('/api/workouts/prefs', { method: 'PUT', json });
const generate = (client: TestClient, json: unknown = prefs) =>
  client.request('/api/workouts/generate', { method: 'POST', json });
const weeks = async (client: TestClient) =>
  ((await (await client.request('/api/workouts/weeks')).json()) as WorkoutWeeksResponse).weeks;

/** A member whose day is counted in `timeZone`. */
const memberIn = (timeZone: string) => t.member({ timeZone });

describe('workout preferences', () => {
  it('are empty at first, then saved, loaded back and replaced: one row per member', async () => {
    const { client, userId } = await t.member();
    expect(await (await client.request('/api/workouts/prefs')).json()).toEqual({ prefs: null });

    const saved = await put(client, prefs);
    expect(saved.status).toBe(200);
    const loaded = await (await client.request('/api/workouts/prefs')).json();
    expect(loaded.prefs).toMatchObject({
      fitnessLevel: 'intermediate',
      age: 34,
      equipment: ['dumbbells', 'bands'],
      stepTracker: 'watch',
      goals: ['strength', 'mobility'],
      notes: 'Mornings only',
    });

    await put(client, {
      fitnessLevel: 'beginner',
      age: '',
      equipment: [],
      goals: ['fat_loss'],
      notes: '',
    });
    const again = await (await client.request('/api/workouts/prefs')).json();
    expect(again.prefs).toMatchObject({
      fitnessLevel: 'beginner',
      age: null,
      equipment: [],
      stepTracker: 'phone',
      goals: ['fat_loss'],
      notes: null,
    });
    const rows = await t.deps.db.select().from(workoutPrefs).where(eq(workoutPrefs.userId, userId));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['age abc', { age: 'abc' }, msg.ageInvalid],
    ['age 300', { age: 300 }, msg.ageInvalid],
    [
      'an equipment value not in the list',
      { equipment: ['dumbbells', 'rocket'] },
      msg.invalidOption,
    ],
    ['a goal not in the list', { goals: ['world_domination'] }, msg.invalidOption],
    ['a fitness level not in the list', { fitnessLevel: 'olympian' }, msg.invalidOption],
    ['a step tracker not in the list', { stepTracker: 'abacus' }, msg.invalidOption],
    ['5,000-character notes', { notes: 'x'.repeat(5000) }, msg.workoutNotesTooLong],
  ])('refuses %s, saving and generating nothing', async (_name, change, message) => {
    const { client, userId } = await t.member();
    for (const res of [
      await put(client, { ...prefs, ...change }),
      await generate(client, { ...prefs, ...change }),
    ]) {
      expect(res.status).toBe(422);
      expect((await res.json()).message).toBe(message);
    }
    expect(
      await t.deps.db.select().from(workoutPrefs).where(eq(workoutPrefs.userId, userId)),
    ).toEqual([]);
    expect(await weeks(client)).toEqual([]);
  });

  it('asks a signed-out visitor to sign in, whatever they send', async () => {
    const visitor = t.client();
    for (const body of [prefs, { age: 'abc' }]) {
      const res = await generate(visitor, body);
      expect(res.status).toBe(401);
      expect((await res.json()).message).toBe(msg.signInToGenerateWorkouts);
    }
    expect((await visitor.request('/api/workouts/weeks')).status).toBe(401);
    expect((await visitor.request('/api/workouts/prefs')).status).toBe(401);
    expect((await put(visitor, prefs)).status).toBe(401);
  });
});

describe('generating weekly plans', () => {
  it('saves the preferences and makes Week 1, with the plan in markdown', async () => {
    const { client } = await t.member();
    const res = await generate(client);
    expect(res.status).toBe(201);
    const body = (await res.json()) as GenerateWorkoutResponse;
    expect(body).toMatchObject({ replaced: false, engine: 'planner', week: { weekIndex: 1 } });
    expect(body.week.planMd).toMatch(/^# Your 7-day plan from /);
    expect(body.week.planMd).toContain('| Exercise | Sets | Reps or time |');
    expect((await (await client.request('/api/workouts/prefs')).json()).prefs.goals).toEqual([
      'strength',
      'mobility',
    ]);
    expect(await weeks(client)).toEqual([body.week]);
  });

  it('replaces the plan when generating again in the same calendar week', async () => {
    const { client } = await t.member();
    const first = (await (await generate(client)).json()) as GenerateWorkoutResponse;
    const res = await generate(client, { ...prefs, fitnessLevel: 'beginner', equipment: ['none'] });
    expect(res.status).toBe(200);
    const second = (await res.json()) as GenerateWorkoutResponse;
    expect(second).toMatchObject({ replaced: true, week: { weekIndex: 1, id: first.week.id } });
    expect(second.week.planMd).not.toBe(first.week.planMd);
    const list = await weeks(client);
    expect(list).toHaveLength(1);
    expect(list[0].planMd).toBe(second.week.planMd);
  });

  it("numbers the member's weeks by their own calendar week, newest first, each building on the last", async () => {
    const { userId } = await memberIn('Asia/Tokyo');
    const input = { ...prefs, age: 34, stepTracker: 'watch' as const } as never;
    // Sunday 22 Nov 2026, 12:00 UTC is Sunday 21:00 in Tokyo: week 1.
    const sunday = await t.contextFor(userId, { now: new Date('2026-11-22T12:00:00Z') });
    expect((await generateWeek(sunday, input)).week.weekIndex).toBe(1);
    // 15:30 UTC the same Sunday is already Monday 00:30 in Tokyo: a new week.
    const monday = await t.contextFor(userId, { now: new Date('2026-11-22T15:30:00Z') });
    const week2 = await generateWeek(monday, input);
    expect(week2).toMatchObject({ replaced: false, week: { weekIndex: 2 } });
    // Later that Tokyo week: replaced, still week 2.
    const friday = await t.contextFor(userId, { now: new Date('2026-11-27T03:00:00Z') });
    expect(await generateWeek(friday, input)).toMatchObject({
      replaced: true,
      week: { weekIndex: 2 },
    });
    // Two weeks later: week 3 (weeks count plans, not calendar gaps).
    const later = await t.contextFor(userId, { now: new Date('2026-12-09T03:00:00Z') });
    const week3 = await generateWeek(later, input);
    expect(week3.week.weekIndex).toBe(3);

    const list = (await listWeeks(later)).weeks;
    expect(list.map((w) => w.weekIndex)).toEqual([3, 2, 1]);
    expect(list[1].planMd).toContain('Built on last week');
    expect(list[0].planMd).toContain('Built on last week');
    expect(list[2].planMd).not.toContain('Built on last week');
    const rows = await t.deps.db.select().from(workoutWeeks).where(eq(workoutWeeks.userId, userId));
    expect(rows.map((r) => r.weekStart).sort()).toEqual(['2026-11-16', '2026-11-23', '2026-12-07']);
  });

  it("writes a Spanish member's week in Spanish, and keeps an English week readable after the switch", async () => {
    const { client, userId } = await t.member();
    // Spanish chosen in the footer's menu, as a browser sends it: saved as the member's setting.
    const chosen = await client.request('/api/language', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: t.deps.config.publicUrl,
        'sec-fetch-site': 'same-origin',
      },
      body: new URLSearchParams({ language: 'es', back: '/app/ai-workouts' }).toString(),
    });
    expect(chosen.status).toBe(303);
    const [saved] = await t.deps.db
      .select({ language: profiles.language })
      .from(profiles)
      .where(eq(profiles.id, userId));
    expect(saved.language).toBe('es');
    const res = await generate(client);
    expect(res.status).toBe(201);
    const { week } = (await res.json()) as GenerateWorkoutResponse;
    expect(week.planMd).toMatch(/^# Tu plan de 7 días desde el /);
    expect(week.planMd).toContain('- **Nivel:** Intermedio');
    expect(week.planMd).toContain('Fuerza y Movilidad');
    expect(week.planMd).toContain('Mancuernas y Bandas elásticas');
    expect(week.planMd).toContain('medidos con tu reloj inteligente');
    // Stored as written: each exercise's Spanish name, its catalogue id beside it.
    const [row] = await t.deps.db
      .select()
      .from(workoutWeeks)
      .where(eq(workoutWeeks.userId, userId));
    const stored = (row.plan as WeekPlan).days.flatMap((d) => d.exercises);
    expect(stored.length).toBeGreaterThan(0);
    for (const e of stored) {
      const words = runWithLocale('es', () => exerciseWords(catalogueExercise(e.catalogueId!)!));
      expect(e.name).toBe(words.name);
      expect(week.planMd).toContain(`| ${words.name} · _${words.cue}_ |`);
    }
    expect(week.planMd).not.toMatch(/Intermediate|Dumbbells|smart watch|Exercise \|/);

    // A member who made an English week, then chose Spanish: that week stays as it was written,
    // and the next one, in Spanish, builds on it (by catalogue id, not by name).
    const other = await memberIn('Europe/Madrid');
    const input = { ...prefs, age: 34, stepTracker: 'watch' as const } as never;
    const first = await t.contextFor(other.userId, { now: new Date('2026-11-23T09:00:00Z') });
    const english = await runWithLocale('en', () => generateWeek(first, input));
    const next = await t.contextFor(other.userId, { now: new Date('2026-11-30T09:00:00Z') });
    const spanish = await runWithLocale('es', () => generateWeek(next, input));
    const list = (await runWithLocale('es', () => listWeeks(next))).weeks;
    expect(list.map((w) => w.weekIndex)).toEqual([2, 1]);
    expect(list[1].planMd).toBe(english.week.planMd);
    expect(list[1].planMd).toMatch(/^# Your 7-day plan from /);
    expect(list[0].planMd).toBe(spanish.week.planMd);
    expect(list[0].planMd).toContain('Basado en la semana pasada');
  });

  it('makes racing requests in one week share a single week', async () => {
    const { client } = await t.member();
    const answers = await Promise.all([generate(client), generate(client), generate(client)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect((await weeks(client)).map((w) => w.weekIndex)).toEqual([1]);
  });

  it('keeps the plan low-impact when the health profile mentions an injury', async () => {
    const { client } = await t.member();
    const health = await client.request('/api/profile/health', {
      method: 'PUT',
      json: { birthYear: 1980, goals: [], equipment: [], constraints: 'Knee surgery in May' },
    });
    expect(health.status).toBe(200);
    const body = (await (
      await generate(client, { ...prefs, notes: '' })
    ).json()) as GenerateWorkoutResponse;
    expect(body.week.planMd).toContain('low-impact work only');
  });

  it(`allows ${WORKOUT_GENERATIONS_PER_HOUR} plans an hour per member, then refuses without saving`, async () => {
    const { client } = await t.member();
    for (let i = 0; i < WORKOUT_GENERATIONS_PER_HOUR; i++)
      expect((await generate(client)).status).toBeLessThan(300);
    const refused = await generate(client, { ...prefs, fitnessLevel: 'advanced' });
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body.message).toMatch(
      /^You have generated several plans recently\. Please try again in /,
    );
    expect(body.details.retryAfter).toBeGreaterThan(0);
    // The refused request saved nothing: the preferences are the last accepted ones.
    expect((await (await client.request('/api/workouts/prefs')).json()).prefs.fitnessLevel).toBe(
      'intermediate',
    );
    // Another member is not affected.
    expect((await generate((await t.member()).client)).status).toBe(201);
  });
});
