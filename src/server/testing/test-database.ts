import { randomBytes } from 'node:crypto';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { seedBadges } from '../db/seed';

export interface TestDatabase extends Database {
  /** 'pglite' or 'pg', for test names. */
  label: string;
}

/** 'pg' when the database tests run on the server named by TEST_DATABASE_URL, else 'pglite': for test names. */
export const databaseLabel = process.env.TEST_DATABASE_URL ? 'pg' : 'pglite';

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default, or a new
 * database on the server named by TEST_DATABASE_URL (created here, dropped on close).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ driver: 'pglite' });
    await migrateDatabase(database);
    await seedBadges(database.db);
    return { ...database, label: 'pglite' };
  }

  const scratch = await createScratchDatabase(serverUrl, 'stackdays_test');
  const database = await openDatabase({ driver: 'pg', url: scratch.url, poolSize: 20 });
  await migrateDatabase(database);
  await seedBadges(database.db);
  return {
    ...database,
    label: 'pg',
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** Runs one statement on the server at `serverUrl` on a connection of its own (create, drop, alter a database). */
export async function onDatabaseServer(serverUrl: string, statement: string): Promise<void> {
  const { Client } = await import('pg');
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** An empty database on the server at `serverUrl`, named `<prefix>_<random>`, and a drop() for it. */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const onServer = (statement: string) => onDatabaseServer(serverUrl, statement);
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(`drop database if exists ${name} with (force)`),
  };
}
