// Trials: a plan's trial days free on an enrolled Oneclick card; nothing charged until the end, when the daily renewal
// job charges the plan's price (with the coupon's first-payment discount) once, however many runs race; stopping before
// the end charges nothing; one trial per member and per card (type + masked number); the refusals, each with its code.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { coupons, memberships, oneclickEmulatorTransactions, payments, plans, trials } from "../../worker/db/schema";
import { oneclickFor, runAutorenew } from "../../worker/features/payments/autorenew";
import { call, db, enrolAtForm, enrolCard, errorBody, json, newMember, ORIGIN, signIn, testEnv } from "./helpers";
import { seedPlans } from "./seed";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);
const TRIAL_DAYS = 7;
const END = T0 + TRIAL_DAYS * DAY;

beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: T0 }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The two plans, each with a 7-day trial unless told otherwise. */
async function seedTrialPlans(trialDays: Partial<Record<"monthly" | "yearly", number>> = {}) {
  await seedPlans();
  for (const id of ["monthly", "yearly"] as const)
    await db()
      .update(plans)
      .set({ trialDays: trialDays[id] ?? TRIAL_DAYS })
      .where(eq(plans.id, id));
}

const member = () => newMember("t", "Trier");

const startTrial = (cookie: string, body: Record<string, unknown> = {}) =>
  call("/api/membership/trial", { method: "POST", cookie, json: body });
const run = (now: number) => runAutorenew(db(), testEnv, now, oneclickFor(testEnv, ORIGIN));
const status = async (cookie: string) => json(await call("/api/membership/status", { cookie }));
const paymentsOf = (userId: number) =>
  db().select().from(payments).where(eq(payments.userId, userId)).orderBy(payments.id);
const membershipOf = async (userId: number) =>
  (await db().select().from(memberships).where(eq(memberships.userId, userId)))[0];

/** A member on a trial of `plan` begun on a card on file (enrolled first), with `coupon` if given. */
async function onTrial(plan = "monthly", coupon?: string) {
  const m = await member();
  await enrolCard(m.cookie);
  const begun = await startTrial(m.cookie, { plan_id: plan, ...(coupon ? { coupon } : {}) });
  expect(begun.status).toBe(201);
  return m;
}

describe("a trial", () => {
  it("begins when the card form comes back enrolled, charges nothing until it ends, then the plan's price once", async () => {
    await seedTrialPlans();
    const { cookie, user } = await member();
    const started = await startTrial(cookie, { plan_id: "monthly" });
    expect(started.status).toBe(200);
    const { token, url } = await json<{ token: string; url: string }>(started);
    expect(url).toMatch(/\/api\/dev\/webpay\/oneclick\/inscription$/);
    expect(await enrolAtForm(token)).toBe("/app/settings/membership?autorenew=trial");

    expect(await status(cookie)).toMatchObject({
      status: "trial",
      next_payment_due: new Date(END).toISOString(),
      auto_renew: { enabled: true, card_type: "Visa", card_number: "XXXXXXXXXXXX6623" },
      renews: { plan_id: "monthly", plan_name: "Monthly", period_days: 30, amount_clp: 15000 },
    });
    // Paid content opens during the trial.
    expect((await call("/api/resources", { cookie })).status).toBe(200);
    // The runs before the end's charge window open nothing and charge nothing.
    for (const now of [T0 + HOUR, T0 + 3 * DAY, END - 2 * DAY]) expect((await run(now)).opened).toBe(0);
    expect(await paymentsOf(user.id)).toEqual([]);

    const ended = await run(END - HOUR);
    expect([ended.opened, ended.approved]).toEqual([1, 1]);
    const [charge] = await paymentsOf(user.id);
    expect([charge.amountClp, charge.status, charge.plan, charge.provider]).toEqual([
      15000,
      "completed",
      "monthly",
      "oneclick_mall",
    ]);
    const after = await membershipOf(user.id);
    expect([after.kind, after.nextPaymentDue.getTime()]).toEqual(["paid", END + 30 * DAY]);
    vi.setSystemTime(END + DAY);
    expect((await status(cookie)).status).toBe("active");
  });

  it("stopped before the end: nothing is charged, access runs to the trial's end and not after", async () => {
    await seedTrialPlans();
    const { cookie, user } = await onTrial();
    vi.setSystemTime(T0 + 3 * DAY);
    expect((await call("/api/membership/autorenew", { method: "DELETE", cookie })).status).toBe(200);
    expect((await status(cookie)).status).toBe("trial");
    const atEnd = await run(END - HOUR);
    expect([atEnd.opened, atEnd.attempted]).toEqual([0, 0]);
    vi.setSystemTime(END + HOUR);
    expect(await run(END + HOUR)).toMatchObject({ opened: 0, attempted: 0 });
    expect(await paymentsOf(user.id)).toEqual([]);
    expect(await db().select().from(oneclickEmulatorTransactions)).toEqual([]);
    expect((await status(cookie)).status).toBe("expired");
    expect((await call("/api/resources", { cookie })).status).toBe(403);
  });

  it("two runs racing at the end charge once", async () => {
    await seedTrialPlans();
    const { user } = await onTrial();
    const runs = await Promise.all([run(END - HOUR), run(END - HOUR), run(END - HOUR)]);
    expect(runs.reduce((n, r) => n + r.approved, 0)).toBe(1);
    expect((await paymentsOf(user.id)).map((p) => [p.amountClp, p.status])).toEqual([[15000, "completed"]]);
    expect(await db().select().from(oneclickEmulatorTransactions)).toHaveLength(1);
    expect((await membershipOf(user.id)).nextPaymentDue.getTime()).toBe(END + 30 * DAY);
  });

  it("cannot be paused: stopping is how to pay nothing", async () => {
    await seedTrialPlans();
    const { cookie } = await onTrial();
    const paused = await call("/api/membership/pause", { method: "POST", cookie, json: { periods: 1 } });
    expect([paused.status, (await errorBody(paused)).code]).toEqual([409, "pause_in_trial"]);
  });
});

