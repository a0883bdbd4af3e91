import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake endpoint answers the next requests. */
export type ChatMode =
  | { kind: 'plan'; plan: unknown }
  | { kind: 'content'; content: string }
  | { kind: 'status'; status: number }
  | { kind: 'hang' };

export interface ChatServer {
  url: string;
  mode: ChatMode;
  /** Every request received: its path, headers and JSON body. */
  requests: { path: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

/**
 * A local server speaking the OpenAI chat-completions protocol (POST /v1/chat/completions), for the
 * AI engine's tests. It answers with `mode`: a plan as the message content, any content, an HTTP
 * error, or nothing at all (a hang).
 */
export async function startChatServer(): Promise<ChatServer> {
  const hanging = new Set<ServerResponse>();
  const state: ChatServer = {
    url: '',
    mode: { kind: 'status', status: 500 },
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      state.requests.push({
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(raw || '{}'),
      });
      const mode = state.mode;
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      if (mode.kind === 'hang') {
        hanging.add(res);
        return;
      }
      if (mode.kind === 'status') {
        res.writeHead(mode.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'boom' } }));
        return;
      }
      const content = mode.kind === 'plan' ? JSON.stringify(mode.plan) : mode.content;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          model: 'test-model',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}

/** A well-formed week as a model would answer it. */
export function goodAiPlan(overrides: { firstExercise?: string } = {}) {
  const session = (day: number, title: string) => ({
    day,
    title,
    rest: false,
    exercises: [
      {
        name: overrides.firstExercise ?? 'Kettlebell goblet squat',
        sets: 3,
        reps: 10,
        minutes: null,
        cue: 'Chest up',
      },
      { name: 'Zone 2 cycling', sets: null, reps: null, minutes: 25, cue: null },
    ],
  });
  const rest = (day: number) => ({ day, title: 'Rest', rest: true, exercises: [] });
  return {
    stepTarget: 8500,
    days: [
      session(1, 'Legs and cardio'),
      rest(2),
      session(3, 'Upper body'),
      rest(4),
      session(5, 'Full body'),
      rest(6),
      rest(7),
    ],
    notes: ['Sleep well this week.'],
  };
}
