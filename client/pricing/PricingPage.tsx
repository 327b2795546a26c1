// docs/spec.md §2 Membership / paywall: the status (when not 'none'), the plan card and the pay button; the
// payment itself starts on the server, then the browser posts token_ws to Webpay in a hidden form.
import { useEffect, useState } from "react";
import { useFetcher, useLoaderData, useNavigate } from "react-router";
import { MEMBERSHIP, TIMING } from "../../worker/shared/rules";
import { AutoRenew } from "../autorenew/AutoRenew";
import { formatClp, formatDate } from "../components/format";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { Link } from "../components/links";
import { Spinner } from "../components/Spinner";
import { submitOnMount } from "../components/submit-on-mount";
import { useToast } from "../components/Toasts";
import { failureOf, submitJson, useSettled } from "../data/actions";
import { GiftForm } from "../payments/GiftForm";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";
import type { pricingAction } from "./actions";
import { type AppliedCoupon, CouponField } from "./CouponField";
import { type OfferedPlan, PRICING_PATH, type pricingLoader } from "./data";
import { TrialOffer } from "./TrialOffer";
import "./pricing.css";
import { PageTitle } from "../components/PageTitle";

// The route's action loads lazily (client/router.tsx); fetched as the screen arrives, so the first write need not wait.
void import("./actions");

/** Active green, admin purple, anything else yellow (docs/spec.md §4 Membership). */
export const statusBadgeClass = (status: string) =>
  status === "active" ? "badge badge-active" : status === "admin" ? "badge badge-admin-status" : "badge badge-other";

/** The specification's monthly plan: 15,000 CLP for 30 days. */
const SPEC_PLAN: OfferedPlan = {
  id: MEMBERSHIP.plan,
  name: MEMBERSHIP.plan,
  amount_clp: MEMBERSHIP.priceClp,
  period_days: MEMBERSHIP.periodDays,
  trial_days: 0,
  active: true,
  saving_clp: null,
};

