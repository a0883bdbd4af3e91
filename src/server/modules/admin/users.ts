/**
 * Admin Users, the changes (decision 0021): the admin flag with the last-admin rule, Add User, resend
 * invitation, reset cycle and delete user. Every service starts with requireAdmin and audits its
 * change in the same transaction. The list is in user-list.ts.
 */
import { eq, sql } from 'drizzle-orm';
import {
  ACCOUNT_DELETE_CONFIRMATION,
  DEFAULT_SETTINGS_TIMEZONE,
  DEFAULT_UNIT_PREF,
} from '@shared/constants';
import { msg } from '@shared/messages';
import type {
  AdminCycleReset,
  AdminUserAdminFlag,
  AdminUserCreated,
  OkResponse,
} from '@shared/api-types';
import type { AdminCreateUserData } from '@shared/domain/schemas';
import { displayNameFromEmail } from '@shared/domain/display';
import { account, profiles, user } from '../../db/schema';
import { audit } from '../../lib/audit';
import {
  actingAs,
  afterCommit,
  requireAdmin,
  withTransaction,
  type ServiceContext,
} from '../../lib/context';
import { AppError } from '../../lib/errors';
import { createInvitedAccount } from '../account/admin-invite';
import { issueAdminInvite } from '../../queries/admin-invite';
import { replaceActiveCycle } from '../../queries/cycles';
import { deleteAccount } from '../profile/account-deletion';
import { grantComp } from '../subscription/grants';
import { sendAdminInvite } from './invite-mail';
import { forgetSessionsAfterCommit } from '../../lib/session-cache';

/**
 * Serializes every change that could remove an admin, then answers whether another admin remains.
 * The advisory lock makes two admins demoting each other at the same moment take turns: the second
 * sees the first one's change and is refused if it would leave nobody.
 */
