import { type KeyboardEvent, useLayoutEffect, useRef, useState } from "react";
import { LIMITS } from "../../worker/shared/rules";
import { errorText } from "../api";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { useToast } from "../components/Toasts";
import { useMentions } from "../mentions/useMentions";
import { TEXT } from "../text";

export const COMPOSER_MAX_HEIGHT_PX = 100;

/** docs/spec.md §5 chat image rules, checked before anything is sent; returns the error text or null. */
export function checkChatImage(file: File): string | null {
  if (!file.type.startsWith("image/")) return TEXT.chat.imageTypeInvalid;
  if (file.size > LIMITS.chatImageMaxBytes) return TEXT.chat.imageTooLarge;
  return null;
}

/**
 * The message composer: Enter sends, Shift+Enter adds a newline, it grows up to 100px, messages queue in the
 * order typed, and the text comes back if the server refuses it. The image button checks the
 * file before uploading it.
 */
export function Composer({
  label,
  groupId,
  onSend,
  onImage,
  mutedText,
  replyingTo,
  onCancelReply,
}: {
  /** The name of the member whose message the next send answers (chosen from its menu), and how to let it go. */
  replyingTo?: string | null;
  onCancelReply?: () => void;
  /** The text field's label and placeholder ("Message #general", "Message Ana"). */
  label: string;
  /** The channel: @mention suggestions are the members who may read it. */
  groupId?: number;
  onSend: (body: string) => Promise<void>;
  onImage: (file: File) => Promise<void>;
  /** Set while the member is muted: everything is disabled and this says until when. */
  mutedText?: string | null;
}) {
  const toast = useToast();
  const [text, setText] = useState("");
  const [uploading, setUploading] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const mention = useMentions({ value: text, setValue: setText, textarea, groupId });

  // biome-ignore lint/correctness/useExhaustiveDependencies(text): measured again as the text changes.
  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, COMPOSER_MAX_HEIGHT_PX)}px`;
    el.style.overflowY = el.scrollHeight > COMPOSER_MAX_HEIGHT_PX ? "auto" : "hidden";
  }, [text]);

  // A message goes to the channel's outbox at once (onSend), and the composer is free for the next: messages go out
  // in the order they were typed. A send the server refused gives its text back (unless the member already started
  // a new one) with the server's reason.
  const send = () => {
    const body = text.trim();
    if (!body) return;
    setText("");
    const sent = onSend(mention.encode(body));
    mention.reset();
    textarea.current?.focus();
    sent.catch((err) => {
      setText((current) => (current ? current : text));
      toast.show(errorText(err, TEXT.chat.sendFailed), "error");
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  const pickImage = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = "";
    if (!file) return;
    const problem = checkChatImage(file);
    if (problem) return toast.show(problem, "error");
    setUploading(true);
    try {
      await onImage(file);
    } catch (err) {
      toast.show(errorText(err, TEXT.chat.imageUploadFailed), "error");
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      {replyingTo && (
        <div className="reply-bar">
          <span>{TEXT.conversations.replyingTo(replyingTo)}</span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={TEXT.conversations.cancelReply}
            onClick={onCancelReply}
          >
            <Icon shape={ICON_SHAPES.close} size={14} />
          </button>
        </div>
      )}
      <form
        className="chat-composer mention-anchor"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          aria-hidden="true"
          tabIndex={-1}
          data-testid="chat-image-input"
          onChange={(e) => void pickImage(e.target.files?.[0])}
        />
        {mutedText && (
          <p id="chat-composer-muted" className="alert alert-info composer-muted">
            {mutedText}
          </p>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-icon"
          aria-label={TEXT.chat.uploadImage}
          title={TEXT.chat.uploadImage}
          disabled={uploading || !!mutedText}
          onClick={() => fileInput.current?.click()}
        >
          {uploading ? "…" : <Icon shape={ICON_SHAPES.image} size={20} />}
        </button>
        <label htmlFor="chat-composer-input" className="visually-hidden">
          {label}
        </label>
        <textarea
          id="chat-composer-input"
          ref={textarea}
          className="textarea chat-composer-input"
          rows={1}
          maxLength={LIMITS.chatMessageMax}
          placeholder={label}
          value={text}
          disabled={!!mutedText}
          aria-describedby={mutedText ? "chat-composer-muted" : undefined}
          {...mention.inputProps}
          onChange={(e) => {
            setText(e.target.value);
            mention.follow(e.currentTarget);
          }}
          onKeyDown={(e) => {
            mention.inputProps.onKeyDown(e);
            if (!e.defaultPrevented) onKeyDown(e);
          }}
        />
        {mention.list}
        <button type="submit" className="btn btn-primary" disabled={!text.trim() || !!mutedText}>
          {TEXT.chat.send}
        </button>
      </form>
    </>
  );
}
