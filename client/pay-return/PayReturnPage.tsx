// docs/spec.md §2/§4 Payment return: success or error, as the loader (client/pay-return/data.ts) verified it;
// the route's pending element shows the processing state meanwhile.
import { useLoaderData } from "react-router";
import { formatClp } from "../components/format";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { Link } from "../components/links";
import { TEXT } from "../text";
import type { payReturnLoader } from "./data";
import { PAYMENT_RESULT_ICON_SHAPES } from "./icon-shapes";
import "./pay-return.css";
import { PageTitle } from "../components/PageTitle";

export default function PayReturnPage() {
  const view = useLoaderData<typeof payReturnLoader>();
  return (
    <main className="pay-return">
      <PageTitle screen={TEXT.titles.payReturn} />
      {view.ok ? (
        <section className="card">
          <div className="pay-return-icon ok">
            <Icon shape={ICON_SHAPES.sparkle} size={44} />
          </div>
          <h1>{TEXT.payment.successTitle}</h1>
          <p role="status">{view.message}</p>
          {view.amount !== null && <p className="muted">{TEXT.payment.amountPaid(formatClp(view.amount))}</p>}
          <Link to="/app/lounge" className="btn btn-primary">
            {TEXT.payment.enterLounge}
          </Link>
        </section>
      ) : (
        <section className="card">
          <div className="pay-return-icon fail">
            <Icon shape={PAYMENT_RESULT_ICON_SHAPES.alert} size={44} />
          </div>
          <h1>{TEXT.payment.errorTitle}</h1>
          <p className="alert alert-error" role="alert">
            {view.message}
          </p>
          <Link to="/pricing" className="btn btn-primary">
            {TEXT.payment.tryAgain}
          </Link>
        </section>
      )}
    </main>
  );
}
