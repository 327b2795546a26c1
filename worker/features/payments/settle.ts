// Payment settlement with Webpay Plus: starting a checkout, every way back from Webpay, the member's
// confirm and the reconciler all end here. Transbank decides every outcome: a return's parameters only
// identify the payment, then the provider's commit or status answer settles it. Every state change is
// conditional on the payment still being `pending` (worker/features/payments/queries/payments.ts), so the same return twice,
// or a return racing the reconciler, changes the state once and extends the membership once.

import { recordAudit } from "../../db/audit";
import type { Database } from "../../db/client";
import type { Env } from "../../env";
import { randomHex } from "../../platform/crypto";
import { ApiError, conflict, notFound } from "../../platform/errors";
import { emulatedTransbank } from "../../platform/local-development";
import { AUTORENEW, GIFTS, MEMBERSHIP, SCHOLARSHIP_PROVIDER } from "../../shared/rules";
import { errorText, TEXTS } from "../../shared/texts";
import { oneclickFor } from "./autorenew";
import { detailBuyOrderOf } from "./oneclick";
import type { Price } from "./pricing";
import { openPaymentWithCoupon } from "./queries/coupons";
import { findGiftByPayment, moveGift } from "./queries/gifts";
import {
  approvePayment,
  createPendingPayment,
  failPayment,
  findPaymentByBuyOrder,
  findPaymentById,
  findPaymentByToken,
  type Payment,
  pendingPaymentsCreatedBefore,
  recordRefund,
  setPaymentToken,
} from "./queries/payments";
import {
  isApproved,
  WEBPAY_TOKEN_LIFETIME_MS,
  type Webpay,
  WebpayError,
  type WebpayTransaction,
  webpayFromEnv,
} from "./webpay";

export const WEBPAY_RETURN_PATH = "/api/payments/webpay/return";

/** What a settlement attempt left: approved, failed (with why), or still pending (with why). */
export type Outcome = { kind: "approved" } | { kind: "failed"; reason: string } | { kind: "pending"; reason: string };

/**
 * The four returns' fields (DESIGN: normal token_ws; abort TBK_*; timeout TBK_ORDEN_COMPRA + TBK_ID_SESION; error page
 * all four).
 */
export type ReturnParams = { token_ws?: string; TBK_TOKEN?: string; TBK_ORDEN_COMPRA?: string; TBK_ID_SESION?: string };

/** Which way the browser came back; `invalid` when the fields match none of Transbank's four returns. */
export type ReturnKind = "normal" | "abort" | "timeout" | "error_page" | "invalid";

export function returnKind(p: ReturnParams): ReturnKind {
  if (p.token_ws && p.TBK_TOKEN) return "error_page";
  if (p.token_ws) return "normal";
  if (p.TBK_TOKEN && p.TBK_ORDEN_COMPRA && p.TBK_ID_SESION) return "abort";
  if (!p.TBK_TOKEN && p.TBK_ORDEN_COMPRA && p.TBK_ID_SESION) return "timeout";
  return "invalid";
}

/** The reason a payment fails with when Transbank confirms a return that was not a payment. */
const UNPAID_REASON: Record<Exclude<ReturnKind, "normal" | "invalid">, string> = {
  abort: "cancelled",
  timeout: "timeout",
  error_page: "payment_error",
};

export type PaymentsMode = { mode: Env["WEBPAY_ENV"]; configured: boolean; missing: string[] };

/**
 * How this deployment takes payments, and what is missing before it can. Production needs both
 * secrets (never the public test credentials); the emulator never runs in a production deployment.
 */
export function paymentsMode(
  env: Pick<Env, "APP_ENV" | "WEBPAY_ENV" | "WEBPAY_COMMERCE_CODE" | "WEBPAY_API_SECRET">,
): PaymentsMode {
  const mode = env.WEBPAY_ENV;
  const missing: string[] = [];
  if (mode === "production") {
    if (!env.WEBPAY_COMMERCE_CODE) missing.push("WEBPAY_COMMERCE_CODE");
    if (!env.WEBPAY_API_SECRET) missing.push("WEBPAY_API_SECRET");
  } else if (mode !== "integration" && (mode !== "emulator" || env.APP_ENV === "production")) {
    missing.push("WEBPAY_ENV");
  }
  return { mode, configured: missing.length === 0, missing };
}

/**
 * The adapter for this deployment. In emulator mode the emulator app answers in-process (same
 * contract, no network hop); `origin` only shapes the card page URL that create returns.
 */
export function webpayFor(env: Env, origin: string): Webpay {
  const { configured, missing } = paymentsMode(env);
  if (!configured) throw new ApiError(503, errorText("payments_not_configured", missing));
  return webpayFromEnv(env, origin, emulatedTransbank(env));
}

