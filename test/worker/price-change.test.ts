// A price change never surprises a member: when the admin raises a plan's price, each member with automatic
// renewal on that plan keeps the price they pay and is told (in the app and by email); their renewal pays the new
// price only from 30 days after they were told. A lowered price applies at once and tells nobody; a member paying by
// hand pays the current price.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memberships, notifications, payments, plans, users } from "../../worker/db/schema";
import type { Env } from "../../worker/env";
import { oneclickFor, runAutorenew } from "../../worker/features/payments/autorenew";
import { call, db, drain, enrolCard, json, ORIGIN, outbox, recordingQueue, signIn, testEnv } from "./helpers";
import { seedPlans } from "./seed";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);

beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: T0 }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A member whose membership of `plan` runs until `due`, with a card enrolled for automatic renewal unless `byHand`. */
async function member(email: string, due: number, options: { plan?: string; byHand?: boolean } = {}) {
  const cookie = await signIn(email, email.split("@")[0]);
  const [user] = await db().select().from(users).where(eq(users.email, email));
  await db()
    .insert(memberships)
    .values({
      userId: user.id,
      plan: options.plan ?? "monthly",
      nextPaymentDue: new Date(due),
      updatedAt: new Date(T0),
    });
  if (options.byHand) return { cookie, user };
  await enrolCard(cookie);
  return { cookie, user };
}

/** The admin sets the monthly plan's price (at the current fake time). */
async function setMonthlyPrice(amount: number, env?: Partial<Env>, cookie?: string) {
  return call("/api/admin/plans/monthly", {
    method: "PUT",
    cookie: cookie ?? (await signIn("admin@example.com", "Admin")),
    json: { name: "Monthly", amount_clp: amount, period_days: 30 },
    env,
  });
}

/** The daily charge job at `at` (the clock set there too: approval reads it). */
async function renewAt(at: number) {
  vi.setSystemTime(at);
  return runAutorenew(db(), testEnv, at, oneclickFor(testEnv, ORIGIN));
}

const chargedOf = async (userId: number) =>
  (await db().select().from(payments).where(eq(payments.userId, userId)).orderBy(payments.id)).map((p) => [
    p.amountClp,
    p.status,
  ]);
const priceChanges = async (userId: number) =>
  (await db().select().from(notifications).where(eq(notifications.userId, userId))).filter(
    (n) => n.kind === "price_change",
  );

