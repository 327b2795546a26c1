import { useEffect, useRef, useState } from "react";
import { SHARE_POPUP } from "../../worker/shared/export-rules";
import { mentionsAsText } from "../../worker/shared/mentions";
import { LIMITS, TIMING } from "../../worker/shared/rules";
import { TextField } from "../components/Field";
import { Modal } from "../components/Modal";
import { TEXT } from "../text";
import { cut } from "./truncate";
import type { Post } from "./types";

export const postLink = (id: number) => `${location.origin}/app/lounge#post-${id}`;

/** Share links of the social networks for a post (text cut at 100 characters). */
export function shareTargets(link: string, content: string) {
  const text = cut(content, LIMITS.shareTextMax);
  const u = encodeURIComponent(link);
  const t = encodeURIComponent(text);
  return [
    { name: "Facebook", url: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: "X", url: `https://x.com/intent/tweet?text=${t}&url=${u}` },
    { name: "WhatsApp", url: `https://wa.me/?text=${encodeURIComponent(`${text} ${link}`)}` },
    { name: "LinkedIn", url: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}

/** Share post: social network popups (600x400) and copy link with a 2-second 'Copied!'. */
export function ShareModal({ post, onClose }: { post: Post; onClose(): void }) {
  const link = postLink(post.id);
  const [copied, setCopied] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const open = (url: string) => {
    const { width, height } = SHARE_POPUP;
    window.open(url, "_blank", `width=${width},height=${height},noopener,noreferrer`);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // No clipboard access: select the link so it can be copied by hand.
      inputRef.current?.select();
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), TIMING.copyConfirmationMs);
  };

  return (
    <Modal title={TEXT.loungeDialogs.shareTitle} onClose={onClose}>
      <p className="muted share-text">{cut(mentionsAsText(post.content), LIMITS.shareTextMax)}</p>
      <div className="share-grid">
        {shareTargets(link, mentionsAsText(post.content)).map((target) => (
          <button key={target.name} type="button" className="btn" onClick={() => open(target.url)}>
            {TEXT.loungeDialogs.shareOn(target.name)}
          </button>
        ))}
      </div>
      <TextField
        label={TEXT.loungeDialogs.postLink}
        fieldClass="share-link"
        ref={inputRef}
        value={link}
        readOnly
        onFocus={(e) => e.target.select()}
        addon={
          <button type="button" className="btn btn-primary" onClick={copy}>
            {copied ? TEXT.lounge.copied : TEXT.loungeDialogs.copyLink}
          </button>
        }
        after={
          <span role="status" className="visually-hidden">
            {copied ? TEXT.lounge.copied : ""}
          </span>
        }
      />
    </Modal>
  );
}
