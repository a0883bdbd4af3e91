import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { cycles } from '../db/schema';

/** Gives the member one cycle, starting on `startDate`, in place of the one sign-up began. */
export async function startCycleOn(db: DbOrTx, userId: string, startDate: string) {
  await db.delete(cycles).where(eq(cycles.userId, userId));
  const [cycle] = await db.insert(cycles).values({ userId, startDate }).returning();
  return cycle;
}
