import { and, eq, sql } from 'drizzle-orm';
import { isValidTimeZone } from '@shared/domain/local-date';
import { displayNameFromEmail } from '@shared/domain/display';
import { account, consents, healthProfile, profiles, user, userSettings } from '../../db/schema';
import { newToken } from '../../lib/tokens';
import { withTransaction, type ServiceContext } from '../../lib/context';
import { audit } from '../../lib/audit';
import { redeemCoupon } from '../coupons/service';
import { acceptInvite } from '../invites/service';
import type { PendingSignUp } from './pending-sign-up';
import { forgetSessionsAfterCommit } from '../../lib/session-cache';
import { scopeLocale } from '../../lib/locale';

// The first proof of an address (decision 0072): the account starts afresh, takes this browser's
// sign-up, and is granted its free months once; an ADMIN_EMAILS address becomes an admin.

/**
 * The first proof of the address starts the account afresh (decision 0072): nothing chosen before it
 * survives unless the owner chose it. With the sign-up this browser made for this address, the
 * account takes that sign-up's name, password, time zone and terms acceptance; otherwise it gets the
 * e-mail's local part as its name, no password, the proving browser's time zone (or the default) and
 * no recorded acceptance. An account an administrator made keeps what the administrator chose (its
 * names and admin flag) and takes no sign-up at all. Settings, consents and the health profile go
 * back to their defaults. Without this browser's sign-up (and not an administrator's account), the
 * account is marked unfinished: the app asks for a name and the terms before it opens (decision
 * 0095). Runs inside the transaction that claims the first verification.
 */
export async function startAfresh(
  ctx: ServiceContext,
  input: {
    userId: string;
    email: string;
    invitedByAdmin: boolean;
    pending: PendingSignUp | null;
    timeZone?: string;
  },
): Promise<void> {
  const now = ctx.now();
  const pending = input.invitedByAdmin ? null : input.pending;
  const zone = [pending?.timeZone, input.timeZone].find((z) => z && isValidTimeZone(z));
  if (!input.invitedByAdmin) {
    const name = pending?.displayName ?? displayNameFromEmail(input.email);
    await ctx.db.update(user).set({ name, updatedAt: now }).where(eq(user.id, input.userId));
    await ctx.db
      .update(profiles)
      .set({
        displayName: name,
        firstName: null,
        lastName: null,
        country: null,
        avatarUrl: null,
        unitPref: sql`default`,
        healthIntakeSkippedAt: null,
        updatedAt: now,
      })
      .where(eq(profiles.id, input.userId));
  }
  // Proven without this browser's sign-up, the member has chosen no name and accepted no terms
  // here: the account says so until they do (decision 0095). An admin's account keeps its names.
  // The member's language (issue 47): the one this browser signed up in, else the proving browser's
  // (its menu choice, else Accept-Language). An administrator's account keeps one already set.
  const language = pending?.language ?? scopeLocale();
  await ctx.db
    .update(profiles)
    .set({
      signupCoupon: null,
      signUpUnfinishedAt: pending || input.invitedByAdmin ? null : now,
      language: input.invitedByAdmin ? sql`coalesce(${profiles.language}, ${language})` : language,
    })
    .where(eq(profiles.id, input.userId));
  await ctx.db
    .delete(account)
    .where(and(eq(account.userId, input.userId), eq(account.providerId, 'credential')));
  if (pending)
    await ctx.db.insert(account).values({
      id: newToken(),
      userId: input.userId,
      providerId: 'credential',
      accountId: input.userId,
      password: pending.passwordHash,
      createdAt: now,
      updatedAt: now,
    });
  await ctx.db.delete(userSettings).where(eq(userSettings.userId, input.userId));
  await ctx.db.insert(userSettings).values({ userId: input.userId, timezone: zone });
  await ctx.db.delete(consents).where(eq(consents.userId, input.userId));
  await ctx.db.insert(consents).values({
    userId: input.userId,
    tosAcceptedAt: pending ? new Date(pending.termsAcceptedAt) : null,
  });
  await ctx.db.delete(healthProfile).where(eq(healthProfile.userId, input.userId));
  // Name, photo, units and time zone are part of the member's session.
  forgetSessionsAfterCommit(ctx);
}

/**
 * The account's first verification, once: claims profiles.verified_at, starts the account afresh
 * (startAfresh), then in the same transaction redeems the coupon (the one given now, or at this
 * browser's sign-up) and accepts the buddy invite (the one whose link was followed, or else the
 * newest one sent to this address). Nothing is granted twice: a second verification finds
 * verified_at set. It runs whichever page verified the address.
 */
export async function firstVerification(
  ctx: ServiceContext,
  input: {
    userId: string;
    email: string;
    coupon?: string;
    invite?: string;
    timeZone?: string;
    pending: PendingSignUp | null;
    /** The address was proven before this code (an account marked verified without verified_at). */
    addressAlreadyProven: boolean;
  },
): Promise<number> {
  return withTransaction(ctx, async (ctx) => {
    // The row is locked: of two racing verifications, the second waits and then finds verified_at set.
    const [profile] = await ctx.db
      .select({
        verifiedAt: profiles.verifiedAt,
        invitedByAdmin: sql<boolean>`${profiles.adminInviteTokenHash} is not null`,
      })
      .from(profiles)
      .where(eq(profiles.id, input.userId))
      .for('update');
    if (!profile || profile.verifiedAt) return 0;
    await ctx.db
      .update(profiles)
      .set({ verifiedAt: ctx.now() })
      .where(eq(profiles.id, input.userId));
    // An address proven before (seeded or imported accounts) keeps its owner's account as it is.
    if (!input.addressAlreadyProven)
      await startAfresh(ctx, { ...input, invitedByAdmin: profile.invitedByAdmin });
    let monthsFree = 0;
    const coupon = input.coupon ?? (profile.invitedByAdmin ? undefined : input.pending?.coupon);
    if (coupon) monthsFree += await redeemCoupon(ctx, { code: coupon, userId: input.userId });
    monthsFree += await acceptInvite(ctx, { token: input.invite, userId: input.userId });
    return monthsFree;
  });
}

/** Promotes an address listed in ADMIN_EMAILS, with an audit record; a no-op for everyone else. */
export async function applyAdminEmails(ctx: ServiceContext, userId: string, email: string) {
  if (!ctx.config.adminEmails.includes(email.toLowerCase())) return;
  await withTransaction(ctx, async (ctx) => {
    const changed = await ctx.db
      .update(profiles)
      .set({ isAdmin: true, updatedAt: ctx.now() })
      .where(and(eq(profiles.id, userId), eq(profiles.isAdmin, false)))
      .returning({ id: profiles.id });
    if (changed.length) forgetSessionsAfterCommit(ctx);
    if (changed.length)
      await audit(ctx, {
        action: 'admin.grant',
        target: { type: 'user', id: userId },
        after: { isAdmin: true, reason: 'ADMIN_EMAILS' },
      });
  });
}