async function assertAnotherAdminRemains(ctx: ServiceContext, userId: string): Promise<void> {
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext('stackdays:admin-flag'))`);
  const admins = await ctx.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.isAdmin, true))
    .for('update');
  const isAdmin = admins.some((a) => a.id === userId);
  if (isAdmin && admins.length <= 1) throw new AppError('conflict', msg.lastAdmin);
}

function actorUserId(ctx: ServiceContext): string | null {
  return ctx.actor.kind === 'admin' ? ctx.actor.user.userId : null;
}

/** Grant or revoke admin. Nobody revokes themself; the last admin stays. */
export async function setUserAdmin(
  ctx: ServiceContext,
  input: { userId: string; isAdmin: boolean },
): Promise<AdminUserAdminFlag> {
  requireAdmin(ctx);
  if (!input.isAdmin && actorUserId(ctx) === input.userId) {
    throw new AppError('forbidden', msg.cannotRevokeSelf);
  }
  return withTransaction(ctx, async (ctx) => {
    if (!input.isAdmin) await assertAnotherAdminRemains(ctx, input.userId);
    const [current] = await ctx.db
      .select({ isAdmin: profiles.isAdmin })
      .from(profiles)
      .where(eq(profiles.id, input.userId))
      .for('update');
    if (!current) throw new AppError('not_found', msg.notFound);
    await ctx.db
      .update(profiles)
      .set({ isAdmin: input.isAdmin, updatedAt: ctx.now() })
      .where(eq(profiles.id, input.userId));
    forgetSessionsAfterCommit(ctx);
    await audit(ctx, {
      action: input.isAdmin ? 'admin.grant' : 'admin.revoke',
      target: { type: 'user', id: input.userId },
      before: { isAdmin: current.isAdmin },
      after: { isAdmin: input.isAdmin },
    });
    return { isAdmin: input.isAdmin };
  });
}

/** Add User: the account, its names and role, the comp, and (by default) the invitation e-mail. */
export async function createUser(
  ctx: ServiceContext,
  input: AdminCreateUserData,
): Promise<AdminUserCreated> {
  requireAdmin(ctx);
  const email = input.email.trim().toLowerCase();
  const displayName =
    input.displayName?.trim() ||
    [input.firstName, input.lastName].filter(Boolean).join(' ').trim() ||
    displayNameFromEmail(email);
  return withTransaction(ctx, async (ctx) => {
    const { userId, token } = await createInvitedAccount(ctx, {
      email,
      displayName,
      isAdmin: input.role === 'admin',
    });
    await ctx.db
      .update(profiles)
      .set({ firstName: input.firstName || null, lastName: input.lastName || null })
      .where(eq(profiles.id, userId));
    // Billing's comp (subscription/service.ts), audited there, in this same transaction.
    if (input.comp !== 'none') await grantComp(ctx, { userId, comp: input.comp });
    await audit(ctx, {
      action: 'admin.user_create',
      target: { type: 'user', id: userId },
      after: { role: input.role, comp: input.comp, sendInvite: input.sendInvite },
    });
    if (input.sendInvite) {
      afterCommit(ctx, () =>
        sendAdminInvite(ctx, { to: email, userId, token, firstName: input.firstName }),
      );
    }
    return { userId, invited: input.sendInvite };
  });
}

/** A fresh invitation link (the old one stops working) for someone who has not set a password yet. */
export async function resendInvite(
  ctx: ServiceContext,
  input: { userId: string },
): Promise<OkResponse> {
  requireAdmin(ctx);
  return withTransaction(ctx, async (ctx) => {
    const [found] = await ctx.db
      .select({
        email: user.email,
        firstName: profiles.firstName,
        language: profiles.language,
        hasPassword: sql<boolean>`exists (select 1 from ${account} where ${account.userId} = ${user.id} and ${account.providerId} = 'credential')`,
      })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.id, input.userId))
      .for('update', { of: user });
    if (!found) throw new AppError('not_found', msg.notFound);
    if (!found.email) throw new AppError('conflict', msg.resendInvitationFailed);
    if (found.hasPassword) throw new AppError('conflict', msg.noInvitationPending);
    const token = await issueAdminInvite(ctx.db, input.userId, ctx.now());
    await audit(ctx, { action: 'admin.invite_resend', target: { type: 'user', id: input.userId } });
    afterCommit(ctx, () =>
      sendAdminInvite(ctx, {
        to: found.email,
        userId: input.userId,
        token,
        firstName: found.firstName,
        language: found.language,
      }),
    );
    return { ok: true };
  });
}

/**
 * Reset cycle: what Start New Cycle does, for a member. Earlier cycles and check-ins are kept. Says
 * whether the new cycle has started, so the admin is told when it starts tomorrow (decision 0032).
 */
export async function resetUserCycle(
  ctx: ServiceContext,
  input: { userId: string },
): Promise<AdminCycleReset> {
  requireAdmin(ctx);
  return withTransaction(ctx, async (ctx) => {
    const [found] = await ctx.db
      .select({ id: user.id, displayName: profiles.displayName })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.id, input.userId));
    if (!found) throw new AppError('not_found', msg.notFound);
    const { startDate, started } = await replaceActiveCycle(ctx.db, input.userId, ctx.now());
    await audit(ctx, { action: 'admin.cycle_reset', target: { type: 'user', id: input.userId } });
    return { displayName: found.displayName, startDate, started };
  });
}

/**
 * Delete user: account deletion (profile/account-deletion.ts) acting for the member, inside the
 * admin's transaction, so the admin's audit record and the deletion commit together; files go after
 * the commit. An admin never deletes themself here, and the last admin stays.
 */
export async function deleteUser(
  ctx: ServiceContext,
  input: { userId: string },
): Promise<OkResponse> {
  requireAdmin(ctx);
  if (actorUserId(ctx) === input.userId) throw new AppError('forbidden', msg.cannotDeleteSelf);
  await withTransaction(ctx, async (ctx) => {
    await assertAnotherAdminRemains(ctx, input.userId);
    const [found] = await ctx.db
      .select({ user, profile: profiles })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.id, input.userId));
    if (!found) throw new AppError('not_found', msg.notFound);
    await audit(ctx, {
      action: 'admin.user_delete',
      target: { type: 'user', id: input.userId },
      before: { isAdmin: found.profile?.isAdmin ?? false },
      after: null,
    });
    const member = {
      userId: found.user.id,
      email: found.user.email,
      emailVerified: found.user.emailVerified,
      displayName: found.profile?.displayName ?? found.user.name,
      avatarUrl: found.profile?.avatarUrl ?? null,
      isAdmin: false,
      createdAt: found.user.createdAt.toISOString(),
      // Deletion counts no day: the zone plays no part here.
      timeZone: DEFAULT_SETTINGS_TIMEZONE,
      unitPref: found.profile?.unitPref === 'metric' ? ('metric' as const) : DEFAULT_UNIT_PREF,
    };
    await deleteAccount(actingAs(ctx, { kind: 'member', user: member }), {
      confirmation: ACCOUNT_DELETE_CONFIRMATION,
    });
  });
  return { ok: true };
}
