// A plan's free trial on /pricing: "Try N days free" under the plan's pay button. The server begins it at once on a card
// on file, or answers the bank's card enrolment (the browser posts TBK_TOKEN there), whose return begins it and lands on
// the membership settings, which say how it went. Who may try (once per member and per card) is the server's call.
import { useFetcher, useNavigate } from "react-router";
import { settingsPath } from "../../worker/shared/settings";
import { OneclickForm } from "../autorenew/OneclickForm";
import { Spinner } from "../components/Spinner";
import { useToast } from "../components/Toasts";
import { failureOf, submitJson, useSettled } from "../data/actions";
import { TEXT } from "../text";
import type { pricingAction } from "./actions";
import { type OfferedPlan, PRICING_PATH } from "./data";

type Props = {
  plan: OfferedPlan;
  /** What the first charge after the trial will be, formatted (the coupon applied, if any). */
  price: string;
  /** The coupon applied to this plan, which the first charge after the trial uses. */
  coupon: string | null;
  disabled: boolean;
};

export function TrialOffer({ plan, price, coupon, disabled }: Props) {
  const T = TEXT.payment;
  const trial = useFetcher<typeof pricingAction>();
  const navigate = useNavigate();
  const toast = useToast();
  const answer = trial.data?.ok ? trial.data.value : null;
  const enrolment = answer && "url" in answer ? answer : null;
  const error = failureOf(trial);
  // Busy until the browser leaves for the bank's form.
  const busy = trial.state !== "idle" || enrolment !== null;
  useSettled(trial, (result) => {
    if (!result.ok || !("trial" in result.value)) return;
    toast.show(T.trialStarted, "success");
    navigate(settingsPath("membership"));
  });
  const start = () =>
    void submitJson(trial, PRICING_PATH, { intent: "trial", plan_id: plan.id, ...(coupon ? { coupon } : {}) });
  const termsId = `trial-terms-${plan.id}`;
  return (
    <div className="pricing-trial stack">
      <button
        type="button"
        className="btn btn-block"
        onClick={start}
        disabled={disabled || busy}
        aria-busy={busy}
        aria-describedby={termsId}
      >
        {busy ? <Spinner small label={T.trialStarting} /> : null}
        {T.tryFree(plan.trial_days)}
      </button>
      <p className="hint" id={termsId}>
        {T.trialTerms(plan.trial_days, price, plan.period_days)}
      </p>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {enrolment && <OneclickForm url={enrolment.url} token={enrolment.token} />}
    </div>
  );
}