describe("one trial per member and per card", () => {
  it("the same member cannot try again, nor another member with the same card; another card can", async () => {
    await seedTrialPlans();
    const first = await onTrial();
    // Stopped and over: still not a second trial.
    await call("/api/membership/autorenew", { method: "DELETE", cookie: first.cookie });
    vi.setSystemTime(END + DAY);
    const again = await startTrial(first.cookie, { plan_id: "yearly" });
    expect([again.status, (await errorBody(again)).code]).toEqual([409, "trial_used"]);

    // The same card (Visa 6623) under another account: on file, refused; through the form, enrolled but no trial.
    const second = await member();
    await enrolCard(second.cookie);
    const sameCard = await startTrial(second.cookie);
    expect([sameCard.status, (await errorBody(sameCard)).code]).toEqual([409, "trial_used"]);
    const third = await member();
    const { token } = await json<{ token: string }>(await startTrial(third.cookie));
    expect(await enrolAtForm(token)).toBe("/app/settings/membership?autorenew=trial_refused");
    expect((await status(third.cookie)).status).toBe("none");
    expect((await status(third.cookie)).auto_renew.enabled).toBe(true);

    // Another card (American Express 2032) begins one.
    const { token: amex } = await json<{ token: string }>(await startTrial((await member()).cookie));
    expect(await enrolAtForm(amex, "amex")).toBe("/app/settings/membership?autorenew=trial");
    expect(await db().select({ card: trials.cardNumber }).from(trials).orderBy(trials.startedAt)).toEqual([
      { card: "XXXXXXXXXXXX6623" },
      { card: "XXXXXXXXXXX2032" },
    ]);
  });

  it("two starts racing for one member begin one trial", async () => {
    await seedTrialPlans();
    const { cookie, user } = await member();
    await enrolCard(cookie);
    const answers = await Promise.all([startTrial(cookie), startTrial(cookie)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await db().select().from(trials)).toHaveLength(1);
    expect((await membershipOf(user.id)).kind).toBe("trial");
  });

  it("a start repeated with its Idempotency-Key gets the first answer again, not a refusal of the trial it began", async () => {
    await seedTrialPlans();
    const { cookie } = await member();
    await enrolCard(cookie);
    const key = crypto.randomUUID();
    const send = () =>
      call("/api/membership/trial", { method: "POST", cookie, json: {}, headers: { "idempotency-key": key } });
    const first = await send();
    const again = await send();
    expect([first.status, again.status, again.headers.get("idempotent-replayed")]).toEqual([201, 201, "true"]);
    expect(await json(again)).toEqual(await json(first));
    expect(await db().select().from(trials)).toHaveLength(1);
  });

  it("the trial's coupon takes a redemption; the last one cannot be had by two racing trials", async () => {
    await seedTrialPlans();
    await db().insert(coupons).values({ code: "LAST", percentOff: 50, periods: 1, maxRedemptions: 1 });
    const [a, b] = [await member(), await member()];
    await enrolCard(a.cookie);
    await enrolCard(b.cookie, "amex");
    const answers = await Promise.all([a, b].map((m) => startTrial(m.cookie, { coupon: "last" })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = answers.find((r) => r.status === 409) as Response;
    expect((await errorBody(refused)).code).toBe("coupon_exhausted");
    expect((await db().select().from(coupons))[0].redemptions).toBe(1);
    // The refused member's card had no trial: it is free to try one without the coupon.
    const loser = answers[0].status === 409 ? a : b;
    expect((await startTrial(loser.cookie)).status).toBe(201);
  });
});

describe("the member's data", () => {
  it("the export holds the trial and the pauses; a deleted account's card still cannot try again", async () => {
    await seedTrialPlans();
    const { cookie, user } = await onTrial();
    const exported = await json(await call("/api/profile/export", { cookie }));
    expect(exported.trial).toEqual({
      plan: "monthly",
      started_at: new Date(T0).toISOString(),
      ends_at: new Date(END).toISOString(),
      card_type: "Visa",
      card_number: "XXXXXXXXXXXX6623",
      coupon: null,
    });
    expect(exported.pauses).toEqual([]);

    const deleted = await call("/api/profile", { method: "DELETE", cookie, json: { confirm: user.email } });
    expect(deleted.status).toBe(200);
    expect((await db().select().from(trials)).map((t) => [t.userId, t.cardNumber])).toEqual([
      [null, "XXXXXXXXXXXX6623"],
    ]);
    const again = await member();
    await enrolCard(again.cookie);
    const refused = await startTrial(again.cookie);
    expect([refused.status, (await errorBody(refused)).code]).toEqual([409, "trial_used"]);
  });
});

describe("the dashboard's upcoming renewals", () => {
  it("say what each charge will be and when: a trial's end with its coupon, a pause's resume date", async () => {
    await seedTrialPlans();
    await db().insert(coupons).values({ code: "PCT20", percentOff: 20, periods: 1 });
    const trier = await onTrial("yearly", "pct20");
    // Two members paused: one resuming within the 30 days (listed then), one after them (not listed).
    const resumes = async (card: "approved" | "amex", periods: number) => {
      const m = await member();
      await db()
        .insert(memberships)
        .values({ userId: m.user.id, nextPaymentDue: new Date(T0 + 2 * DAY), updatedAt: new Date(T0) });
      await enrolCard(m.cookie, card);
      expect(
        (await call("/api/membership/pause", { method: "POST", cookie: m.cookie, json: { periods } })).status,
      ).toBe(200);
      return m.user.id;
    };
    const soon = await resumes("approved", 1);
    await resumes("amex", 2);
    // Five days on: the first pause resumes within the next 30 days, the second after them.
    vi.setSystemTime(T0 + 5 * DAY);
    const admin = await signIn("admin@example.com", "Admin");
    const { upcoming } = await json<{ upcoming: { user_id: number; due: string; plan: string; amount_clp: number }[] }>(
      await call("/api/admin/revenue", { cookie: admin }),
    );
    expect(upcoming.map((u) => [u.user_id, u.due, u.plan, u.amount_clp])).toEqual([
      [trier.user.id, new Date(END).toISOString(), "yearly", 120000],
      [soon, new Date(T0 + 2 * DAY + 30 * DAY).toISOString(), "monthly", 15000],
    ]);
  });
});

describe("refused, each with its code", () => {
  it("a plan without a trial, a member already covered, an admin, a bad coupon or plan", async () => {
    await seedTrialPlans({ yearly: 0 });
    const { cookie, user } = await member();
    await enrolCard(cookie);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ plan_id: "yearly" }, 409, "trial_not_offered"],
      [{ plan_id: "lifetime" }, 404, "plan_not_found"],
      [{ coupon: "NOPE" }, 404, "coupon_not_found"],
    ];
    for (const [body, code, error] of cases) {
      const refused = await startTrial(cookie, body);
      expect([refused.status, (await errorBody(refused)).code]).toEqual([code, error]);
    }
    expect((await startTrial(cookie, { plan_id: "../monthly" })).status).toBe(400);
    expect((await startTrial(cookie, { coupon: "no spaces allowed" })).status).toBe(400);

    await db()
      .insert(memberships)
      .values({ userId: user.id, nextPaymentDue: new Date(T0 + 10 * DAY), updatedAt: new Date(T0) });
    const covered = await startTrial(cookie);
    expect([covered.status, (await errorBody(covered)).code]).toEqual([409, "trial_member_active"]);

    const admin = await signIn("admin@example.com", "Admin");
    const byAdmin = await startTrial(admin);
    expect([byAdmin.status, (await errorBody(byAdmin)).code]).toEqual([409, "autorenew_admin"]);
    expect((await call("/api/membership/trial", { method: "POST", json: {} })).status).toBe(401);
    expect(await db().select().from(trials)).toEqual([]);
  });
});

