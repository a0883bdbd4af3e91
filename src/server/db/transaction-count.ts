import type { Database } from './client';

/**
 * Counts the transactions a piece of work makes on a database, as PostgreSQL's
 * `pg_stat_database.xact_commit + xact_rollback` counts them (what `npm run bench` reports per
 * request): each statement sent outside a transaction is one, each BEGIN ... COMMIT/ROLLBACK is one
 * however many statements it holds. Counted at the driver, so it works on PGlite and on PostgreSQL
 * alike, and answers at once (the server's own statistics are flushed at most once a second).
 *
 * For tests: `const counter = countTransactions(database); ... counter.count()`. Only what runs
 * between `start()` and `stop()` counts; the instrumentation stays on the handle (it costs a branch).
 */
export interface TransactionCounter {
  /** Starts counting from zero. */
  start(): void;
  /** Stops counting and returns the count (the statements seen, when `log` was asked for). */
  stop(): { transactions: number; statements: string[] };
}

type Query = (...args: unknown[]) => unknown;
interface Tally {
  on: boolean;
  transactions: number;
  statements: string[];
}

const tallies = new WeakMap<object, Tally>();

const textOf = (arg: unknown): string =>
  typeof arg === 'string'
    ? arg
    : arg && typeof arg === 'object' && 'text' in arg
      ? String((arg as { text: unknown }).text)
      : '';

export function countTransactions(database: Database): TransactionCounter {
  const client = (database.db as unknown as { $client: object }).$client;
  let tally = tallies.get(client);
  if (!tally) {
    const created: Tally = (tally = { on: false, transactions: 0, statements: [] });
    tallies.set(client, created);
    if (database.driver === 'pg') instrumentPool(client as PoolLike, created);
    else instrumentPglite(client as PgliteLike, created);
  }
  const t = tally;
  return {
    start() {
      t.on = true;
      t.transactions = 0;
      t.statements = [];
    },
    stop() {
      t.on = false;
      return { transactions: t.transactions, statements: [...t.statements] };
    },
  };
}

interface PoolLike {
  on(event: 'acquire', listener: (client: { query: Query }) => void): void;
}

/**
 * node-postgres: every statement goes through some pooled client's `query` (pool.query checks a
 * client out too). A client between BEGIN and COMMIT/ROLLBACK is inside one transaction.
 */
function instrumentPool(pool: PoolLike, tally: Tally) {
  const seen = new WeakSet<object>();
  pool.on('acquire', (client) => {
    if (seen.has(client)) return;
    seen.add(client);
    const query = client.query.bind(client);
    let inside = false;
    client.query = (...args: unknown[]) => {
      const text = textOf(args[0]).trim();
      if (/^begin\b/i.test(text)) {
        inside = true;
        if (tally.on) tally.transactions += 1;
      } else if (/^(commit|rollback)\b/i.test(text)) {
        inside = false;
      } else if (!inside && tally.on) {
        tally.transactions += 1;
      }
      if (tally.on) tally.statements.push(text);
      return query(...args);
    };
  });
}

interface PgliteLike {
  query: Query;
  exec: Query;
  transaction: Query;
}

/** PGlite: `query` and `exec` are one transaction each; `transaction` runs its statements inside one. */
function instrumentPglite(client: PgliteLike, tally: Tally) {
  for (const method of ['query', 'exec'] as const) {
    const original = client[method].bind(client);
    client[method] = (...args: unknown[]) => {
      if (tally.on) {
        tally.transactions += 1;
        tally.statements.push(textOf(args[0]).trim());
      }
      return original(...args);
    };
  }
  const transaction = client.transaction.bind(client);
  client.transaction = (...args: unknown[]) => {
    if (tally.on) {
      tally.transactions += 1;
      tally.statements.push('begin');
    }
    return transaction(...args);
  };
}
