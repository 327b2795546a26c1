// THE price of a membership payment: checkout, the coupon check, automatic renewals and the approval
// check all take their amount from priceOf, so what the member is shown, what Transbank is asked for and
// what approval accepts are one computation. Whole pesos throughout (CLP has no cents).
import type { Database } from "../../db/client";
import { notFound } from "../../platform/errors";
import { PLANS } from "../../shared/rules";
import { errorText } from "../../shared/texts";
import { findPlan, type Plan } from "./queries/plans";

/** What a coupon takes off: a percentage or whole pesos, for the first `periods` payments (null: every one). */
export type Discount = { percentOff: number | null; amountOffClp: number | null; periods: number | null };

export type Price = {
  planId: string;
  periodDays: number;
  /** The plan's price before any discount. */
  fullClp: number;
  discountClp: number;
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
