// Membership and Webpay Plus payments, driven through the real worker and the local Webpay emulator
// (the same adapter code that talks to Transbank). The clock is faked (Date only) so periods are exact.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memberships, notifications, payments, users, webpayEmulatorTransactions } from "../../worker/db/schema";
import type { Env } from "../../worker/env";
import {
  createWebpay,
  WEBPAY_INTEGRATION_CREDENTIALS,
  WebpayError,
  webpayFromEnv,
} from "../../worker/features/payments/webpay";
import { TEXTS } from "../../worker/shared/texts";
import { call, db, drain, json, outbox, recordingQueue, signIn } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);
const TRANSBANK = "https://webpay3gint.transbank.cl";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function initiate(cookie: string) {
  const res = await call("/api/payments/initiate", {
    method: "POST",
    json: { amount: 15000, provider: "webpay_form" },
    cookie,
  });
  expect(res.status).toBe(200);
  return json<{ url: string; token: string; membership?: { status: string } }>(res);
}

/** The card page's buttons: returns the fields of the form that goes back to return_url. */
async function cardAction(token: string, action: "approve" | "decline" | "cancel") {
  const res = await call("/api/dev/webpay/pay", {
    method: "POST",
    body: form({ token_ws: token, action }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain('action="http://localhost/api/payments/webpay/return"');
  return Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  );
}

/** Transbank's return: a cross-site form POST, without the session cookie. */
async function webpayReturn(fields: Record<string, string>, env?: Partial<Env>) {
  const res = await call("/api/payments/webpay/return", {
    method: "POST",
    body: form(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: TRANSBANK, "sec-fetch-site": "cross-site" },
    env,
  });
  expect(res.status).toBe(303);
  return res.headers.get("location");
}

const status = async (cookie: string) =>
  json<{ status: string; next_payment_due: string | null }>(await call("/api/membership/status", { cookie })).then(
    // The membership itself; automatic renewal's part is autorenew.test.ts's.
    ({ status, next_payment_due }) => ({ status, next_payment_due }),
  );
const allPayments = () => db().select().from(payments);
const confirm = (cookie: string, body: unknown = { success: true, amount: 15000 }, env?: Partial<Env>) =>
  call("/api/payments/confirm", { method: "POST", json: body, cookie, env });

async function payAndApprove(cookie: string) {
  const { token } = await initiate(cookie);
  const fields = await cardAction(token, "approve");
  expect(fields).toEqual({ token_ws: token });
  return { token, location: await webpayReturn(fields) };
}

describe("POST /api/payments/initiate", () => {
  it("stores a pending payment with a unique short buy order and answers the form's url and token", async () => {
    const cookie = await signIn("luna@example.com", "Luna");
    const first = await initiate(cookie);
    const second = await initiate(cookie);
    expect(first.url).toBe("http://localhost/api/dev/webpay/pay");
    expect(first.token).toMatch(/^[a-f0-9]{64}$/);
    const rows = await allPayments();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.status).toBe("pending");
      expect(row.amountClp).toBe(15000);
      expect(row.userEmail).toBe("luna@example.com");
      expect(row.buyOrder.length).toBeLessThanOrEqual(26);
      expect(row.sessionId.length).toBeLessThanOrEqual(61);
    }
    expect(rows[0].buyOrder).not.toBe(rows[1].buyOrder);
    expect(rows.map((r) => r.token).sort()).toEqual([first.token, second.token].sort());
    // The emulator holds the same transaction, as Transbank would.
    const [tx] = await db()
      .select()
      .from(webpayEmulatorTransactions)
      .where(eq(webpayEmulatorTransactions.token, first.token));
    expect(tx).toMatchObject({
      amount: 15000,
      status: "INITIALIZED",
      returnUrl: "http://localhost/api/payments/webpay/return",
    });
  });

  it("refuses other amounts and providers, and anonymous callers", async () => {
    const cookie = await signIn("luna@example.com");
    for (const body of [
      { amount: 1000, provider: "webpay_form" },
      { amount: 15000, provider: "paypal" },
      { amount: "15000", provider: "webpay_form" },
      {},
    ]) {
      const res = await call("/api/payments/initiate", { method: "POST", json: body, cookie });
      expect(res.status).toBe(400);
      expect(typeof (await json(res)).error).toBe("string");
    }
    expect(
      (await call("/api/payments/initiate", { method: "POST", json: { amount: 15000, provider: "webpay_form" } }))
        .status,
    ).toBe(401);
    expect(await allPayments()).toHaveLength(0);
  });

  it("turns a provider refusal into a clear error and leaves no pending payment behind", async () => {
    const cookie = await signIn("luna@example.com");
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      Response.json({ error_message: "Not Authorized" }, { status: 401 }),
    );
    const res = await call("/api/payments/initiate", {
      method: "POST",
      json: { amount: 15000, provider: "webpay_form" },
      cookie,
      env: { WEBPAY_ENV: "integration" },
    });
    expect(res.status).toBe(502);
    expect(await json(res)).toEqual({ error: "Webpay refused the request: Not Authorized", code: "upstream_failed" });
    const [row] = await allPayments();
    expect(row).toMatchObject({ status: "failed", failureReason: "create_provider", token: null });
    expect(
      (
        await call("/api/payments/initiate", {
          method: "POST",
          json: { amount: 15000, provider: "webpay_form" },
          cookie,
          env: { WEBPAY_ENV: "production" },
        })
      ).status,
    ).toBe(503);
  });

  it("answers the membership and creates nothing while the membership is active, or for admins", async () => {
    const cookie = await signIn("luna@example.com");
    await payAndApprove(cookie);
    const again = await initiate(cookie);
    expect(again).toEqual({
      membership: { status: "active", next_payment_due: new Date(T0 + 30 * DAY).toISOString() },
    });
    const admin = await signIn("admin@example.com", "Ada");
    expect((await initiate(admin)).membership).toEqual({ status: "admin", next_payment_due: null });
    expect(await allPayments()).toHaveLength(1);
  });
});

