import { useMutedText } from "./mute";
import "./moderation.css";

/** The header's banner for a muted member: until when, and what they can still do. */
export function MutedBanner() {
  const text = useMutedText();
  if (!text) return null;
  return (
    <p className="alert alert-info muted-banner" role="status" data-testid="muted-banner">
      {text}
    </p>
  );
}
