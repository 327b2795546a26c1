// The mute dialog of the Members tab: how many hours, loaded when an admin opens it (MuteControls).
import { type FormEvent, useId, useState } from "react";
import { useFetcher } from "react-router";
import { MODERATION } from "../../worker/shared/rules";
import { ActionRow } from "../components/ActionRow";
import { TextField } from "../components/Field";
import { FormError } from "../components/FormError";
import { Modal } from "../components/Modal";
import { useToast } from "../components/Toasts";
import { submitJson, useSettled } from "../data/actions";
import { TEXT } from "../text";
import { ADMIN_PATH } from "./data";
import { type MuteAnswer, untilText } from "./mute-answer";
import type { Member } from "./types";

export function MuteModal({ member, who, onClose }: { member: Member; who: string; onClose(): void }) {
  const [hours, setHours] = useState("24");
  const mute = useFetcher<MuteAnswer>();
  const toast = useToast();
  const introId = useId();
  const value = Number(hours);
  const valid = Number.isInteger(value) && value >= 1 && value <= MODERATION.muteHoursMax;
  const busy = mute.state !== "idle";
  useSettled(mute, (answer) => {
    if (!answer.ok) return;
    if (answer.value.muted_until)
      toast.show(TEXT.moderatingParts.mutedToast(who, untilText(answer.value.muted_until)), "success");
    onClose();
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid && !busy) void submitJson(mute, ADMIN_PATH, { intent: "mute", id: member.id, hours: value });
  };
  return (
    <Modal title={TEXT.moderatingParts.muteTitle(who)} onClose={onClose} describedBy={introId}>
      <form onSubmit={submit}>
        <p id={introId} className="muted">
          {TEXT.moderatingParts.muteIntro}
        </p>
        <TextField
          label={TEXT.moderatingParts.muteHours}
          hint={TEXT.moderatingParts.muteHoursHint(MODERATION.muteHoursMax)}
          hintClass="faint"
          invalid={!valid}
          type="number"
          inputMode="numeric"
          min={1}
          max={MODERATION.muteHoursMax}
          step={1}
          required
          value={hours}
          onChange={(e) => setHours(e.target.value)}
        />
        <FormError error={mute.data?.ok === false ? mute.data.error : null} />
        <ActionRow
          onCancel={onClose}
          submitLabel={TEXT.moderating.mute}
          pendingLabel={TEXT.moderatingParts.muting}
          pending={busy}
          disabled={!valid}
        />
      </form>
    </Modal>
  );
}