const newBuyOrder = () => `CL${Date.now().toString(36)}${randomHex(6)}`.toUpperCase();

/**
 * Opens the pending payment at its price (plan, period, amount, coupon: pricing.ts priceOf); with a coupon, only if
 * its redemption can still be taken (409 otherwise). `provider` "coupon" is a scholarship's zero payment.
 */
async function openPayment(
  db: Database,
  env: Env,
  user: { id: number; email: string },
  price: Price,
  provider: string = MEMBERSHIP.provider,
): Promise<Payment> {
  const input = {
    isTest: paymentsMode(env).mode !== "production",
    userId: user.id,
    userEmail: user.email,
    amountClp: price.amountClp,
    plan: price.planId,
    periodDays: price.periodDays,
    buyOrder: newBuyOrder(),
    sessionId: `u${user.id}-${randomHex(8)}`,
  };
  if (!price.couponCode) return createPendingPayment(db, input);
  const payment = await openPaymentWithCoupon(db, price.couponCode, {
    ...input,
    discountClp: price.discountClp,
    provider,
  });
  if (!payment) throw conflict(errorText("coupon_exhausted"));
  return payment;
}

/**
 * Creates the pending payment at its price and Transbank's transaction; a refused or failed create leaves it failed
 * (and gives a coupon's redemption back). Approval accepts only that amount for that plan and period. `opened` records
 * what the payment buys besides a membership (a gift) before the member leaves for Webpay.
 */
export async function startCheckout(
  db: Database,
  env: Env,
  user: { id: number; email: string },
  origin: string,
  price: Price,
  opened?: (payment: Payment) => Promise<unknown>,
) {
  const webpay = webpayFor(env, origin);
  const payment = await openPayment(db, env, user, price);
  await opened?.(payment);
  try {
    const created = await webpay.create({
      buyOrder: payment.buyOrder,
      sessionId: payment.sessionId,
      amount: payment.amountClp,
      returnUrl: origin + WEBPAY_RETURN_PATH,
    });
    await setPaymentToken(db, payment.id, created.token);
    return created;
  } catch (err) {
    await failPayment(db, payment.id, err instanceof WebpayError ? `create_${err.failure}` : "create_failed");
    if (err instanceof ApiError) throw err;
    throw new ApiError(502, TEXTS.payment.initiateFailed);
  }
}

/**
 * A 100% coupon (a scholarship): access without a charge, recorded as a completed zero payment naming the coupon
 * (whose reason says why), which takes one of its redemptions like any checkout.
 */
export async function grantScholarship(db: Database, env: Env, user: { id: number; email: string }, price: Price) {
  const payment = await openPayment(db, env, user, price, SCHOLARSHIP_PROVIDER);
  await approvePayment(db, payment, { authorizationCode: null, responseCode: 0, cardLast4: null });
}

/** A payment being settled has its Webpay token: the row is written with it before the member leaves for Webpay. */
function webpayToken(payment: Payment): string {
  if (!payment.token) throw new Error(`payment ${payment.id} has no Webpay token`);
  return payment.token;
}

/** The provider's verdict on a committed (or status-checked) transaction, applied to our payment. */
async function applyVerdict(db: Database, webpay: Webpay, payment: Payment, tx: WebpayTransaction): Promise<Outcome> {
  if (isApproved(tx, { amount: payment.amountClp, buyOrder: payment.buyOrder })) {
    const { approved } = await approvePayment(db, payment, {
      authorizationCode: tx.authorization_code ?? null,
      responseCode: 0,
      cardLast4: tx.card_detail?.card_number?.slice(-4) ?? null,
    });
    if (approved) return { kind: "approved" };
    return currentOutcome(db, payment);
  }
  if (tx.response_code === 0 && tx.status === "AUTHORIZED") {
    // Authorized, but not for what we sold: refuse it and give the money back (best effort).
    await failPayment(db, payment.id, "verification_failed", 0);
    await webpay.refund(webpayToken(payment), tx.amount).catch(() => undefined);
    return currentOutcome(db, payment);
  }
  await failPayment(db, payment.id, "rejected", tx.response_code ?? null);
  return currentOutcome(db, payment);
}

/** What the payment row says now (after a conditional write that another request may have won). */
async function currentOutcome(db: Database, payment: Payment): Promise<Outcome> {
  const current = await findPaymentById(db, payment.id);
  if (current?.status === "completed" || current?.status === "refunded") return { kind: "approved" };
  if (current?.status === "pending") return { kind: "pending", reason: "verification_pending" };
  return { kind: "failed", reason: current?.failureReason ?? "failed" };
}

const settledOutcome = (payment: Payment): Outcome | null =>
  payment.status === "pending"
    ? null
    : payment.status === "failed"
      ? { kind: "failed", reason: payment.failureReason ?? "failed" }
      : { kind: "approved" };

