import type { MouseEvent, ReactNode } from "react";
import { TEXT } from "../text";
import { Spinner } from "./Spinner";

/**
 * A dialog's buttons: an optional leading action (`start`), Cancel, and the submit button. While
 * `pending` the submit button shows a spinner and refuses presses but stays focusable, so focus does
 * not fall out of the dialog (docs/client.md#dialogs). Without `onSubmit` the button submits its form.
 */
export function ActionRow({
  submitLabel,
  pendingLabel,
  pending = false,
  disabled = false,
  onCancel,
  cancelLabel = TEXT.common.cancel,
  cancelDisabled = false,
  focusCancel = false,
  onSubmit,
  danger = false,
  start,
  describedBy,
}: {
  submitLabel: ReactNode;
  pendingLabel?: string;
  pending?: boolean;
  disabled?: boolean;
  onCancel?: () => void;
  cancelLabel?: string;
  cancelDisabled?: boolean;
  /** Focus Cancel on open (a destructive confirmation). */
  focusCancel?: boolean;
  onSubmit?: () => void;
  danger?: boolean;
  start?: ReactNode;
  describedBy?: string;
}) {
  const press = (e: MouseEvent) => {
    if (pending) return e.preventDefault();
    onSubmit?.();
  };
  return (
    <div className="modal-actions">
      {start && <div className="modal-actions-start">{start}</div>}
      {onCancel && (
        <button
          type="button"
          className="btn"
          onClick={onCancel}
          disabled={cancelDisabled}
          data-autofocus={focusCancel || undefined}
        >
          {cancelLabel}
        </button>
      )}
      <button
        type={onSubmit ? "button" : "submit"}
        className={danger ? "btn btn-danger" : "btn btn-primary"}
        disabled={disabled && !pending}
        aria-disabled={pending || undefined}
        aria-busy={pending || undefined}
        aria-describedby={describedBy}
        onClick={press}
      >
        {pending ? <Spinner small label={pendingLabel ?? TEXT.common.working} /> : submitLabel}
      </button>
    </div>
  );
}
