import { Spinner } from "../components/Spinner";
import { TEXT } from "../text";

/** What the payment return shows while its loader asks the server for the verified result. */
export function PaymentProcessing() {
  return (
    <main className="pay-return">
      <section className="card" aria-busy="true">
        <Spinner label={TEXT.payment.verifyingLabel} />
        <h1>{TEXT.payment.processingTitle}</h1>
        <p className="muted">{TEXT.payment.verifyingText}</p>
      </section>
    </main>
  );
}
