import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WORKOUT_AI_CALLS_PER_HOUR } from '@shared/constants';
import type * as Constants from '@shared/constants';
import type { GenerateWorkoutResponse } from '@shared/api-types';
import { msg } from '@shared/messages';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { rateLimits } from '../../db/schema';
import { goodAiPlan, startChatServer, type ChatServer } from './fake-chat-server';

// The whole app with AI_BASE_URL pointing at a local chat-completions server. The wait for the
// endpoint is cut to half a second so the hanging case stays quick.
vi.mock('@shared/constants', async (original) => ({
  ...(await original<typeof Constants>()),
  WORKOUT_AI_TIMEOUT_MS: 500,
}));

let t: TestApp;
let chat: ChatServer;
beforeAll(async () => {
  chat = await startChatServer();
  t = await createTestApp({ AI_BASE_URL: chat.url, AI_API_KEY: 'sk-test', AI_MODEL: 'test-model' });
});
afterAll(async () => {
  await t.close();
  await chat.close();
});
beforeEach(async () => {
  await t.resetLimits();
  chat.requests.length = 0;
});

const prefs = {
  fitnessLevel: 'advanced',
  age: '41',
  equipment: ['barbell'],
  stepTracker: 'tracker',
  goals: ['endurance'],
  notes: 'Training for a 10k in spring',
};

async function generate(beforeGenerating?: () => Promise<unknown>) {
  const { client } = await t.member();
  await client.request('/api/checkins', {
    method: 'POST',
    json: {
      movedMinutes: 42,
      steps: 9876,
      proteinTargetHit: true,
      hydrationGoalHit: true,
      journalMd: '',
    },
  });
  await beforeGenerating?.();
  const res = await client.request('/api/workouts/generate', { method: 'POST', json: prefs });
  expect(res.status).toBe(201);
  return (await res.json()) as GenerateWorkoutResponse;
}

describe('generating with an OpenAI-compatible endpoint', () => {
  it("uses the model's plan, sent with the preferences and recent check-ins", async () => {
    chat.mode = { kind: 'plan', plan: goodAiPlan() };
    const body = await generate();
    expect(body.engine).toBe('ai');
    expect(body.week.planMd).toContain('| Kettlebell goblet squat · _Chest up_ | 3 | 10 reps |');
    expect(body.week.planMd).toContain('**Made by:** AI coach');
    const facts = (chat.requests[0].body.messages as { content: string }[])[1].content;
    expect(facts).toContain('Training for a 10k in spring');
    expect(facts).toContain('9876');
    expect(facts).not.toContain('@example.com');
  });

  it('writes what the model says as plain text: no links or markup get into the plan', async () => {
    chat.mode = {
      kind: 'plan',
      plan: goodAiPlan({ firstExercise: 'Squat [claim prize](https://evil.example/x) <b>now</b>' }),
    };
    const md = (await generate()).week.planMd;
    expect(md).not.toContain('evil.example');
    expect(md).not.toMatch(/(?<!\\)\]\(/);
    expect(md).toContain('Squat \\[claim prize\\]');
    expect(md).not.toContain('<b>');
  });

  it.each([
    ['a malformed answer', { kind: 'content', content: '{"days": "lots"}' }, 'malformed'],
    ['an HTTP error', { kind: 'status', status: 503 }, 'failed'],
    ['a timeout', { kind: 'hang' }, 'timeout'],
  ] as const)(
    'falls back to the built-in planner on %s, and says so',
    async (_name, mode, reason) => {
      chat.mode = mode;
      const body = await generate();
      expect(body.engine).toBe('planner');
      expect(body.week.planMd).toContain(msg.workoutAiFallback(reason));
      expect(body.week.planMd).toContain('**Made by:** StackDays built-in planner');
      expect(body.week.planMd).toContain('| Exercise | Sets | Reps or time |');
    },
  );

  it('stops calling the endpoint once the server-wide hourly budget is spent', async () => {
    chat.mode = { kind: 'plan', plan: goodAiPlan() };
    const body = await generate(() =>
      t.deps.db.insert(rateLimits).values({
        key: 'workout-ai:server',
        windowStart: new Date(),
        count: WORKOUT_AI_CALLS_PER_HOUR,
      }),
    );
    expect(body.engine).toBe('planner');
    expect(body.week.planMd).toContain(msg.workoutAiFallback('busy'));
    expect(chat.requests).toHaveLength(0);
  });
});