const PLAN = { monthly: { amount: 15000, days: 30 }, yearly: { amount: 150000, days: 365 } } as const;

/**
 * Every plan x coupon kind after a trial, the first two charges worked out by hand: 20% off the first payment, 5,000 CLP
 * off the first two, 100% off every one (a scholarship: the period is granted without a charge).
 */
const AFTER_TRIAL: { plan: keyof typeof PLAN; coupon: string | null; charges: [number, number] }[] = [
  { plan: "monthly", coupon: null, charges: [15000, 15000] },
  { plan: "monthly", coupon: "PCT20", charges: [12000, 15000] },
  { plan: "monthly", coupon: "CLP5000", charges: [10000, 10000] },
  { plan: "monthly", coupon: "FREE", charges: [0, 0] },
  { plan: "yearly", coupon: null, charges: [150000, 150000] },
  { plan: "yearly", coupon: "PCT20", charges: [120000, 150000] },
  { plan: "yearly", coupon: "CLP5000", charges: [145000, 145000] },
  { plan: "yearly", coupon: "FREE", charges: [0, 0] },
];

describe("the price after a trial, every plan x coupon x first or later charge", () => {
  for (const c of AFTER_TRIAL) {
    it(`${c.plan} with ${c.coupon ?? "no coupon"}: ${c.charges.join(", ")} CLP, as Transbank authorized them`, async () => {
      await seedTrialPlans();
      await db()
        .insert(coupons)
        .values([
          { code: "PCT20", percentOff: 20, periods: 1 },
          { code: "CLP5000", amountOffClp: 5000, periods: 2 },
          { code: "FREE", percentOff: 100, reason: "Community scholarship" },
        ]);
      const { cookie, user } = await onTrial(c.plan, c.coupon?.toLowerCase());
      // The status says what the trial's end will charge before anything is.
      expect((await status(cookie)).renews).toMatchObject({ plan_id: c.plan, amount_clp: c.charges[0] });
      let due = END;
      for (const [n, amount] of c.charges.entries()) {
        expect((await run(due - HOUR)).approved).toBe(1);
        const charged = (await paymentsOf(user.id))[n];
        expect([charged.status, charged.amountClp, charged.plan, charged.periodDays]).toEqual([
          "completed",
          amount,
          c.plan,
          PLAN[c.plan].days,
        ]);
        // What Transbank authorized is what was priced (a scholarship asks Transbank nothing).
        const [tx] = await db()
          .select()
          .from(oneclickEmulatorTransactions)
          .where(eq(oneclickEmulatorTransactions.buyOrder, charged.buyOrder));
        expect(tx?.amount ?? 0).toBe(amount);
        due += PLAN[c.plan].days * DAY;
        expect((await membershipOf(user.id)).nextPaymentDue.getTime()).toBe(due);
      }
    });
  }
});