describe("a raised price", () => {
  it("tells each enrolled member once, in the app and by email, with the plan, both prices and the date", async () => {
    await seedPlans();
    const luna = await member("luna@example.com", T0 + 10 * DAY);
    const sol = await member("sol@example.com", T0 + 20 * DAY);
    await db().update(users).set({ language: "es" }).where(eq(users.id, sol.user.id));
    const byHand = await member("mar@example.com", T0 + 10 * DAY, { byHand: true });
    const yearly = await member("rio@example.com", T0 + 10 * DAY, { plan: "yearly" });

    const queue = recordingQueue();
    expect((await setMonthlyPrice(20000, { DELIVERY_QUEUE: queue.binding })).status).toBe(200);
    await drain(queue);

    const appliesAt = T0 + 30 * DAY;
    for (const { user } of [luna, sol]) {
      const told = await priceChanges(user.id);
      expect(told).toHaveLength(1);
      expect(JSON.parse(told[0].detail ?? "")).toEqual({
        plan: "Monthly",
        old_clp: 15000,
        new_clp: 20000,
        applies_at: appliesAt,
      });
    }
    for (const { user } of [byHand, yearly]) expect(await priceChanges(user.id)).toEqual([]);
    const bell = await json<{ items: { kind: string; url: string }[] }>(
      await call("/api/notifications", { cookie: luna.cookie }),
    );
    expect(bell.items).toEqual([expect.objectContaining({ kind: "price_change", url: "/app/settings/membership" })]);

    const mails = await outbox();
    expect(mails.map((m) => m.to).sort()).toEqual(["luna@example.com", "sol@example.com"]);
    const day = (locale: string) =>
      new Intl.DateTimeFormat(locale, {
        year: "numeric",
        month: "short",
        day: "numeric",
        timeZone: "America/Santiago",
      }).format(appliesAt);
    const toLuna = mails.find((m) => m.to === "luna@example.com");
    expect(toLuna?.subject).toBe(
      `The Monthly plan's price rises from $15,000 CLP to $20,000 CLP: your automatic renewal pays the new price from ${day("en-US")}`,
    );
    expect(toLuna?.text).toContain(`${testEnv.APP_ORIGIN}/app/settings/membership`);
    const toSol = mails.find((m) => m.to === "sol@example.com");
    expect(toSol?.subject).toBe(
      `El precio del plan Monthly sube de $15.000 a $20.000: tu renovación automática pagará el nuevo precio desde el ${day("es-CL")}`,
    );

    // Saving the plan again at the same price tells nobody again.
    vi.setSystemTime(T0 + DAY);
    await setMonthlyPrice(20000);
    expect(await priceChanges(luna.user.id)).toHaveLength(1);
  });

  it("reaches a member who turned every membership notice off: a raised price is always told, in the app and by email", async () => {
    await seedPlans();
    const luna = await member("luna@example.com", T0 + 10 * DAY);
    const off = { in_app: false, push: false, email: false };
    const saved = await call("/api/notifications/preferences", {
      method: "PUT",
      cookie: luna.cookie,
      json: { preferences: { price_change: off, autorenew_notice: off, payment: off }, digest: "off" },
    });
    expect(saved.status).toBe(200);
    const { preferences } = await json<{ preferences: Record<string, Record<string, boolean>> }>(saved);
    expect(preferences.price_change).toEqual({ in_app: true, push: false, email: true });

    const queue = recordingQueue();
    expect((await setMonthlyPrice(20000, { DELIVERY_QUEUE: queue.binding })).status).toBe(200);
    await drain(queue);
    expect(await priceChanges(luna.user.id)).toHaveLength(1);
    const [mail] = await outbox();
    expect(mail?.to).toBe("luna@example.com");
    expect(mail?.text).toContain("This email tells you of a change to what you pay, so it is always sent.");
    expect(mail?.text).not.toContain("/api/email/unsubscribe");
  });

  it("keeps the old price for a renewal 10 days after the raise, charges the new one 31 days after", async () => {
    await seedPlans();
    const early = await member("luna@example.com", T0 + 10 * DAY + 12 * HOUR);
    const late = await member("sol@example.com", T0 + 31 * DAY + 12 * HOUR);
    const admin = await signIn("admin@example.com", "Admin");
    await setMonthlyPrice(20000, undefined, admin);
    // Five days on, the dashboard's upcoming renewals say what each will charge.
    vi.setSystemTime(T0 + 5 * DAY);
    const { upcoming } = await json<{ upcoming: { user_id: number; amount_clp: number }[] }>(
      await call("/api/admin/revenue", { cookie: admin }),
    );
    expect(upcoming.map((r) => [r.user_id, r.amount_clp])).toEqual([
      [early.user.id, 15000],
      [late.user.id, 20000],
    ]);

    expect((await renewAt(T0 + 10 * DAY)).approved).toBe(1);
    expect(await chargedOf(early.user.id)).toEqual([[15000, "completed"]]);
    expect((await renewAt(T0 + 31 * DAY)).approved).toBe(1);
    expect(await chargedOf(late.user.id)).toEqual([[20000, "completed"]]);
    // The early member's next renewal (day 40) is past the notice: the new price, and the kept one is cleared.
    expect((await renewAt(T0 + 40 * DAY)).approved).toBe(1);
    expect(await chargedOf(early.user.id)).toEqual([
      [15000, "completed"],
      [20000, "completed"],
    ]);
    const [row] = await db().select().from(memberships).where(eq(memberships.userId, early.user.id));
    expect([row.keptPriceClp, row.priceToldAt]).toEqual([null, null]);
  });

  it("raised again before the first applies: keeps the oldest price and tells again, from the second raise", async () => {
    await seedPlans();
    const luna = await member("luna@example.com", T0 + 40 * DAY + 12 * HOUR);
    await setMonthlyPrice(20000);
    vi.setSystemTime(T0 + 20 * DAY);
    await setMonthlyPrice(25000);
    const told = (await priceChanges(luna.user.id)).map((n) => JSON.parse(n.detail ?? ""));
    expect(told.map((c) => [c.old_clp, c.new_clp, c.applies_at])).toEqual([
      [15000, 20000, T0 + 30 * DAY],
      [15000, 25000, T0 + 50 * DAY],
    ]);
    // Day 40: past the first raise's notice, within the second's.
    await renewAt(T0 + 40 * DAY);
    expect(await chargedOf(luna.user.id)).toEqual([[15000, "completed"]]);
  });
});

describe("a lowered price", () => {
  it("charges the new price at once and tells nobody", async () => {
    await seedPlans();
    const luna = await member("luna@example.com", T0 + 10 * DAY + 12 * HOUR);
    expect((await setMonthlyPrice(12000)).status).toBe(200);
    expect(await priceChanges(luna.user.id)).toEqual([]);
    await renewAt(T0 + 10 * DAY);
    expect(await chargedOf(luna.user.id)).toEqual([[12000, "completed"]]);
  });
});

describe("paying by hand", () => {
  it("pays the new price at once, even a member whose automatic renewal keeps the old one", async () => {
    await seedPlans();
    // Both memberships lapsed, so both may pay by hand; the enrolled one keeps 15,000 for the renewal.
    const enrolled = await member("luna@example.com", T0 - DAY);
    const byHand = await member("mar@example.com", T0 - DAY, { byHand: true });
    await setMonthlyPrice(20000);
    const [kept] = await db().select().from(memberships).where(eq(memberships.userId, enrolled.user.id));
    expect(kept.keptPriceClp).toBe(15000);
    for (const { cookie, user } of [enrolled, byHand]) {
      const res = await call("/api/payments/initiate", {
        method: "POST",
        cookie,
        json: { provider: "webpay_form", plan_id: "monthly" },
      });
      expect(res.status).toBe(200);
      expect(await chargedOf(user.id)).toEqual([[20000, "pending"]]);
    }
  });
});

describe("who may change a price", () => {
  it("a member cannot: 403, the price stays and nobody is told", async () => {
    await seedPlans();
    const luna = await member("luna@example.com", T0 + 10 * DAY);
    const res = await setMonthlyPrice(20000, undefined, luna.cookie);
    expect(res.status).toBe(403);
    const [monthly] = await db().select().from(plans).where(eq(plans.id, "monthly"));
    expect(monthly.amountClp).toBe(15000);
    expect(await priceChanges(luna.user.id)).toEqual([]);
    await renewAt(T0 + 10 * DAY - 12 * HOUR);
    expect(await chargedOf(luna.user.id)).toEqual([[15000, "completed"]]);
  });
});
