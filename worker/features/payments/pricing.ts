// THE price of a membership payment: checkout, the coupon check, automatic renewals and the approval
// check all take their amount from priceOf, so what the member is shown, what Transbank is asked for and
// what approval accepts are one computation. Whole pesos throughout (CLP has no cents).

import { z } from "zod";
import type { Database } from "../../db/client";
import { conflict, notFound } from "../../platform/errors";
import { COUPON_CODE_PATTERN, GIFTS, type GiftMonths, PLANS } from "../../shared/rules";
import { errorText } from "../../shared/texts";
import { type Coupon, couponCodeOf, findCoupon } from "./queries/coupons";
import { findPlan, listPlans, type Plan, SPEC_PLAN } from "./queries/plans";

/** What a coupon takes off: a percentage or whole pesos, for the first `periods` payments (null: every one). */
export type Discount = { code: string; percentOff: number | null; amountOffClp: number | null; periods: number | null };

export type Price = {
  planId: string;
  periodDays: number;
  /** The plan's price before any discount. */
  fullClp: number;
  discountClp: number;
  /** The coupon that took something off this payment (null when none applies to it). */
  couponCode: string | null;
  /** What is charged: fullClp - discountClp, never below zero (zero is a scholarship: no charge at all). */
  amountClp: number;
};

/**
 * The price of payment number `periodIndex` (0: the first; a trial's first charge is still 0) of a plan,
 * with a discount when one applies to that payment. A percentage rounds the discount down to a whole peso.
 */
export function priceOf(
  plan: Pick<Plan, "id" | "amountClp" | "periodDays">,
  discount: Discount | null,
  periodIndex = 0,
) {
  const applies = discount !== null && (discount.periods === null || periodIndex < discount.periods);
  const off = !applies
    ? 0
    : discount.percentOff !== null
      ? Math.floor((plan.amountClp * discount.percentOff) / 100)
      : (discount.amountOffClp ?? 0);
  const discountClp = Math.min(plan.amountClp, Math.max(0, off));
  return {
    planId: plan.id,
    periodDays: plan.periodDays,
    fullClp: plan.amountClp,
    discountClp,
    couponCode: applies ? discount.code : null,
    amountClp: plan.amountClp - discountClp,
  } satisfies Price;
}

/** A plan a member may start paying for now: offered (active); the default when none is named. */
export async function offeredPlan(db: Database, planId: string | undefined): Promise<Plan> {
  const plan = await findPlan(db, planId ?? PLANS.defaultId);
  if (!plan?.active) throw notFound(errorText("plan_not_found"));
  return plan;
}

/**
 * What the yearly-style plans save against paying the shortest plan period after period (the number of its
 * periods rounded, 365 days = 12 months), for /pricing; null when a plan saves nothing.
 */
export function savingOf(plan: Pick<Plan, "amountClp" | "periodDays">, plans: readonly Plan[]): number | null {
  const shortest = plans.reduce<Plan | null>((a, p) => (!a || p.periodDays < a.periodDays ? p : a), null);
  if (!shortest || plan.periodDays <= shortest.periodDays) return null;
  const saving = Math.round(plan.periodDays / shortest.periodDays) * shortest.amountClp - plan.amountClp;
  return saving > 0 ? saving : null;
}

/** A coupon's terms as priceOf reads them. */
export const discountOf = (c: Pick<Coupon, "code" | "percentOff" | "amountOffClp" | "periods">): Discount => ({
  code: c.code,
  percentOff: c.percentOff,
  amountOffClp: c.amountOffClp,
  periods: c.periods,
});

/**
 * The coupon a member typed, checked for a checkout of `plan` now: unknown (404), expired, used up or not for this
 * plan (409), each with its code. Redemptions left is checked again, atomically, when the checkout takes one.
 */
export async function usableCoupon(db: Database, code: string, plan: Pick<Plan, "id">, now = Date.now()) {
  const coupon = await findCoupon(db, code);
  if (!coupon) throw notFound(errorText("coupon_not_found"));
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now) throw conflict(errorText("coupon_expired"));
  if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions)
    throw conflict(errorText("coupon_exhausted"));
  if (coupon.planIds && !coupon.planIds.includes(plan.id)) throw conflict(errorText("coupon_not_for_plan"));
  return coupon;
}

/** A coupon code as typed: letters, digits and dashes, any case (compared in upper case). */
export const couponCodeInput = z
  .string()
  .trim()
  .regex(COUPON_CODE_PATTERN, "A coupon code is 3 to 30 letters, digits or dashes")
  .transform(couponCodeOf);

/** The first payment's price of an offered plan (the default when none is named), with the coupon typed if any. */
export async function checkoutPrice(db: Database, planId: string | undefined, couponCode: string | undefined) {
  const plan = await offeredPlan(db, planId);
  const coupon = couponCode ? await usableCoupon(db, couponCode, plan) : null;
  return { ...priceOf(plan, coupon && discountOf(coupon), 0), couponPeriods: coupon?.periods ?? null };
}

/**
 * A gift's price and length from the offered plans: 12 months is the offered plan of a year (365 days or more) when there
 * is one, otherwise, like 1 and 3 months, that many periods of the default plan. The payment names the gift plan, never
 * the buyer's.
 */
export function giftPriceFrom(offered: readonly Plan[], months: GiftMonths): Price {
  const base = offered.find((p) => p.id === PLANS.defaultId) ?? SPEC_PLAN;
  const yearly = months === 12 ? offered.find((p) => p.periodDays >= 365) : undefined;
  const [amountClp, periodDays] = yearly
    ? [yearly.amountClp, yearly.periodDays]
    : [base.amountClp * months, base.periodDays * months];
  return { planId: GIFTS.planId, periodDays, fullClp: amountClp, discountClp: 0, couponCode: null, amountClp };
}

export const giftPrice = async (db: Database, months: GiftMonths) =>
  giftPriceFrom(await listPlans(db, { activeOnly: true }), months);
