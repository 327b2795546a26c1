// Coupons and scholarships: the member's check on /pricing (the server prices it) and the admin's list and
// creation. A checkout takes a coupon through POST /api/payments/initiate { coupon } (routes.ts).
import { z } from "zod";
import { recordAudit } from "../../db/audit";
import { requireAdmin, requireUser } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { conflict } from "../../platform/errors";
import { limited } from "../../platform/rate-limit";
import { validate } from "../../platform/validate";
import { COUPONS, PLANS } from "../../shared/rules";
import { errorText } from "../../shared/texts";
import { checkoutPrice, couponCodeInput } from "./pricing";
import { type Coupon, insertCoupon, listCoupons } from "./queries/coupons";

const planId = z.string().regex(PLANS.idPattern, "plan_id must be a plan's id");

const checkBody = z.object({ code: couponCodeInput, plan_id: planId.optional() });

const couponBody = z
  .object({
    code: couponCodeInput,
    percent_off: z.number().int().min(1).max(100).optional(),
    amount_off_clp: z.number().int().min(1).max(PLANS.amountMaxClp).optional(),
    /** How many payments it prices (1: the first only); omitted: every one. */
    periods: z.number().int().min(1).max(COUPONS.periodsMax).optional(),
    plan_ids: z.array(planId).min(1).max(20).optional(),
    expires_at: z.iso.datetime({ offset: true }).optional(),
    max_redemptions: z.number().int().min(1).max(COUPONS.maxRedemptionsMax).optional(),
    reason: z.string().trim().min(1).max(COUPONS.reasonMax).optional(),
  })
  .refine((b) => (b.percent_off === undefined) !== (b.amount_off_clp === undefined), {
    message: "A coupon takes either percent_off or amount_off_clp",
  });

const couponDto = (c: Coupon) => ({
  code: c.code,
  percent_off: c.percentOff,
  amount_off_clp: c.amountOffClp,
  periods: c.periods,
  plan_ids: c.planIds,
  expires_at: c.expiresAt,
  max_redemptions: c.maxRedemptions,
  redemptions: c.redemptions,
  reason: c.reason,
  /** 100% off: access without a charge. */
  scholarship: c.percentOff === 100,
});

export const couponRoutes = createRouter()
  // The price of the first payment with the code: what /pricing shows before the member pays.
  .post("/coupons/check", requireUser, limited("couponChecks"), validate("json", checkBody), async (c) => {
    const { code, plan_id } = c.req.valid("json");
    const price = await checkoutPrice(c.var.db, plan_id, code);
    return c.json({
      plan_id: price.planId,
      amount_clp: price.amountClp,
      discount_clp: price.discountClp,
      full_clp: price.fullClp,
      /** How many payments the coupon prices (null: every one). */
      periods: price.couponPeriods,
    });
  })
  .get("/admin/coupons", requireAdmin, async (c) => c.json({ coupons: (await listCoupons(c.var.db)).map(couponDto) }))
  .post("/admin/coupons", requireAdmin, limited("adminWrites"), validate("json", couponBody), async (c) => {
    const b = c.req.valid("json");
    const created = await insertCoupon(c.var.db, {
      code: b.code,
      percentOff: b.percent_off ?? null,
      amountOffClp: b.amount_off_clp ?? null,
      periods: b.periods ?? null,
      planIds: b.plan_ids ?? null,
      expiresAt: b.expires_at ? new Date(b.expires_at) : null,
      maxRedemptions: b.max_redemptions ?? null,
      reason: b.reason ?? null,
      createdBy: c.var.user.id,
    });
    if (!created) throw conflict(errorText("coupon_exists"));
    await recordAudit(c.var.db, {
      actorId: c.var.user.id,
      action: "coupon.create",
      targetType: "coupon",
      targetId: b.code,
      before: null,
      after: {
        percent_off: b.percent_off ?? null,
        amount_off_clp: b.amount_off_clp ?? null,
        periods: b.periods ?? null,
        max_redemptions: b.max_redemptions ?? null,
      },
    });
    return c.json({ coupons: (await listCoupons(c.var.db)).map(couponDto) }, 201);
  });
