import { eq } from "drizzle-orm";
import type { Database } from "./client";
import { memberships } from "./schema";

export type MembershipStatus = "none" | "active" | "trial" | "expired" | "admin";

export type MembershipView = { status: MembershipStatus; next_payment_due: Date | null; plan: string | null };

/** The caller's membership as the server sees it: admins bypass, otherwise the due date decides. */
export async function getMembership(db: Database, user: { id: number; role: string }, now = Date.now()): Promise<MembershipView> {
  const [row] = await db.select().from(memberships).where(eq(memberships.userId, user.id)).limit(1);
  if (user.role === "admin") return { status: "admin", next_payment_due: row?.nextPaymentDue ?? null, plan: row?.plan ?? null };
  if (!row) return { status: "none", next_payment_due: null, plan: null };
  const current = row.nextPaymentDue.getTime() > now;
  return { status: current ? (row.kind === "trial" ? "trial" : "active") : "expired", next_payment_due: row.nextPaymentDue, plan: row.plan };
}