/** Commits a pending payment (normal return). No answer leaves it pending; a refused commit asks the status. */
async function settleByCommit(db: Database, webpay: Webpay, payment: Payment): Promise<Outcome> {
  let tx: WebpayTransaction;
  try {
    tx = await webpay.commit(webpayToken(payment));
  } catch (err) {
    if (!(err instanceof WebpayError)) throw err;
    if (err.failure !== "provider") return { kind: "pending", reason: "verification_pending" };
    // Refused: committed already (a racing return or the reconciler), aborted, expired or never paid.
    return settleByStatus(db, webpay, payment, { commit: false, unpaidReason: "rejected" });
  }
  return applyVerdict(db, webpay, payment, tx);
}

/**
 * Asks Transbank where a pending payment stands and settles it: authorized -> committed (when
 * `commit`) and approved; refused or unpaid -> failed with `unpaidReason`; no answer -> stays
 * pending. An unfinished transaction (INITIALIZED) fails only when `failUnfinished` is set; a
 * declined one (FAILED) fails with `declinedReason` when given.
 */
export async function settleByStatus(
  db: Database,
  webpay: Webpay,
  payment: Payment,
  options: { commit: boolean; unpaidReason: string; declinedReason?: string; failUnfinished?: boolean },
): Promise<Outcome> {
  const settled = settledOutcome(payment);
  if (settled) return settled;
  if (!payment.token) {
    if (!options.failUnfinished) return { kind: "pending", reason: "verification_pending" };
    await failPayment(db, payment.id, "create_failed");
    return currentOutcome(db, payment);
  }
  let tx: WebpayTransaction;
  try {
    tx = await webpay.status(payment.token);
  } catch (err) {
    if (!(err instanceof WebpayError)) throw err;
    if (err.failure !== "provider") return { kind: "pending", reason: "verification_pending" };
    // Transbank refuses to report it (aborted, expired, unknown): it was never paid.
    await failPayment(db, payment.id, options.unpaidReason);
    return currentOutcome(db, payment);
  }
  if (tx.status === "INITIALIZED") {
    if (!options.failUnfinished) return { kind: "pending", reason: "not_paid" };
    await failPayment(db, payment.id, options.unpaidReason);
    return currentOutcome(db, payment);
  }
  if (tx.status === "AUTHORIZED" && tx.response_code === 0 && options.commit)
    return settleByCommit(db, webpay, payment);
  if (tx.status !== "AUTHORIZED") {
    const reason = tx.status === "FAILED" ? (options.declinedReason ?? options.unpaidReason) : options.unpaidReason;
    await failPayment(db, payment.id, reason, tx.response_code ?? null);
    return currentOutcome(db, payment);
  }
  return applyVerdict(db, webpay, payment, tx);
}

/** The payment a return points at: by token, or for a timeout by buy order and session id. */
async function paymentOfReturn(db: Database, kind: ReturnKind, p: ReturnParams): Promise<Payment | undefined> {
  switch (kind) {
    case "normal":
    case "error_page":
      return p.token_ws ? findPaymentByToken(db, p.token_ws) : undefined;
    case "abort": {
      const payment = p.TBK_TOKEN ? await findPaymentByToken(db, p.TBK_TOKEN) : undefined;
      return payment?.buyOrder === p.TBK_ORDEN_COMPRA ? payment : undefined;
    }
    case "timeout": {
      const payment = p.TBK_ORDEN_COMPRA ? await findPaymentByBuyOrder(db, p.TBK_ORDEN_COMPRA) : undefined;
      return payment?.sessionId === p.TBK_ID_SESION ? payment : undefined;
    }
    case "invalid":
      return undefined;
  }
}

/**
 * Settles the payment Webpay's return points at. A normal return commits; an abort, a timeout or
 * the error page asks Transbank the token's status first, and fails the payment only if Transbank
 * confirms it unpaid (an authorized one is committed: Transbank, not the return, decides).
 */
export async function settleReturn(
  db: Database,
  webpay: Webpay,
  params: ReturnParams,
): Promise<{ outcome: Outcome; payment?: Payment }> {
  const kind = returnKind(params);
  if (kind === "invalid") return { outcome: { kind: "failed", reason: "invalid_return" } };
  const payment = await paymentOfReturn(db, kind, params);
  if (!payment) return { outcome: { kind: "failed", reason: "unknown_payment" } };
  const settled = settledOutcome(payment);
  if (settled) return { outcome: settled, payment }; // a replay: counted once already
  if (kind === "normal") return { outcome: await settleByCommit(db, webpay, payment), payment };
  const outcome = await settleByStatus(db, webpay, payment, {
    commit: true,
    unpaidReason: UNPAID_REASON[kind],
    failUnfinished: true,
  });
  // Transbank unreachable: the payment stays pending for the reconciler; the buyer still left the form.
  return { outcome: outcome.kind === "pending" ? { kind: "failed", reason: UNPAID_REASON[kind] } : outcome, payment };
}

