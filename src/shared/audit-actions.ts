/**
 * Every action the audit trail records, as `area.verb` (decision 0011). audit() takes only these,
 * so a new audited change names its action here, once, and the admin Audit screen can rely on them.
 */
export const AUDIT_ACTIONS = [
  'account.delete',
  'admin.cycle_reset',
  'admin.grant',
  'admin.invite_resend',
  'admin.revoke',
  'admin.user_create',
  'admin.user_delete',
  'badge.award',
  'badge.create',
  'badge.delete',
  'badge.image',
  'badge.update',
  'coupon.create',
  'coupon.delete',
  'coupon.redeem',
  'coupon.update',
  'crew.close',
  'cycle.pause',
  'cycle.pause_end',
  'notifications.trigger_reminders',
  'post.delete',
  'post.hide',
  'post.unhide',
  'report.resolve',
  'subscription.change_plan',
  'subscription.comp',
  'subscription.expire',
  'subscription.free_months',
  'subscription.stripe_sync',
  'subscription.trial_start',
  'user.create',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
