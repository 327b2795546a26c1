// The revenue dashboard on a seeded history whose figures are worked out by hand below: MRR and paying
// members by day (a yearly plan counts a twelfth a month), new / churned (chosen or failed) / recovered per month, the
// retention cohorts, revenue per month and plan with gifts, refunds and coupons apart, and each table as CSV read back
// by a CSV parser.
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { autorenewCharges, membershipPauses, payments, trials, users } from "../../worker/db/schema";
import { call, db, json, signIn } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;
const at = (date: string) => Date.parse(`${date}T00:00:00Z`);
const NOW = at("2026-04-01") + 12 * 60 * 60 * 1000;

beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: NOW }));
afterEach(() => vi.useRealTimers());

let n = 0;
/** A completed (or refunded) payment covering `days` days from `start`, settled on `start`. */
function paid(
  userId: number,
  start: string,
  days: number,
  amount: number,
  more: Partial<typeof payments.$inferInsert> = {},
) {
  n++;
  return db()
    .insert(payments)
    .values({
      userId,
      userEmail: `u${userId}@example.com`,
      plan: days === 365 ? "yearly" : "monthly",
      amountClp: amount,
      status: "completed",
      buyOrder: `REV${n}`,
      sessionId: `s${n}`,
      periodDays: days,
      periodEndsAt: new Date(at(start) + days * DAY),
      settledAt: new Date(at(start)),
      ...more,
    });
}

/**
 * A: monthly from Jan 1 and Jan 31, then stops (churn chosen, Mar 2). B: yearly from Jan 15 (12,500 a month).
 * C: monthly from Feb 1; its renewal of Mar 3 gave up (churn failed). D: monthly from Feb 10, renewed Mar 12 after a
 * refusal (recovered) with 5,000 CLP off. E: paid Mar 5, refunded Mar 6. A gift of 45,000 CLP on Feb 5.
 * Trials: F from Feb 20 to Feb 27 (stopped: no payment), G from Mar 25 to Apr 1. E's pause ended before it began (it
 * lasted nothing). Pauses that last are the history of "a pause is neither churn nor return" below.
 */
async function seedHistory() {
  const ids: Record<string, number> = {};
  for (const who of ["A", "B", "C", "D", "E", "F", "G"]) {
    const [row] = await db()
      .insert(users)
      .values({ email: `${who.toLowerCase()}@example.com`, name: who })
      .returning({ id: users.id });
    ids[who] = row.id;
  }
  await paid(ids.A, "2026-01-01", 30, 15000);
  await paid(ids.A, "2026-01-31", 30, 15000);
  await paid(ids.B, "2026-01-15", 365, 150000);
  await paid(ids.C, "2026-02-01", 30, 15000);
  await paid(ids.D, "2026-02-10", 30, 15000);
  await paid(ids.D, "2026-03-12", 30, 10000, { couponCode: "CLP5000", discountClp: 5000 });
  await paid(ids.E, "2026-03-05", 30, 15000, {
    status: "refunded",
    refundedAt: new Date(at("2026-03-06")),
    refundedAmountClp: 15000,
  });
  await paid(ids.A, "2026-02-05", 90, 45000, { plan: "gift", periodEndsAt: null });
  const trial = (who: string, from: string, to: string) => ({
    id: who,
    userId: ids[who],
    plan: "monthly",
    cardType: "Visa",
    cardNumber: `XXXXXXXXXXXX000${who}`,
    startedAt: new Date(at(from)),
    endsAt: new Date(at(to)),
  });
  await db()
    .insert(trials)
    .values([trial("F", "2026-02-20", "2026-02-27"), trial("G", "2026-03-25", "2026-04-01")]);
  await db()
    .insert(membershipPauses)
    .values([{ userId: ids.E, startsAt: new Date(at("2026-04-04")), endsAt: new Date(at("2026-04-04")) }]);
  await db()
    .insert(autorenewCharges)
    .values([
      {
        userId: ids.C,
        periodDue: new Date(at("2026-03-03")),
        state: "gave_up",
        refusals: 3,
        nextAttemptAt: new Date(0),
      },
      {
        userId: ids.D,
        periodDue: new Date(at("2026-03-12")),
        state: "paid",
        refusals: 1,
        recoveredAt: new Date(at("2026-03-13")),
        nextAttemptAt: new Date(0),
      },
    ]);
}

