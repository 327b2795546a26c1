// Payments with Webpay Plus (SPEC §2 Membership, §4 Payment flow and return, §7 payment rows):
// the membership is activated only here on the server, after it has committed the transaction with
// the provider itself; the browser's word (confirm's body, the return's query) is never trusted.
import type { Context } from "hono";
import { z } from "zod";
import type { Database } from "../db/client";
import { getMembership } from "../db/memberships";
import {
  approvePayment,
  createPendingPayment,
  failPayment,
  findPaymentByBuyOrder,
  findPaymentByToken,
  latestPaymentOf,
  setPaymentToken,
  type Payment,
} from "../db/payments";
import type { AppEnv, Env } from "../env";
import { createRouter } from "../lib/create-app";
import { ApiError } from "../lib/errors";
import { limited } from "../lib/rate-limit";
import { validate } from "../lib/validate";
import { requireUser } from "../middleware/auth";
import { webpayEmulatorApp } from "../services/webpay-emulator";
import { isApproved, webpayFromEnv, WebpayError, type Webpay, type WebpayTransaction } from "../services/webpay";
import { MEMBERSHIP } from "../shared/rules";
import { TEXTS } from "../shared/texts";

export const WEBPAY_RETURN_PATH = "/api/payments/webpay/return";

const initiateBody = z.object({
  amount: z.literal(MEMBERSHIP.priceClp, { error: `amount must be ${MEMBERSHIP.priceClp}` }),
  provider: z.literal(MEMBERSHIP.provider, { error: `provider must be ${MEMBERSHIP.provider}` }),
});

/** Read and ignored: what the browser says about its payment decides nothing. */
const confirmBody = z.object({ success: z.boolean().optional(), amount: z.number().optional() });

/** The four Webpay returns: normal (token_ws), abort (TBK_*), timeout (TBK_ORDEN_COMPRA, TBK_ID_SESION), error page (all four). */
const returnParams = z.object({
  token_ws: z.string().max(100).optional(),
  TBK_TOKEN: z.string().max(100).optional(),
  TBK_ORDEN_COMPRA: z.string().max(26).optional(),
  TBK_ID_SESION: z.string().max(61).optional(),
});

type Outcome = { kind: "approved" } | { kind: "failed"; reason: string } | { kind: "pending"; reason: string };

const webpayFor = (c: { env: Env; req: { url: string } }): Webpay =>
  webpayFromEnv(c.env, new URL(c.req.url).origin, (request) => Promise.resolve(webpayEmulatorApp.fetch(request, c.env)));

const randomHex = (bytes: number) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");

const membershipDto = (m: Awaited<ReturnType<typeof getMembership>>) => ({ status: m.status, next_payment_due: m.next_payment_due });

/** The provider's verdict on a committed (or status-checked) transaction, applied to our payment. */
async function applyVerdict(db: Database, webpay: Webpay, payment: Payment, tx: WebpayTransaction): Promise<Outcome> {
  if (isApproved(tx, { amount: payment.amountClp, buyOrder: payment.buyOrder })) {
    const approvedNow = await approvePayment(db, payment, { authorizationCode: tx.authorization_code ?? null, responseCode: 0 });
    if (approvedNow) return { kind: "approved" };
    const current = await findPaymentByToken(db, payment.token!);
    return current?.status === "completed" ? { kind: "approved" } : { kind: "failed", reason: current?.failureReason ?? "failed" };
  }
  if (tx.response_code === 0 && tx.status === "AUTHORIZED") {
    // Authorized, but not for what we sold: refuse it and give the money back (best effort).
    await failPayment(db, payment.id, "verification_failed", 0);
    await webpay.refund(payment.token!, tx.amount).catch(() => undefined);
    return { kind: "failed", reason: "verification_failed" };
  }
  await failPayment(db, payment.id, "rejected", tx.response_code ?? null);
  return { kind: "failed", reason: "rejected" };
}

/** Commits a pending payment (normal return). A timeout leaves it pending; a refused commit asks the status. */
async function settleByCommit(db: Database, webpay: Webpay, payment: Payment): Promise<Outcome> {
  let tx: WebpayTransaction;
  try {
    tx = await webpay.commit(payment.token!);
  } catch (err) {
    if (!(err instanceof WebpayError)) throw err;
    if (err.failure !== "provider") return { kind: "pending", reason: "verification_pending" };
    // Refused: already committed by a concurrent return, aborted, or never paid. The status decides.
    return settleByStatus(db, webpay, payment, false);
  }
  return applyVerdict(db, webpay, payment, tx);
}

/** Asks the provider where a pending payment stands; commits it when authorized and `commit` is set. */
async function settleByStatus(db: Database, webpay: Webpay, payment: Payment, commit: boolean): Promise<Outcome> {
  let tx: WebpayTransaction;
  try {
    tx = await webpay.status(payment.token!);
  } catch (err) {
    if (!(err instanceof WebpayError)) throw err;
    return { kind: "pending", reason: "verification_pending" };
  }
  if (tx.status === "INITIALIZED") return { kind: "pending", reason: "not_paid" };
  if (tx.status === "AUTHORIZED" && tx.response_code === 0 && commit) return settleByCommit(db, webpay, payment);
  return applyVerdict(db, webpay, payment, tx);
}

