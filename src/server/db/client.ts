import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import DataLoader from 'dataloader';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { acquireDataDirLock } from './data-dir-lock';

/**
 * The database as the code uses it: the SQL-like builders and `execute`, without drizzle's relational
 * queries (`db.query.*`), which nothing reads. Opened without the schema, each transaction's handle is
 * built without a relational query builder per table (1.5% of a check-in's thread, decision 0134).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle has the same query API as the database itself. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  close(): Promise<void>;
}

export type Row = Record<string, unknown>;

/** The rows of a raw `db.execute(sql\`…\`)`: both drivers answer with `{ rows }`. */
export async function queryRows<T = Row>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * What a handle's prepared statements are bound to: a drizzle `.prepare(name)` runs on its session's
 * client. A node-postgres transaction's client is the pool's client it holds (one with `release`),
 * the same object for every transaction that connection carries, so statements prepared in one of
 * them serve the next ones on that connection. Anything else (the database handle, a PGlite
 * transaction, whose client lives as long as the transaction) keys itself.
 */
function statementHome(db: object): object {
  if (!(db instanceof PgTransaction)) return db;
  const client = (db as unknown as { session?: { client?: { release?: unknown } } }).session
    ?.client;
  return client && typeof client.release === 'function' ? client : db;
}

/**
 * `prepare(db)` made once per database handle, or per pooled connection for transactions (decision
 * 0123), and kept with it: prepared statements (a drizzle `.prepare(name)` is bound to the client it
 * was built on) for the hot reads and writes. Building a statement is a drizzle query build (a tenth
 * of a check-in's thread time when each transaction built its own); `prepare` must answer
 * prepared statements only, nothing that keeps the handle itself.
 */
export function preparedPer<D extends object, T>(prepare: (db: D) => T): (db: D) => T {
  const made = new WeakMap<object, T>();
  return (db) => {
    const home = statementHome(db);
    let statements = made.get(home);
    if (!statements) made.set(home, (statements = prepare(db)));
    return statements;
  };
}

/**
 * A read that the requests of one moment share: the keys asked for while the process handles one
 * round of I/O (DataLoader, dispatched by `setImmediate`) go to the database together, in one call of
 * `load` with each distinct key once (equal as JSON), which answers one value per key, in order. A key
 * is read after it was asked for, never from an earlier answer (no cache), so a batched read is as
 * fresh as a read of its own. Inside a transaction the read is made at once, alone, on the
 * transaction's connection (decision 0027).
 */
export function batchedPer<K, V>(
  load: (db: DbOrTx, keys: readonly K[]) => Promise<V[]>,
): (db: DbOrTx, key: K) => Promise<V> {
  // DataLoader refuses null and undefined as keys: each key travels in a box.
  const loaders = new WeakMap<DbOrTx, DataLoader<{ key: K }, V>>();
  const loadDistinct = async (db: DbOrTx, boxes: readonly { key: K }[]) => {
    const ids = boxes.map(({ key }) => JSON.stringify(key));
    const distinct = new Map<string, K>();
    boxes.forEach(({ key }, i) => distinct.set(ids[i], key));
    const values = await load(db, [...distinct.values()]);
    const byId = new Map([...distinct.keys()].map((id, i) => [id, values[i]]));
    return ids.map((id) => byId.get(id) as V);
  };
  return async (db, key) => {
    if (db instanceof PgTransaction) return (await load(db, [key]))[0];
    let loader = loaders.get(db);
    if (!loader) {
      loader = new DataLoader((boxes) => loadDistinct(db, boxes), {
        cache: false,
        batchScheduleFn: (dispatch) => setImmediate(dispatch),
        maxBatchSize: 100,
      });
      loaders.set(db, loader);
    }
    return loader.load({ key });
  };
}

/**
 * The rows of a batched statement grouped by the ask they answer: each row carries its ask's number
 * `n` (from 1, as `unnest ... with ordinality` numbers them); asks without rows get none.
 */
export function rowsByAsk<R extends { n: number }>(asks: number, rows: readonly R[]): R[][] {
  const grouped = Array.from({ length: asks }, (): R[] => []);
  for (const row of rows) grouped[row.n - 1].push(row);
  return grouped;
}

/** The row of each ask, for a batched statement that answers each ask with at most one row. */
export function rowByAsk<R extends { n: number }>(
  asks: number,
  rows: readonly R[],
): Array<R | undefined> {
  return rowsByAsk(asks, rows).map(([row]) => row);
}

/**
 * A raw batched statement's asks, one field at a time, as one array parameter each of SQL type
 * `type[]` (for `unnest(...) with ordinality`): the text never changes with the number of asks, so
 * PostgreSQL plans it once per connection (decision 0070). Each array comes through a scalar
 * subquery, which the planner cannot see into: a bare array counts its asks in a custom plan (one)
 * and not in a generic one (ten), so the generic plan looked dearer and every run was planned
 * afresh; costed alike, the generic plan is kept after five runs (decision 0129).
 */
