import { randomBytes } from 'node:crypto';
import { migrateDatabase, openDatabase, type Database } from './client';
import { seedBadges } from './seed';

export interface TestDatabase extends Database {
  /** 'pglite' or 'pg', for test names. */
  label: string;
}

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

  const { Client } = await import('pg');
  const name = `stackdays_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'pg', url: url.toString(), poolSize: 20 });
  await migrateDatabase(database);
  await seedBadges(database.db);
  return {
    ...database,
    label: 'pg',
    close: async () => {
      await database.close();
      const cleanup = new Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
