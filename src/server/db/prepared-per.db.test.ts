import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { preparedPer, type DbOrTx } from './client';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

// Decision 0123: a transaction's prepared statements are built once per pooled connection, not once
// per transaction (a check-in's transaction built its cycle read anew each time), and each still runs
// in the transaction that asks for it.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('preparedPer in transactions', () => {
  it('runs in the asking transaction, built at most once per connection on PostgreSQL', async () => {
    let built = 0;
    const probe = preparedPer((db: DbOrTx) => {
      built += 1;
      return db
        .select({ value: sql<string | null>`current_setting('stackdays.probe', true)` })
        .from(sql`(select 1) one`)
        .prepare('prepared_per_probe');
    });
    const transactions = 30;
    for (let i = 0; i < transactions; i++) {
      const value = await database.db.transaction(async (tx) => {
        // A setting of this transaction alone: the statement sees it only if it runs inside it.
        await tx.execute(sql`select set_config('stackdays.probe', ${`tx ${i}`}, true)`);
        const [row] = await probe(tx).execute();
        return row.value;
      });
      expect(value).toBe(`tx ${i}`);
    }
    // Outside a transaction the setting is gone: the statement runs on the database handle's own.
    const [outside] = await probe(database.db).execute();
    expect(outside.value ?? '').toBe('');
    // A PGlite transaction's client lives as long as the transaction: one build each there.
    if (database.driver === 'pg') expect(built).toBeLessThan(transactions);
    else expect(built).toBe(transactions + 1);
  });
});
