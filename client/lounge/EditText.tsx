import { useState } from "react";
import { TEXT } from "../text";
import { CountedTextarea, isValidText } from "./CountedTextarea";

/**
 * Editing a post or comment in place: the same counter and limit as writing it; Escape or
 * Cancel leaves it as it was.
 */
export function EditText({
  label,
  text,
  max,
  saving,
  onSave,
  onCancel,
}: {
  label: string;
  text: string;
  max: number;
  saving: boolean;
  onSave(text: string): void;
  onCancel(): void;
}) {
  const [value, setValue] = useState(text);
  const T = TEXT.conversations;
  return (
    <form
      className="item-edit"
      onSubmit={(e) => {
        e.preventDefault();
        if (isValidText(value, max) && !saving) onSave(value.trim());
      }}
      onKeyDown={(e) => e.key === "Escape" && onCancel()}
    >
      <CountedTextarea
        label={label}
        value={value}
        max={max}
        onChange={setValue}
        rows={3}
        // The member asked to edit this text: the caret belongs in it.
        inputProps={{ autoFocus: true }}
      />
      <div className="item-edit-buttons">
        <button type="button" className="btn btn-sm" onClick={onCancel}>
          {T.cancel}
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={saving || !isValidText(value, max)}>
          {T.save}
        </button>
      </div>
    </form>
  );
}
