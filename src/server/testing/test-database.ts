import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { migrateDatabase, migrationsFolder, openDatabase, type Database } from '../db/client';
import { seedBadges } from '../db/seed';

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
    const template = await readFile(templatePath()).then(
      (bytes) => new Blob([bytes]),
      () => null,
    );
    const database = await openDatabase({ driver: 'pglite', loadDataDir: template ?? undefined });
    // After a template: both find nothing to do (drizzle compares the migrations it recorded).
    await migrateDatabase(database);
    // The template holds the migrations only: the badges are seeded from today's constants.
    if (!template) await saveTemplate(database);
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

/** An empty database on the server at `serverUrl`, named `<prefix>_<random>`, and a drop() for it. */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const { Client } = await import('pg');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const onServer = async (statement: string) => {
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(`drop database if exists ${name} with (force)`),
  };
}

/**
 * Where the migrated PGlite database that test databases start from is kept: one file in the temp
 * folder per set of migrations and PGlite version, made by the first test database that finds none
 * (every vitest worker after it loads it, about a second, instead of migrating, two to three).
 */
function templatePath(): string {
  templateFile ??= templateFileName();
  return templateFile;
}

let templateFile: string | undefined;

/** The template's name: a hash of PGlite's version and every migration file, read once a process. */
function templateFileName(): string {
  const hash = createHash('sha256');
  // PGlite's own version: its package.json, beside the dist/ folder its entry point is in.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(path.dirname(entry), '..', 'package.json')));
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const file = path.join(migrationsFolder, name);
    if (name.endsWith('.sql') || name.endsWith('.json'))
      hash.update(name).update(readFileSync(file));
  }
  return path.join(os.tmpdir(), `stackdays-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Writes the template from a freshly migrated database; two workers at once each write whole. */
async function saveTemplate(database: Database): Promise<void> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  const target = templatePath();
  const partial = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, target);
}
