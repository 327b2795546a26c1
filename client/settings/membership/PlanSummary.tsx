// The member's plan: which one it is and what it renews at (the server's renewal price), and until when it is paid or
// tried (or the way to it).
import { MEMBERSHIP } from "../../../worker/shared/rules";
import { formatClp, formatDate } from "../../components/format";
import { Link } from "../../components/links";
import type { MembershipStatusView } from "../../session/membership";
import { TEXT } from "../../text";

export function PlanSummary({
  membership,
}: {
  membership: Pick<MembershipStatusView, "status" | "next_payment_due" | "renews">;
}) {
  const T = TEXT.settings.plan;
  const { status, next_payment_due: due, renews } = membership;
  // Before any membership, the specification's plan is what joining means.
  const plan = renews ?? {
    plan_id: MEMBERSHIP.plan,
    plan_name: MEMBERSHIP.plan,
    amount_clp: MEMBERSHIP.priceClp,
    period_days: MEMBERSHIP.periodDays,
  };
  const running = (status === "active" || status === "trial") && due;
  return (
    <section className="card stack" aria-labelledby="plan-title" data-testid="plan-summary">
      <h3 id="plan-title">{T.title}</h3>
      {status === "admin" ? (
        <p className="muted">{T.admin}</p>
      ) : (
        <>
          <p>
            <strong>{TEXT.payment.planNames[plan.plan_id] ?? plan.plan_name}</strong> ·{" "}
            {T.price(formatClp(plan.amount_clp), plan.period_days)}
          </p>
          {running ? (
            <p className="muted">{(status === "trial" ? T.trial : T.active)(formatDate(due))}</p>
          ) : (
            <div className="row">
              <p className="muted">{status === "expired" ? T.expired : T.none}</p>
              <Link to="/pricing" className="btn btn-primary btn-sm">
                {T.join}
              </Link>
            </div>
          )}
        </>
      )}
    </section>
  );
}
