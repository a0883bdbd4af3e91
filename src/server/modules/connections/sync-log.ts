/**
 * The sync log (issue 45, decision 0107): the member's last deliveries from phone bridges, each
 * used (what), skipped (why), refused (why) or "test received". Written by ingest/ingest.ts.
 */
import type { SyncLogResponse } from '@shared/api-types';
import { requireMember, type ServiceContext } from '../../lib/context';
import { syncLogOf } from '../../queries/bridge-deliveries';

/** The member's sync log, newest first, and each app's last delivery. */
export async function getSyncLog(ctx: ServiceContext): Promise<SyncLogResponse> {
  const member = requireMember(ctx);
  return syncLogOf(ctx.db, member.userId);
}
