import { useState, type FormEvent } from "react";
import { LIMITS } from "../../worker/shared/rules";
import { TEXTS } from "../../worker/shared/texts";
import { api, unwrap } from "../api";
import { Modal } from "../components/Modal";
import { Spinner } from "../components/Spinner";
import { CountedTextarea, isValidText } from "./CountedTextarea";
import type { Post } from "./types";

/** 'Share with the community': a post of 1..500 characters. A failure keeps the text (SPEC §8: silent). */
export function NewPostModal({ onClose, onCreated }: { onClose(): void; onCreated(post: Post): void }) {
  const [content, setContent] = useState("");
  const [busy, setBusy] = useState(false);
  const valid = isValidText(content, LIMITS.postMax);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    try {
      const post = await unwrap(api.posts.$post({ json: { content: content.trim() } }));
      onCreated(post);
    } catch {
      setBusy(false);
    }
  };

  return (
    <Modal title={TEXTS.lounge.newPostTitle} onClose={onClose}>
      <form onSubmit={submit}>
        <CountedTextarea
          label="What's on your mind?"
          value={content}
          max={LIMITS.postMax}
          onChange={setContent}
          placeholder="Share a thought, a link, a moment of light..."
          autoFocus
        />
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!valid || busy}>
            {busy ? <Spinner small label="Posting" /> : "Post"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
