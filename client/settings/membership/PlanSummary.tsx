// The member's plan: what it is and costs, and until when it is paid (or the way to it).
import { MEMBERSHIP } from "../../../worker/shared/rules";
import { formatClp, formatDate } from "../../components/format";
import { Link } from "../../components/links";
import type { MembershipStatusView } from "../../session/membership";
import { TEXT } from "../../text";

export function PlanSummary({ membership }: { membership: Pick<MembershipStatusView, "status" | "next_payment_due"> }) {
  const T = TEXT.settings.plan;
  const { status, next_payment_due: due } = membership;
  return (
    <section className="card stack" aria-labelledby="plan-title">
      <h3 id="plan-title">{T.title}</h3>
      {status === "admin" ? (
        <p className="muted">{T.admin}</p>
      ) : (
        <>
          <p>
            <strong>{T.name}</strong> · {T.price(formatClp(MEMBERSHIP.priceClp), MEMBERSHIP.periodDays)}
          </p>
          {status === "active" && due ? (
            <p className="muted">{T.active(formatDate(due))}</p>
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
