import { spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
} from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Config } from './config';
import { openDatabase } from '../db/client';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock';

/**
 * `npm run backup` and `npm run restore` (decision 0080), for both databases:
 * - PostgreSQL (DATABASE_URL): pg_dump's custom format, restored with pg_restore. Safe while the
 *   servers run: pg_dump reads one consistent snapshot.
 * - PGlite (DATA_DIR): PGlite's own dumpDataDir() tarball (gzip), restored by loading it into a new
 *   data directory. PGlite is one process per directory, so this needs the DATA_DIR lock: the server
 *   must be stopped, else the backup refuses with the holder's pid.
 * Media files are not in either: see the README (DATA_DIR/media is plain files; S3 has its own tools).
 */

export class BackupError extends Error {}

export type BackupKind = 'pg' | 'pglite';

/** A file name that sorts by time: stackdays-pg-20261122-151500.dump. */
export function defaultBackupFile(kind: BackupKind, now = new Date(), dir = 'backups'): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return path.join(dir, `stackdays-${kind}-${stamp}.${kind === 'pg' ? 'dump' : 'tar.gz'}`);
}

/** The connection without its password (which goes to PGPASSWORD): never on a command line, where `ps` shows it. */
function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: parsed.toString(), env };
}

/** Runs a PostgreSQL client tool; a missing binary is named with how to install it. */
function run(tool: 'pg_dump' | 'pg_restore' | 'psql', args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found on PATH. Install the PostgreSQL client tools of your server's ` +
                'major version or newer (Debian/Ubuntu: apt-get install postgresql-client), or run ' +
                `${tool} where they are (docker compose exec postgres ${tool} …).`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (exit ${code}):\n${stderr.trim()}`));
    });
  });
}

async function withDataDirLock<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let release: () => void;
  try {
    release = await acquireDataDirLock(path.resolve(dataDir));
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new BackupError(
        `${error.message}\nThe embedded database can only be backed up or restored while the server is stopped.`,
      );
    throw error;
  }
  try {
    return await fn();
  } finally {
    release();
  }
}

/** Writes a backup of the configured database to `file` (default under ./backups); returns its path. */
export async function backupDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  file?: string,
): Promise<{ file: string; kind: BackupKind }> {
  const kind: BackupKind = config.databaseUrl ? 'pg' : 'pglite';
  const out = path.resolve(file ?? defaultBackupFile(kind));
  const pgliteDir = path.resolve(config.dataDir, 'pglite');
  if (!config.databaseUrl && !existsSync(path.join(pgliteDir, 'PG_VERSION')))
    throw new BackupError(`There is no embedded database in ${pgliteDir} to back up.`);
  mkdirSync(path.dirname(out), { recursive: true, mode: 0o700 });

  if (config.databaseUrl) {
    const { dbname, env } = libpqTarget(config.databaseUrl);
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`, dbname],
      env,
    );
    // Backups hold every member's data: readable by their owner only.
    chmodSync(out, 0o600);
    return { file: out, kind };
  }

  // openDatabase takes the DATA_DIR lock itself (and refuses while a server holds it).
  const database = await openDatabase({ driver: 'pglite', dataDir: config.dataDir }).catch(
    (error: unknown) => {
      if (error instanceof DataDirLockedError)
        throw new BackupError(
          `${error.message}\nThe embedded database can only be backed up while the server is stopped.`,
        );
      throw error;
    },
  );
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const tarball = await client.dumpDataDir('gzip');
    // Backups hold every member's data: readable by their owner only.
    await writeFile(out, Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
  } finally {
    await database.close();
  }
  return { file: out, kind };
}

/** pg_dump's custom format starts with PGDMP; PGlite's tarball is gzip (1f 8b). */
export function backupKindOf(file: string): BackupKind {
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'pg';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  throw new BackupError(
    `${file} is not a StackDays backup (pg_dump custom format or PGlite tarball).`,
  );
}

/**
 * Restores `file` into the configured database. It must be empty (a new database, or a DATA_DIR
 * without a pglite folder) unless `force`: then PostgreSQL objects are dropped and replaced, and an
 * existing DATA_DIR/pglite is moved aside to pglite.before-restore-<time>, never deleted.
 * The server's start applies any migrations newer than the backup.
 */
export async function restoreDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  file: string,
  options: { force?: boolean; now?: Date } = {},
): Promise<{ kind: BackupKind; movedAside?: string }> {
  if (!existsSync(file)) throw new BackupError(`No such backup file: ${file}`);
  const kind = backupKindOf(file);

  if (kind === 'pg') {
    if (!config.databaseUrl)
      throw new BackupError(
        'This is a PostgreSQL backup: set DATABASE_URL to the (new, empty) database to restore into.',
      );
    const { Client } = await import('pg');
    const client = new Client({ connectionString: config.databaseUrl });
    await client.connect();
    let tables: number;
    try {
      const result = await client.query<{ n: string }>(
        `select count(*) as n from information_schema.tables
          where table_schema not in ('pg_catalog', 'information_schema')`,
      );
      tables = Number(result.rows[0].n);
    } finally {
      await client.end();
    }
    if (tables > 0 && !options.force)
      throw new BackupError(
        `The database in DATABASE_URL is not empty (${tables} tables). Restore into a new database, ` +
          'or pass --force to drop and replace what is there.',
      );
    const { dbname, env } = libpqTarget(config.databaseUrl);
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        ...(tables > 0 ? ['--clean', '--if-exists'] : []),
        `--dbname=${dbname}`,
        file,
      ],
      env,
    );
    return { kind };
  }

  if (config.databaseUrl)
    throw new BackupError(
      'This is an embedded (PGlite) backup: unset DATABASE_URL and set DATA_DIR to restore it.',
    );
  return withDataDirLock(config.dataDir, async () => {
    const pgliteDir = path.resolve(config.dataDir, 'pglite');
    let movedAside: string | undefined;
    if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) {
      if (!options.force)
        throw new BackupError(
          `${pgliteDir} already holds a database. Restore into a new DATA_DIR, or pass --force to ` +
            'move it aside first.',
        );
      const stamp = (options.now ?? new Date()).toISOString().replace(/[-:.]/g, '');
      movedAside = `${pgliteDir}.before-restore-${stamp}`;
      renameSync(pgliteDir, movedAside);
    }
    mkdirSync(pgliteDir, { recursive: true, mode: 0o700 });
    const { PGlite } = await import('@electric-sql/pglite');
    const tarball = new Blob([await readFile(file)]);
    const client = await PGlite.create({ dataDir: pgliteDir, loadDataDir: tarball });
    await client.query('select 1');
    await client.close();
    return { kind, movedAside };
  });
}
