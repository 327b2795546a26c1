// SPEC §2/§4 Payment return: processing, then success or error. The server already committed (or
// refused) the payment before sending the browser here; confirm asks it for the verified result.
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { MEMBERSHIP } from "../../worker/shared/rules";
import { TEXTS } from "../../worker/shared/texts";
import { api, ApiRequestError, unwrap } from "../api";
import { formatClp } from "../components/format";
import { Spinner } from "../components/Spinner";
import "./pay-return.css";

type View = { state: "processing" } | { state: "success"; message: string } | { state: "error"; message: string };

const isTrue = (v: string | null) => v === "true" || v === "1";
const isFalse = (v: string | null) => v === "false" || v === "0";

const confirmPayment = (amount: number) => unwrap(api.payments.confirm.$post({ json: { success: true, amount } }));

export default function PayReturnPage() {
  const [params] = useSearchParams();
  const success = params.get("success");
  const error = params.get("error");
  const amountParam = params.get("amount");
  const amount = Number(amountParam) > 0 ? Number(amountParam) : MEMBERSHIP.priceClp;

  const initial: View =
    error !== null || isFalse(success)
      ? { state: "error", message: TEXTS.payment.cancelled }
      : isTrue(success)
        ? { state: "processing" }
        : { state: "success", message: TEXTS.payment.processed };
  const [view, setView] = useState<View>(initial);

  useEffect(() => {
    if (error !== null || isFalse(success)) return; // straight to error, no call
    let live = true;
    if (isTrue(success)) {
      setView({ state: "processing" });
      confirmPayment(amount)
        .then(() => live && setView({ state: "success", message: TEXTS.payment.success }))
        .catch((err: unknown) => {
          if (!live) return;
          // A reply that is not OK: not verified. No reply at all: the network failed.
          const message = err instanceof ApiRequestError ? TEXTS.payment.verificationFailed : TEXTS.payment.verificationNetwork;
          setView({ state: "error", message });
        });
    } else {
      // No parameters: shown as processed, with a best-effort confirmation whose failure is ignored.
      confirmPayment(MEMBERSHIP.priceClp).catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [success, error, amount]);

  return (
    <main className="pay-return">
      {view.state === "processing" && (
        <section className="card" aria-busy="true">
          <Spinner label="Verifying payment" />
          <h1>{TEXTS.payment.processingTitle}</h1>
          <p className="muted">Verifying your payment with Webpay...</p>
        </section>
      )}
      {view.state === "success" && (
        <section className="card">
          <div className="pay-return-icon ok" aria-hidden="true">✦</div>
          <h1>{TEXTS.payment.successTitle}</h1>
          <p role="status">{view.message}</p>
          {isTrue(success) && <p className="muted">Amount paid: {formatClp(amount)}</p>}
          <Link to="/app/lounge" className="btn btn-primary">
            {TEXTS.payment.enterLounge}
          </Link>
        </section>
      )}
      {view.state === "error" && (
        <section className="card">
          <div className="pay-return-icon fail" aria-hidden="true">!</div>
          <h1>{TEXTS.payment.errorTitle}</h1>
          <p className="alert alert-error" role="alert">
            {view.message}
          </p>
          <Link to="/pricing" className="btn btn-primary">
            {TEXTS.payment.tryAgain}
          </Link>
        </section>
      )}
    </main>
  );
}