/** How many pending payments one reconciler run settles at most (each costs 1 to 3 Transbank calls). */
export const RECONCILE_BATCH = 50;

/**
 * Settles the payments still pending after the token lifetime: Transbank's status decides each one
 * (authorized -> committed, membership extended once; declined -> failed "rejected"; unfinished or
 * unknown -> failed "expired"). Transbank unreachable leaves it pending for the next run.
 */
export async function reconcilePendingPayments(db: Database, env: Env, now: number) {
  const due = await pendingPaymentsCreatedBefore(db, new Date(now - WEBPAY_TOKEN_LIFETIME_MS), RECONCILE_BATCH);
  const counts = { checked: due.length, completed: 0, failed: 0, still_pending: 0 };
  if (due.length === 0) return counts;
  // No request here: the origin only shapes the emulator's card page URL, which nothing reads.
  const webpay = webpayFor(env, "http://localhost");
  for (const payment of due) {
    const outcome = await settleByStatus(db, webpay, payment, {
      commit: true,
      unpaidReason: "expired",
      declinedReason: "rejected",
      failUnfinished: true,
    });
    counts[outcome.kind === "approved" ? "completed" : outcome.kind === "failed" ? "failed" : "still_pending"]++;
  }
  return counts;
}

/** The full refund through the product the payment was taken with: Webpay Plus by token, Oneclick Mall by buy
 * orders. */
const refundAtTransbank = (env: Env, origin: string, payment: Payment) =>
  payment.provider === AUTORENEW.provider
    ? oneclickFor(env, origin).refund({
        buyOrder: payment.buyOrder,
        detailBuyOrder: detailBuyOrderOf(payment),
        amount: payment.amountClp,
      })
    : webpayFor(env, origin).refund(webpayToken(payment), payment.amountClp);

/**
 * An admin refunds a completed payment in full (a Webpay Plus payment or an automatic Oneclick charge): Transbank's
 * refund endpoint answers REVERSED or
 * NULLIFIED, which is recorded with who and when; the payment becomes `refunded` and the membership
 * loses the days it paid for. A payment refunded already (or not completed) is refused with 409.
 */
export async function refundPayment(db: Database, env: Env, origin: string, id: number, admin: { id: number }) {
  const payment = await findPaymentById(db, id);
  if (!payment) throw notFound(TEXTS.admin.paymentNotFound);
  if (payment.status === "refunded") throw conflict(TEXTS.admin.alreadyRefunded);
  if (payment.status !== "completed" || !(payment.token || payment.detailBuyOrder))
    throw conflict(TEXTS.admin.refundNotCompleted);
  // A gift is refunded only while nobody used it: claimed first, so a redeem racing the refund cannot also win.
  const gift = payment.plan === GIFTS.planId ? await findGiftByPayment(db, payment.id) : undefined;
  if (gift && !(await moveGift(db, gift.id, ["pending", "paid"], "refunded")))
    throw conflict(errorText("gift_not_refundable"));
  let answer: Awaited<ReturnType<Webpay["refund"]>>;
  try {
    answer = await refundAtTransbank(env, origin, payment);
  } catch (err) {
    if (gift) await moveGift(db, gift.id, ["refunded"], gift.status);
    // A refund racing this one may have won at Transbank, which then refuses this one.
    if ((await findPaymentById(db, id))?.status === "refunded") throw conflict(TEXTS.admin.alreadyRefunded);
    throw err;
  }
  const type = answer.type === "REVERSED" || answer.type === "NULLIFIED" ? answer.type : null;
  if (!type || (type === "NULLIFIED" && answer.response_code !== 0)) {
    if (gift) await moveGift(db, gift.id, ["refunded"], gift.status);
    throw new ApiError(502, TEXTS.admin.refundRefused);
  }
  const recorded = await recordRefund(db, payment, {
    type,
    authorizationCode: answer.authorization_code ?? null,
    amountClp: answer.nullified_amount ?? payment.amountClp,
    refundedBy: admin.id,
  });
  if (!recorded) throw conflict(TEXTS.admin.alreadyRefunded);
  await recordAudit(db, {
    actorId: admin.id,
    action: "payment.refund",
    targetType: "payment",
    targetId: payment.id,
    before: { status: payment.status },
    after: { status: "refunded", refund_type: type, amount_clp: payment.amountClp },
  });
  const refunded = await findPaymentById(db, id);
  if (!refunded) throw notFound(TEXTS.admin.paymentNotFound);
  return refunded;
}
