import { eq } from 'drizzle-orm';
import type { UnitPref } from '@shared/constants';
import type { ProfileView } from '@shared/api-types';
import { displayNameFromEmail } from '@shared/domain/display';
import { isLocale } from '@shared/i18n/locales';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { AppError } from '../../lib/errors';

// The member's profile row, which every profile verb reads (made when missing), and its view.

async function profileRow(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ profile: profiles, email: user.email, createdAt: user.createdAt })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  if (!row) throw new AppError('not_found', msg.notFound);
  return row;
}

/** The profile row, made when missing (spec: display name from the e-mail's local part). */
export async function ensureProfile(db: DbOrTx, userId: string) {
  const row = await profileRow(db, userId);
  if (row.profile) return { ...row, profile: row.profile };
  await db
    .insert(profiles)
    .values({ id: userId, displayName: displayNameFromEmail(row.email) })
    .onConflictDoNothing();
  const again = await profileRow(db, userId);
  return { ...again, profile: again.profile! };
}

export function profileView(row: Awaited<ReturnType<typeof ensureProfile>>): ProfileView {
  const { profile } = row;
  return {
    displayName: profile.displayName,
    firstName: profile.firstName,
    lastName: profile.lastName,
    country: profile.country,
    unitPref: profile.unitPref as UnitPref,
    language: isLocale(profile.language) ? profile.language : null,
    avatarUrl: profile.avatarUrl,
    email: row.email,
    memberSince: row.createdAt.toISOString(),
  };
}
