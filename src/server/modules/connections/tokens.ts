/**
 * Personal access tokens (decision 0044). A member makes one in Settings → Connections, sees it once,
 * and puts it in a phone automation that sends `Authorization: Bearer <token>` to /api/v1.
 *
 * - Only the SHA-256 of a token is stored (like a link token): a database reader cannot use one.
 * - Revoking deletes the row, and every /api/v1 request reads the row afresh (no cache), so a
 *   revoked token is refused on its next request, on every process.
 * - A token acts as a plain member, never as an admin, whatever the member's role, and it is never a
 *   session: /api/v1 reads no cookie and the rest of /api reads no token.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import {
  API_TOKEN_LAST_USED_EVERY_SECONDS,
  API_TOKEN_PREFIX,
  API_TOKEN_SCOPES,
  API_TOKENS_MAX,
  type ApiTokenScope,
} from '@shared/constants';
import type {
  ApiTokenListResponse,
  CreateApiTokenResponse,
  OkResponse,
  SessionUser,
} from '@shared/api-types';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../../db/client';
import { apiTokens, profiles, user, userSettings } from '../../db/schema';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { apiTokensOf, apiTokenView, isApiTokenScope } from '../../queries/api-tokens';
import { memberColumns, sessionUserOf } from '../../queries/session-member';

/** The member's tokens, oldest first, without their secrets (only hashes are kept anyway). */
export async function listApiTokens(ctx: ServiceContext): Promise<ApiTokenListResponse> {
  const member = requireMember(ctx);
  return { tokens: await apiTokensOf(ctx.db, member.userId), max: API_TOKENS_MAX };
}

/**
 * A new token with a name and scopes; the answer carries the token, the only time it is ever sent.
 * The member's row is locked while counting, so ten racing requests cannot make an eleventh token.
 */
export async function createApiToken(
  ctx: ServiceContext,
  input: { name: string; scopes: readonly ApiTokenScope[] },
): Promise<CreateApiTokenResponse> {
  const member = requireMember(ctx);
  const now = ctx.now();
  const scopes = API_TOKEN_SCOPES.filter((s) => input.scopes.includes(s));
  if (scopes.length === 0) throw new AppError('validation_failed', msg.apiTokenScopesRequired);
  return withTransaction(ctx, async (ctx) => {
    await ctx.db.select({ id: user.id }).from(user).where(eq(user.id, member.userId)).for('update');
    const [{ n }] = await ctx.db
      .select({ n: count() })
      .from(apiTokens)
      .where(eq(apiTokens.userId, member.userId));
    if (n >= API_TOKENS_MAX) throw new AppError('conflict', msg.apiTokenLimit);
    const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const [row] = await ctx.db
      .insert(apiTokens)
      .values({
        userId: member.userId,
        name: input.name,
        scopes,
        tokenHash: hashToken(token),
        createdAt: now,
      })
      .returning();
    return { token, apiToken: apiTokenView(row) };
  });
}

/** Revokes one of the member's tokens at once. Someone else's token looks exactly like a missing one. */
export async function revokeApiToken(
  ctx: ServiceContext,
  input: { tokenId: string },
): Promise<OkResponse> {
  const member = requireMember(ctx);
  const removed = await ctx.db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, input.tokenId), eq(apiTokens.userId, member.userId)))
    .returning({ id: apiTokens.id });
  if (removed.length === 0) throw new AppError('not_found', msg.notFound);
  return { ok: true };
}

/** Who a bearer token acts for, and what it may do. */
export interface TokenHolder {
  tokenId: string;
  scopes: ApiTokenScope[];
  /** Always a plain member: a token never carries the admin role (decision 0044). */
  user: SessionUser;
}

/**
 * The member and scopes of a presented token, or null for anything that is not a live token (wrong
 * shape, unknown, revoked, or its account gone). One indexed read; `last used` is written at most
 * once a minute per token.
 */
export async function authenticateApiToken(
  db: DbOrTx,
  presented: string,
  now: Date,
): Promise<TokenHolder | null> {
  if (!presented.startsWith(API_TOKEN_PREFIX) || presented.length > 200) return null;
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      scopes: apiTokens.scopes,
      lastUsedAt: apiTokens.lastUsedAt,
      ...memberColumns,
    })
    .from(apiTokens)
    .innerJoin(user, eq(user.id, apiTokens.userId))
    .leftJoin(profiles, eq(profiles.id, apiTokens.userId))
    .leftJoin(userSettings, eq(userSettings.userId, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hashToken(presented)))
    .limit(1);
  if (!row) return null;
  const staleBefore = new Date(now.getTime() - API_TOKEN_LAST_USED_EVERY_SECONDS * 1000);
  if (!row.lastUsedAt || row.lastUsedAt < staleBefore) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiTokens.id, row.tokenId),
          or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, staleBefore)),
        ),
      );
  }
  return {
    tokenId: row.tokenId,
    scopes: row.scopes.filter(isApiTokenScope),
    // Always a plain member: a token never carries the admin role.
    user: sessionUserOf({ ...row, isAdmin: false }, now),
  };
}
