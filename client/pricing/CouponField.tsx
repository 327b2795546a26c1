// The coupon code on /pricing: the server prices each offered plan with the code (POST /api/coupons/check);
// the page then shows and pays those prices. A code for some plans only prices those; one for none says why.
import { type FormEvent, useState } from "react";
import { ApiRequestError, api, errorText, unwrap } from "../api";
import { TextField } from "../components/Field";
import { Spinner } from "../components/Spinner";
import { TEXT } from "../text";
import type { OfferedPlan } from "./data";

/** A code the server accepted, with each plan's first-payment price under it (plans it is not for are absent). */
export type AppliedCoupon = { code: string; prices: Record<string, number> };

export function CouponField({
  plans,
  applied,
  onApplied,
}: {
  plans: readonly OfferedPlan[];
  applied: AppliedCoupon | null;
  onApplied: (coupon: AppliedCoupon | null) => void;
}) {
  const [code, setCode] = useState("");
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    setChecking(true);
    setError(null);
    const answers = await Promise.allSettled(
      plans.map((plan) => unwrap(api.coupons.check.$post({ json: { code, plan_id: plan.id } }))),
    );
    setChecking(false);
    const prices: Record<string, number> = {};
    answers.forEach((a, i) => {
      if (a.status === "fulfilled") prices[plans[i].id] = a.value.amount_clp;
    });
    if (Object.keys(prices).length) return onApplied({ code: code.trim().toUpperCase(), prices });
    const refused = answers.find((a): a is PromiseRejectedResult => a.status === "rejected")?.reason;
    setError(
      refused instanceof ApiRequestError ? errorText(refused, TEXT.payment.couponRefused) : TEXT.payment.couponNetwork,
    );
    onApplied(null);
  };

  if (applied)
    return (
      <div className="pricing-coupon card card-tight" role="status">
        <span>{TEXT.payment.couponApplied(applied.code)}</span>
        <button type="button" className="btn btn-sm" onClick={() => onApplied(null)}>
          {TEXT.payment.couponRemove}
        </button>
      </div>
    );
  return (
    <form className="pricing-coupon card card-tight" onSubmit={apply}>
      <TextField
        label={TEXT.payment.couponLabel}
        name="coupon"
        value={code}
        maxLength={30}
        autoComplete="off"
        onChange={(e) => setCode(e.target.value)}
        error={error}
        addon={
          <button type="submit" className="btn" disabled={checking || !code.trim()} aria-busy={checking}>
            {checking ? <Spinner small label={TEXT.payment.couponChecking} /> : TEXT.payment.couponApply}
          </button>
        }
      />
    </form>
  );
}