async function report(query = "from=2026-01-01&to=2026-04-01") {
  const admin = await signIn("admin@example.com", "Admin");
  const res = await call(`/api/admin/revenue?${query}`, { cookie: admin });
  expect(res.status).toBe(200);
  return { admin, body: await json(res) };
}

describe("GET /api/admin/revenue", () => {
  it("MRR, paying members and members on a trial by day", async () => {
    await seedHistory();
    const { body } = await report();
    const byDay = Object.fromEntries(body.mrr.map((d: { day: string }) => [d.day, d]));
    expect(body.mrr).toHaveLength(90);
    const expected: [string, number, number, number, number][] = [
      ["2026-01-01", 15000, 1, 0, 0], // A
      ["2026-01-14", 15000, 1, 0, 0],
      ["2026-01-15", 27500, 2, 0, 0], // + B's 150,000 / 12
      ["2026-01-31", 27500, 2, 0, 0], // A's first period ends, its second starts
      ["2026-02-01", 42500, 3, 0, 0], // + C
      ["2026-02-10", 57500, 4, 0, 0], // + D
      ["2026-02-19", 57500, 4, 0, 0],
      ["2026-02-20", 57500, 4, 1, 0], // F's trial
      ["2026-02-26", 57500, 4, 1, 0],
      ["2026-02-27", 57500, 4, 0, 0], // F's trial over, nothing paid
      ["2026-03-01", 57500, 4, 0, 0],
      ["2026-03-02", 42500, 3, 0, 0], // A gone
      ["2026-03-03", 27500, 2, 0, 0], // C gone (its renewal failed)
      ["2026-03-12", 22500, 2, 0, 0], // D renewed at 10,000 (a coupon)
      ["2026-03-24", 22500, 2, 0, 0],
      ["2026-03-25", 22500, 2, 1, 0], // G's trial, running at the range's end
      ["2026-03-31", 22500, 2, 1, 0],
    ];
    for (const [day, mrr, paying, onTrial, paused] of expected)
      expect(byDay[day], day).toEqual({ day, mrr_clp: mrr, paying, trials: onTrial, paused });
  });

  it("new, churned (chosen and failed) and recovered renewals per month", async () => {
    await seedHistory();
    const { body } = await report();
    expect(body.churn).toEqual([
      expect.objectContaining({
        month: "2026-01",
        new_members: 2,
        returning_members: 0,
        churned_chosen: 0,
        churned_failed: 0,
      }),
      expect.objectContaining({
        month: "2026-02",
        new_members: 2,
        churned_chosen: 0,
        churned_failed: 0,
        trials_started: 1,
        trials_converted: 0,
      }),
      {
        month: "2026-03",
        new_members: 0,
        returning_members: 0,
        churned_chosen: 1,
        churned_failed: 1,
        renewals_refused: 2,
        renewals_recovered: 1,
        recovery_rate: 0.5,
        // G's trial began on Mar 25; F's (Feb 20 to 27) ended without a payment.
        trials_started: 1,
        trials_converted: 0,
      },
    ]);
  });

  it("a pause is neither churn nor return while it runs or when the member paid again by its end; stopped, it is churn", async () => {
    // P: Jan 1 (30 days), paused Jan 31 to Mar 2, paid again Mar 2. Q: Jan 10, paused Feb 9 to Mar 11 but stopped on
    // Feb 20 (no payment after). R: Feb 1, paused Mar 3 to May 2 (running).
    const ids: Record<string, number> = {};
    for (const who of ["P", "Q", "R"]) {
      const [row] = await db()
        .insert(users)
        .values({ email: `${who.toLowerCase()}@example.com`, name: who })
        .returning({ id: users.id });
      ids[who] = row.id;
    }
    await paid(ids.P, "2026-01-01", 30, 15000);
    await paid(ids.P, "2026-03-02", 30, 15000);
    await paid(ids.Q, "2026-01-10", 30, 15000);
    await paid(ids.R, "2026-02-01", 30, 15000);
    const pause = (who: string, from: string, to: string) => ({
      userId: ids[who],
      startsAt: new Date(at(from)),
      endsAt: new Date(at(to)),
    });
    await db()
      .insert(membershipPauses)
      .values([
        pause("P", "2026-01-31", "2026-03-02"),
        pause("Q", "2026-02-09", "2026-02-20"),
        pause("R", "2026-03-03", "2026-05-02"),
      ]);
    const { body } = await report();
    const byDay = Object.fromEntries(body.mrr.map((d: { day: string }) => [d.day, d]));
    const paused: [string, number, number][] = [
      ["2026-01-30", 0, 2],
      ["2026-01-31", 1, 1], // P paused
      ["2026-02-08", 1, 2], // + R paying
      ["2026-02-09", 2, 1], // + Q paused
      ["2026-02-19", 2, 1],
      ["2026-02-20", 1, 1], // Q stopped
      ["2026-03-02", 0, 2], // P back, paying; R's period ends tomorrow
      ["2026-03-03", 1, 1], // R paused
      ["2026-03-31", 1, 1],
    ];
    for (const [day, pausedCount, paying] of paused)
      expect(byDay[day], day).toMatchObject({ day, paused: pausedCount, paying });
    expect(body.churn).toEqual([
      expect.objectContaining({ month: "2026-01", new_members: 2, returning_members: 0, churned_chosen: 0 }),
      // Q's pause ended without a payment: churn chosen where its coverage ended.
      expect.objectContaining({ month: "2026-02", new_members: 1, returning_members: 0, churned_chosen: 1 }),
      // P's payment after its pause is no return; R, paused, is no churn.
      expect.objectContaining({ month: "2026-03", new_members: 0, returning_members: 0, churned_chosen: 0 }),
    ]);
  });

  it("a range that starts after a member's earlier payments: the payment before it still tells returning from new", async () => {
    await seedHistory();
    // C comes back on Mar 20, 17 days after its coverage ended (Mar 3): returning, though the range starts after that.
    const [c] = await db().select({ id: users.id }).from(users).where(eq(users.email, "c@example.com"));
    await paid(c.id, "2026-03-20", 30, 15000);
    const { body } = await report("from=2026-03-10&to=2026-04-01");
    expect(body.churn).toEqual([
      {
        month: "2026-03",
        new_members: 0,
        returning_members: 1,
        churned_chosen: 0,
        churned_failed: 0,
        renewals_refused: 1,
        renewals_recovered: 1,
        recovery_rate: 1,
        trials_started: 1,
        trials_converted: 0,
      },
    ]);
  });

  it("the retention cohorts by join month", async () => {
    await seedHistory();
    const { body } = await report();
    const retained = (c: { cohort: string; members: number; retained: (number | null)[] }) => [
      c.cohort,
      c.members,
      c.retained.slice(0, 3),
    ];
    // January (A, B): both on Feb 1 and Mar 1, only B on Apr 1. February (C, D): both on Mar 1, only D on Apr 1.
    expect(body.cohorts.map(retained)).toEqual([
      ["2026-01", 2, [2, 2, 1]],
      ["2026-02", 2, [2, 1, 0]],
    ]);
  });

  it("revenue per month and plan: charged, refunded, net, gifts and coupons apart", async () => {
    await seedHistory();
    const { body } = await report();
    const rows = body.revenue.map((r: Record<string, unknown>) => [
      r.month,
      r.plan,
      r.charged_clp,
      r.refunded_clp,
      r.net_clp,
      r.coupon_payments,
      r.discount_clp,
    ]);
    expect(rows).toEqual([
      ["2026-01", "monthly", 30000, 0, 30000, 0, 0],
      ["2026-01", "yearly", 150000, 0, 150000, 0, 0],
      ["2026-02", "gift", 45000, 0, 45000, 0, 0],
      ["2026-02", "monthly", 30000, 0, 30000, 0, 0],
      ["2026-03", "monthly", 25000, 15000, 10000, 1, 5000],
    ]);
  });

  it("every table as CSV, read back by a CSV parser", async () => {
    await seedHistory();
    const { admin, body } = await report();
    for (const table of ["mrr", "churn", "cohorts", "revenue", "upcoming", "quiet"]) {
      const res = await call(`/api/admin/revenue?from=2026-01-01&to=2026-04-01&format=csv&table=${table}`, {
        cookie: admin,
      });
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const records = parse(await res.text(), { columns: true }) as Record<string, string>[];
      if (table === "mrr") {
        expect(records).toHaveLength(90);
        expect(records[14]).toEqual({ day: "2026-01-15", mrr_clp: "27500", paying: "2", trials: "0", paused: "0" });
      }
      if (table === "cohorts") expect(records[0]).toMatchObject({ cohort: "2026-01", members: "2", month_3: "1" });
      if (table === "revenue") expect(records).toHaveLength(body.revenue.length);
    }
    expect((await call("/api/admin/revenue?format=csv", { cookie: admin })).status).toBe(400);
    expect((await call("/api/admin/revenue?from=2026-05-01&to=2026-04-01", { cookie: admin })).status).toBe(400);
    expect((await call("/api/admin/revenue", { cookie: await signIn("m@example.com") })).status).toBe(403);
  });
});

