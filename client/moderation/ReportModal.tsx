import { type FormEvent, useId, useState } from "react";
import { useFetcher } from "react-router";
import { MODERATION, REPORT_REASONS, type ReportKind, type ReportReason } from "../../worker/shared/rules";
import { ActionRow } from "../components/ActionRow";
import { FormError } from "../components/FormError";
import { Modal } from "../components/Modal";
import { useToast } from "../components/Toasts";
import { type ActionResult, submitJson, useSettled } from "../data/actions";
import { REPORT_PATH } from "../data-paths";
import { CountedTextarea } from "../lounge/CountedTextarea";
import { TEXT } from "../text";
import type { reportAction } from "./data";
import "./moderation.css";

/**
 * Reports a post, comment or chat message: a reason and optional details. A sent report (or one this
 * member had already sent) closes the dialog with a toast; any other failure stays in the dialog.
 */
export function ReportModal({ kind, id, onClose }: { kind: ReportKind; id: number; onClose(): void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const send = useFetcher<Awaited<ReturnType<typeof reportAction>>>();
  const toast = useToast();
  const busy = send.state !== "idle";
  const introId = useId();
  const valid = reason !== null && details.trim().length <= MODERATION.reportDetailsMax;
  useSettled(send, (answer: ActionResult<{ alreadyReported: boolean }>) => {
    if (!answer.ok) return;
    toast.show(
      answer.value.alreadyReported ? TEXT.reportDialog.alreadyReported : TEXT.reportDialog.reportSent,
      "success",
    );
    onClose();
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid && !busy) void submitJson(send, REPORT_PATH, { kind, id, reason, details });
  };

  return (
    <Modal title={TEXT.reportDialog.reportTitle[kind]} onClose={onClose} describedBy={introId}>
      <form onSubmit={submit} className="stack">
        <p id={introId} className="muted">
          {TEXT.reportDialog.reportIntro}
        </p>
        <fieldset className="field report-reasons">
          <legend>{TEXT.reportDialog.reasonLegend}</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r} className="report-reason">
              <input
                type="radio"
                name="reason"
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
                required
              />
              {TEXT.reportDialog.reasonOptions[r]}
            </label>
          ))}
        </fieldset>
        <CountedTextarea
          label={TEXT.reportDialog.detailsLabel}
          value={details}
          max={MODERATION.reportDetailsMax}
          onChange={setDetails}
          rows={3}
        />
        <FormError error={send.data?.ok === false ? send.data.error : null} />
        <ActionRow
          onCancel={onClose}
          submitLabel={TEXT.reportDialog.sendReport}
          pendingLabel={TEXT.reportDialog.sendingReport}
          pending={busy}
          disabled={!valid}
        />
      </form>
    </Modal>
  );
}
