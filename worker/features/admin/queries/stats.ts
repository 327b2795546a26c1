// The admin dashboard's figures, one SQL query each, so every card means exactly what its definition says
// (the definitions shown beside the cards are TEXT.stats in client/text.ts).
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { membershipCoversSql } from "../../../db/memberships";
import { memberships, payments, users } from "../../../db/schema";

/** Everyone with an account, and how many of them are admins. */
async function headcount(db: Database) {
  const [row] = await db
    .select({ total: sql<number>`count(*)`, admins: sql<number>`coalesce(sum(${users.role} = 'admin'), 0)` })
    .from(users);
  return row;
}

/** Members (admins excluded) whose membership, paid or trial, covers `now` (a refused renewal's grace included). */
async function activeMembers(db: Database, now: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(and(ne(users.role, "admin"), membershipCoversSql(now.getTime())));
  return row.n;
}

/** Money taken minus money returned: completed payments plus refunded ones, less what their refunds gave back. */
async function totalRevenueClp(db: Database) {
  const [row] = await db
    .select({
      clp: sql<number>`coalesce(sum(${payments.amountClp}), 0) - coalesce(sum(${payments.refundedAmountClp}), 0)`,
    })
    .from(payments)
    // bounded: two constant statuses
    .where(inArray(payments.status, ["completed", "refunded"]));
  return row.clp;
}

export async function adminStats(db: Database, now = new Date()) {
  const [people, active, revenue] = await Promise.all([headcount(db), activeMembers(db, now), totalRevenueClp(db)]);
  return { total_members: people.total, active_members: active, total_revenue_clp: revenue, admins: people.admins };
}
export type AdminStatsDto = Awaited<ReturnType<typeof adminStats>>;
