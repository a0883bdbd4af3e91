import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import pino from 'pino';
import { createServerDatabase } from '../testing/test-server';
import { CACHE_CHANNEL, startPgCacheBus, type CacheBus } from './cache-bus';

// The cache bus on its own (decision 0024): two buses stand for two processes. The whole path
// through real server processes is in scale-out.db.test.ts.

const skip = !process.env.TEST_DATABASE_URL;

describe.skipIf(skip)('the cache bus (PostgreSQL LISTEN/NOTIFY)', () => {
  let database: NonNullable<Awaited<ReturnType<typeof createServerDatabase>>>;
  let sql: pg.Client;
  let first: CacheBus;
  let second: CacheBus;
  const heard = { first: [] as string[], second: [] as string[] };

  const bus = (coalesceMs?: number) =>
    startPgCacheBus({
      url: database.url,
      logger: pino({ level: 'silent' }),
      notify: (channel, payload) => sql.query('select pg_notify($1, $2)', [channel, payload]),
      minRetryMs: 50,
      coalesceMs,
    });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

  beforeAll(async () => {
    database = (await createServerDatabase())!;
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    first = bus();
    second = bus();
    await Promise.all([first.ready, second.ready]);
    for (const topic of ['feed', 'board'] as const) {
      first.subscribe(topic, () => heard.first.push(topic));
      second.subscribe(topic, () => heard.second.push(topic));
    }
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await sql?.end();
    await database?.drop();
  });

  it('tells the other process, not the one that published', async () => {
    await first.publish('feed');
    await second.publish('board');
    await settle();
    expect(heard).toEqual({ first: ['board'], second: ['feed'] });
  });

  it('ignores notifications that are not a known topic', async () => {
    heard.first.length = 0;
    heard.second.length = 0;
    for (const payload of ['', 'everything:abc', 'feed', 'drop table:x', 'x'.repeat(7000)])
      await sql.query('select pg_notify($1, $2)', [CACHE_CHANNEL, payload]);
    await sql.query(`select pg_notify('another_channel', 'feed:abc')`);
    await settle();
    // A bare topic (no origin) is a stranger's: it clears, which is all a NOTIFY can ever do.
    expect(heard).toEqual({ first: ['feed'], second: ['feed'] });
  });

  it('tells the other process of 50 writes in two notifications: the first at once, the rest after', async () => {
    const writer = bus(300);
    await writer.ready;
    heard.second.length = 0;
    // A write's transaction is passed as `via`; this test's notify sends at once either way.
    const via = {} as Parameters<CacheBus['publish']>[1];
    for (let i = 0; i < 50; i += 1) await writer.publish('feed', via);
    await settle();
    expect(heard.second).toEqual(['feed']);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(heard.second).toEqual(['feed', 'feed']);
    await writer.close();
  });

  it('coalesces the notices of writes that committed on their own as a transaction’s (decision 0135)', async () => {
    const writer = bus(300);
    await writer.ready;
    heard.second.length = 0;
    for (let i = 0; i < 50; i += 1) await writer.publishCommitted('feed');
    await settle();
    expect(heard.second).toEqual(['feed']);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(heard.second).toEqual(['feed', 'feed']);
    await writer.close();
  });

  it('tells every session change at once: a revoked admin flag does not wait', async () => {
    const writer = bus(300);
    await writer.ready;
    const sessions: string[] = [];
    second.subscribe('session', () => sessions.push('session'));
    const via = {} as Parameters<CacheBus['publish']>[1];
    for (let i = 0; i < 3; i += 1) await writer.publish('session', via);
    await settle();
    expect(sessions).toEqual(['session', 'session', 'session']);
    await writer.close();
  });

  it('stops hearing anything once closed', async () => {
    const third = bus();
    await third.ready;
    let calls = 0;
    third.subscribe('feed', () => (calls += 1));
    await third.close();
    await first.publish('feed');
    await settle();
    expect(calls).toBe(0);
  });
});
