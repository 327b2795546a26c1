// What the Members tab's mute controls and the mute dialog both show of a mute: the action's answer and
// its end as text. Apart from both, so the dialog (loaded on demand) imports nothing back from the controls.
import type { ActionResult } from "../data/actions";
import { formatMutedUntil } from "../moderation/mute";

/** The admin action's answer to a mute or an unmute. */
export type MuteAnswer = ActionResult<{ muted_until: string | null }>;

/** A mute's end in the active language, in the admin's browser's time zone. */
export const untilText = (iso: string) => formatMutedUntil(new Date(iso), null);
