import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/**
 * The audit trail: every admin action and every subscription change, written in the same transaction
 * as the change itself (lib/audit.ts). No foreign keys: the record outlives the rows it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    /** A user id, `system:<name>` for jobs and webhooks, or null for an anonymous caller. */
    actorId: text('actor_id'),
    actorKind: text('actor_kind').notNull(),
    /** e.g. 'admin.grant', 'subscription.free_months', 'coupon.redeem'. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_created_idx').on(t.createdAt, t.id),
    index('audit_events_target_idx').on(t.targetType, t.targetId, t.createdAt),
  ],
);