const redirectSuccess = (c: Context<AppEnv>, payment: Payment) =>
  c.redirect(`/pay/return?success=true&amount=${payment.amountClp}`, 303);
const redirectError = (c: Context<AppEnv>, reason: string) =>
  c.redirect(`/pay/return?success=false&error=${encodeURIComponent(reason)}`, 303);

/**
 * Transbank's return: a cross-site navigation (no session cookie), so the payment is found by its
 * token or buy order, never by the session. Only a normal return (token_ws alone) is committed.
 */
async function handleReturn(c: Context<AppEnv>, params: z.infer<typeof returnParams>) {
  const db = c.var.db;
  const { token_ws, TBK_TOKEN, TBK_ORDEN_COMPRA, TBK_ID_SESION } = params;

  if (token_ws && !TBK_TOKEN) {
    const payment = await findPaymentByToken(db, token_ws);
    if (!payment) return redirectError(c, "unknown_payment");
    if (payment.status === "completed") return redirectSuccess(c, payment); // a replay: already counted once
    if (payment.status === "failed") return redirectError(c, payment.failureReason ?? "failed");
    const outcome = await settleByCommit(db, webpayFor(c), payment);
    return outcome.kind === "approved" ? redirectSuccess(c, payment) : redirectError(c, outcome.reason);
  }
  if (token_ws && TBK_TOKEN) {
    // Error page of the form: not committed.
    const payment = await findPaymentByToken(db, token_ws);
    if (payment && (!TBK_ORDEN_COMPRA || TBK_ORDEN_COMPRA === payment.buyOrder)) await failPayment(db, payment.id, "payment_error");
    return redirectError(c, "payment_error");
  }
  if (TBK_TOKEN) {
    // The card holder cancelled.
    const payment = await findPaymentByToken(db, TBK_TOKEN);
    if (payment && (!TBK_ORDEN_COMPRA || TBK_ORDEN_COMPRA === payment.buyOrder)) await failPayment(db, payment.id, "cancelled");
    return redirectError(c, "cancelled");
  }
  if (TBK_ORDEN_COMPRA && TBK_ID_SESION) {
    // The form timed out.
    const payment = await findPaymentByBuyOrder(db, TBK_ORDEN_COMPRA);
    if (payment && payment.sessionId === TBK_ID_SESION) await failPayment(db, payment.id, "timeout");
    return redirectError(c, "timeout");
  }
  return redirectError(c, "invalid_return");
}

export const paymentRoutes = createRouter()
  .post("/payments/initiate", requireUser, limited("paymentInitiate"), validate("json", initiateBody), async (c) => {
    const { amount, provider } = c.req.valid("json");
    const db = c.var.db;
    const user = c.var.user;
    const membership = await getMembership(db, user);
    if (membership.status === "active" || membership.status === "admin") return c.json({ membership: membershipDto(membership) });

    const webpay = webpayFor(c);
    const payment = await createPendingPayment(db, {
      userId: user.id,
      userEmail: user.email,
      amountClp: amount,
      buyOrder: `CL${Date.now().toString(36)}${randomHex(6)}`.toUpperCase(),
      sessionId: `u${user.id}-${randomHex(8)}`,
    });
    try {
      const created = await webpay.create({
        buyOrder: payment.buyOrder,
        sessionId: payment.sessionId,
        amount: payment.amountClp,
        returnUrl: new URL(c.req.url).origin + WEBPAY_RETURN_PATH,
      });
      await setPaymentToken(db, payment.id, created.token);
      return c.json({ url: created.url, token: created.token, provider });
    } catch (err) {
      await failPayment(db, payment.id, err instanceof WebpayError ? `create_${err.failure}` : "create_failed");
      if (err instanceof ApiError) throw err;
      throw new ApiError(502, TEXTS.payment.initiateFailed);
    }
  })
  .get("/payments/webpay/return", validate("query", returnParams, { lenient: true }), (c) => handleReturn(c, c.req.valid("query")))
  .post("/payments/webpay/return", validate("form", returnParams, { lenient: true }), (c) => handleReturn(c, c.req.valid("form")))
  .post("/payments/confirm", requireUser, validate("json", confirmBody), async (c) => {
    const db = c.var.db;
    const user = c.var.user;
    let payment = await latestPaymentOf(db, user.id);
    if (payment?.status === "pending" && payment.token) {
      await settleByStatus(db, webpayFor(c), payment, true);
      payment = await latestPaymentOf(db, user.id);
    }
    const membership = await getMembership(db, user);
    if (payment?.status === "completed" && membership.status === "active") return c.json({ membership: membershipDto(membership) });
    if (payment?.status === "pending") throw new ApiError(409, TEXTS.payment.verificationFailed);
    throw new ApiError(402, TEXTS.payment.verificationFailed);
  });
