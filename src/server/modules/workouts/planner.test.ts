import { describe, expect, it } from 'vitest';
import { runWithLocale } from '../../lib/locale';
import { CATALOGUE, catalogueExercise, exerciseWords } from './catalogue';
import { planMarkdown, type PlanRequest, type WeekPlan } from './plan';
import { planWeek } from './planner';

const request = (over: Partial<PlanRequest> = {}): PlanRequest => ({
  level: 'intermediate',
  age: 35,
  equipment: ['dumbbells'],
  stepTracker: 'phone',
  goals: ['strength'],
  notes: null,
  health: null,
  recentCheckins: [],
  weekStart: '2026-11-23',
  startDate: '2026-11-26',
  previous: null,
  language: 'en',
  ...over,
});

const exercisesOf = (plan: WeekPlan) => plan.days.flatMap((d) => d.exercises);
const catalogueOf = (plan: WeekPlan) =>
  exercisesOf(plan).map((e) => catalogueExercise(e.catalogueId!)!);
const volume = (plan: WeekPlan) =>
  exercisesOf(plan).reduce((sum, e) => sum + (e.minutes ?? (e.sets ?? 0) * (e.reps ?? 0)), 0);

describe('the built-in planner', () => {
  it('plans 7 days, each session with exercises and sets and reps or minutes', () => {
    const plan = planWeek(request());
    expect(plan.days.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const sessions = plan.days.filter((d) => !d.rest);
    expect(sessions.length).toBeGreaterThanOrEqual(3);
    for (const d of sessions) {
      expect(d.exercises.length).toBeGreaterThan(0);
      for (const e of d.exercises)
        expect(Boolean(e.minutes) || Boolean(e.sets && e.reps)).toBe(true);
    }
  });

  it('respects equipment: no barbell exercise without a barbell, no machine without machines', () => {
    for (const equipment of [['none'], ['dumbbells'], ['bands'], ['dumbbells', 'bands']] as const) {
      for (const level of ['beginner', 'intermediate', 'advanced'] as const) {
        const plan = planWeek(request({ equipment: [...equipment], level }));
        for (const e of catalogueOf(plan)) {
          expect(e.equipment.includes('barbell'), `${e.id} with ${equipment}`).toBe(false);
          expect(e.equipment.includes('machines'), `${e.id} with ${equipment}`).toBe(false);
        }
      }
    }
    const withBarbell = planWeek(request({ equipment: ['barbell'], level: 'advanced' }));
    expect(catalogueOf(withBarbell).some((e) => e.equipment.includes('barbell'))).toBe(true);
  });

  it('is low-impact only when the notes or the health constraints mention an injury', () => {
    const base = {
      level: 'advanced',
      goals: ['fat_loss', 'endurance'],
      equipment: ['outdoors'],
    } as const;
    const healthy = planWeek(
      request({ ...base, goals: [...base.goals], equipment: [...base.equipment] }),
    );
    expect(catalogueOf(healthy).some((e) => !e.lowImpact)).toBe(true);

    const fromNotes = planWeek(
      request({
        ...base,
        goals: [...base.goals],
        equipment: [...base.equipment],
        notes: 'Old knee injury',
      }),
    );
    expect(catalogueOf(fromNotes).every((e) => e.lowImpact)).toBe(true);
    expect(planMarkdown(fromNotes, request()).toLowerCase()).toContain('low-impact');

    const fromHealth = planWeek(
      request({
        ...base,
        goals: [...base.goals],
        equipment: [...base.equipment],
        health: {
          age: 40,
          gender: null,
          heightCm: null,
          weightKg: null,
          baselineSteps: null,
          goals: [],
          equipment: [],
          constraints: 'Lower back surgery last year',
        },
      }),
    );
    expect(catalogueOf(fromHealth).every((e) => e.lowImpact)).toBe(true);
  });

  it('makes week 2 progress from week 1, and week 3 from week 2', () => {
    const week1 = planWeek(request());
    const week2 = planWeek(request({ previous: week1 }));
    const week3 = planWeek(request({ previous: week2 }));
    expect(volume(week2)).toBeGreaterThan(volume(week1));
    expect(volume(week3)).toBeGreaterThan(volume(week2));
    expect(week2.stepTarget).toBeGreaterThan(week1.stepTarget);
    // Slot by slot, nothing gets easier: more reps, another set, more minutes or a harder variation.
    const first = new Map(exercisesOf(week1).map((e) => [e.slot, e]));
    for (const e of exercisesOf(week2)) {
      const before = first.get(e.slot)!;
      const harder = catalogueExercise(before.catalogueId!)!.harder === e.catalogueId;
      const more =
        (e.minutes ?? 0) > (before.minutes ?? 0) ||
        (e.sets ?? 0) * (e.reps ?? 0) > (before.sets ?? 0) * (before.reps ?? 0);
      expect(harder || more, `${e.slot}: ${before.name} → ${e.name}`).toBe(true);
    }
    expect(week2.notes.join(' ')).toContain('Built on last week');
  });

  it('moves to the harder variation once an exercise reaches its top volume', () => {
    let plan = planWeek(
      request({ level: 'beginner', equipment: ['none'], goals: ['feel_better'] }),
    );
    const firstIds = new Set(exercisesOf(plan).map((e) => e.catalogueId));
    for (let week = 2; week <= 8; week++)
      plan = planWeek(
        request({ level: 'beginner', equipment: ['none'], goals: ['feel_better'], previous: plan }),
      );
    expect(exercisesOf(plan).some((e) => !firstIds.has(e.catalogueId))).toBe(true);
  });

  it('gives the levels different plans: sessions, exercises, doses and steps', () => {
    const plans = (['beginner', 'intermediate', 'advanced'] as const).map((level) =>
      planWeek(request({ level, equipment: ['home_gym'] })),
    );
    const sessions = plans.map((p) => p.days.filter((d) => !d.rest).length);
    expect(sessions).toEqual([...sessions].sort((a, b) => a - b));
    expect(new Set(sessions).size).toBe(3);
    expect(plans[0].stepTarget).toBeLessThan(plans[2].stepTarget);
    const ids = plans.map((p) =>
      exercisesOf(p)
        .map((e) => e.catalogueId)
        .join(),
    );
    expect(new Set(ids).size).toBe(3);
    // A beginner gets no advanced exercise.
    expect(catalogueOf(plans[0]).every((e) => e.level === 1)).toBe(true);
  });

  it('makes visibly different plans for different goals', () => {
    const strength = planMarkdown(planWeek(request({ goals: ['strength'] })), request());
    const mobility = planMarkdown(planWeek(request({ goals: ['mobility'] })), request());
    const fatLoss = planMarkdown(planWeek(request({ goals: ['fat_loss'] })), request());
    expect(new Set([strength, mobility, fatLoss]).size).toBe(3);
    expect(mobility).toContain('Mobility and core');
    expect(fatLoss).toContain('Intervals');
  });

  it('writes markdown with headings, a list and a table per training day', () => {
    const plan = planWeek(request());
    const md = planMarkdown(plan, request());
    expect(md).toMatch(/^# Your 7-day plan from Nov 26, 2026/);
    expect(md).toContain('- **Daily step target:**');
    const tables = md.match(/\| Exercise \| Sets \| Reps or time \|/g) ?? [];
    expect(tables.length).toBe(plan.days.filter((d) => !d.rest).length);
    expect(md).toContain('## Day 1 · Thu, Nov 26');
    expect(md).toContain('## Day 7 · Wed, Dec 2');
  });
});

describe("the built-in planner in the member's language (issue 47)", () => {
  it('names every catalogue exercise, with its cue, in each locale', () => {
    const everyExercise = CATALOGUE.map((e) => e.id);
    for (const locale of ['en', 'es', 'de'] as const) {
      const words = runWithLocale(locale, () => CATALOGUE.map(exerciseWords));
      for (const [i, w] of words.entries()) {
        expect(w.name, `${locale} ${everyExercise[i]}`).toMatch(/\S/);
        expect(w.cue, `${locale} ${everyExercise[i]}`).toMatch(/\S/);
      }
      expect(new Set(words.map((w) => w.name)).size).toBe(CATALOGUE.length);
    }
  });

  it('writes a Spanish week: exercise names, cues, level, goals, equipment and tracker', () => {
    const es = request({
      language: 'es',
      level: 'beginner',
      goals: ['strength', 'mobility'],
      equipment: ['dumbbells', 'bands'],
      stepTracker: 'watch',
    });
    const { plan, md } = runWithLocale('es', () => {
      const made = planWeek(es);
      return { plan: made, md: planMarkdown(made, es) };
    });
    const names = exercisesOf(plan).map((e) => e.name);
    const english = runWithLocale('en', () =>
      exercisesOf(plan).map((e) => exerciseWords(catalogueExercise(e.catalogueId!)!).name),
    );
    expect(names).not.toEqual(english);
    expect(names).toEqual(
      runWithLocale('es', () =>
        exercisesOf(plan).map((e) => exerciseWords(catalogueExercise(e.catalogueId!)!).name),
      ),
    );
    expect(md).toContain('- **Nivel:** Principiante');
    expect(md).toContain('Fuerza y Movilidad');
    expect(md).toContain('Mancuernas y Bandas elásticas');
    expect(md).toContain('medidos con tu reloj inteligente');
    expect(md).not.toMatch(/Beginner|Dumbbells|smart watch|Strength/);
  });

  it('keeps the English plan word for word', () => {
    const md = runWithLocale('en', () => {
      const r = request({
        level: 'advanced',
        stepTracker: 'tracker',
        equipment: ['barbell', 'home_gym'],
      });
      return planMarkdown(planWeek(r), r);
    });
    expect(md).toContain('- **Level:** Advanced');
    expect(md).toContain('tracked with your fitness tracker');
    expect(md).toContain('Barbell and Home gym');
    expect(md).toContain('| Barbell back squat · _Brace before each rep_ |');
  });

  it('in German, the tracker takes its article: "gemessen mit deiner Smartwatch"', () => {
    const md = runWithLocale('de', () => {
      const r = request({ language: 'de', stepTracker: 'watch' });
      return planMarkdown(planWeek(r), r);
    });
    expect(md).toContain('gemessen mit deiner Smartwatch');
    expect(md).toContain('Kurzhanteln');
  });
});
