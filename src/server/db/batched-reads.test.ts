import { describe, expect, it } from 'vitest';
import type { DbOrTx } from './client';
import { batchedPer } from './client';

// batchedPer takes the database only as the key of its batches: any object stands in for one here.
const db = {} as DbOrTx;

/** A batched read that records each call of its load and answers each key doubled. */
function doubling() {
  const calls: number[][] = [];
  const read = batchedPer(async (_db: DbOrTx, keys: readonly number[]) => {
    calls.push([...keys]);
    return keys.map((k) => k * 2);
  });
  return { read, calls };
}

describe('batchedPer', () => {
  it('reads the keys asked for at the same moment in one call, each answered its own value', async () => {
    const { read, calls } = doubling();
    expect(await Promise.all([read(db, 1), read(db, 2), read(db, 3)])).toEqual([2, 4, 6]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('reads a key asked twice at once only once, and answers both', async () => {
    const { read, calls } = doubling();
    expect(await Promise.all([read(db, 5), read(db, 7), read(db, 5)])).toEqual([10, 14, 10]);
    expect(calls).toEqual([[5, 7]]);
  });

  it('reads again for a key asked after the first answer (nothing is cached)', async () => {
    const { read, calls } = doubling();
    await read(db, 4);
    await read(db, 4);
    expect(calls).toEqual([[4], [4]]);
  });

  it('takes null as a key like any other', async () => {
    const read = batchedPer(async (_db: DbOrTx, keys: readonly (number | null)[]) =>
      keys.map((k) => (k === null ? 'none' : String(k))),
    );
    expect(await Promise.all([read(db, null), read(db, 1), read(db, null)])).toEqual([
      'none',
      '1',
      'none',
    ]);
  });

  it('keeps the batches of two databases apart', async () => {
    const seen: Array<[DbOrTx, number[]]> = [];
    const read = batchedPer(async (on: DbOrTx, keys: readonly number[]) => {
      seen.push([on, [...keys]]);
      return [...keys];
    });
    const other = {} as DbOrTx;
    await Promise.all([read(db, 1), read(other, 2), read(db, 3)]);
    expect(seen).toEqual([
      [db, [1, 3]],
      [other, [2]],
    ]);
  });

  it('fails every read of a batch whose database read failed, and the next batch works', async () => {
    let fail = true;
    const read = batchedPer(async (_db: DbOrTx, keys: readonly number[]) => {
      if (fail) throw new Error('connection lost');
      return [...keys];
    });
    const failed = await Promise.allSettled([read(db, 1), read(db, 2)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read(db, 3)).toBe(3);
  });
});
