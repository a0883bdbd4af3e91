import type { Db, DbOrTx } from '../db/client';

class Rollback extends Error {}

/**
 * Runs `work` in a transaction of `db` that is then undone, and answers what it answered: the rows it
 * wrote (members, cycles, claims) leave nothing behind for the next run of a property test.
 */
export async function undone<T>(db: Db, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await db
    .transaction(async (tx) => {
      result = await work(tx);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return result as T;
}
