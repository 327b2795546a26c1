// Payments with Webpay Plus (docs/spec.md §2 Membership, §4 Payment flow and return, §7 payment rows). The
// handlers validate, authorize and call worker/features/payments/settle.ts, which settles every payment
// with Transbank itself: the browser's word (confirm's body, the return's fields) is never trusted.
import type { Context } from "hono";
import { z } from "zod";
import { getMembership } from "../../db/memberships";
import type { AppEnv } from "../../env";
import { requireUser } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { ApiError } from "../../platform/errors";
import { idempotent } from "../../platform/idempotency";
import { limited, limitedPerIp } from "../../platform/rate-limit";
import { validate } from "../../platform/validate";
import { MEMBERSHIP } from "../../shared/rules";
import { TEXTS } from "../../shared/texts";
import { latestPaymentOf, type Payment } from "./queries/payments";
import { paymentsMode, type ReturnParams, settleByStatus, settleReturn, startCheckout, webpayFor } from "./settle";

const initiateBody = z.object({
  amount: z.literal(MEMBERSHIP.priceClp, { error: `amount must be ${MEMBERSHIP.priceClp}` }),
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
  if (outcome.kind === "approved")
    return c.redirect(`/pay/return?success=true&amount=${payment?.amountClp ?? MEMBERSHIP.priceClp}`, 303);
  return c.redirect(`/pay/return?success=false&error=${encodeURIComponent(outcome.reason)}`, 303);
}

export const paymentRoutes = createRouter()
  // Public: the client's test-mode banner and the checkout button read it on every page.
  .get("/mode", (c) => c.json(paymentsMode(c.env)))
  .post("/initiate", requireUser, idempotent, limited("paymentInitiate"), validate("json", initiateBody), async (c) => {
    const { provider } = c.req.valid("json");
    const membership = await getMembership(c.var.db, c.var.user);
    if (membership.status === "active" || membership.status === "admin")
      return c.json({ membership: membershipDto(membership) });
    const created = await startCheckout(c.var.db, c.env, c.var.user, new URL(c.req.url).origin);
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