describe("free trials per month", () => {
  it("started, and paid at their end (the first charge starts where the trial ended)", async () => {
    // T1: Jan 10 to 17, paid from Jan 17. T2: Jan 20 to 27, stopped. T3: Feb 25 to Mar 4, paid from Mar 4.
    const ids: Record<string, number> = {};
    for (const who of ["T1", "T2", "T3"]) {
      const [row] = await db()
        .insert(users)
        .values({ email: `${who.toLowerCase()}@example.com`, name: who })
        .returning({ id: users.id });
      ids[who] = row.id;
    }
    const trial = (who: string, from: string, to: string) => ({
      id: who,
      userId: ids[who],
      plan: "monthly",
      cardType: "Visa",
      cardNumber: `XXXXXXXXXXXX00${who}`,
      startedAt: new Date(at(from)),
      endsAt: new Date(at(to)),
    });
    await db()
      .insert(trials)
      .values([
        trial("T1", "2026-01-10", "2026-01-17"),
        trial("T2", "2026-01-20", "2026-01-27"),
        trial("T3", "2026-02-25", "2026-03-04"),
      ]);
    await paid(ids.T1, "2026-01-17", 30, 15000);
    await paid(ids.T3, "2026-03-04", 30, 15000);
    const { body } = await report();
    const trialsOf = (m: { month: string; trials_started: number; trials_converted: number; new_members: number }) => [
      m.month,
      m.trials_started,
      m.trials_converted,
      m.new_members,
    ];
    expect(body.churn.map(trialsOf)).toEqual([
      ["2026-01", 2, 1, 1],
      ["2026-02", 1, 0, 0],
      ["2026-03", 0, 1, 1],
    ]);
  });
});

