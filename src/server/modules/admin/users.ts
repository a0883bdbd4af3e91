/**
 * Admin Users (decision 0021): the member list with search and keyset pages, the admin flag with the
 * last-admin rule, Add User, resend invitation, reset cycle and delete user. Every service starts with
 * requireAdmin and audits its change in the same transaction.
 */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  ACCOUNT_DELETE_CONFIRMATION,
  DEFAULT_SETTINGS_TIMEZONE,
  DEFAULT_UNIT_PREF,
} from '@shared/constants';
import { msg } from '@shared/messages';
import type {
  AdminCycleReset,
  AdminMembersList,
  AdminUserAdminFlag,
  AdminUserCreated,
  AdminUserView,
  AdminUsersPage,
  OkResponse,
} from '@shared/api-types';
import type { AdminCreateUserData } from '@shared/domain/schemas';
import { displayNameFromEmail } from '@shared/domain/display';
import { batchedPer, preparedPer, rowsByAsk, type DbOrTx } from '../../db/client';
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
import { accountId, isoInstant, pageCursors } from '../../lib/page-cursor';
import { createInvitedAccount, issueAdminInvite } from '../account/admin-invite';
import { replaceActiveCycle } from '../cycles/queries';
import { deleteAccount } from '../profile/account-deletion';
import { grantComp } from '../subscription/grants';
import { sendAdminInvite } from './invite-mail';
import { forgetSessionsAfterCommit } from '../../lib/session-cache';

export const USERS_PAGE_SIZE = 25;

const userCursors = pageCursors({ t: isoInstant, id: accountId });

