// A message's edit form (MessageList), loaded when its author chooses Edit.
import { useState } from "react";
import type { MessageDto } from "../../worker/shared/chat-wire";
import { LIMITS } from "../../worker/shared/rules";
import { errorText } from "../api";
import { useToast } from "../components/Toasts";
import { TEXT } from "../text";
import type { MessageActions } from "./message-actions";

export function MessageEditForm({
  message,
  onSave,
  onDone,
}: {
  message: MessageDto;
  onSave: MessageActions["onEdit"];
  onDone(): void;
}) {
  const [text, setText] = useState(message.body);
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const T = TEXT.conversations;
  return (
    <form
      className="message-edit"
      onSubmit={async (e) => {
        e.preventDefault();
        setSaving(true);
        try {
          await onSave(message.id, text);
          onDone();
        } catch (err) {
          toast.show(errorText(err, T.editFailed), "error");
          setSaving(false);
        }
      }}
    >
      <textarea
        aria-label={T.editLabel}
        value={text}
        maxLength={LIMITS.chatMessageMax}
        // biome-ignore lint/a11y/noAutofocus: the member asked to edit this message; the caret belongs in it.
        autoFocus
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === "Escape" && onDone()}
      />
      <div className="message-edit-buttons">
        <button type="button" className="btn btn-sm" onClick={onDone}>
          {T.cancel}
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={saving || !text.trim()}>
          {T.save}
        </button>
      </div>
    </form>
  );
}
