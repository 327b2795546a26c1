import { useState } from "react";
import { api, errorText, unwrap } from "../api";
import { TEXT } from "../text";
import { useConfirm } from "../components/ConfirmDialog";
import { formatClp, formatDate } from "../components/format";
import { EmptyState } from "../components/States";
import { useToast } from "../components/Toasts";
import { downloadCsv, paymentsCsv } from "./csv";
import type { Payment } from "./types";

/** docs/spec.md §3: completed and pending as they are, refunded as refunded; any other status is shown as failed. */
const shownStatus = (status: string) => (status === "completed" || status === "pending" || status === "refunded" ? status : "failed");
const STATUS_BADGE = { completed: "badge-active", pending: "badge-other", refunded: "badge-other", failed: "badge-failed" } as const;

export function PaymentsTab({ payments, onChanged }: { payments: Payment[]; onChanged: () => Promise<void> }) {
  const confirm = useConfirm();
  const toast = useToast();
  const [busy, setBusy] = useState<number | "all" | null>(null);

  const remove = async (p: Payment) => {
    if (!(await confirm(TEXT.confirm.deletePayment))) return;
    setBusy(p.id);
    try {
      await unwrap(api.admin.payments[":id"].$delete({ param: { id: String(p.id) } }));
      await onChanged();
    } catch (err) {
      toast.show(errorText(err, TEXT.admin.deletePaymentFailed), "error");
    } finally {
      setBusy(null);
    }
  };

  // Full refunds of completed payments; the confirmation names the amount that goes back to the card.
  const refund = async (p: Payment) => {
    const amount = formatClp(p.amount_clp);
    if (!(await confirm(TEXT.payments.refundConfirm(amount, p.user_email), TEXT.payments.refundConfirmButton(amount)))) return;
    setBusy(p.id);
    try {
      const done = await unwrap(api.admin.payments[":id"].refund.$post({ param: { id: String(p.id) } }));
      toast.show(TEXT.payments.refunded(formatClp(done.refunded_amount_clp ?? p.amount_clp), done.refund_type ?? ""), "success");
      await onChanged();
    } catch (err) {
      toast.show(errorText(err, TEXT.payments.refundFailed), "error");
    } finally {
      setBusy(null);
    }
  };

  const clearAll = async () => {
    if (!(await confirm(TEXT.confirm.clearPayments, TEXT.admin.deleteAll))) return;
    setBusy("all");
    try {
      await unwrap(api.admin.payments["clear-all"].$delete());
      toast.show(TEXT.admin.clearedPayments, "success");
      await onChanged();
    } catch (err) {
      toast.show(errorText(err, TEXT.admin.clearPaymentsFailed), "error");
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="stack">
      <div className="spread">
        <h2 className="admin-section-title">{TEXT.admin.paymentsTitle}</h2>
        <div className="row">
          <button type="button" className="btn btn-danger" disabled={payments.length === 0 || busy !== null} onClick={() => void clearAll()}>
            {TEXT.admin.clearAll}
          </button>
          <button type="button" className="btn" onClick={() => downloadCsv("payments.csv", paymentsCsv(payments))}>
            {TEXT.admin.exportCsv}
          </button>
        </div>
      </div>
      {payments.length === 0 ? (
        <EmptyState title={TEXT.admin.paymentsEmpty} />
      ) : (
        <div className="table-wrap card card-tight" tabIndex={0} role="region" aria-labelledby="payments-caption">
          <table className="admin-table">
            <caption id="payments-caption" className="visually-hidden">{TEXT.admin.paymentsTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{TEXT.admin.paymentColumns.user}</th>
                <th scope="col">{TEXT.admin.paymentColumns.plan}</th>
                <th scope="col">{TEXT.admin.paymentColumns.amount}</th>
                <th scope="col">{TEXT.admin.paymentColumns.status}</th>
                <th scope="col">{TEXT.admin.paymentColumns.date}</th>
                <th scope="col">{TEXT.admin.actions}</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => {
                const status = shownStatus(p.status);
                return (
                  <tr key={p.id} data-testid="payment-row">
                    <td>{p.user_email}</td>
                    <td>{p.plan}</td>
                    <td>{formatClp(p.amount_clp)}</td>
                    <td>
                      <span className={`badge ${STATUS_BADGE[status]}`}>{TEXT.admin.paymentStatus[status]}</span>
                      {p.failure_reason && status === "failed" && <span className="payment-reason"> ({p.failure_reason})</span>}
                      {p.refund_type && status === "refunded" && <span className="payment-reason"> ({p.refund_type})</span>}
                      {p.is_test && <span className="badge badge-other payment-test">{TEXT.admin.testPayment}</span>}
                    </td>
                    <td>{formatDate(p.created_at)}</td>
                    <td className="row">
                      {p.status === "completed" && (
                        <button type="button" className="btn btn-sm" disabled={busy !== null} onClick={() => void refund(p)} aria-label={TEXT.payments.refundLabel(p.id, p.user_email)}>
                          {TEXT.payments.refund}
                        </button>
                      )}
                      <button type="button" className="btn btn-sm btn-danger" disabled={busy !== null} onClick={() => void remove(p)} aria-label={TEXT.admin.deletePaymentLabel(p.id, p.user_email)}>
                        {TEXT.common.delete}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
