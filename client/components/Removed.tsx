// Shared by the lounge and the chat, so it sits in the app shell (no chunk of its own on a first load).
import type { ReportReason } from "../../worker/shared/rules";
import { TEXT } from "../text";

/**
 * What a post, comment or message a moderator hid shows in its place: the same words for everyone,
 * and the reason for its author only (the server sends `hidden_reason` to the author alone).
 */
export function Removed({ reason, className = "" }: { reason: ReportReason | null; className?: string }) {
  return (
    <p className={`removed-content ${className}`.trim()} data-testid="removed-content">
      <em>{reason ? TEXT.moderation.removedReason(TEXT.moderation.reasonLabels[reason]) : TEXT.moderation.removed}</em>
    </p>
  );
}