describe("Webpay return", () => {
  it(`approves a normal return: payment completed and 30 days of membership, then \
/pay/return?success=true`, async () => {
    const cookie = await signIn("luna@example.com");
    expect(await status(cookie)).toEqual({ status: "none", next_payment_due: null });
    const { token } = await initiate(cookie);

    const card = await call(`/api/dev/webpay/pay?token_ws=${token}`);
    const html = await card.text();
    expect(html).toContain("$15,000 CLP");
    expect(html).toContain(">Approve payment</button>");
    expect(html).toContain(">Cancel payment</button>");

    const location = await webpayReturn(await cardAction(token, "approve"));
    expect(location).toBe("/pay/return?success=true&amount=15000");
    const [row] = await allPayments();
    expect(row).toMatchObject({ status: "completed", responseCode: 0 });
    expect(row.authorizationCode).toMatch(/^\d{6}$/);
    expect(await status(cookie)).toEqual({ status: "active", next_payment_due: new Date(T0 + 30 * DAY).toISOString() });
    const confirmed = await confirm(cookie);
    expect(confirmed.status).toBe(200);
    expect(await json(confirmed)).toEqual({
      membership: { status: "active", next_payment_due: new Date(T0 + 30 * DAY).toISOString() },
    });
  });

  it("accepts the return by GET too", async () => {
    const cookie = await signIn("luna@example.com");
    const { token } = await initiate(cookie);
    await cardAction(token, "approve");
    const res = await call(`/api/payments/webpay/return?token_ws=${token}`);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/pay/return?success=true&amount=15000");
    expect((await status(cookie)).status).toBe("active");
  });

  it("rejects a declined card (response_code non-zero) and leaves the member unpaid", async () => {
    const cookie = await signIn("luna@example.com");
    const { token } = await initiate(cookie);
    const location = await webpayReturn(await cardAction(token, "decline"));
    expect(location).toBe("/pay/return?success=false&error=rejected");
    const [row] = await allPayments();
    expect(row).toMatchObject({ status: "failed", responseCode: -1, failureReason: "rejected" });
    expect(await status(cookie)).toEqual({ status: "none", next_payment_due: null });
    expect((await confirm(cookie)).status).toBe(402);
  });

  it("does not commit a user abort (TBK_TOKEN, TBK_ORDEN_COMPRA, TBK_ID_SESION)", async () => {
    const cookie = await signIn("luna@example.com");
    const { token } = await initiate(cookie);
    const fields = await cardAction(token, "cancel");
    const [pending] = await allPayments();
    expect(fields).toEqual({ TBK_TOKEN: token, TBK_ORDEN_COMPRA: pending.buyOrder, TBK_ID_SESION: pending.sessionId });
    expect(await webpayReturn(fields)).toBe("/pay/return?success=false&error=cancelled");
    const [row] = await allPayments();
    expect(row).toMatchObject({ status: "failed", failureReason: "cancelled" });
    const [tx] = await db().select().from(webpayEmulatorTransactions);
    expect(tx).toMatchObject({ status: "ABORTED", committed: false });
    expect((await status(cookie)).status).toBe("none");
  });

  it("fails a form timeout (TBK_ORDEN_COMPRA and TBK_ID_SESION only) without committing", async () => {
    const cookie = await signIn("luna@example.com");
    await initiate(cookie);
    const [pending] = await allPayments();
    const location = await webpayReturn({ TBK_ORDEN_COMPRA: pending.buyOrder, TBK_ID_SESION: pending.sessionId });
    expect(location).toBe("/pay/return?success=false&error=timeout");
    expect((await allPayments())[0]).toMatchObject({ status: "failed", failureReason: "timeout" });
    expect((await db().select().from(webpayEmulatorTransactions))[0].committed).toBe(false);
    expect((await status(cookie)).status).toBe("none");
  });

  it(`settles the form's error page (all four fields) by Transbank's status: a declined card fails, \
uncommitted`, async () => {
    const cookie = await signIn("luna@example.com");
    const { token } = await initiate(cookie);
    await cardAction(token, "decline");
    const [pending] = await allPayments();
    const location = await webpayReturn({
      token_ws: token,
      TBK_TOKEN: token,
      TBK_ORDEN_COMPRA: pending.buyOrder,
      TBK_ID_SESION: pending.sessionId,
    });
    expect(location).toBe("/pay/return?success=false&error=payment_error");
    expect((await allPayments())[0]).toMatchObject({ status: "failed", failureReason: "payment_error" });
    expect((await db().select().from(webpayEmulatorTransactions))[0].committed).toBe(false);
    expect((await status(cookie)).status).toBe("none");
  });

  it("refuses (and refunds) an authorization whose amount is not the stored one", async () => {
    const cookie = await signIn("luna@example.com");
    const { token } = await initiate(cookie);
    const fields = await cardAction(token, "approve");
    // The provider reports a different amount than the one this payment was created for.
    await db()
      .update(webpayEmulatorTransactions)
      .set({ amount: 1500 })
      .where(eq(webpayEmulatorTransactions.token, token));
    expect(await webpayReturn(fields)).toBe("/pay/return?success=false&error=verification_failed");
    expect((await allPayments())[0]).toMatchObject({ status: "failed", failureReason: "verification_failed" });
    expect((await db().select().from(webpayEmulatorTransactions))[0].status).toBe("NULLIFIED");
    expect((await status(cookie)).status).toBe("none");
    expect((await confirm(cookie)).status).toBe(402);
  });

  it("extends the membership once when the same token comes back twice", async () => {
    const cookie = await signIn("luna@example.com");
    const { token } = await payAndApprove(cookie);
    const first = await status(cookie);
    vi.setSystemTime(T0 + 60_000);
    expect(await webpayReturn({ token_ws: token })).toBe("/pay/return?success=true&amount=15000");
    expect(await status(cookie)).toEqual(first);
    expect(first.next_payment_due).toBe(new Date(T0 + 30 * DAY).toISOString());
    const [row] = await allPayments();
    expect(row.status).toBe("completed");
  });

  it("extends from the current due date, not from now, when a second payment lands in an active period", async () => {
    const cookie = await signIn("luna@example.com");
    const a = await initiate(cookie);
    const b = await initiate(cookie);
    await webpayReturn(await cardAction(a.token, "approve"));
    // Two minutes later (within b's 5-minute token), b is paid in another tab.
    vi.setSystemTime(T0 + 2 * 60_000);
    await webpayReturn(await cardAction(b.token, "approve"));
    expect(await status(cookie)).toEqual({ status: "active", next_payment_due: new Date(T0 + 60 * DAY).toISOString() });
  });

  it("leaves the payment pending when the commit times out, and confirm settles it later", async () => {
    const cookie = await signIn("luna@example.com");
    const { token } = await initiate(cookie);
    const fields = await cardAction(token, "approve");
    // Against Transbank's integration host, the commit never answers (the network is faked at fetch).
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    });
    expect(await webpayReturn(fields, { WEBPAY_ENV: "integration" })).toBe(
      "/pay/return?success=false&error=verification_pending",
    );
    const request = fetchSpy.mock.calls[0][0] as Request;
    expect(request.method).toBe("PUT");
    expect(request.url).toBe(`${TRANSBANK}/rswebpaytransaction/api/webpay/v1.2/transactions/${token}`);
    expect(request.headers.get("tbk-api-key-id")).toBe(WEBPAY_INTEGRATION_CREDENTIALS.commerceCode);
    expect((await allPayments())[0].status).toBe("pending");
    expect((await status(cookie)).status).toBe("none");
    expect((await confirm(cookie, undefined, { WEBPAY_ENV: "integration" })).status).toBe(409);
    expect((await allPayments())[0].status).toBe("pending");
    fetchSpy.mockRestore();

    // The provider is back: confirm asks its status, commits the authorized transaction, and answers.
    const settled = await confirm(cookie);
    expect(settled.status).toBe(200);
    expect((await json(settled)).membership.status).toBe("active");
    expect((await allPayments())[0].status).toBe("completed");
  });

  it("sends an unknown token or an empty return to the error page", async () => {
    expect(await webpayReturn({ token_ws: "f".repeat(64) })).toBe("/pay/return?success=false&error=unknown_payment");
    expect(await webpayReturn({})).toBe("/pay/return?success=false&error=invalid_return");
  });
});

