import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import pino from 'pino';
import { REQUEST_ID_MAX_LENGTH } from '@shared/constants';
import { createApp, type AppDeps } from '../../app';
import type { Db } from '../../db/client';
import { createContext } from '../../lib/context';
import { usePrettyLogs } from '../../lib/logger';
import { S3MediaStorage } from '../../lib/storage';
import { setUpTestApp, withTestApp } from '../../testing/test-app';
import { databaseLabel } from '../../testing/test-database';

// Liveness, readiness and request ids (decisions 0025, 0078).

const t = setUpTestApp();

/** Nothing listens here (one of this suite's ports): connections are refused at once. */
const CLOSED_PORT = 3251;

/** The app with some of its parts swapped for broken ones. */
const appWith = (parts: Partial<AppDeps>) => createApp({ ...t.deps, ...parts });

/** A database whose every query fails, or never answers. */
const brokenDb = (mode: 'fails' | 'hangs') =>
  ({
    execute: () =>
      mode === 'fails' ? Promise.reject(new Error('connect ECONNREFUSED')) : new Promise(() => {}),
  }) as unknown as Db;

describe(`/api/health and /api/ready (${databaseLabel})`, () => {
  it('health answers ok without touching the database, ready checks database and storage', async () => {
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });

    const down = appWith({ db: brokenDb('fails') });
    const live = await down.request('/api/health');
    expect(live.status).toBe(200);

    const ready = await t.app.request('/api/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
    expect(ready.headers.get('cache-control')).toContain('no-store');
  });

  it('ready is 503 naming the database when it fails, and says nothing more', async () => {
    const res = await appWith({ db: brokenDb('fails') }).request('/api/ready');
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      status: 'unavailable',
      database: 'unavailable',
      storage: 'ok',
    });
    expect(text).not.toContain('ECONNREFUSED');
  });

  it('ready gives up on a database that does not answer after its timeout', async () => {
    const started = Date.now();
    const res = await appWith({ db: brokenDb('hangs') }).request('/api/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ database: 'unavailable', storage: 'ok' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('ready is 503 naming the storage when the S3 endpoint is unreachable', async () => {
    const storage = new S3MediaStorage({
      endpoint: `http://127.0.0.1:${CLOSED_PORT}`,
      region: 'us-east-1',
      bucket: 'media',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    const res = await appWith({ storage }).request('/api/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: 'unavailable',
      database: 'ok',
      storage: 'unavailable',
    });
  });

  // A second app on its own database: slow to set up on a busy machine.
  it(
    'both answer whatever the Host, as container probes name the pod address',
    { timeout: 120_000 },
    async () => {
      await withTestApp({ PUBLIC_URL: 'https://stackdays.example' }, async (app) => {
        for (const path of ['/api/health', '/api/ready']) {
          const res = await app.app.request(path, { headers: { host: '10.42.0.7:3000' } });
          expect(res.status).toBe(200);
        }
      });
    },
  );
});

describe(`request ids (${databaseLabel})`, () => {
  it('keeps a short, plain X-Request-Id and makes a new one for anything else', async () => {
    const sent = async (id: string) =>
      (
        await t.app.request('/api/nothing-here', { headers: { 'x-request-id': id } })
      ).json() as Promise<{
        requestId: string;
      }>;
    expect((await sent('lb-7f3a_9=')).requestId).toBe('lb-7f3a_9=');

    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const bad of [
      'a'.repeat(REQUEST_ID_MAX_LENGTH + 1),
      '<script>',
      'a b',
      '../etc',
      '{"x":1}',
    ]) {
      const { requestId } = await sent(bad);
      expect(requestId).toMatch(uuid);
    }
    const res = await t.app.request('/api/health', {
      headers: { 'x-request-id': 'x'.repeat(200) },
    });
    expect(res.headers.get('x-request-id')).toMatch(uuid);
  });

  it('writes every log line as one JSON object carrying the request id', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const logger = pino({ level: 'info', base: { service: 'stackdays' } }, sink);
    const app = createApp({ ...t.deps, logger });
    await app.request('/api/health', { headers: { 'x-request-id': 'trace-123' } });
    // A service's log line (its context is built from the request) carries the same id.
    const ctx = createContext(
      { ...t.deps, logger },
      { actor: { kind: 'anonymous' }, requestId: 'trace-456' },
    );
    ctx.logger.error({ err: new Error('storage down\nsecond line') }, 'upload failed');

    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed).toHaveLength(2);
    expect(parsed[0]).toMatchObject({ msg: 'request', requestId: 'trace-123', status: 200 });
    expect(parsed[1]).toMatchObject({ msg: 'upload failed', requestId: 'trace-456', level: 50 });
  });

  it('prints readable lines only on a terminal or when asked, JSON otherwise', () => {
    expect(usePrettyLogs('auto', false)).toBe(false);
    expect(usePrettyLogs('json', true)).toBe(false);
    expect(usePrettyLogs('auto', true)).toBe(true);
    expect(usePrettyLogs('pretty', false)).toBe(true);
  });
});
