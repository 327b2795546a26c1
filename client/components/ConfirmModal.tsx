// The confirmation dialog of ConfirmProvider (ConfirmDialog.tsx), loaded on the first confirm().
import { TEXT } from "../text";
import { ActionRow } from "./ActionRow";
import { Modal } from "./Modal";

type Props = { text: string; confirmLabel?: string; onSettle(ok: boolean): void };

export default function ConfirmModal({ text, confirmLabel, onSettle }: Props) {
  return (
    <Modal title={TEXT.common.pleaseConfirm} onClose={() => onSettle(false)} describedBy="confirm-text">
      <p id="confirm-text">{text}</p>
      <ActionRow
        onCancel={() => onSettle(false)}
        focusCancel
        danger
        submitLabel={confirmLabel ?? TEXT.common.delete}
        onSubmit={() => onSettle(true)}
      />
    </Modal>
  );
}
