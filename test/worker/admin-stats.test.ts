// GET /api/admin/stats: the dashboard's figures by their definitions (Total Revenue = completed minus
// refunds; Active Members = members with a membership that has not lapsed, admins excluded), one query each.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberships, payments, users } from "../../worker/db/schema";
import { call, countingDb, db, json, signIn } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;
const idOf = async (email: string) =>
  (await db().select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

let order = 0;
const addPayment = async (patch: Partial<typeof payments.$inferInsert>) => {
  order++;
  await db()
    .insert(payments)
    .values({
      userEmail: "payer@example.com",
      amountClp: 15000,
      status: "completed",
      buyOrder: `stats-${order}-${Math.random()}`,
      sessionId: `s-${order}`,
      ...patch,
    });
};
const membership = (userId: number, kind: "paid" | "trial", dueInDays: number) =>
  db()
    .insert(memberships)
    .values({ userId, kind, nextPaymentDue: new Date(Date.now() + dueInDays * DAY) });

describe("GET /api/admin/stats", () => {
  it("counts revenue as completed minus refunds and active members without admins", async () => {
    const admin = await signIn("admin@example.com");
    for (const email of ["paid@example.com", "trial@example.com", "lapsed@example.com", "none@example.com"])
      await signIn(email);
    await membership(await idOf("paid@example.com"), "paid", 10);
    await membership(await idOf("trial@example.com"), "trial", 3);
    await membership(await idOf("lapsed@example.com"), "paid", -1);
    // An admin with a running membership is still not an active member.
    await membership(await idOf("admin@example.com"), "paid", 10);

    await addPayment({ amountClp: 15000, status: "completed" });
    await addPayment({ amountClp: 15000, status: "completed" });
    await addPayment({
      amountClp: 15000,
      status: "refunded",
      refundType: "REVERSED",
      refundedAmountClp: 15000,
      refundedAt: new Date(),
    });
    await addPayment({ amountClp: 15000, status: "pending" });
    await addPayment({ amountClp: 15000, status: "failed", failureReason: "rejected" });

    const { counter, DB } = countingDb();
    const res = await call("/api/admin/stats", { cookie: admin, env: { DB } });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ total_members: 5, active_members: 2, total_revenue_clp: 30000, admins: 1 });
    // One statement per figure (members and admins share one), besides the session read.
    expect(counter.queries.filter((q) => /from "?(payments|memberships)"?|count\(\*\)/i.test(q.sql))).toHaveLength(3);
  });

  it("answers zeros on an empty site", async () => {
    const admin = await signIn("admin@example.com");
    expect(await json(await call("/api/admin/stats", { cookie: admin }))).toEqual({
      total_members: 1,
      active_members: 0,
      total_revenue_clp: 0,
      admins: 1,
    });
  });

  it("is for admins only", async () => {
    expect((await call("/api/admin/stats")).status).toBe(401);
    expect((await call("/api/admin/stats", { cookie: await signIn("luna@example.com") })).status).toBe(403);
  });
});
