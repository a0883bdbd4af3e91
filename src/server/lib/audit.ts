import type { AuditAction } from '@shared/audit-actions';
import { auditEvents } from '../db/schema';
import { actorId, type ServiceContext } from './context';
import { AppError } from './errors';

export interface AuditEntry {
  /** What happened, from the one list in src/shared/audit-actions.ts. */
  action: AuditAction;
  target: { type: string; id: string };
  before?: unknown;
  after?: unknown;
}

/**
 * Records an audited change in the caller's transaction, so the change and its record commit or roll
 * back together. Calling it outside withTransaction is a programming error.
 */
export async function audit(ctx: ServiceContext, entry: AuditEntry): Promise<void> {
  if (!ctx.transaction) throw new AppError('internal', 'audit() must run inside withTransaction');
  await ctx.db.insert(auditEvents).values({
    actorId: actorId(ctx),
    actorKind: ctx.actor.kind,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: ctx.requestId,
    createdAt: ctx.now(),
  });
}
