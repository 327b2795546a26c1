// Coupons and scholarships: the price of every plan x coupon kind x first or later payment, computed once on
// the server (pricing.ts priceOf) and checked at approval; the last redemption taken by one of two racing checkouts;
// a failed payment giving its redemption back; the check's answers and refusals; a scholarship's zero payment.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { coupons, memberships, payments, webpayEmulatorTransactions } from "../../worker/db/schema";
import { oneclickFor, runAutorenew } from "../../worker/features/payments/autorenew";
import { call, db, enrolCard, errorBody, json, newMember, ORIGIN, signIn, testEnv } from "./helpers";
import { seedPlans } from "./seed";

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);

beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: T0 }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const member = () => newMember();

const initiate = (cookie: string, body: Record<string, unknown>) =>
  call("/api/payments/initiate", { method: "POST", json: { provider: "webpay_form", ...body }, cookie });

/** The emulator's card page (approve or cancel), then Transbank's return as the browser posts it. */
async function atCard(token: string, action: "approve" | "cancel") {
  const page = await call("/api/dev/webpay/pay", {
    method: "POST",
    body: form({ token_ws: token, action }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const fields = Object.fromEntries(
    [...(await page.text()).matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  );
  const back = await call("/api/payments/webpay/return", {
    method: "POST",
    body: form(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
  });
  return back.headers.get("location");
}

const couponRow = (code: string, terms: Partial<typeof coupons.$inferInsert>) =>
  db()
    .insert(coupons)
    .values({ code, ...terms });

const PLAN = { monthly: { amount: 15000, days: 30 }, yearly: { amount: 150000, days: 365 } } as const;

/**
 * Every combination, its three payments' prices worked out by hand: 20% off the first payment, 5,000 CLP off the first
 * two, 100% off every one (a scholarship).
 */
const COMBINATIONS: { plan: keyof typeof PLAN; coupon: string | null; prices: [number, number, number] }[] = [
  { plan: "monthly", coupon: null, prices: [15000, 15000, 15000] },
  { plan: "monthly", coupon: "PCT20", prices: [12000, 15000, 15000] },
  { plan: "monthly", coupon: "CLP5000", prices: [10000, 10000, 15000] },
  { plan: "monthly", coupon: "FREE", prices: [0, 0, 0] },
  { plan: "yearly", coupon: null, prices: [150000, 150000, 150000] },
  { plan: "yearly", coupon: "PCT20", prices: [120000, 150000, 150000] },
  { plan: "yearly", coupon: "CLP5000", prices: [145000, 145000, 150000] },
  { plan: "yearly", coupon: "FREE", prices: [0, 0, 0] },
];

async function seedCoupons() {
  await seedPlans();
  await couponRow("PCT20", { percentOff: 20, periods: 1 });
  await couponRow("CLP5000", { amountOffClp: 5000, periods: 2 });
  await couponRow("FREE", { percentOff: 100, reason: "Community scholarship" });
}

describe("the price of every plan x coupon x payment", () => {
  for (const c of COMBINATIONS) {
    it(`${c.plan} with ${c.coupon ?? "no coupon"}: ${c.prices.join(", ")} CLP, each checked at approval`, async () => {
      await seedCoupons();
      const coupon = c.coupon ? { coupon: c.coupon.toLowerCase() } : {};
      // The check shows what the checkout will charge.
      const { cookie: checker } = await member();
      if (c.coupon) {
        const check = await call("/api/coupons/check", {
          method: "POST",
          cookie: checker,
          json: { code: c.coupon.toLowerCase(), plan_id: c.plan },
        });
        expect(await json(check)).toMatchObject({
          amount_clp: c.prices[0],
          discount_clp: PLAN[c.plan].amount - c.prices[0],
        });
      }
      const { cookie, user } = await member();
      const opened = await initiate(cookie, { plan_id: c.plan, ...coupon });
      expect(opened.status).toBe(200);
      const answer = await json<{ token?: string; scholarship?: boolean }>(opened);
      if (c.prices[0] === 0) {
        // A scholarship: no Transbank transaction, a completed zero payment naming the coupon.
        expect(answer.scholarship).toBe(true);
        expect(await db().select().from(webpayEmulatorTransactions)).toEqual([]);
      } else {
        const [tx] = await db().select().from(webpayEmulatorTransactions);
        expect(tx.amount).toBe(c.prices[0]);
        expect(await atCard(answer.token ?? "", "approve")).toBe(`/pay/return?success=true&amount=${c.prices[0]}`);
      }
      const [first] = await db().select().from(payments).where(eq(payments.userId, user.id));
      expect([first.status, first.amountClp, first.periodDays, first.couponCode]).toEqual([
        "completed",
        c.prices[0],
        PLAN[c.plan].days,
        c.coupon,
      ]);

      // The same checkout authorized for any other amount is refused at approval (and given back).
      if (c.prices[0] > 0) {
        const { cookie: other } = await member();
        const { token } = await json<{ token: string }>(await initiate(other, { plan_id: c.plan, ...coupon }));
        await db()
          .update(webpayEmulatorTransactions)
          .set({ amount: PLAN[c.plan].amount + 1 })
          .where(eq(webpayEmulatorTransactions.token, token));
        expect(await atCard(token, "approve")).toBe("/pay/return?success=false&error=verification_failed");
      }

      // The later payments are automatic renewals, priced by the same function.
      await enrolCard(cookie);
      for (const n of [1, 2]) {
        const [m] = await db().select().from(memberships).where(eq(memberships.userId, user.id));
        const run = await runAutorenew(
          db(),
          testEnv,
          m.nextPaymentDue.getTime() - 60 * 60 * 1000,
          oneclickFor(testEnv, ORIGIN),
        );
        expect(run.approved).toBe(1);
        const renewals = await db().select().from(payments).where(eq(payments.userId, user.id)).orderBy(payments.id);
        const renewal = renewals[renewals.length - 1];
        expect([renewal.status, renewal.amountClp, renewal.provider]).toEqual([
          "completed",
          c.prices[n],
          "oneclick_mall",
        ]);
        const [after] = await db().select().from(memberships).where(eq(memberships.userId, user.id));
        expect(after.nextPaymentDue.getTime()).toBe(m.nextPaymentDue.getTime() + PLAN[c.plan].days * DAY);
      }
    });
  }
});

describe("redemptions", () => {
  it("two checkouts racing for the last redemption: one opens, the other is refused with coupon_exhausted", async () => {
    await seedPlans();
    await couponRow("LAST", { percentOff: 10, maxRedemptions: 1 });
    const [a, b] = [await member(), await member()];
    const answers = await Promise.all([a, b].map((m) => initiate(m.cookie, { coupon: "LAST" })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.status === 409);
    expect((await errorBody(refused as Response)).code).toBe("coupon_exhausted");
    expect((await db().select().from(coupons))[0].redemptions).toBe(1);
    const opened = await db().select().from(payments);
    expect(opened.map((p) => [p.amountClp, p.couponCode])).toEqual([[13500, "LAST"]]);
  });

  it("a payment that fails gives its redemption back, once; the next member can use it", async () => {
    await seedPlans();
    await couponRow("ONE", { amountOffClp: 1000, maxRedemptions: 1 });
    const first = await member();
    const { token } = await json<{ token: string }>(await initiate(first.cookie, { coupon: "ONE" }));
    expect((await initiate((await member()).cookie, { coupon: "ONE" })).status).toBe(409);
    expect(await atCard(token, "cancel")).toBe("/pay/return?success=false&error=cancelled");
    expect((await db().select().from(coupons))[0].redemptions).toBe(0);
    // The same failure settled again (a replayed return, the reconciler) gives nothing more back.
    await call("/api/payments/confirm", { method: "POST", json: {}, cookie: first.cookie });
    expect((await db().select().from(coupons))[0].redemptions).toBe(0);
    expect((await initiate((await member()).cookie, { coupon: "ONE" })).status).toBe(200);
    expect((await db().select().from(coupons))[0].redemptions).toBe(1);
  });
});

describe("POST /api/coupons/check", () => {
  it("answers the first payment's price and the coupon's periods", async () => {
    await seedCoupons();
    const { cookie } = await member();
    const res = await call("/api/coupons/check", {
      method: "POST",
      cookie,
      json: { code: " clp5000 ", plan_id: "yearly" },
    });
    expect(await json(res)).toEqual({
      plan_id: "yearly",
      amount_clp: 145000,
      discount_clp: 5000,
      full_clp: 150000,
      periods: 2,
    });
  });

  it("a wrong, expired, used-up or other plan's code is a 4xx with its code, and takes nothing", async () => {
    await seedPlans();
    await couponRow("OLD", { percentOff: 10, expiresAt: new Date(T0 - 1) });
    await couponRow("USED", { percentOff: 10, maxRedemptions: 2, redemptions: 2 });
    await couponRow("YEARONLY", { percentOff: 10, planIds: ["yearly"] });
    const { cookie } = await member();
    for (const [code, status, errorCode] of [
      ["NOPE", 404, "coupon_not_found"],
      ["OLD", 409, "coupon_expired"],
      ["USED", 409, "coupon_exhausted"],
      ["YEARONLY", 409, "coupon_not_for_plan"],
    ] as const) {
      for (const res of [
        await call("/api/coupons/check", { method: "POST", cookie, json: { code, plan_id: "monthly" } }),
        await initiate(cookie, { plan_id: "monthly", coupon: code }),
      ]) {
        expect(res.status).toBe(status);
        expect((await errorBody(res)).code).toBe(errorCode);
      }
    }
    expect(await db().select().from(payments)).toEqual([]);
    expect((await db().select().from(coupons)).map((c) => c.redemptions).sort()).toEqual([0, 0, 2]);
  });
});

describe("the admin's coupons", () => {
  it("creates coupons (one discount each), lists them with their redemptions; members may not", async () => {
    const admin = await signIn("admin@example.com", "Admin");
    const created = await call("/api/admin/coupons", {
      method: "POST",
      cookie: admin,
      json: { code: "beca-2026", percent_off: 100, reason: "Scholarship", max_redemptions: 5 },
    });
    expect(created.status).toBe(201);
    expect((await json(created)).coupons).toEqual([
      expect.objectContaining({ code: "BECA-2026", percent_off: 100, scholarship: true, redemptions: 0 }),
    ]);
    const again = await call("/api/admin/coupons", {
      method: "POST",
      cookie: admin,
      json: { code: "BECA-2026", amount_off_clp: 100 },
    });
    expect((await errorBody(again)).code).toBe("coupon_exists");
    for (const bad of [
      { code: "X1X" },
      { code: "TWO", percent_off: 10, amount_off_clp: 10 },
      { code: "PCT", percent_off: 101 },
    ])
      expect((await call("/api/admin/coupons", { method: "POST", cookie: admin, json: bad })).status).toBe(400);
    const { cookie } = await member();
    expect((await call("/api/admin/coupons", { cookie })).status).toBe(403);
  });
});
