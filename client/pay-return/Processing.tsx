import { Spinner } from "../components/Spinner";
import { TEXT } from "../text";

/** What the payment return shows while its loader asks the server for the verified result. */
export function PaymentProcessing() {
  return (
    <main className="pay-return">
      <section className="card" aria-busy="true">
        <Spinner label={TEXT.paymentProcessing.verifyingLabel} />
        <h1>{TEXT.paymentProcessing.processingTitle}</h1>
        <p className="muted">{TEXT.paymentProcessing.verifyingText}</p>
      </section>
    </main>
  );
}
