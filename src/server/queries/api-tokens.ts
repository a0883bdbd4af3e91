import { asc, eq } from 'drizzle-orm';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '@shared/constants';
import type { ApiTokenView } from '@shared/api-types';
import type { DbOrTx } from '../db/client';
import { apiTokens } from '../db/schema';

// A member's personal access tokens (decision 0044), as Settings → Connections and the data export
// list them: names, scopes and dates.

/** A token as its member sees it: never the secret or its hash. */
export const apiTokenView = (row: typeof apiTokens.$inferSelect): ApiTokenView => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes.filter(isApiTokenScope),
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** A scope this server knows (a stored row may carry one it no longer does). */
export const isApiTokenScope = (s: string): s is ApiTokenScope =>
  (API_TOKEN_SCOPES as readonly string[]).includes(s);

/** The member's tokens, oldest first, without their secrets (only hashes are kept anyway). */
export async function apiTokensOf(db: DbOrTx, userId: string): Promise<ApiTokenView[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
  return rows.map(apiTokenView);
}