describe("POST /api/payments/confirm", () => {
  it("never trusts its body: a member who posts success without paying stays unpaid", async () => {
    const cookie = await signIn("luna@example.com");
    const forged = await confirm(cookie, { success: true, amount: 15000 });
    expect(forged.status).toBe(402);
    expect(await json(forged)).toEqual({
      error: TEXTS.payment.verificationFailed,
      code: "payment_verification_failed",
    });
    expect((await status(cookie)).status).toBe("none");

    // A started but unpaid payment is still not a membership.
    await initiate(cookie);
    const pending = await confirm(cookie, { success: true, amount: 15000 });
    expect(pending.status).toBe(409);
    expect(await json(pending)).toEqual({
      error: TEXTS.payment.verificationFailed,
      code: "payment_verification_failed",
    });
    expect((await status(cookie)).status).toBe("none");
    expect((await allPayments())[0].status).toBe("pending");
    expect(await db().select().from(memberships)).toHaveLength(0);
  });

  it("does not count someone else's payment, and refuses anonymous callers", async () => {
    const luna = await signIn("luna@example.com");
    const sol = await signIn("sol@example.com");
    await payAndApprove(luna);
    expect((await confirm(sol)).status).toBe(402);
    expect((await status(sol)).status).toBe("none");
    expect((await call("/api/payments/confirm", { method: "POST", json: { success: true } })).status).toBe(401);
  });
});

