import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { subscriptions } from '../db/schema';

// The member's subscription row, which every billing verb and the subscription gate read.

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function subscriptionRow(db: DbOrTx, userId: string, lock = false) {
  const query = db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}
