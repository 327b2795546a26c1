// A muted member can read but not post, comment or chat: 403 with the time in the message
// (in their own time zone when they set one) and `muted_until` for the client's banner.

import { createMiddleware } from "hono/factory";
import type { AppEnv, SessionUser } from "../env";
import { errorText } from "../shared/texts";
import { ApiError, unauthorized } from "./errors";

export function formatMutedUntil(until: Date, timeZone: string | null) {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: timeZone ?? "UTC",
    timeZoneName: "short",
  }).format(until);
}

/** The 403 while the member's mute is in force at `now`. */
export function unmutedOr403(user: Pick<SessionUser, "mutedUntil" | "timezone">, now = Date.now()) {
  if (user.mutedUntil && user.mutedUntil.getTime() > now) {
    throw new ApiError(
      403,
      errorText("account_muted", formatMutedUntil(user.mutedUntil, user.timezone)),
      undefined,
      undefined,
      {
        muted_until: user.mutedUntil.toISOString(),
      },
    );
  }
}

/** After requireUser: refuses the write while the caller's mute is in force. */
export const requireUnmuted = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.var.user;
  if (!user) throw unauthorized();
  unmutedOr403(user);
  await next();
});
