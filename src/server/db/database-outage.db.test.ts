import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { msg } from '@shared/messages';
import { createTestApp, type TestApp } from '../testing/test-app';
import { onDatabaseServer } from '../testing/test-database';
import { queryRows } from './client';
import { DATABASE_RETRY_AFTER_SECONDS } from './unavailable';

// The database goes away and comes back (decision 0041, issue 32), on PostgreSQL: every connection of
// the app's database is ended and new ones are refused (what a restart looks like from the pool),
// then connections are allowed again. Requests answer 503 with Retry-After meanwhile, /api/ready says
// the database is unavailable, and the same pool serves again afterwards, with no restart.
// PGlite runs inside the process: it cannot go away on its own.

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the database goes away and comes back (pg)', () => {
  let t: TestApp;
  let name: string;
  const onServer = (statement: string) => onDatabaseServer(serverUrl!, statement);

  beforeAll(async () => {
    t = await createTestApp();
    [{ name }] = await queryRows<{ name: string }>(
      t.database.db,
      sql`select current_database() as name`,
    );
  });
  afterAll(async () => {
    await onServer(`alter database ${name} allow_connections true`).catch(() => undefined);
    await t?.close();
  });

  it('a connection held between two statements and ended by the server does not end the process', async () => {
    const pool = (t.database.db as unknown as { $client: Pool }).$client;
    const held = await pool.connect();
    try {
      await held.query('begin');
      await onServer(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
      );
      // The server's message arrives while no statement runs: without a listener on the client, Node
      // throws it as an unhandled 'error' event (vitest fails the run on it).
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expect(held.query('select 1')).rejects.toThrow();
    } finally {
      held.release(true);
    }
    expect((await t.app.request('/api/ready')).status).toBe(200);
  });

  it('answers 503 with Retry-After while it is away, then serves again from the same pool', async () => {
    const { client } = await t.member();
    expect((await client.request('/api/cycle')).status).toBe(200);
    // A member whose session this process has not read yet: the outage meets the session read itself.
    const { client: uncached } = await t.member();

    await onServer(`alter database ${name} allow_connections false`);
    await onServer(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    );

    const during = await Promise.all([
      ...Array.from({ length: 10 }, () => client.request('/api/cycle')),
      ...Array.from({ length: 5 }, () => client.request('/api/feed')),
      uncached.request('/api/cycle'),
      client.request('/api/checkins', {
        method: 'POST',
        json: { movedMinutes: 20, steps: 4000, proteinTargetHit: true, hydrationGoalHit: true },
      }),
    ]);
    for (const res of during) {
      expect(res.status, await res.clone().text()).toBe(503);
      expect(res.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(await res.json()).toMatchObject({
        code: 'unavailable',
        message: msg.serviceUnavailable,
      });
    }
    const ready = await t.app.request('/api/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ database: 'unavailable' });

    await onServer(`alter database ${name} allow_connections true`);

    expect((await t.app.request('/api/ready')).status).toBe(200);
    expect((await client.request('/api/cycle')).status).toBe(200);
    // The check-in refused during the outage was not made; made now, it is there with its post.
    const made = await client.request('/api/checkins', {
      method: 'POST',
      json: { movedMinutes: 20, steps: 4000, proteinTargetHit: true, hydrationGoalHit: true },
    });
    expect(made.status).toBe(201);
    const today = (await (await client.request('/api/checkins/today')).json()) as {
      checkin: { id: string } | null;
    };
    expect(today.checkin).not.toBeNull();
  });
});
