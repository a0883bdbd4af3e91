import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuditEventView, AuditEventsPage } from '@shared/api-types';
import { auditEvents } from '../../db/schema';
import { requireAdmin, type ServiceContext } from '../../lib/context';
import { isoInstant, pageCursors } from '../../lib/page-cursor';

const PAGE_SIZE = 50;
const auditCursors = pageCursors({ t: isoInstant, id: z.uuid() });

/** The audit trail, newest first, optionally for one target (e.g. one member), paged by cursor. */
export async function listAuditEvents(
  ctx: ServiceContext,
  input: { cursor?: string; targetType?: string; targetId?: string },
): Promise<AuditEventsPage> {
  requireAdmin(ctx);
  const after = input.cursor ? auditCursors.decode(input.cursor) : null;
  const rows = await ctx.db
    .select()
    .from(auditEvents)
    .where(
      and(
        input.targetType ? eq(auditEvents.targetType, input.targetType) : undefined,
        input.targetId ? eq(auditEvents.targetId, input.targetId) : undefined,
        after
          ? sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${after.t}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(PAGE_SIZE + 1);
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    events: page.map((r): AuditEventView => ({
      id: r.id,
      actorId: r.actorId,
      actorKind: r.actorKind as AuditEventView['actorKind'],
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      before: r.before,
      after: r.after,
      requestId: r.requestId,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor:
      rows.length > PAGE_SIZE && last
        ? auditCursors.encode(last.createdAt.toISOString(), last.id)
        : null,
  };
}
