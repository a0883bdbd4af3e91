import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  migrateDatabase,
  migrationsFolder,
  openDatabase,
  queryRows,
  type Database,
  type Db,
} from './client';
import * as schema from './schema';
import { createScratchDatabase, createTestDatabase } from '../testing/test-database';

/** Every table the product spec names, plus better-auth's four. */
const SPEC_TABLES = [
  'cycles',
  'checkins',
  'posts',
  'post_media',
  'checkin_updates',
  'checkin_update_media',
  'likes',
  'comments',
  'post_reactions',
  'invites',
  'profiles',
  'badges',
  'user_badges',
  'health_profile',
  'user_settings',
  'consents',
  'subscriptions',
  'workout_prefs',
  'workout_weeks',
  'reports',
  'coupons',
  'notification_logs',
  'user',
  'session',
  'account',
  'verification',
];

interface EmptyDatabase {
  /** Opens (or reopens) a connection to the same, initially empty, database. */
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

/**
 * createTestDatabase() hands out an already migrated database, so this file makes its own empty one:
 * a PGlite data directory that can be reopened, or a new database on the TEST_DATABASE_URL server.
 */
async function createEmptyDatabase(): Promise<EmptyDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stackdays-migrations-'));
    return {
      open: () => openDatabase({ driver: 'pglite', dataDir }),
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const scratch = await createScratchDatabase(serverUrl, 'stackdays_migrations');
  return {
    open: () => openDatabase({ driver: 'pg', url: scratch.url, poolSize: 2 }),
    dispose: scratch.drop,
  };
}

async function publicTables(db: Db): Promise<string[]> {
  const found = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return found.map((r) => r.name);
}

/** Tables, columns, constraints and indexes: anything a re-run migration could add, drop or change. */
async function schemaFingerprint(db: Db): Promise<string[]> {
  const columns = await queryRows<{ line: string }>(
    db,
    sql`select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable
          || ' ' || coalesce(column_default, '') as line
        from information_schema.columns where table_schema = 'public'`,
  );
  const constraints = await queryRows<{ line: string }>(
    db,
    sql`select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as line
        from pg_constraint where connamespace = 'public'::regnamespace`,
  );
  const indexes = await queryRows<{ line: string }>(
    db,
    sql`select indexdef as line from pg_indexes where schemaname = 'public'`,
  );
  return [...columns, ...constraints, ...indexes].map((r) => r.line).sort();
}

async function appliedMigrations(db: Db): Promise<string[]> {
  const applied = await queryRows<{ hash: string }>(
    db,
    sql`select hash from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return applied.map((r) => r.hash);
}

const journal = JSON.parse(
  readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
) as {
  entries: { tag: string }[];
};

describe('migrations', () => {
  let empty: EmptyDatabase;
  let database: Database | undefined;

  beforeAll(async () => {
    empty = await createEmptyDatabase();
  });

  afterAll(async () => {
    await database?.close();
    await empty?.dispose();
  });

  it('apply cleanly to an empty database, then a second run on a reopened connection changes nothing', async () => {
    database = await empty.open();
    expect(await publicTables(database.db)).toEqual([]);

    await migrateDatabase(database);
    const tablesAfterFirst = await publicTables(database.db);
    const fingerprintAfterFirst = await schemaFingerprint(database.db);
    const appliedAfterFirst = await appliedMigrations(database.db);
    expect(appliedAfterFirst).toHaveLength(journal.entries.length);

    // Data written between runs must survive the second run.
    await database.db.execute(
      sql`insert into "user" (id, name, email) values ('migration_probe', 'Probe', 'probe@example.com')`,
    );

    // Same connection, then a fresh one, as a restarting server would.
    await migrateDatabase(database);
    await database.close();
    database = await empty.open();
    await migrateDatabase(database);

    expect(await publicTables(database.db)).toEqual(tablesAfterFirst);
    expect(await schemaFingerprint(database.db)).toEqual(fingerprintAfterFirst);
    expect(await appliedMigrations(database.db)).toEqual(appliedAfterFirst);
    const probe = await queryRows<{ email: string }>(
      database.db,
      sql`select email from "user" where id = 'migration_probe'`,
    );
    expect(probe).toEqual([{ email: 'probe@example.com' }]);
  });

  it('create every table the spec lists', async () => {
    const migrated = await createTestDatabase();
    try {
      const tables = await publicTables(migrated.db);
      expect(SPEC_TABLES.filter((name) => !tables.includes(name))).toEqual([]);
    } finally {
      await migrated.close();
    }
  });

  it('leave no table the code does not use: every public table is in the Drizzle schema', async () => {
    const migrated = await createTestDatabase();
    try {
      const known = (Object.values(schema) as unknown[])
        .filter((value): value is PgTable => is(value, PgTable))
        .map((table) => getTableName(table));
      const tables = await publicTables(migrated.db);
      expect(tables.filter((name) => !known.includes(name) && !name.startsWith('__'))).toEqual([]);
    } finally {
      await migrated.close();
    }
  });
});
