// Payments with Webpay Plus (docs/spec.md §2 Membership, §4 Payment flow and return, §7 payment rows). The
// handlers validate, authorize and call worker/features/payments/settle.ts, which settles every payment
// with Transbank itself: the browser's word (confirm's body, the return's fields) is never trusted.
import type { Context } from "hono";
import { z } from "zod";
import { getMembership } from "../../db/memberships";
import type { AppEnv } from "../../env";
import { requireUser } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { ApiError, badRequest } from "../../platform/errors";
import { idempotent } from "../../platform/idempotency";
import { limited, limitedPerIp } from "../../platform/rate-limit";
import { validate } from "../../platform/validate";
import { GIFTS, MEMBERSHIP, PLANS } from "../../shared/rules";
import { errorText, TEXTS } from "../../shared/texts";
import { sendPaidGifts } from "./gifts";
import { checkoutPrice, couponCodeInput } from "./pricing";
import { latestPaymentOf, type Payment } from "./queries/payments";
import {
  grantScholarship,
  paymentsMode,
  type ReturnParams,
  settleByStatus,
  settleReturn,
  startCheckout,
  webpayFor,
} from "./settle";

/**
 * The plan to pay for (the monthly plan when none is named, as the specification's body names none). The amount is
 * optional: when sent it must be the plan's price, which the server computes either way (pricing.ts priceOf).
 */
const initiateBody = z.object({
  plan_id: z.string().regex(PLANS.idPattern, "plan_id must be a plan's id").optional(),
  coupon: couponCodeInput.optional(),
  amount: z.number().int().nonnegative().optional(),
  provider: z.literal(MEMBERSHIP.provider, { error: `provider must be ${MEMBERSHIP.provider}` }),
});

/** Read and ignored: what the browser says about its payment decides nothing. */
const confirmBody = z.object({ success: z.boolean().optional(), amount: z.number().optional() });

/** The four Webpay returns' fields (see returnKind in the payments service). */
const returnParams = z.object({
  token_ws: z.string().max(100).optional(),
  TBK_TOKEN: z.string().max(100).optional(),
  TBK_ORDEN_COMPRA: z.string().max(26).optional(),
  TBK_ID_SESION: z.string().max(61).optional(),
});

const membershipDto = (m: Awaited<ReturnType<typeof getMembership>>) => ({
  status: m.status,
  next_payment_due: m.next_payment_due,
});

/**
 * Transbank's return: a cross-site navigation (no session cookie), so the payment is found by its
 * token or buy order, never by the session; then the browser goes back into the app.
 */
async function handleReturn(c: Context<AppEnv>, params: ReturnParams) {
  const { outcome, payment } = await settleReturn(c.var.db, webpayFor(c.env, new URL(c.req.url).origin), params);
  if (payment?.plan === GIFTS.planId) {
    // A gift: emailed to its recipient now that it is paid (the reconciler's run sends it if this one cannot).
    await sendPaidGifts(c.var.db, c.env);
    if (outcome.kind === "approved")
      return c.redirect(`/pay/return?success=true&gift=1&amount=${payment.amountClp}`, 303);
  }
  if (outcome.kind === "approved")
    return c.redirect(`/pay/return?success=true&amount=${payment?.amountClp ?? MEMBERSHIP.priceClp}`, 303);
  return c.redirect(`/pay/return?success=false&error=${encodeURIComponent(outcome.reason)}`, 303);
}

export const paymentRoutes = createRouter()
  // Public: the client's test-mode banner and the checkout button read it on every page.
  .get("/mode", (c) => c.json(paymentsMode(c.env)))
  .post("/initiate", requireUser, idempotent, limited("paymentInitiate"), validate("json", initiateBody), async (c) => {
    const { provider, plan_id, amount, coupon } = c.req.valid("json");
    const price = await checkoutPrice(c.var.db, plan_id, coupon);
    if (amount !== undefined && amount !== price.amountClp)
      throw badRequest(errorText("amount_mismatch", price.amountClp));
    const membership = await getMembership(c.var.db, c.var.user);
    if (membership.status === "active" || membership.status === "admin")
      return c.json({ membership: membershipDto(membership) });
    if (price.amountClp === 0) {
      await grantScholarship(c.var.db, c.env, c.var.user, price);
      return c.json({ membership: membershipDto(await getMembership(c.var.db, c.var.user)), scholarship: true });
    }
    const created = await startCheckout(c.var.db, c.env, c.var.user, new URL(c.req.url).origin, price);
    return c.json({ url: created.url, token: created.token, provider });
  })
  .get("/webpay/return", limitedPerIp("paymentReturn"), validate("query", returnParams, { lenient: true }), (c) =>
    handleReturn(c, c.req.valid("query")),
  )
  .post("/webpay/return", limitedPerIp("paymentReturn"), validate("form", returnParams, { lenient: true }), (c) =>
    handleReturn(c, c.req.valid("form")),
  )
  .post("/confirm", requireUser, limited("paymentConfirm"), validate("json", confirmBody), async (c) => {
    const db = c.var.db;
    const user = c.var.user;
    let payment: Payment | undefined = await latestPaymentOf(db, user.id);
    if (payment?.status === "pending" && payment.token) {
      await settleByStatus(db, webpayFor(c.env, new URL(c.req.url).origin), payment, {
        commit: true,
        unpaidReason: "rejected",
      });
      payment = await latestPaymentOf(db, user.id);
    }
    const membership = await getMembership(db, user);
    if (payment?.status === "completed" && membership.status === "active")
      return c.json({ membership: membershipDto(membership) });
    if (payment?.status === "pending") throw new ApiError(409, TEXTS.payment.verificationFailed);
    throw new ApiError(402, TEXTS.payment.verificationFailed);
  });
