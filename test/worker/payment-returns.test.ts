// Every way back from Webpay, decided by Transbank (faked at the HTTP boundary), never by the
// return's fields; and each return idempotent: twice, or racing another, it changes the state once.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { payments, users } from "../../worker/db/schema";
import { fakeTransbank, INTEGRATION, ok, pendingPayment, refused, transaction } from "./fake-transbank";
import { call, db, json, signIn } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A signed-in member with one pending payment (token known to the fake Transbank). */
async function memberWithPending() {
  const cookie = await signIn("luna@example.com", "Luna");
  const [user] = await db().select().from(users).where(eq(users.email, "luna@example.com"));
  const payment = await pendingPayment(user.id, user.email);
  return { cookie, payment };
}

/** Transbank's return, by POST (a cross-site form) or GET, without the session cookie. */
async function webpayReturn(fields: Record<string, string>, method: "POST" | "GET" = "POST") {
  const res =
    method === "POST"
      ? await call("/api/payments/webpay/return", {
          method: "POST",
          body: new URLSearchParams(fields).toString(),
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin: "https://webpay3gint.transbank.cl",
            "sec-fetch-site": "cross-site",
          },
          env: INTEGRATION,
        })
      : await call(`/api/payments/webpay/return?${new URLSearchParams(fields)}`, { env: INTEGRATION });
  expect(res.status).toBe(303);
  return res.headers.get("location");
}

const row = async (id: number) => (await db().select().from(payments).where(eq(payments.id, id)))[0];
const membership = async (cookie: string) =>
  json<{ status: string; next_payment_due: string | null }>(await call("/api/membership/status", { cookie })).then(
    // The membership itself; automatic renewal's part is autorenew.test.ts's.
    ({ status, next_payment_due }) => ({ status, next_payment_due }),
  );
const PAID = { status: "active", next_payment_due: new Date(T0 + 30 * DAY).toISOString() };
const UNPAID = { status: "none", next_payment_due: null };

describe("normal return (token_ws)", () => {
  for (const method of ["POST", "GET"] as const) {
    it(`by ${method}: commits with Transbank, completes the payment and extends the membership`, async () => {
      const { cookie, payment } = await memberWithPending();
      const calls = fakeTransbank({ commit: () => ok(transaction(payment)) });
      expect(await webpayReturn({ token_ws: payment.token! }, method)).toBe("/pay/return?success=true&amount=15000");
      expect(calls).toEqual([{ method: "PUT", path: payment.token }]);
      expect(await row(payment.id)).toMatchObject({
        status: "completed",
        authorizationCode: "1213",
        cardLast4: "6623",
        responseCode: 0,
      });
      expect(await membership(cookie)).toEqual(PAID);
    });
  }

  it("a refused commit asks the status: an unpaid transaction fails the payment", async () => {
    const { cookie, payment } = await memberWithPending();
    const calls = fakeTransbank({
      commit: () => refused(422, "Invalid status '0' for transaction while authorizing"),
      status: () =>
        ok({
          ...transaction(payment, { status: "INITIALIZED" }),
          response_code: undefined,
          authorization_code: undefined,
        }),
    });
    expect(await webpayReturn({ token_ws: payment.token! })).toBe("/pay/return?success=false&error=not_paid");
    // Unfinished at Transbank: neither paid nor failed yet, so the reconciler settles it later.
    expect(calls.map((c) => c.method)).toEqual(["PUT", "GET"]);
    expect((await row(payment.id)).status).toBe("pending");
    expect(await membership(cookie)).toEqual(UNPAID);
  });
});

describe("abort by the buyer (TBK_TOKEN, TBK_ORDEN_COMPRA, TBK_ID_SESION)", () => {
  const abortFields = (p: { token: string | null; buyOrder: string; sessionId: string }) => ({
    TBK_TOKEN: p.token!,
    TBK_ORDEN_COMPRA: p.buyOrder,
    TBK_ID_SESION: p.sessionId,
  });

  it("asks Transbank the status first and, confirmed unpaid, fails the payment without committing", async () => {
    const { cookie, payment } = await memberWithPending();
    const calls = fakeTransbank({ status: () => refused(422, "Transaction aborted by the card holder") });
    expect(await webpayReturn(abortFields(payment))).toBe("/pay/return?success=false&error=cancelled");
    expect(calls).toEqual([{ method: "GET", path: payment.token }]);
    expect(await row(payment.id)).toMatchObject({ status: "failed", failureReason: "cancelled" });
    expect(await membership(cookie)).toEqual(UNPAID);
  });

  it("does not believe the abort when Transbank says the card was authorized: it commits and approves", async () => {
    const { cookie, payment } = await memberWithPending();
    const calls = fakeTransbank({ status: () => ok(transaction(payment)), commit: () => ok(transaction(payment)) });
    expect(await webpayReturn(abortFields(payment))).toBe("/pay/return?success=true&amount=15000");
    expect(calls.map((c) => c.method)).toEqual(["GET", "PUT"]);
    expect((await row(payment.id)).status).toBe("completed");
    expect(await membership(cookie)).toEqual(PAID);
  });

  it("leaves the payment pending when Transbank cannot be asked, for the reconciler", async () => {
    const { cookie, payment } = await memberWithPending();
    fakeTransbank({ status: () => "timeout" });
    expect(await webpayReturn(abortFields(payment))).toBe("/pay/return?success=false&error=cancelled");
    expect((await row(payment.id)).status).toBe("pending");
    expect(await membership(cookie)).toEqual(UNPAID);
  });

  it("ignores an abort whose buy order is not the token's, asking Transbank nothing", async () => {
    const { payment } = await memberWithPending();
    const calls = fakeTransbank({});
    expect(await webpayReturn({ ...abortFields(payment), TBK_ORDEN_COMPRA: "OTHER" })).toBe(
      "/pay/return?success=false&error=unknown_payment",
    );
    expect(calls).toEqual([]);
    expect((await row(payment.id)).status).toBe("pending");
  });

  it("changes the state once when the same abort comes back twice", async () => {
    const { payment } = await memberWithPending();
    const calls = fakeTransbank({ status: () => refused(422, "Transaction aborted by the card holder") });
    await webpayReturn(abortFields(payment));
    const first = await row(payment.id);
    vi.setSystemTime(T0 + 60_000);
    expect(await webpayReturn(abortFields(payment))).toBe("/pay/return?success=false&error=cancelled");
    expect(await row(payment.id)).toEqual(first);
    expect(calls).toHaveLength(1);
  });
});

