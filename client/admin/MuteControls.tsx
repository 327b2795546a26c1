import { useState } from "react";
import { useFetcher } from "react-router";
import { onDemand } from "../components/on-demand";
import { useToast } from "../components/Toasts";
import { submitJson, useSettled } from "../data/actions";
import { TEXT } from "../text";
import { ADMIN_PATH } from "./data";
import { type MuteAnswer, untilText } from "./mute-answer";
import type { Member } from "./types";

// The mute dialog loads its code and words when an admin opens it.
const MuteModal = onDemand(() => import("./MuteModal").then((m) => m.MuteModal), ["adminTabs"]);

/** Mute (for some hours) or unmute one member from the Members tab; admins cannot be muted. */
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
