// Gifts of membership: buying one (Webpay Plus, like a membership payment) and redeeming a code.
import { z } from "zod";
import { requireUser } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { idempotent } from "../../platform/idempotency";
import { limited } from "../../platform/rate-limit";
import { validate } from "../../platform/validate";
import { GIFTS, LIMITS } from "../../shared/rules";
import { TEXTS } from "../../shared/texts";
import { buyGift, redeemCode } from "./gifts";

const giftBody = z.object({
  plan_months: z.union(
    GIFTS.months.map((m) => z.literal(m)),
    { error: "plan_months must be 1, 3 or 12" },
  ),
  recipient_email: z
    .string({ error: TEXTS.admin.emailRequired })
    .trim()
    .min(1, TEXTS.admin.emailRequired)
    .max(LIMITS.emailMax, TEXTS.admin.emailInvalid)
    .pipe(z.email(TEXTS.admin.emailInvalid)),
  message: z.string().trim().max(GIFTS.messageMax).optional(),
});

/** A code as the emailed link carries it (base64url, 43 characters). */
const redeemBody = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "That gift code is not valid") });

export const giftRoutes = createRouter()
  .post("/gifts", requireUser, idempotent, limited("paymentInitiate"), validate("json", giftBody), async (c) => {
    const body = c.req.valid("json");
    const created = await buyGift(c.var.db, c.env, c.var.user, new URL(c.req.url).origin, {
      months: body.plan_months,
      recipientEmail: body.recipient_email,
      message: body.message || null,
    });
    return c.json({ url: created.url, token: created.token });
  })
  .post("/gifts/redeem", requireUser, limited("couponChecks"), validate("json", redeemBody), async (c) =>
    c.json(await redeemCode(c.var.db, c.var.user.id, c.req.valid("json").code)),
  );