describe("timeout on the payment form (TBK_ORDEN_COMPRA and TBK_ID_SESION, no token)", () => {
  it("finds the pending payment by its buy order, asks Transbank, and fails it as timed out", async () => {
    const { cookie, payment } = await memberWithPending();
    const calls = fakeTransbank({
      status: () => ok({ ...transaction(payment, { status: "INITIALIZED" }), response_code: undefined }),
    });
    expect(await webpayReturn({ TBK_ORDEN_COMPRA: payment.buyOrder, TBK_ID_SESION: payment.sessionId })).toBe(
      "/pay/return?success=false&error=timeout",
    );
    expect(calls).toEqual([{ method: "GET", path: payment.token }]);
    expect(await row(payment.id)).toMatchObject({ status: "failed", failureReason: "timeout" });
    expect(await membership(cookie)).toEqual(UNPAID);
  });

  it("ignores a timeout whose session id is not the payment's", async () => {
    const { payment } = await memberWithPending();
    const calls = fakeTransbank({});
    expect(await webpayReturn({ TBK_ORDEN_COMPRA: payment.buyOrder, TBK_ID_SESION: "u9-forged" })).toBe(
      "/pay/return?success=false&error=unknown_payment",
    );
    expect(calls).toEqual([]);
    expect((await row(payment.id)).status).toBe("pending");
  });
});

describe("error page (token_ws and TBK_TOKEN together)", () => {
  const errorFields = (p: { token: string | null; buyOrder: string; sessionId: string }) => ({
    token_ws: p.token!,
    TBK_TOKEN: p.token!,
    TBK_ORDEN_COMPRA: p.buyOrder,
    TBK_ID_SESION: p.sessionId,
  });

  it("asks Transbank and fails an unpaid transaction without committing", async () => {
    const { cookie, payment } = await memberWithPending();
    const calls = fakeTransbank({ status: () => ok(transaction(payment, { status: "FAILED", response_code: -1 })) });
    expect(await webpayReturn(errorFields(payment))).toBe("/pay/return?success=false&error=payment_error");
    expect(calls).toEqual([{ method: "GET", path: payment.token }]);
    expect(await row(payment.id)).toMatchObject({ status: "failed", failureReason: "payment_error", responseCode: -1 });
    expect(await membership(cookie)).toEqual(UNPAID);
  });

  it("commits when Transbank reports the transaction authorized", async () => {
    const { cookie, payment } = await memberWithPending();
    const calls = fakeTransbank({ status: () => ok(transaction(payment)), commit: () => ok(transaction(payment)) });
    expect(await webpayReturn(errorFields(payment))).toBe("/pay/return?success=true&amount=15000");
    expect(calls.map((c) => c.method)).toEqual(["GET", "PUT"]);
    expect(await membership(cookie)).toEqual(PAID);
  });
});

describe("idempotence", () => {
  it("the same normal return twice commits once and extends once", async () => {
    const { cookie, payment } = await memberWithPending();
    const calls = fakeTransbank({ commit: () => ok(transaction(payment)) });
    await webpayReturn({ token_ws: payment.token! });
    vi.setSystemTime(T0 + 60_000);
    expect(await webpayReturn({ token_ws: payment.token! }, "GET")).toBe("/pay/return?success=true&amount=15000");
    expect(calls).toHaveLength(1);
    expect(await membership(cookie)).toEqual(PAID);
  });

  it("two returns racing for one token: Transbank commits one, the other reads the status; one extension", async () => {
    const { cookie, payment } = await memberWithPending();
    let commits = 0;
    fakeTransbank({
      commit: () =>
        ++commits === 1 ? ok(transaction(payment)) : refused(422, "Transaction already locked by another process"),
      status: () => ok(transaction(payment)),
    });
    const locations = await Promise.all([
      webpayReturn({ token_ws: payment.token! }),
      webpayReturn({ token_ws: payment.token! }, "GET"),
    ]);
    expect(locations).toEqual(["/pay/return?success=true&amount=15000", "/pay/return?success=true&amount=15000"]);
    expect(commits).toBe(2);
    expect((await row(payment.id)).status).toBe("completed");
    expect(await membership(cookie)).toEqual(PAID);
  });
});