describe("membership expiry", () => {
  it("is active for 30 days after payment, expired after, and a new payment counts from then", async () => {
    const cookie = await signIn("luna@example.com");
    await payAndApprove(cookie);
    vi.setSystemTime(T0 + 30 * DAY - 1000);
    expect((await status(cookie)).status).toBe("active");
    expect(
      (
        await call("/api/payments/initiate", {
          method: "POST",
          json: { amount: 15000, provider: "webpay_form" },
          cookie,
        }).then(json)
      ).membership?.status,
    ).toBe("active");

    vi.setSystemTime(T0 + 30 * DAY);
    expect(await status(cookie)).toEqual({
      status: "expired",
      next_payment_due: new Date(T0 + 30 * DAY).toISOString(),
    });
    expect((await confirm(cookie)).status).toBe(402);

    vi.setSystemTime(T0 + 40 * DAY);
    await payAndApprove(cookie);
    expect(await status(cookie)).toEqual({ status: "active", next_payment_due: new Date(T0 + 70 * DAY).toISOString() });
  });
});

describe("the Webpay emulator", () => {
  it("is not mounted outside the emulator configuration", async () => {
    const env = { WEBPAY_ENV: "integration" as const };
    expect((await call("/api/dev/webpay/pay?token_ws=abc", { env })).status).toBe(404);
    expect(
      (
        await call("/api/dev/webpay/rswebpaytransaction/api/webpay/v1.2/transactions", {
          method: "POST",
          json: {},
          env,
        })
      ).status,
    ).toBe(404);
  });

  it("refuses REST calls without the commerce credentials, as Transbank does", async () => {
    const res = await call("/api/dev/webpay/rswebpaytransaction/api/webpay/v1.2/transactions", {
      method: "POST",
      json: { amount: 1 },
    });
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ error_message: "Not Authorized" });
  });

  it("renders a page that only finishes a transaction once", async () => {
    const cookie = await signIn("luna@example.com");
    const { token } = await initiate(cookie);
    await cardAction(token, "approve");
    const again = await call("/api/dev/webpay/pay", {
      method: "POST",
      body: form({ token_ws: token, action: "approve" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(again.status).toBe(409);
    expect(again.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect((await call("/api/dev/webpay/pay?token_ws=nope")).status).toBe(404);
  });
});

describe("the Webpay adapter", () => {
  const config = { baseUrl: TRANSBANK, ...WEBPAY_INTEGRATION_CREDENTIALS };

  it("sends the commerce headers and a JSON body to REST v1.2", async () => {
    const seen: Request[] = [];
    const webpay = createWebpay({
      ...config,
      fetch: async (req) => {
        seen.push(req);
        return Response.json({ token: "t".repeat(64), url: `${TRANSBANK}/webpayserver/initTransaction` });
      },
    });
    const created = await webpay.create({
      buyOrder: "O1",
      sessionId: "S1",
      amount: 15000,
      returnUrl: "https://x.example/r",
    });
    expect(created.token).toBe("t".repeat(64));
    expect(seen[0].url).toBe(`${TRANSBANK}/rswebpaytransaction/api/webpay/v1.2/transactions`);
    expect(seen[0].headers.get("tbk-api-key-id")).toBe("597055555532");
    expect(seen[0].headers.get("content-type")).toBe("application/json");
    expect(await seen[0].json()).toEqual({
      buy_order: "O1",
      session_id: "S1",
      amount: 15000,
      return_url: "https://x.example/r",
    });
  });

  it("turns a provider error into a clear error without the secret", async () => {
    const webpay = createWebpay({
      ...config,
      fetch: async () => Response.json({ error_message: "Invalid buy_order" }, { status: 422 }),
    });
    const err = await webpay.commit("a".repeat(64)).catch((e) => e);
    expect(err).toBeInstanceOf(WebpayError);
    expect(err).toMatchObject({
      failure: "provider",
      status: 502,
      message: "Webpay refused the request: Invalid buy_order",
    });
    expect(err.message).not.toContain(WEBPAY_INTEGRATION_CREDENTIALS.apiSecret);
  });

  it("times out a provider that never answers", async () => {
    vi.useRealTimers();
    const webpay = createWebpay({ ...config, timeoutMs: 20, fetch: () => new Promise<Response>(() => {}) });
    const err = await webpay.status("a".repeat(64)).catch((e) => e);
    expect(err).toMatchObject({ failure: "timeout", status: 504 });
  });

  it("requires the secrets in production and defaults integration to the public test credentials", async () => {
    const noop = async () => new Response();
    expect(() => webpayFromEnv({ WEBPAY_ENV: "production" }, "https://app.example", noop)).toThrowError(
      /not configured/,
    );
    const seen: Request[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      seen.push(input as Request);
      return Response.json({ error_message: "x" }, { status: 500 });
    });
    await webpayFromEnv({ WEBPAY_ENV: "integration" }, "https://app.example", noop)
      .status("a".repeat(64))
      .catch(() => undefined);
    expect(seen[0].headers.get("tbk-api-key-secret")).toBe(WEBPAY_INTEGRATION_CREDENTIALS.apiSecret);
    await webpayFromEnv(
      { WEBPAY_ENV: "production", WEBPAY_COMMERCE_CODE: "5970", WEBPAY_API_SECRET: "s3cret" },
      "https://app.example",
      noop,
    )
      .status("a".repeat(64))
      .catch(() => undefined);
    expect(seen[1].url.startsWith("https://webpay3g.transbank.cl/")).toBe(true);
    expect(seen[1].headers.get("tbk-api-key-id")).toBe("5970");
  });
});

describe("the receipt email (issues 33 and 34)", () => {
  it(`a completed payment emails one receipt with the PDF's facts, however many times the return comes back and \
confirm asks`, async () => {
    const cookie = await signIn("luna@example.com", "Luna");
    const queue = recordingQueue();
    const { token } = await initiate(cookie);
    const fields = await cardAction(token, "approve");
    const env = { DELIVERY_QUEUE: queue.binding };
    await Promise.all([webpayReturn(fields, env), webpayReturn(fields, env)]);
    expect((await confirm(cookie, undefined, env)).status).toBe(200);
    await drain(queue);
    const [payment] = await allPayments();
    expect(payment.status).toBe("completed");
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.to).toBe("luna@example.com");
    expect(mail.subject).toBe("Your payment receipt");
    const lines = mail.text.split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "Commerce: Cosmic Lounge",
        `Receipt number: ${payment.id}`,
        "Member: Luna <luna@example.com>",
        "Concept: Membership, 30 days",
        // Paid at T0 (12:00 UTC, 8:00 in Santiago in June), for the 30 days from then.
        "Period: Jun 1, 2026 to Jul 1, 2026",
        "Amount: $15,000 CLP",
        `Buy order: ${payment.buyOrder}`,
        `Card: **** **** **** ${payment.cardLast4}`,
        `Authorization code: ${payment.authorizationCode}`,
        "TEST PAYMENT: no real charge was made.",
        "This email is the record of a payment, so it is always sent.",
        // A payment's email leads to the membership settings, where its receipts are.
        "Your membership and receipts: http://localhost:5173/app/settings/membership",
      ]),
    );
    expect(lines.find((l) => l.startsWith("Date: "))).toMatch(/^Date: Jun 1, 2026, 8:00\sAM$/);
    expect(mail.text).not.toContain("automatic");
    expect(mail.html).toContain(`<td>${payment.buyOrder}</td>`);
    expect(mail.html).toContain(
      '<a href="http://localhost:5173/app/settings/membership">Your membership and receipts</a>',
    );
    // A receipt cannot be turned off, so it offers no unsubscribe.
    expect(mail.headers).toEqual({});
    expect(mail.text).not.toContain("/api/email/unsubscribe");
    // The in-app notification is as it was: one, for this payment.
    const told = await db().select().from(notifications);
    expect(told.map((n) => [n.kind, n.detail, n.paymentId])).toEqual([["payment", "completed", payment.id]]);
  });

  it("speaks the member's language and tells the date in the member's time zone", async () => {
    const cookie = await signIn("sol@example.com", "Sol");
    await db()
      .update(users)
      .set({ language: "es", timezone: "Europe/Madrid" })
      .where(eq(users.email, "sol@example.com"));
    const queue = recordingQueue();
    const { token } = await initiate(cookie);
    await webpayReturn(await cardAction(token, "approve"), { DELIVERY_QUEUE: queue.binding });
    await drain(queue);
    const [mail] = await outbox();
    expect(mail.subject).toBe("Tu comprobante de pago");
    expect(mail.text).toContain("Monto: $15.000");
    expect(mail.text).toContain("Período: 1 jun 2026 al 1 jul 2026");
    // 12:00 UTC is 14:00 in Madrid in June.
    expect(mail.text).toMatch(/Fecha: 1 jun 2026, 2:00\sp\.\sm\./);
    expect(mail.html).toContain('lang="es"');
  });

  it("a declined payment is told by email too, once, without an unsubscribe", async () => {
    const cookie = await signIn("luna@example.com", "Luna");
    const queue = recordingQueue();
    const { token } = await initiate(cookie);
    const fields = await cardAction(token, "decline");
    await webpayReturn(fields, { DELIVERY_QUEUE: queue.binding });
    await webpayReturn(fields, { DELIVERY_QUEUE: queue.binding });
    await drain(queue);
    const mails = await outbox();
    expect(mails.map((m) => m.subject)).toEqual(["Your payment did not go through"]);
    expect(mails[0].headers).toEqual({});
  });
});
