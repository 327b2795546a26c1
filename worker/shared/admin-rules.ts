// The audit log's rules (worker/shared/rules.ts re-exports them).

/** Every admin action the audit log records (append-only; worker/db/audit.ts). */
export const AUDIT_ACTIONS = [
  "member.add",
  "member.role_change",
  "member.remove",
  "member.mute",
  "member.unmute",
  "report.hide",
  "report.dismiss",
  "notice.create",
  "notice.delete",
  "payment.delete",
  "payment.clear_all",
  "payment.refund",
  "plan.create",
  "plan.update",
  "coupon.create",
  "ai.key_test",
  "event.create",
  "event.update",
  "event.cancel",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