describe("the day totals the payments' triggers keep", () => {
  /** The totals as kept, and as recounted from the payments as they are now (what the triggers must always equal). */
  const kept = () =>
    db().all(sql`select day, round(mrr, 6) as mrr, paying from revenue_days where round(mrr, 6) <> 0 or paying <> 0
      union all select day, plan, charged_clp || '/' || refunded_clp || '/' || payments || '/' || coupon_payments || '/'
        || discount_clp from revenue_day_plans
        where payments <> 0 or charged_clp <> 0 or refunded_clp <> 0 or discount_clp <> 0 order by 1, 2`);
  const recount = () =>
    db().all(sql`select day, round(sum(mrr), 6) as mrr, sum(n) as paying from (
        select (period_ends_at - period_days * ${DAY}) / ${DAY} as day, amount_clp * 1.0 / max(1, round(period_days / 30.0))
          as mrr, 1 as n from payments
          where status = 'completed' and plan <> 'gift' and period_ends_at is not null and user_id is not null
        union all select period_ends_at / ${DAY}, -(amount_clp * 1.0 / max(1, round(period_days / 30.0))), -1 from payments
          where status = 'completed' and plan <> 'gift' and period_ends_at is not null and user_id is not null
      ) group by day having round(sum(mrr), 6) <> 0 or sum(n) <> 0
      union all select day, plan, sum(charged) || '/' || sum(refunded) || '/' || sum(n) || '/' || sum(c) || '/' || sum(d)
      from (
        select settled_at / ${DAY} as day, plan, amount_clp as charged, 0 as refunded, 1 as n,
          coupon_code is not null as c, discount_clp as d from payments
          where status in ('completed', 'refunded') and settled_at is not null
        union all select refunded_at / ${DAY}, plan, 0, coalesce(refunded_amount_clp, amount_clp), 0, 0, 0 from payments
          where status = 'refunded' and refunded_at is not null
      ) group by day, plan having sum(n) <> 0 or sum(charged) <> 0 or sum(refunded) <> 0 or sum(d) <> 0
      order by 1, 2`);

  it("follow each payment through its life and always equal a recount of the payments", async () => {
    await seedHistory();
    const [a] = await db().select({ id: users.id }).from(users).where(eq(users.email, "a@example.com"));
    const steps: [string, () => Promise<unknown>][] = [
      [
        "a checkout opened (pending: nothing yet)",
        () =>
          db().insert(payments).values({
            userId: a.id,
            userEmail: "a@example.com",
            amountClp: 12000,
            buyOrder: "LIFE1",
            sessionId: "life",
            couponCode: "PCT20",
            discountClp: 3000,
          }),
      ],
      [
        "approved",
        () =>
          db()
            .update(payments)
            .set({
              status: "completed",
              settledAt: new Date(at("2026-03-20")),
              periodEndsAt: new Date(at("2026-04-19")),
            })
            .where(eq(payments.buyOrder, "LIFE1")),
      ],
      [
        "refunded in part",
        () =>
          db()
            .update(payments)
            .set({ status: "refunded", refundedAt: new Date(at("2026-03-22")), refundedAmountClp: 5000 })
            .where(eq(payments.buyOrder, "LIFE1")),
      ],
      [
        "a yearly payment's period moved",
        () =>
          db()
            .update(payments)
            .set({ periodEndsAt: new Date(at("2027-02-01")) })
            .where(eq(payments.plan, "yearly")),
      ],
      [
        "a member deleted (their payments kept without them)",
        () => db().update(payments).set({ userId: null }).where(eq(payments.userId, a.id)),
      ],
      ["a payment deleted", () => db().delete(payments).where(eq(payments.buyOrder, "LIFE1"))],
    ];
    expect(await kept()).toEqual(await recount());
    for (const [step, write] of steps) {
      await write();
      expect(await kept(), step).toEqual(await recount());
    }
    // And the dashboard reads them: after the deletion of A's link, A no longer counts in January's MRR.
    const { body } = await report();
    expect(body.mrr[0]).toMatchObject({ day: "2026-01-01", mrr_clp: 0, paying: 0 });
  });
});
