import { formatDateTime } from "../components/format";
import { TEXT } from "../text";

/** "(edited)", with the time on hover. */
export function EditedMark({ at }: { at: string }) {
  const T = TEXT.conversations;
  return (
    <time className="faint item-edited" dateTime={at} title={T.editedAt(formatDateTime(at))}>
      ({T.edited})
    </time>
  );
}
