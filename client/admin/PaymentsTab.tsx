import { useFetcher, useFetchers } from "react-router";
import type { Answer, api } from "../api";
import { useConfirm } from "../components/ConfirmDialog";
import { formatClp, formatDate } from "../components/format";
import { EmptyState } from "../components/States";
import { useToast } from "../components/Toasts";
import { type ActionResult, submitJson, useSettled } from "../data/actions";
import { TEXT } from "../text";
import { downloadCsv, paymentsCsv } from "./csv";
import { ADMIN_PATH } from "./data";
import type { Payment } from "./types";

/** Whether any dashboard write is under way: the payments table takes one write at a time. */
const useAdminWriting = () => useFetchers().some((f) => f.state !== "idle" && f.formAction === ADMIN_PATH);

/** docs/spec.md §3: completed and pending as they are, refunded as refunded; any other status is shown as failed. */
const shownStatus = (status: string) =>
  status === "completed" || status === "pending" || status === "refunded" ? status : "failed";
const STATUS_BADGE = {
  completed: "badge-active",
  pending: "badge-other",
  refunded: "badge-other",
  failed: "badge-failed",
} as const;

export function PaymentsTab({ payments }: { payments: Payment[] }) {
  const confirm = useConfirm();
  const toast = useToast();
  const clear = useFetcher<ActionResult<unknown>>();
  const writing = useAdminWriting();
  useSettled(clear, (answer) =>
    toast.show(answer.ok ? TEXT.admin.clearedPayments : answer.error, answer.ok ? "success" : "error"),
  );

  const clearAll = async () => {
    if (await confirm(TEXT.confirm.clearPayments, TEXT.adminParts.deleteAll))
      void submitJson(clear, ADMIN_PATH, { intent: "clear-payments" });
  };

  return (
    <div className="stack">
      <div className="spread">
        <h2 className="admin-section-title">{TEXT.adminParts.paymentsTitle}</h2>
        <div className="row">
          <button
            type="button"
            className="btn btn-danger"
            disabled={payments.length === 0 || writing}
            onClick={() => void clearAll()}
          >
            {TEXT.adminParts.clearAll}
          </button>
          <button type="button" className="btn" onClick={() => downloadCsv("payments.csv", paymentsCsv(payments))}>
            {TEXT.admin.exportCsv}
          </button>
        </div>
      </div>
      {payments.length === 0 ? (
        <EmptyState title={TEXT.adminParts.paymentsEmpty} />
      ) : (
        // biome-ignore lint/a11y: focusable so the keyboard can scroll it (axe: scrollable-region-focusable).
        <div className="table-wrap card card-tight" tabIndex={0} role="region" aria-labelledby="payments-caption">
          <table className="admin-table">
            <caption id="payments-caption" className="visually-hidden">
              {TEXT.adminParts.paymentsTitle}
            </caption>
            <thead>
              <tr>
                <th scope="col">{TEXT.adminParts.paymentColumns.user}</th>
                <th scope="col">{TEXT.adminParts.paymentColumns.plan}</th>
                <th scope="col">{TEXT.adminParts.paymentColumns.amount}</th>
                <th scope="col">{TEXT.adminParts.paymentColumns.status}</th>
                <th scope="col">{TEXT.adminParts.paymentColumns.date}</th>
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
                      <span className={`badge ${STATUS_BADGE[status]}`}>{TEXT.adminParts.paymentStatus[status]}</span>
                      {p.failure_reason && status === "failed" && (
                        <span className="payment-reason"> ({p.failure_reason})</span>
                      )}
                      {p.refund_type && status === "refunded" && (
                        <span className="payment-reason"> ({p.refund_type})</span>
                      )}
                      {p.is_test && <span className="badge badge-other payment-test">{TEXT.admin.testPayment}</span>}
                      {p.automatic && (
                        <span className="badge badge-other payment-test" data-testid="payment-automatic">
                          {TEXT.autorenew.automaticMarker}
                        </span>
                      )}
                    </td>
                    <td>{formatDate(p.created_at)}</td>
                    <td className="row">
                      <PaymentActions payment={p} writing={writing} />
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

/**
 * A payment's row actions, each confirmed first: a full refund of a completed payment (the confirmation names the
 * amount), removal.
 */
function PaymentActions({ payment: p, writing }: { payment: Payment; writing: boolean }) {
  const confirm = useConfirm();
  const toast = useToast();
  const refunding = useFetcher<ActionResult<Answer<(typeof api.admin.payments)[":id"]["refund"]["$post"]>>>();
  const removal = useFetcher<ActionResult<unknown>>();
  const failed = (answer: ActionResult<unknown>) => !answer.ok && toast.show(answer.error, "error");
  useSettled(removal, failed);
  useSettled(refunding, (answer) => {
    if (!answer.ok) return failed(answer);
    toast.show(
      TEXT.payments.refunded(
        formatClp(answer.value.refunded_amount_clp ?? p.amount_clp),
        answer.value.refund_type ?? "",
      ),
      "success",
    );
  });

  const refund = async () => {
    const amount = formatClp(p.amount_clp);
    if (await confirm(TEXT.payments.refundConfirm(amount, p.user_email), TEXT.payments.refundConfirmButton(amount)))
      void submitJson(refunding, ADMIN_PATH, { intent: "refund", id: p.id });
  };
  const remove = async () => {
    if (await confirm(TEXT.confirm.deletePayment))
      void submitJson(removal, ADMIN_PATH, { intent: "delete-payment", id: p.id });
  };

  return (
    <>
      {p.status === "completed" && (
        <button
          type="button"
          className="btn btn-sm"
          disabled={writing}
          onClick={() => void refund()}
          aria-label={TEXT.payments.refundLabel(p.id, p.user_email)}
        >
          {TEXT.payments.refund}
        </button>
      )}
      <button
        type="button"
        className="btn btn-sm btn-danger"
        disabled={writing}
        onClick={() => void remove()}
        aria-label={TEXT.adminParts.deletePaymentLabel(p.id, p.user_email)}
      >
        {TEXT.common.delete}
      </button>
    </>
  );
}
