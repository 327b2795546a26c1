// A member's mute as the screens show it: until when, in their time zone, and the text while it lasts.
import { useEffect, useState } from "react";
import { formatDateTime } from "../components/format";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";

/** setTimeout's longest delay (about 24.8 days); a longer mute re-checks when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The end of the mute in the active language, in the member's time zone when they set one (as the server's 403 says
 * it).
 */
export const formatMutedUntil = (until: Date, timeZone: string | null) => formatDateTime(until, timeZone);

/**
 * The member's mute: the "you are muted until …" text while it lasts, else null. It ends by
 * itself at its time (a timer re-renders then), as the server's does.
 */
export function useMutedText(): string | null {
  const { user } = useSession();
  const untilMs = user?.muted_until ? new Date(user.muted_until).getTime() : 0;
  const [tick, setTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies(tick): each tick arms the next timer (long mutes).
  useEffect(() => {
    const remaining = untilMs - Date.now();
    if (remaining <= 0) return;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.min(remaining + 50, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [untilMs, tick]);
  return untilMs > Date.now()
    ? TEXT.moderation.muted(formatMutedUntil(new Date(untilMs), user?.timezone ?? null))
    : null;
}
