import { eq } from 'drizzle-orm';
import { PRODUCT_NAME } from '@shared/constants';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../../../db/client';
import { user } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { readAccessSections } from './access-sections';
import { readAccountSections } from './account-sections';
import { readCheckinSections } from './checkin-sections';
import { readSocialSections } from './social-sections';
import { readWorkoutSections } from './workout-sections';

// What the member owns: data.json's sections in the order the file lists them, the CSV's rows and the
// stored files to add to the ZIP.

/** Every row the member owns, read before the first byte is sent: one reader per section. */
export async function collect(db: DbOrTx, userId: string, now: Date) {
  const [account] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
  if (!account) throw new AppError('not_found', msg.notFound);
  const owned = await readAccountSections(db, userId, now);
  const activity = await readCheckinSections(db, userId, now);
  const data = {
    format: 'stackdays-export',
    version: 1,
    product: PRODUCT_NAME,
    exportedAt: now.toISOString(),
    account: {
      id: account.id,
      email: account.email,
      emailVerified: account.emailVerified,
      createdAt: account.createdAt.toISOString(),
    },
    ...owned.sections,
    ...activity.sections,
    ...(await readSocialSections(db, userId)),
    ...(await readWorkoutSections(db, userId)),
    ...(await readAccessSections(db, userId, account.email)),
  };
  return { data, csvRows: activity.csvRows, files: [...activity.files, ...owned.files] };
}