export function askColumns<A>(asks: readonly A[]) {
  return (field: (ask: A) => unknown, type: ArrayElementType) =>
    sql`(select ${sql.param(asks.map(field))}::${sql.raw(type)}[])`;
}

/** The element types `askColumns` passes arrays of. */
export type ArrayElementType = 'text' | 'uuid' | 'int' | 'boolean' | 'date' | 'timestamptz';

/** `values` as one `type[]` parameter the planner cannot see into (see `askColumns`). */
export function askArray(values: readonly unknown[], type: ArrayElementType): SQL {
  return sql`(select ${sql.param(values)}::${sql.raw(type)}[])`;
}

/** Statements at least this long are prepared on each connection (decision 0070). */
const PREPARE_FROM_CHARS = 200;
/** Distinct statements named at most; past it, new ones run unnamed (a bound on server memory). */
const PREPARED_MAX = 500;
const statementNames = new Map<string, string>();

/**
 * node-postgres parses and plans every unnamed statement anew. A named one is parsed once per
 * connection, and PostgreSQL keeps its plan (a generic plan after five runs, when that costs no more
 * than planning each time), so the long reads (the weekly review, the crew board, My Cycle) skip a
 * planning that costs more than running them. The name is the text's number in this process: the
 * same text always has the same name, so a connection never meets one name with two texts.
 */
function prepareLongStatements(client: { query: (...args: unknown[]) => unknown }) {
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const config = args[0];
    if (config && typeof config === 'object' && !('name' in config && config.name)) {
      const text = (config as { text?: unknown }).text;
      if (typeof text === 'string' && text.length >= PREPARE_FROM_CHARS) {
        let name = statementNames.get(text);
        if (!name && statementNames.size < PREPARED_MAX)
          statementNames.set(text, (name = `s${statementNames.size + 1}`));
        if (name) args[0] = { ...config, name };
      }
    }
    return query(...args);
  };
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions =
  | {
      driver: 'pg';
      url: string;
      poolSize?: number;
      /** Server-side `statement_timeout` on every pooled connection; 0 or unset: none. */
      statementTimeoutMs?: number;
      /**
       * How long a query waits for a connection, new or from the pool, before failing (decision
       * 0041); unset: 5 s. A database that is away then fails requests fast instead of holding them.
       */
      connectTimeoutMs?: number;
      /** How the pool's connections name themselves in `pg_stat_activity` (default `stackdays`). */
      applicationName?: string;
    }
  | { driver: 'pglite'; dataDir?: string };

/**
 * Opens the database: PGlite in a data directory (the embedded default; one process per directory)
 * or a PostgreSQL server through `pg`. Both run the same schema and migrations.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'pg') {
    const { Pool, types } = await import('pg');
    // count(*) and sum() come back as int8/numeric; parse them as numbers so both drivers agree.
    types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    types.setTypeParser(1700, (v) => Number.parseFloat(v));
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // Sent with each connection's start-up, so every pooled connection has it (decision 0076).
      statement_timeout: options.statementTimeoutMs || undefined,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      application_name: options.applicationName ?? 'stackdays',
    });
    // An idle client losing its connection (a server restart, a dropped test database) must not crash
    // the process; the next query reports the problem and the pool reconnects.
    pool.on('error', () => {});
    // A connection a request holds (in a transaction, between two statements) that the server ends
    // emits its error on the client, not the pool: without a listener that error ends the process
    // (found by `npm run faults`, decision 0041). The request's next statement fails and answers 503.
    pool.on('connect', (client) => {
      client.on('error', () => {});
      prepareLongStatements(client);
    });
    const db = drizzle({ client: pool }) as unknown as Db;
    return { db, driver: 'pg', close: () => pool.end() };
  }

  const { PGlite, types } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let release = () => {};
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir, 'pglite');
    // Created readable by its owner only: it holds every member's data (decision 0012).
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    release = await acquireDataDirLock(path.resolve(options.dataDir));
  }
  try {
    const client = await PGlite.create({
      dataDir,
      parsers: {
        [types.INT8]: (v: string) => Number.parseInt(v, 10),
        [types.NUMERIC]: (v: string) => Number.parseFloat(v),
      },
    });
    const db = drizzle({ client }) as unknown as Db;
    return {
      db,
      driver: 'pglite',
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Any fixed number: the advisory lock that lets one process at a time migrate a PostgreSQL database. */
const MIGRATION_LOCK = 824_001;

/**
 * Applies the migrations not yet applied. On PostgreSQL, several processes may start at once: each
 * takes an advisory lock first, so one migrates and the others wait and then find nothing to do. The
 * migration runs on one connection with no statement timeout (an index on a big table may take long).
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.driver === 'pg') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = (database.db as unknown as { $client: Pool }).$client;
    const client = await pool.connect();
    try {
      await client.query('set statement_timeout = 0');
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        await migrate(drizzle({ client }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      }
      await client.query('reset statement_timeout');
      client.release();
    } catch (error) {
      // A connection in an unknown state is closed, not given back to the pool.
      client.release(error as Error);
      throw error;
    }
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder });
  }
}
