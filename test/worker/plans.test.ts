// Plans as rows: what /pricing offers, the admin's edits, and the one price (pricing.ts priceOf) that a
// checkout opens with, Transbank is asked for, approval accepts, a renewal charges and a receipt names.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, memberships, payments, plans, users } from "../../worker/db/schema";
import type { Env } from "../../worker/env";
import { oneclickFor, runAutorenew } from "../../worker/features/payments/autorenew";
import { priceOf } from "../../worker/features/payments/pricing";
import { fakeTransbank, INTEGRATION, ok, pendingPayment, transaction } from "./fake-transbank";
import {
  call,
  db,
  drain,
  enrolCard,
  errorBody,
  json,
  ORIGIN,
  outbox,
  recordingQueue,
  signIn,
  testEnv,
} from "./helpers";
import { seedPlans } from "./seed";

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);

beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: T0 }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function member(email = "luna@example.com") {
  const cookie = await signIn(email, "Luna");
  const [user] = await db().select().from(users).where(eq(users.email, email));
  return { cookie, user };
}

const initiate = (cookie: string, body: Record<string, unknown>, env?: Partial<Env>) =>
  call("/api/payments/initiate", { method: "POST", json: { provider: "webpay_form", ...body }, cookie, env });

/** The emulator's card page, approved, then Transbank's return (cross-site, no cookie). */
async function approveAtEmulator(token: string, env?: Partial<Env>) {
  const page = await call("/api/dev/webpay/pay", {
    method: "POST",
    body: new URLSearchParams({ token_ws: token, action: "approve" }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(page.status).toBe(200);
  const back = await call("/api/payments/webpay/return", {
    method: "POST",
    body: new URLSearchParams({ token_ws: token }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
    env,
  });
  expect(back.status).toBe(303);
  return back.headers.get("location");
}

const dueOf = async (userId: number) =>
  (await db().select().from(memberships).where(eq(memberships.userId, userId)))[0];

describe("GET /api/plans", () => {
  it("lists the offered plans in order, with what the yearly plan saves against twelve monthly payments", async () => {
    await seedPlans();
    await db()
      .insert(plans)
      .values({ id: "old", name: "Old", amountClp: 9000, periodDays: 30, active: false, updatedAt: new Date(T0) });
    const res = await call("/api/plans");
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      plans: [
        {
          id: "monthly",
          name: "Monthly",
          amount_clp: 15000,
          period_days: 30,
          trial_days: 0,
          active: true,
          saving_clp: null,
        },
        // 365 days = 12 monthly periods: 12 x 15,000 - 150,000.
        {
          id: "yearly",
          name: "Yearly",
          amount_clp: 150000,
          period_days: 365,
          trial_days: 0,
          active: true,
          saving_clp: 30000,
        },
      ],
      // A gift of 1 or 3 months is that many monthly payments; 12 months is the yearly plan.
      gifts: [
        { months: 1, amount_clp: 15000 },
        { months: 3, amount_clp: 45000 },
        { months: 12, amount_clp: 150000 },
      ],
    });
  });

  it("without rows, the specification's monthly plan is the one offered", async () => {
    expect((await json(await call("/api/plans"))).plans).toEqual([
      {
        id: "monthly",
        name: "Monthly",
        amount_clp: 15000,
        period_days: 30,
        trial_days: 0,
        active: true,
        saving_clp: null,
      },
    ]);
  });
});

describe("the price a payment opens with, is charged and is approved at", () => {
  it("priceOf: a plan's amount and period, whole pesos", () => {
    expect(priceOf({ id: "yearly", amountClp: 150000, periodDays: 365 }, null)).toEqual({
      planId: "yearly",
      periodDays: 365,
      fullClp: 150000,
      discountClp: 0,
      couponCode: null,
      amountClp: 150000,
    });
  });

  it("the yearly plan: Transbank is asked for 150,000 CLP, approval adds 365 days, the membership names the plan", async () => {
    await seedPlans();
    const { cookie, user } = await member();
    const res = await initiate(cookie, { plan_id: "yearly" });
    expect(res.status).toBe(200);
    const { token } = await json<{ token: string }>(res);
    const [opened] = await db().select().from(payments);
    expect([opened.plan, opened.amountClp, opened.periodDays]).toEqual(["yearly", 150000, 365]);
    expect(await approveAtEmulator(token)).toBe("/pay/return?success=true&amount=150000");
    const [paid] = await db().select().from(payments);
    expect(paid.status).toBe("completed");
    const membership = await dueOf(user.id);
    expect(membership.plan).toBe("yearly");
    expect(membership.nextPaymentDue.getTime()).toBe(T0 + 365 * DAY);
    expect(paid.periodEndsAt?.getTime()).toBe(T0 + 365 * DAY);
  });

  it("no plan named: the monthly plan, as the specification's body (amount 15000) still opens it", async () => {
    await seedPlans();
    const { cookie } = await member();
    expect((await initiate(cookie, { amount: 15000 })).status).toBe(200);
    const [opened] = await db().select().from(payments);
    expect([opened.plan, opened.amountClp, opened.periodDays]).toEqual(["monthly", 15000, 30]);
  });

  it("an amount that is not the plan's price, an unknown plan and a retired plan are refused, nothing written", async () => {
    await seedPlans();
    await db().update(plans).set({ active: false }).where(eq(plans.id, "monthly"));
    const { cookie } = await member();
    const wrong = await initiate(cookie, { plan_id: "yearly", amount: 15000 });
    expect(wrong.status).toBe(400);
    expect(await errorBody(wrong)).toMatchObject({
      code: "amount_mismatch",
      error: "The amount must be 150000, the price of the plan chosen",
    });
    for (const plan_id of ["lifetime", "monthly"]) {
      const refused = await initiate(cookie, { plan_id });
      expect(refused.status).toBe(404);
      expect((await errorBody(refused)).code).toBe("plan_not_found");
    }
    expect((await initiate(cookie, { plan_id: "NOT A PLAN" })).status).toBe(400);
    expect(await db().select().from(payments)).toEqual([]);
  });

  it("a yearly payment authorized for the monthly price is refused at approval and given back", async () => {
    const { cookie, user } = await member();
    const payment = await pendingPayment(user.id, user.email, { plan: "yearly", amountClp: 150000, periodDays: 365 });
    const calls = fakeTransbank({
      commit: () => ok(transaction(payment, { amount: 15000 })),
      refund: () => ok({ type: "REVERSED" }),
    });
    const res = await call("/api/payments/webpay/return", {
      method: "POST",
      body: new URLSearchParams({ token_ws: payment.token ?? "" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      env: INTEGRATION,
    });
    expect(res.headers.get("location")).toBe("/pay/return?success=false&error=verification_failed");
    expect(calls.map((c) => c.method)).toEqual(["PUT", "POST"]);
    expect(await dueOf(user.id)).toBeUndefined();
    expect((await json(await call("/api/membership/status", { cookie }))).status).not.toBe("active");
  });

  it("a refund takes back the period the payment bought (365 days for the yearly plan)", async () => {
    await seedPlans();
    const { cookie, user } = await member();
    const { token } = await json<{ token: string }>(await initiate(cookie, { plan_id: "yearly" }));
    await approveAtEmulator(token);
    const [paid] = await db().select().from(payments);
    const admin = await signIn("admin@example.com", "Admin");
    const refund = await call(`/api/admin/payments/${paid.id}/refund`, { method: "POST", cookie: admin });
    expect(refund.status).toBe(200);
    expect((await dueOf(user.id)).nextPaymentDue.getTime()).toBe(T0);
  });

  it("the receipt email names the plan and its period", async () => {
    await seedPlans();
    const { cookie } = await member();
    const queue = recordingQueue();
    const { token } = await json<{ token: string }>(await initiate(cookie, { plan_id: "yearly" }));
    await approveAtEmulator(token, { DELIVERY_QUEUE: queue.binding });
    await drain(queue);
    const [mail] = await outbox();
    const lines = mail.text.split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "Concept: Membership (Yearly), 365 days",
        "Period: Jun 1, 2026 to Jun 1, 2027",
        "Amount: $150,000 CLP",
      ]),
    );
    // The member's list (the PDF's facts) carries them too.
    const [listed] = await json(await call("/api/membership/payments", { cookie }));
    expect([listed.plan_name, listed.period_days]).toEqual(["Yearly", 365]);
  });

  it("an automatic renewal of a yearly membership charges the yearly price and adds 365 days", async () => {
    await seedPlans();
    const { cookie, user } = await member();
    const due = T0 + 12 * 60 * 60 * 1000;
    await db()
      .insert(memberships)
      .values({
        userId: user.id,
        plan: "yearly",
        kind: "paid",
        nextPaymentDue: new Date(due),
        updatedAt: new Date(T0),
      });
    await enrolCard(cookie);
    const result = await runAutorenew(db(), testEnv, T0, oneclickFor(testEnv, ORIGIN));
    expect(result.approved).toBe(1);
    const [charged] = await db().select().from(payments).where(eq(payments.userId, user.id));
    expect([charged.plan, charged.amountClp, charged.periodDays, charged.status]).toEqual([
      "yearly",
      150000,
      365,
      "completed",
    ]);
    expect((await dueOf(user.id)).nextPaymentDue.getTime()).toBe(due + 365 * DAY);
  });
});

describe("the admin's plans", () => {
  const body = { name: "Quarterly", amount_clp: 40000, period_days: 90, trial_days: 7 };

  it("creates a plan, changes a price, retires one; the next checkout pays the new price; each is audited", async () => {
    await seedPlans();
    const admin = await signIn("admin@example.com", "Admin");
    const created = await call("/api/admin/plans", {
      method: "POST",
      cookie: admin,
      json: { id: "quarterly", ...body },
    });
    expect(created.status).toBe(201);
    expect((await json(created)).plans.map((p: { id: string }) => p.id)).toEqual(["monthly", "quarterly", "yearly"]);
    const again = await call("/api/admin/plans", { method: "POST", cookie: admin, json: { id: "quarterly", ...body } });
    expect(again.status).toBe(409);
    expect((await errorBody(again)).code).toBe("plan_exists");
    const changed = await call("/api/admin/plans/yearly", {
      method: "PUT",
      cookie: admin,
      json: { name: "Yearly", amount_clp: 140000, period_days: 365, position: 1 },
    });
    expect(changed.status).toBe(200);
    const retired = await call("/api/admin/plans/quarterly", {
      method: "PUT",
      cookie: admin,
      json: { ...body, active: false },
    });
    expect(retired.status).toBe(200);
    expect(
      (await json(await call("/api/plans"))).plans.map((p: { id: string; amount_clp: number }) => [p.id, p.amount_clp]),
    ).toEqual([
      ["monthly", 15000],
      ["yearly", 140000],
    ]);
    const { cookie } = await member();
    expect((await initiate(cookie, { plan_id: "yearly" })).status).toBe(200);
    expect((await db().select().from(payments))[0].amountClp).toBe(140000);
    const audit = await db().select().from(auditLog);
    expect(audit.map((a) => [a.action, a.targetId])).toEqual([
      ["plan.create", "quarterly"],
      ["plan.update", "yearly"],
      ["plan.update", "quarterly"],
    ]);
  });

  it("refuses bad plans and unknown ids, and members", async () => {
    const admin = await signIn("admin@example.com", "Admin");
    for (const bad of [
      { ...body, amount_clp: 10 },
      { ...body, amount_clp: 1.5 },
      { ...body, period_days: 0 },
      { ...body, trial_days: -1 },
      { ...body, name: "" },
      { ...body, name: "x".repeat(41) },
    ])
      expect(
        (await call("/api/admin/plans", { method: "POST", cookie: admin, json: { id: "ok-id", ...bad } })).status,
      ).toBe(400);
    expect((await call("/api/admin/plans/none", { method: "PUT", cookie: admin, json: body })).status).toBe(404);
    const { cookie } = await member();
    expect((await call("/api/admin/plans", { method: "POST", cookie, json: { id: "mine", ...body } })).status).toBe(
      403,
    );
    expect(await db().select().from(plans)).toEqual([]);
  });
});
