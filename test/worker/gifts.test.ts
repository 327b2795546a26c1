// Gifts of membership: paid through Webpay Plus (the emulator), emailed to the recipient in their language
// (Spanish when the address has no account), redeemed once from max(now, the current end), refused a second time;
// refundable by the admin only while unused; the code is never stored.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { autorenewEnrolments, gifts, memberships, payments, users } from "../../worker/db/schema";
import type { Env } from "../../worker/env";
import { call, db, drain, errorBody, json, outbox, recordingQueue, signIn } from "./helpers";
import { seedPlans } from "./seed";

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);

beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: T0 }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function member(email: string, name: string) {
  const cookie = await signIn(email, name);
  const [user] = await db().select().from(users).where(eq(users.email, email));
  return { cookie, user };
}

/** Buys a gift and pays it at the emulator; returns where the browser was sent and the code the recipient got. */
async function giveGift(cookie: string, body: Record<string, unknown>, env: Partial<Env>) {
  const bought = await call("/api/gifts", { method: "POST", cookie, json: body });
  expect(bought.status).toBe(200);
  const { token } = await json<{ token: string }>(bought);
  await call("/api/dev/webpay/pay", {
    method: "POST",
    body: new URLSearchParams({ token_ws: token, action: "approve" }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const back = await call("/api/payments/webpay/return", {
    method: "POST",
    body: new URLSearchParams({ token_ws: token }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
    env,
  });
  return back.headers.get("location");
}

const codeIn = (text: string) => /\/gift#code=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? "";
const redeem = (cookie: string, code: string) => call("/api/gifts/redeem", { method: "POST", cookie, json: { code } });
const membershipOf = async (userId: number) =>
  (await db().select().from(memberships).where(eq(memberships.userId, userId)))[0];

describe("a gift", () => {
  it("is paid, emailed in Spanish to an address with no account, redeemed once and refused a second time", async () => {
    await seedPlans();
    const buyer = await member("luna@example.com", "Luna");
    const queue = recordingQueue();
    const location = await giveGift(
      buyer.cookie,
      { plan_months: 3, recipient_email: "Sol@Example.com", message: "Feliz cumpleaños" },
      { DELIVERY_QUEUE: queue.binding },
    );
    expect(location).toBe("/pay/return?success=true&gift=1&amount=45000");
    const [paid] = await db().select().from(payments);
    expect([paid.plan, paid.amountClp, paid.periodDays, paid.status]).toEqual(["gift", 45000, 90, "completed"]);
    // The buyer's own membership is not the gift's.
    expect(await membershipOf(buyer.user.id)).toBeUndefined();
    await drain(queue);
    const mail = (await outbox()).find((m) => m.to === "sol@example.com");
    expect(mail?.subject).toBe("Luna te regaló una membresía de Cosmic Lounge");
    expect(mail?.text).toContain("Luna te regaló 3 meses de Cosmic Lounge");
    expect(mail?.text).toContain("Feliz cumpleaños");
    const code = codeIn(mail?.text ?? "");
    expect(code).toHaveLength(43);
    // Only the code's hash is stored.
    const [gift] = await db().select().from(gifts);
    expect(gift.status).toBe("paid");
    expect(JSON.stringify(gift)).not.toContain(code);

    const sol = await member("sol@example.com", "Sol");
    const redeemed = await redeem(sol.cookie, code);
    expect(redeemed.status).toBe(200);
    expect(await json(redeemed)).toEqual({ months: 3, period_days: 90 });
    expect((await membershipOf(sol.user.id)).nextPaymentDue.getTime()).toBe(T0 + 90 * DAY);
    // No automatic renewal is enrolled by a gift.
    expect(await db().select().from(autorenewEnrolments)).toEqual([]);
    for (const who of [sol, await member("otro@example.com", "Otro")]) {
      const again = await redeem(who.cookie, code);
      expect(again.status).toBe(409);
      expect((await errorBody(again)).code).toBe("gift_redeemed");
    }
    expect((await membershipOf(sol.user.id)).nextPaymentDue.getTime()).toBe(T0 + 90 * DAY);
  });

  it("twelve months is the yearly plan; an English account's email is in English; the days follow the current end", async () => {
    await seedPlans();
    const buyer = await member("luna@example.com", "Luna");
    const sol = await member("sol@example.com", "Sol");
    await db().update(users).set({ language: "en" }).where(eq(users.id, sol.user.id));
    await db()
      .insert(memberships)
      .values({ userId: sol.user.id, nextPaymentDue: new Date(T0 + 10 * DAY), updatedAt: new Date(T0) });
    const queue = recordingQueue();
    expect(
      await giveGift(
        buyer.cookie,
        { plan_months: 12, recipient_email: "sol@example.com" },
        { DELIVERY_QUEUE: queue.binding },
      ),
    ).toBe("/pay/return?success=true&gift=1&amount=150000");
    await drain(queue);
    const mail = (await outbox()).find((m) => m.to === "sol@example.com");
    expect(mail?.subject).toBe("Luna gave you a Cosmic Lounge membership");
    expect((await redeem(sol.cookie, codeIn(mail?.text ?? ""))).status).toBe(200);
    expect((await membershipOf(sol.user.id)).nextPaymentDue.getTime()).toBe(T0 + 10 * DAY + 365 * DAY);
  });

  it("a wrong code, an unpaid gift and an expired one are refused", async () => {
    await seedPlans();
    const buyer = await member("luna@example.com", "Luna");
    const queue = recordingQueue();
    await giveGift(
      buyer.cookie,
      { plan_months: 1, recipient_email: "sol@example.com" },
      { DELIVERY_QUEUE: queue.binding },
    );
    await drain(queue);
    const code = codeIn((await outbox()).find((m) => m.to === "sol@example.com")?.text ?? "");
    const sol = await member("sol@example.com", "Sol");
    const wrong = await redeem(sol.cookie, "a".repeat(43));
    expect([wrong.status, (await errorBody(wrong)).code]).toEqual([404, "gift_not_found"]);
    expect((await redeem(sol.cookie, "short")).status).toBe(400);
    await db()
      .update(gifts)
      .set({ expiresAt: new Date(T0 - 1) });
    const expired = await redeem(sol.cookie, code);
    expect([expired.status, (await errorBody(expired)).code]).toEqual([409, "gift_expired"]);
    expect(await membershipOf(sol.user.id)).toBeUndefined();
  });

  it("the admin refunds an unused gift (its code then redeems nothing), and not a used one", async () => {
    await seedPlans();
    const buyer = await member("luna@example.com", "Luna");
    const admin = await signIn("admin@example.com", "Admin");
    const queue = recordingQueue();
    for (const to of ["sol@example.com", "mar@example.com"])
      await giveGift(buyer.cookie, { plan_months: 1, recipient_email: to }, { DELIVERY_QUEUE: queue.binding });
    await drain(queue);
    const mails = await outbox();
    const codeFor = (to: string) => codeIn(mails.find((m) => m.to === to)?.text ?? "");
    const sol = await member("sol@example.com", "Sol");
    expect((await redeem(sol.cookie, codeFor("sol@example.com"))).status).toBe(200);
    const [used, unused] = await db().select().from(payments).orderBy(payments.id);
    const refusal = await call(`/api/admin/payments/${used.id}/refund`, { method: "POST", cookie: admin });
    expect([refusal.status, (await errorBody(refusal)).code]).toEqual([409, "gift_not_refundable"]);
    expect((await call(`/api/admin/payments/${unused.id}/refund`, { method: "POST", cookie: admin })).status).toBe(200);
    const states = await db().select({ status: gifts.status }).from(gifts).orderBy(gifts.id);
    expect(states.map((g) => g.status)).toEqual(["redeemed", "refunded"]);
    const mar = await member("mar@example.com", "Mar");
    expect((await redeem(mar.cookie, codeFor("mar@example.com"))).status).toBe(404);
    // The buyer's membership was never touched, by the payments or by the refund.
    expect(await membershipOf(buyer.user.id)).toBeUndefined();
  });

  it("refuses other lengths and bad addresses, and nothing is written", async () => {
    const buyer = await member("luna@example.com", "Luna");
    for (const body of [
      { plan_months: 2, recipient_email: "sol@example.com" },
      { plan_months: 1, recipient_email: "not-an-address" },
      { plan_months: 1, recipient_email: "sol@example.com", message: "x".repeat(501) },
    ])
      expect((await call("/api/gifts", { method: "POST", cookie: buyer.cookie, json: body })).status).toBe(400);
    expect(await db().select().from(gifts)).toEqual([]);
    expect(
      (await call("/api/gifts", { method: "POST", json: { plan_months: 1, recipient_email: "a@b.co" } })).status,
    ).toBe(401);
  });
});
