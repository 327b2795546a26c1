// Automatic renewal with Oneclick Mall: enrol a card, stop, and Transbank's return after the
// card form. The handlers validate and authorize; worker/features/payments/autorenew.ts does the rest.
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../env";
import { requireUser } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { idempotent } from "../../platform/idempotency";
import { limited, limitedPerIp } from "../../platform/rate-limit";
import { validate } from "../../platform/validate";
import { AUTORENEW, PLANS } from "../../shared/rules";
import { settingsPath } from "../../shared/settings";
import { cancelEnrolment, finishEnrolment, pauseRenewal, resumeRenewal, startEnrolment, startTrial } from "./autorenew";
import { couponCodeInput } from "./pricing";
import { autoRenewOf } from "./queries/autorenew";

/** The return's fields: TBK_TOKEN always; TBK_ORDEN_COMPRA and TBK_ID_SESION when the form was abandoned. */
const returnParams = z.object({
  TBK_TOKEN: z.string().max(100).optional(),
  TBK_ORDEN_COMPRA: z.string().max(40).optional(),
  TBK_ID_SESION: z.string().max(61).optional(),
});

/** A plan's free trial: the plan (the default when none is named) and the coupon its first charge applies. */
const trialBody = z.object({
  plan_id: z.string().regex(PLANS.idPattern, "plan_id must be a plan's id").optional(),
  coupon: couponCodeInput.optional(),
});

const pauseBody = z.object({
  periods: z
    .number()
    .int()
    .min(1, "A pause is 1 to 3 periods")
    .max(AUTORENEW.pausePeriodsMax, "A pause is 1 to 3 periods"),
});

/**
 * A cross-site navigation from Transbank (no session cookie): the inscription is found by its token,
 * then the browser goes back to the membership settings, which say how it went.
 */
async function handleReturn(c: Context<AppEnv>, params: z.infer<typeof returnParams>) {
  const outcome = await finishEnrolment(c.var.db, c.env, new URL(c.req.url).origin, params);
  return c.redirect(`${settingsPath("membership")}?autorenew=${outcome}`, 303);
}

export const autorenewRoutes = createRouter()
  .post("/membership/autorenew", requireUser, limited("paymentInitiate"), async (c) =>
    c.json(await startEnrolment(c.var.db, c.env, c.var.user, new URL(c.req.url).origin)),
  )
  .delete("/membership/autorenew", requireUser, limited("paymentInitiate"), async (c) => {
    await cancelEnrolment(c.var.db, c.env, c.var.user.id, new URL(c.req.url).origin);
    return c.json({ auto_renew: await autoRenewOf(c.var.db, c.var.user.id) });
  })
  // A free trial: begun at once on the card on file, or the bank's card form whose return begins it.
  // A repeated start (a lost answer) gets the first one's outcome again rather than a refusal of the trial it began.
  .post(
    "/membership/trial",
    requireUser,
    idempotent,
    limited("paymentInitiate"),
    validate("json", trialBody),
    async (c) => {
      const { plan_id, coupon } = c.req.valid("json");
      const { db } = c.var;
      const started = await startTrial(
        db,
        c.env,
        c.var.user,
        { planId: plan_id, couponCode: coupon },
        new URL(c.req.url).origin,
      );
      if ("enrol" in started) return c.json(started.enrol);
      const trial = { plan: started.trial.plan, ends_at: started.trial.endsAt };
      return c.json({ trial, auto_renew: await autoRenewOf(db, c.var.user.id) }, 201);
    },
  )
  // A pause of 1 to 3 periods instead of stopping, and its early end.
  .post("/membership/pause", requireUser, limited("paymentInitiate"), validate("json", pauseBody), async (c) => {
    await pauseRenewal(c.var.db, c.var.user.id, c.req.valid("json").periods);
    return c.json({ auto_renew: await autoRenewOf(c.var.db, c.var.user.id) });
  })
  .delete("/membership/pause", requireUser, limited("paymentInitiate"), async (c) => {
    await resumeRenewal(c.var.db, c.var.user.id);
    return c.json({ auto_renew: await autoRenewOf(c.var.db, c.var.user.id) });
  })
  .get(
    "/payments/oneclick/return",
    limitedPerIp("paymentReturn"),
    validate("query", returnParams, { lenient: true }),
    (c) => handleReturn(c, c.req.valid("query")),
  )
  .post(
    "/payments/oneclick/return",
    limitedPerIp("paymentReturn"),
    validate("form", returnParams, { lenient: true }),
    (c) => handleReturn(c, c.req.valid("form")),
  );
