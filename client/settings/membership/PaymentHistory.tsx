import { useState } from "react";
import { useRevalidator } from "react-router";
import { errorText } from "../../api";
import { formatClp, formatDate } from "../../components/format";
import { EmptyState, ErrorState } from "../../components/States";
import { useToast } from "../../components/Toasts";
import { TEXT } from "../../text";
import type { PaymentsData } from "./data";
import type { MemberPayment } from "./receipt";

const statusText = (status: string) =>
  ({
    completed: TEXT.payments.status_completed,
    pending: TEXT.payments.status_pending,
    refunded: TEXT.payments.status_refunded,
  })[status] ?? TEXT.payments.status_failed;

/** Payments shown at first, and added by each "Show more". */
export const PAYMENTS_PAGE = 10;

/**
 * The signed-in member's own payments, newest first (loaded by the membership section's loader), a page at a
 * time, with a PDF receipt for each completed one. Retry revalidates the route.
 */
export function PaymentHistory({
  payments,
  member,
}: {
  payments: PaymentsData;
  member: { name: string | null; email: string };
}) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<number | null>(null);
  const [shown, setShown] = useState(PAYMENTS_PAGE);

  const receipt = async (p: MemberPayment) => {
    setBusy(p.id);
    try {
      // The receipt's code loads with the first receipt asked for, as its PDF writer does.
      const { downloadReceipt } = await import("./receipt");
      await downloadReceipt(p, member);
    } catch {
      toast.show(TEXT.payments.receiptFailed, "error");
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card" aria-labelledby="my-payments-title" data-testid="payment-history">
      <h3 id="my-payments-title">{TEXT.payments.mineTitle}</h3>
      {!payments.ok ? (
        <ErrorState
          text={errorText(payments.failure, TEXT.payments.mineFailed)}
          busy={revalidator.state === "loading"}
          onRetry={() => void revalidator.revalidate()}
        />
      ) : payments.rows.length === 0 ? (
        <EmptyState title={TEXT.payments.mineEmpty} />
      ) : (
        <div className="table-wrap">
          <table className="my-payments">
            <thead>
              <tr>
                <th scope="col">{TEXT.payments.date}</th>
                <th scope="col">{TEXT.payments.amount}</th>
                <th scope="col">{TEXT.payments.status}</th>
                <th scope="col">{TEXT.payments.receipt}</th>
              </tr>
            </thead>
            <tbody>
              {payments.rows.slice(0, shown).map((p) => (
                <tr key={p.id} data-testid="my-payment-row">
                  <td>{formatDate(p.created_at)}</td>
                  <td>{formatClp(p.amount_clp)}</td>
                  <td>
                    {statusText(p.status)}
                    {p.is_test && <span className="badge badge-other payment-test">{TEXT.payments.testMarker}</span>}
                  </td>
                  <td>
                    {p.status === "completed" && (
                      <button
                        type="button"
                        className="btn btn-sm"
                        disabled={busy !== null}
                        onClick={() => void receipt(p)}
                        aria-label={TEXT.payments.downloadReceipt(formatDate(p.created_at))}
                      >
                        {TEXT.payments.receiptButton}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {payments.rows.length > PAYMENTS_PAGE && (
            <div className="spread payments-more">
              <p className="faint" aria-live="polite">
                {TEXT.settings.history.showing(Math.min(shown, payments.rows.length), payments.rows.length)}
              </p>
              {shown < payments.rows.length && (
                <button type="button" className="btn btn-sm" onClick={() => setShown(shown + PAYMENTS_PAGE)}>
                  {TEXT.settings.history.more}
                </button>
              )}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
