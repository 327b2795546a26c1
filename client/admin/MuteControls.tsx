import { useState } from "react";
import { useFetcher } from "react-router";
import { onDemand } from "../components/on-demand";
import { useToast } from "../components/Toasts";
import { type ActionResult, submitJson, useSettled } from "../data/actions";
import { formatMutedUntil } from "../moderation/mute";
import { TEXT } from "../text";
import { ADMIN_PATH } from "./data";
import type { Member } from "./types";

export type MuteAnswer = ActionResult<{ muted_until: string | null }>;

export const untilText = (iso: string) => formatMutedUntil(new Date(iso), null);

// The mute dialog loads its code and words when an admin opens it.
const MuteModal = onDemand(() => import("./MuteModal").then((m) => m.MuteModal), ["adminTabs"]);

/** Mute (for some hours) or unmute one member from the Members tab (issue 20); admins cannot be muted. */
export function MuteControls({ member }: { member: Member }) {
  const [open, setOpen] = useState(false);
  const unmute = useFetcher<MuteAnswer>();
  const toast = useToast();
  const who = member.name || member.email;
  useSettled(unmute, (answer) =>
    toast.show(answer.ok ? TEXT.moderating.unmutedToast(who) : answer.error, answer.ok ? "success" : "error"),
  );

  if (member.role === "admin") return null;
  return (
    <>
      {member.muted_until ? (
        <>
          <span className="badge badge-other">{TEXT.moderating.mutedBadge(untilText(member.muted_until))}</span>
          <button
            type="button"
            className="btn btn-sm"
            disabled={unmute.state !== "idle"}
            aria-label={TEXT.moderating.unmuteLabel(member.email)}
            onClick={() => void submitJson(unmute, ADMIN_PATH, { intent: "unmute", id: member.id })}
          >
            {TEXT.moderating.unmute}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn btn-sm"
          aria-label={TEXT.moderating.muteLabel(member.email)}
          onClick={() => setOpen(true)}
        >
          {TEXT.moderating.mute}
        </button>
      )}
      {/* Stays mounted while the dashboard reloads with the member now muted, to hear its answer. */}
      {open && <MuteModal member={member} who={who} onClose={() => setOpen(false)} />}
    </>
  );
}
