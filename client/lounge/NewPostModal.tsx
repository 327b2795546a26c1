import { type FormEvent, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { LIMITS } from "../../worker/shared/rules";
import { ActionRow } from "../components/ActionRow";
import { Modal } from "../components/Modal";
import { type ActionResult, submitJson, useSettled } from "../data/actions";
import { useMentions } from "../mentions/useMentions";
import { useMutedText } from "../moderation/mute";
import { TEXT } from "../text";
import { CountedTextarea, isValidText } from "./CountedTextarea";
import { LOUNGE_PATH } from "./data";

/** 'Share with the community': a post of 1..500 characters. A failure keeps the text (docs/spec.md §8: silent). */
export function NewPostModal({ onClose }: { onClose(): void }) {
  const [content, setContent] = useState("");
  const area = useRef<HTMLTextAreaElement>(null);
  const mention = useMentions({ value: content, setValue: setContent, textarea: area });
  const create = useFetcher<ActionResult<unknown>>();
  const mutedText = useMutedText();
  const busy = create.state !== "idle";
  const valid = isValidText(content, LIMITS.postMax);
  useSettled(create, (answer) => {
    if (!answer.ok) return;
    onClose();
    // A first post is a meaningful moment to offer push (until answered on this browser).
    void import("../notifications/push").then(({ offerPush }) => offerPush());
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid && !busy)
      void submitJson(create, LOUNGE_PATH, { intent: "create-post", content: mention.encode(content.trim()) });
  };

  return (
    <Modal title={TEXT.lounge.newPostTitle} onClose={onClose}>
      <form onSubmit={submit}>
        {mutedText && <p className="alert alert-info composer-muted">{mutedText}</p>}
        <CountedTextarea
          ref={area}
          disabled={!!mutedText}
          label={TEXT.loungeDialogs.postLabel}
          value={content}
          max={LIMITS.postMax}
          onChange={(value) => {
            setContent(value);
            if (area.current) mention.follow(area.current);
          }}
          placeholder={TEXT.loungeDialogs.postPlaceholder}
          inputProps={mention.inputProps}
        >
          {mention.list}
        </CountedTextarea>
        <ActionRow
          onCancel={onClose}
          submitLabel={TEXT.loungeDialogs.post}
          pendingLabel={TEXT.loungeDialogs.posting}
          pending={busy}
          disabled={!valid || !!mutedText}
        />
      </form>
    </Modal>
  );
}
