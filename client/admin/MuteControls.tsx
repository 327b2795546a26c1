import { type FormEvent, useId, useState } from "react";
import { useFetcher } from "react-router";
import { MODERATION } from "../../worker/shared/rules";
import { ActionRow } from "../components/ActionRow";
import { FormError } from "../components/FormError";
import { Modal } from "../components/Modal";
import { useToast } from "../components/Toasts";
import { type ActionResult, submitJson, useSettled } from "../data/actions";
import { formatMutedUntil } from "../moderation/MutedBanner";
import { TEXT } from "../text";
import { ADMIN_PATH } from "./data";
import type { Member } from "./types";

type MuteAnswer = ActionResult<{ muted_until: string | null }>;

const untilText = (iso: string) => formatMutedUntil(new Date(iso), null);

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

function MuteModal({ member, who, onClose }: { member: Member; who: string; onClose(): void }) {
  const [hours, setHours] = useState("24");
  const mute = useFetcher<MuteAnswer>();
  const toast = useToast();
  const ids = { intro: useId(), hours: useId(), hint: useId() };
  const value = Number(hours);
  const valid = Number.isInteger(value) && value >= 1 && value <= MODERATION.muteHoursMax;
  const busy = mute.state !== "idle";
  useSettled(mute, (answer) => {
    if (!answer.ok) return;
    if (answer.value.muted_until)
      toast.show(TEXT.moderating.mutedToast(who, untilText(answer.value.muted_until)), "success");
    onClose();
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid && !busy) void submitJson(mute, ADMIN_PATH, { intent: "mute", id: member.id, hours: value });
  };
  return (
    <Modal title={TEXT.moderating.muteTitle(who)} onClose={onClose} describedBy={ids.intro}>
      <form onSubmit={submit}>
        <p id={ids.intro} className="muted">
          {TEXT.moderating.muteIntro}
        </p>
        <div className="field">
          <label htmlFor={ids.hours}>{TEXT.moderating.muteHours}</label>
          <input
            id={ids.hours}
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            max={MODERATION.muteHoursMax}
            step={1}
            required
            value={hours}
            aria-describedby={ids.hint}
            aria-invalid={!valid || undefined}
            onChange={(e) => setHours(e.target.value)}
          />
          <span id={ids.hint} className="faint">
            {TEXT.moderating.muteHoursHint(MODERATION.muteHoursMax)}
          </span>
        </div>
        <FormError error={mute.data?.ok === false ? mute.data.error : null} />
        <ActionRow
          onCancel={onClose}
          submitLabel={TEXT.moderating.mute}
          pendingLabel={TEXT.moderating.muting}
          pending={busy}
          disabled={!valid}
        />
      </form>
    </Modal>
  );
}