/** `LIKE` with the search taken literally: %, _ and \ typed by the admin match themselves. */
function prefixPattern(q: string): string {
  return `${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

const userPageColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  displayName: profiles.displayName,
  isAdmin: profiles.isAdmin,
  createdAt: user.createdAt,
};

/** The list without a search: two prepared statements (first page, and after a cursor) per database. */
function prepareUserPages(db: DbOrTx) {
  const page = (where: SQL | undefined, name: string) =>
    db
      .select(userPageColumns)
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(USERS_PAGE_SIZE + 1)
      .prepare(name);
  return {
    first: page(undefined, 'admin_users_first'),
    after: page(
      sql`(${user.createdAt}, ${user.id}) < (${sql.placeholder('t')}::timestamptz, ${sql.placeholder('id')})`,
      'admin_users_after',
    ),
  };
}
const userPages = preparedPer(prepareUserPages);

/**
 * `lower(column)` starts with the asked search, whatever the case, as a prepared statement can use
 * the prefix index: a generic plan cannot take an index range from `LIKE $1`, so the range is spelt
 * out with the pattern operators (`~>=~`, `~<~`: byte order, which the text_pattern_ops index keeps)
 * up to the search followed by U+10FFFF, the last code point, and `LIKE` keeps the exact meaning.
 */
function startsWith(column: SQL): SQL {
  const q = sql`lower(asked.q)`;
  return sql`${column} ~>=~ ${q} and ${column} ~<~ (${q} || chr(1114111)) and ${column} like lower(asked.pattern)`;
}

/**
 * Pages of the members whose e-mail or display name starts with a search, one per ask (`n`, from 1):
 * the searches of one moment share one prepared statement (`batchedPer`, decision 0027). For each,
 * the matches come from the prefix indexes alone, with their account's creation time (the e-mail
 * index includes `created_at`, the name index the profile's copy of it, `joined_at`: migration 0014),
 * so the page (after the cursor, if any) is chosen without reading any account, and only its 26 rows
 * are joined to their accounts and profiles.
 */
function prepareSearchPages(db: DbOrTx) {
  const pageRows = sql.raw(String(USERS_PAGE_SIZE + 1));
  // Each index gives its newest page of matches after the cursor; the page is the newest of both.
  const after = (t: AnyPgColumn, id: AnyPgColumn) =>
    sql`(asked.t is null or (${t}, ${id}) < (asked.t, asked.id))`;
  const asked = sql`unnest(
      ${sql.placeholder('qs')}::text[], ${sql.placeholder('patterns')}::text[],
      ${sql.placeholder('ts')}::timestamptz[], ${sql.placeholder('ids')}::text[]
    ) with ordinality as asked(q, pattern, t, id, n)
    cross join lateral (
      select m.id, m.created_at from (
        (select ${user.id}, ${user.createdAt} from ${user}
          where ${startsWith(sql`lower(${user.email})`)} and ${after(user.createdAt, user.id)}
          order by 2 desc, 1 desc limit ${pageRows})
        union
        (select ${profiles.id}, ${profiles.joinedAt} from ${profiles}
          where ${startsWith(sql`lower(${profiles.displayName})`)} and ${after(profiles.joinedAt, profiles.id)}
          order by 2 desc, 1 desc limit ${pageRows})
      ) m (id, created_at)
      order by m.created_at desc, m.id desc
      limit ${pageRows}
    ) page`;
  return db
    .select({ n: sql<number>`asked.n::int`, ...userPageColumns })
    .from(asked)
    .innerJoin(user, sql`${user.id} = page.id`)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .orderBy(sql`asked.n`, desc(user.createdAt), desc(user.id))
    .prepare('admin_search_pages');
}
const searchPages = preparedPer(prepareSearchPages);

/** A search as asked: the text, its literal `LIKE` pattern, and the cursor (or none). */
interface SearchAsk {
  q: string;
  pattern: string;
  after: { t: string; id: string } | null;
}

/** Each search's rows (one more than a page), the searches of one moment in one round trip. */
const searchPageRows = batchedPer(async (db: DbOrTx, asks: readonly SearchAsk[]) => {
  const rows = await searchPages(db).execute({
    qs: asks.map((a) => a.q),
    patterns: asks.map((a) => a.pattern),
    ts: asks.map((a) => a.after?.t ?? null),
    ids: asks.map((a) => a.after?.id ?? null),
  });
  return rowsByAsk(asks.length, rows);
});

/** A page of the list without a search (first, or after a cursor); the same pages of one moment are read once. */
const listPageRows = batchedPer((db: DbOrTx, asks: readonly ({ t: string; id: string } | null)[]) =>
  Promise.all(
    asks.map((after) =>
      after
        ? userPages(db).after.execute({ t: after.t, id: after.id })
        : userPages(db).first.execute(),
    ),
  ),
);

/**
 * Newest members first, 25 a page, paged by (created_at, id) so page 4,000 costs what page 1 does
 * (index user_created_idx). The search matches the start of the e-mail or the display name, whatever
 * the case, through the lower(...) text_pattern_ops indexes of migration 0008.
 */
export async function listUsers(
  ctx: ServiceContext,
  input: { q?: string; cursor?: string },
): Promise<AdminUsersPage> {
  requireAdmin(ctx);
  const after = input.cursor ? userCursors.decode(input.cursor) : null;
  const q = input.q?.trim();
  const rows = q
    ? await searchPageRows(ctx.db, { q, pattern: prefixPattern(q), after })
    : await listPageRows(ctx.db, after);
  const page = rows.slice(0, USERS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    users: page.map((r): AdminUserView => ({
      id: r.id,
      displayName: r.displayName ?? (r.name || null),
      email: r.email || null,
      isAdmin: r.isAdmin ?? false,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor:
      rows.length > USERS_PAGE_SIZE && last
        ? userCursors.encode(last.createdAt.toISOString(), last.id)
        : null,
  };
}

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
      }),
    );
    return { ok: true };
  });
}

/** Reset cycle: what Start New Cycle does, for a member. Earlier cycles and check-ins are kept. */
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
    await replaceActiveCycle(ctx.db, input.userId, ctx.now());
    await audit(ctx, { action: 'admin.cycle_reset', target: { type: 'user', id: input.userId } });
    return { displayName: found.displayName };
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

/** The award dialog's member picker: id and display name, by name. */
export async function listMemberOptions(
  ctx: ServiceContext,
  input: { q?: string },
): Promise<AdminMembersList> {
  requireAdmin(ctx);
  const q = input.q?.trim();
  const members = await ctx.db
    .select({ id: profiles.id, displayName: profiles.displayName })
    .from(profiles)
    .where(q ? sql`lower(${profiles.displayName}) like lower(${prefixPattern(q)})` : undefined)
    .orderBy(profiles.displayName, profiles.id)
    .limit(50);
  return { members };
}
