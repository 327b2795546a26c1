// A member's membership as the app shows it, and whether it opens paid content: the rule the paid routes' guard
// (platform/auth.ts requirePaidMember), the library, events and payments share.
import { eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "./client";
import { memberships } from "./schema";

export type MembershipStatus = "none" | "active" | "trial" | "expired" | "admin";

export type MembershipView = { status: MembershipStatus; next_payment_due: Date | null; plan: string | null };

/** The member's membership row (the id may be SQL reading it from the session in the same batch). */
export const membershipRow = (db: Database, userId: number | SQL<number>) =>
  db.select().from(memberships).where(eq(memberships.userId, userId)).limit(1);

/** The caller's membership as the server sees it: admins bypass, otherwise the due date (or a grace) decides. */
export async function getMembership(
  db: Database,
  user: { id: number; role: string },
  now = Date.now(),
): Promise<MembershipView> {
  const [row] = await membershipRow(db, user.id);
  return membershipView(user, row, now);
}

/**
 * Whether a membership covers `now`: before its due date, or in a refused renewal's grace (AUTORENEW.graceDays)
 * while the member enrols a new card. membershipCoversSql is the same rule in SQL, for the queries that count or
 * filter members (the admin's member list and figures, search's paid access).
 */
export const membershipCovers = (
  row: Pick<typeof memberships.$inferSelect, "nextPaymentDue" | "graceUntil">,
  now = Date.now(),
) => row.nextPaymentDue.getTime() > now || (row.graceUntil !== null && row.graceUntil.getTime() > now);

/** membershipCovers as SQL over the `memberships` table's row in the statement. */
export const membershipCoversSql = (now: number) =>
  sql<boolean>`(${memberships.nextPaymentDue} > ${now} or coalesce(${memberships.graceUntil}, 0) > ${now})`;

export function membershipView(
  user: { role: string },
  row: typeof memberships.$inferSelect | undefined,
  now = Date.now(),
): MembershipView {
  if (user.role === "admin")
    return { status: "admin", next_payment_due: row?.nextPaymentDue ?? null, plan: row?.plan ?? null };
  if (!row) return { status: "none", next_payment_due: null, plan: null };
  return {
    status: membershipCovers(row, now) ? (row.kind === "trial" ? "trial" : "active") : "expired",
    next_payment_due: row.nextPaymentDue,
    plan: row.plan,
  };
}