export default function PricingPage() {
  const loaded = useLoaderData<typeof pricingLoader>();
  const { user, store } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const payment = useFetcher<typeof pricingAction>();
  const answer = payment.data?.ok ? payment.data.value : null;
  // The Webpay form to post, or the membership a payment start found already active.
  const checkout = answer && "token" in answer ? answer : null;
  const activeMembership = answer && "membership" in answer ? answer.membership : null;
  const membership = activeMembership ?? loaded.membership;
  const scholarship = answer && "scholarship" in answer;
  const notice = scholarship ? TEXT.payment.scholarshipActive : activeMembership ? TEXT.payment.alreadyActive : null;
  const error = failureOf(payment);
  // Busy until the browser leaves for Webpay.
  const busy = payment.state !== "idle" || checkout !== null;
  const statusError = loaded.statusFailed;
  useSettled(payment, (result) => {
    if (!result.ok) toast.show(result.error, "error");
    else if ("scholarship" in result.value) toast.show(TEXT.payment.scholarshipActive, "success");
    else if ("membership" in result.value) toast.show(TEXT.payment.alreadyActive, "success");
  });
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => navigate("/app/resources", { replace: true }), TIMING.alreadyActiveRedirectMs);
    return () => clearTimeout(timer);
  }, [notice, navigate]);

  // The plans read from the server name themselves in the payment; the specification's plan (shown when they could
  // not be read) is the server's default.
  const plans = loaded.plans ?? [SPEC_PLAN];
  const [chosen, setChosen] = useState<string | null>(null);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const priceOf = (plan: OfferedPlan) => coupon?.prices[plan.id] ?? plan.amount_clp;
  const pay = (plan: OfferedPlan) => {
    setChosen(plan.id);
    const body: Record<string, string | number> = { intent: "pay" };
    if (loaded.plans) {
      body.plan_id = plan.id;
      body.amount = priceOf(plan);
      if (coupon?.prices[plan.id] !== undefined) body.coupon = coupon.code;
    }
    void submitJson(payment, PRICING_PATH, body);
  };

  const showStatus = membership && membership.status !== "none";
  // A trial is for joining: offered to a member without a running membership (the server decides the rest).
  const mayTry = !!membership && (membership.status === "none" || membership.status === "expired");
  const benefits = [TEXT.payment.benefitLibrary, TEXT.payment.benefitAi];

  return (
    <main className="pricing">
      <PageTitle screen={TEXT.titles.pricing} />
      <header className="pricing-header">
        <p className="eyebrow">
          <Icon shape={ICON_SHAPES.sparkle} size={14} /> {TEXT.payment.pricingEyebrow}
        </p>
        <h1>{TEXT.payment.pricingTitle}</h1>
        <p className="muted lead">{TEXT.payment.pricingLead}</p>
      </header>

      {showStatus && (
        <section className="card card-tight pricing-status" aria-label={TEXT.payment.membershipLabel}>
          <div className="spread">
            <span>{TEXT.payment.statusLabel}</span>
            <span className={statusBadgeClass(membership.status)} data-testid="membership-status">
              {TEXT.payment.statusNames[membership.status] ?? membership.status}
            </span>
          </div>
          {membership.next_payment_due && (
            <p className="muted pricing-due">
              {(membership.status === "expired" ? TEXT.payment.expiredOn : TEXT.payment.nextDue)(
                formatDate(membership.next_payment_due),
              )}
            </p>
          )}
          {membership.status === "active" && (
            <Link to="/app/resources" className="btn btn-sm">
              {TEXT.payment.goToResources}
            </Link>
          )}
        </section>
      )}
      {statusError && <p className="muted pricing-status-error">{TEXT.payment.statusFailed}</p>}

      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}

      <div className={plans.length > 1 ? "pricing-plans pricing-plans-many" : "pricing-plans"}>
        {plans.map((plan) => {
          const price = formatClp(priceOf(plan));
          const paying = busy && chosen === plan.id;
          return (
            <section key={plan.id} className="card pricing-plan" aria-labelledby={`plan-${plan.id}`}>
              <h2 id={`plan-${plan.id}`}>{TEXT.payment.planNames[plan.id] ?? plan.name}</h2>
              <p className="pricing-price">
                <span className="pricing-amount">{price}</span>
                <span className="muted"> {TEXT.payment.perPeriod(plan.period_days)}</span>
              </p>
              {priceOf(plan) !== plan.amount_clp && (
                <p className="muted pricing-full-price">{TEXT.payment.fullPrice(formatClp(plan.amount_clp))}</p>
              )}
              {plan.saving_clp !== null && (
                <p className="badge badge-active pricing-saving">{TEXT.payment.saving(formatClp(plan.saving_clp))}</p>
              )}
              <ul className="pricing-benefits">
                {[...benefits, TEXT.payment.benefitAccess(plan.period_days)].map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
              {user ? (
                <>
                  <button
                    type="button"
                    className="btn btn-primary btn-block"
                    onClick={() => pay(plan)}
                    disabled={busy || !!notice}
                    aria-busy={paying}
                  >
                    {paying ? <Spinner small label={TEXT.payment.starting} /> : null}
                    {paying ? ` ${TEXT.payment.redirecting}` : TEXT.payment.payWith(price)}
                  </button>
                  {plan.trial_days > 0 && mayTry && (
                    <TrialOffer
                      plan={plan}
                      price={price}
                      coupon={coupon?.prices[plan.id] !== undefined ? coupon.code : null}
                      disabled={busy || !!notice}
                    />
                  )}
                </>
              ) : (
                <button type="button" className="btn btn-primary btn-block" onClick={() => store.redirectToLogin()}>
                  {TEXT.payment.signInToContinue}
                </button>
              )}
            </section>
          );
        })}
      </div>
      {user && loaded.plans && <CouponField plans={plans} applied={coupon} onApplied={setCoupon} />}
      {user && loaded.gifts && (
        <GiftForm
          prices={loaded.gifts}
          busy={busy}
          onGive={(order) => void submitJson(payment, PRICING_PATH, { intent: "gift", ...order })}
        />
      )}
      <p className="hint pricing-hint">{TEXT.payment.secureHint}</p>

      {user && loaded.membership && <AutoRenew membership={loaded.membership} action={PRICING_PATH} />}

      {checkout && (
        // The hidden form goes to Webpay as soon as it is rendered with the transaction's url and token.
        <form ref={submitOnMount} id="webpay-form" method="post" action={checkout.url} hidden>
          <input type="hidden" name="token_ws" value={checkout.token} />
        </form>
      )}
    </main>
  );
}
