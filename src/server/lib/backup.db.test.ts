import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, queryRows, type Database } from '../db/client';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { checkins, cycles, user } from '../db/schema';
import { BackupError, backupDatabase, backupKindOf, restoreDatabase } from './backup';

// npm run backup / npm run restore on both databases (decision 0080): seed an instance with the demo
// seeder, back it up, restore into a fresh place, and find every row of every table again.

const scratch = mkdtempSync(path.join(tmpdir(), 'stackdays-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Two members, one cycle each, three check-ins. */
async function fill(database: Database) {
  await migrateDatabase(database);
  const db = database.db;
  for (const name of ['Ada', 'Grace']) {
    const id = randomUUID();
    await db
      .insert(user)
      .values({ id, name, email: `${name.toLowerCase()}@example.com`, emailVerified: true });
    const [cycle] = await db
      .insert(cycles)
      .values({ userId: id, startDate: '2026-06-01' })
      .returning();
    const days = name === 'Ada' ? ['2026-06-01', '2026-06-02'] : ['2026-06-01'];
    for (const [i, localDate] of days.entries())
      await db.insert(checkins).values({
        cycleId: cycle.id,
        userId: id,
        dayNumber: i + 1,
        localDate,
        movedMinutes: 20 + i,
      });
  }
}

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

/**
 * The demo seeder (npm run seed:demo) on the database that `env` names: members with check-ins,
 * posts, likes, reactions, comments, invites, badges, consents, health profiles and trials. The
 * embedded database must be closed: the seeder takes the DATA_DIR lock.
 */
async function seedDemo(env: Record<string, string>) {
  await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/seed-demo.ts', '--members', '6', '--days', '9'],
    { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, timeout: 120_000 },
  );
}

/** Every row of every table (ours and the migrations' record), as text, table by table. */
async function everyRow(database: Database): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
        where schemaname in ('public', 'drizzle') order by 1`,
  );
  const rows: Record<string, string[]> = {};
  for (const { name } of tables) {
    const table = await queryRows<{ row: string }>(
      database.db,
      sql`select t::text as row from ${sql.raw(name)} t order by 1`,
    );
    rows[name] = table.map((r) => r.row);
  }
  return rows;
}

/** What a restore must bring back. */
async function contents(database: Database) {
  const db = database.db;
  const members = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .orderBy(asc(user.email));
  const days = await db
    .select({
      userId: checkins.userId,
      localDate: checkins.localDate,
      movedMinutes: checkins.movedMinutes,
    })
    .from(checkins)
    .orderBy(asc(checkins.userId), asc(checkins.localDate));
  return { members, days };
}

describe('backup and restore of the embedded database (PGlite)', () => {
  // PGlite starts, dumps and loads a whole data directory several times: slow on a busy machine.
  it(
    'restores every row of every table of a seeded instance into a fresh DATA_DIR, and refuses while the server runs',
    { timeout: 240_000 },
    async () => {
      const dataDir = path.join(scratch, 'live');
      let source = await openDatabase({ driver: 'pglite', dataDir });
      await fill(source);
      await source.close();
      await seedDemo({ DATA_DIR: dataDir, DATABASE_URL: '' });
      source = await openDatabase({ driver: 'pglite', dataDir });
      const expected = await contents(source);
      expect(expected.members).toHaveLength(2 + 6);
      const expectedRows = await everyRow(source);
      expect(expectedRows['public.posts']!.length).toBeGreaterThan(6);
      expect(expectedRows['public.comments']!.length).toBeGreaterThan(0);

      // A running server holds the DATA_DIR lock: the backup says so instead of corrupting anything.
      await expect(backupDatabase({ dataDir }, path.join(scratch, 'no.tar.gz'))).rejects.toThrow(
        /server is stopped/,
      );
      await source.close();

      const file = path.join(scratch, 'embedded.tar.gz');
      expect(await backupDatabase({ dataDir }, file)).toMatchObject({ kind: 'pglite', file });
      expect(backupKindOf(file)).toBe('pglite');

      const fresh = path.join(scratch, 'fresh');
      await restoreDatabase({ dataDir: fresh }, file);
      const restored = await openDatabase({ driver: 'pglite', dataDir: fresh });
      try {
        await migrateDatabase(restored); // what the server's start does: nothing new to apply
        expect(await contents(restored)).toEqual(expected);
        expect(await everyRow(restored)).toEqual(expectedRows);
      } finally {
        await restored.close();
      }

      // Never over a database that is there, unless asked; then the old one is moved aside, not lost.
      await expect(restoreDatabase({ dataDir: fresh }, file)).rejects.toThrow(
        /already holds a database/,
      );
      const { movedAside } = await restoreDatabase({ dataDir: fresh }, file, { force: true });
      expect(movedAside && existsSync(path.join(movedAside, 'PG_VERSION'))).toBe(true);

      // Not while a server runs on the target either.
      const release = await acquireDataDirLock(path.resolve(fresh));
      try {
        await expect(restoreDatabase({ dataDir: fresh }, file, { force: true })).rejects.toThrow(
          /server is stopped/,
        );
      } finally {
        release();
      }
    },
  );

  it('says what is wrong with a bad file, a wrong target, or a missing pg_dump', async () => {
    await expect(backupDatabase({ dataDir: path.join(scratch, 'empty') })).rejects.toThrow(
      /no embedded database/,
    );
    const notBackup = path.join(scratch, 'package.json');
    await import('node:fs/promises').then((fs) => fs.writeFile(notBackup, '{}'));
    await expect(restoreDatabase({ dataDir: scratch }, notBackup)).rejects.toThrow(
      /not a StackDays backup/,
    );
    // A gzip file reads as an embedded backup, which a PostgreSQL target cannot take.
    const gzip = path.join(scratch, 'other.tar.gz');
    await import('node:fs/promises').then((fs) =>
      fs.writeFile(gzip, Buffer.from([0x1f, 0x8b, 8, 0, 0])),
    );
    await expect(
      restoreDatabase({ dataDir: scratch, databaseUrl: 'postgres://x@127.0.0.1:1/x' }, gzip),
    ).rejects.toThrow(/unset DATABASE_URL/);

    const savedPath = process.env.PATH;
    process.env.PATH = path.join(scratch, 'no-bin');
    try {
      const error = await backupDatabase(
        { dataDir: scratch, databaseUrl: 'postgres://x@127.0.0.1:1/x' },
        path.join(scratch, 'x.dump'),
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toMatch(/pg_dump was not found.*postgresql-client/s);
    } finally {
      process.env.PATH = savedPath;
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('backup and restore of the PostgreSQL server database', () => {
  const created: string[] = [];

  async function newDatabase(): Promise<string> {
    const { Client: PgClient } = await import('pg');
    const name = `stackdays_backup_${randomBytes(5).toString('hex')}`;
    const admin = new PgClient({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    created.push(name);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  }

  afterAll(async () => {
    const { Client: PgClient } = await import('pg');
    const admin = new PgClient({ connectionString: serverUrl });
    await admin.connect();
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it(
    'pg_dump of a seeded instance in use, pg_restore into a new database: every row of every table',
    { timeout: 120_000 },
    async () => {
      const sourceUrl = await newDatabase();
      const source = await openDatabase({ driver: 'pg', url: sourceUrl, poolSize: 2 });
      const file = path.join(scratch, 'server.dump');
      let expected: Awaited<ReturnType<typeof contents>>;
      let expectedRows: Awaited<ReturnType<typeof everyRow>>;
      try {
        await fill(source);
        await seedDemo({ DATABASE_URL: sourceUrl });
        expected = await contents(source);
        expectedRows = await everyRow(source);
        expect(expectedRows['public.checkins']!.length).toBeGreaterThan(6);
        // The source stays open: pg_dump reads one consistent snapshot beside running servers.
        expect(
          await backupDatabase({ dataDir: scratch, databaseUrl: sourceUrl }, file),
        ).toMatchObject({ kind: 'pg' });
      } finally {
        await source.close();
      }
      expect(backupKindOf(file)).toBe('pg');

      const targetUrl = await newDatabase();
      await restoreDatabase({ dataDir: scratch, databaseUrl: targetUrl }, file);
      const restored = await openDatabase({ driver: 'pg', url: targetUrl, poolSize: 2 });
      try {
        await migrateDatabase(restored);
        expect(await contents(restored)).toEqual(expected);
        expect(await everyRow(restored)).toEqual(expectedRows);
      } finally {
        await restored.close();
      }

      await expect(
        restoreDatabase({ dataDir: scratch, databaseUrl: targetUrl }, file),
      ).rejects.toThrow(/not empty/);
      await restoreDatabase({ dataDir: scratch, databaseUrl: targetUrl }, file, { force: true });
      const again = await openDatabase({ driver: 'pg', url: targetUrl, poolSize: 2 });
      try {
        expect(await contents(again)).toEqual(expected);
      } finally {
        await again.close();
      }
    },
  );
});
