import { useCallback, useEffect, useState, type FormEvent } from "react";
import { DEFAULT_NAME, LIMITS } from "../../worker/shared/rules";
import { api, unwrap } from "../api";
import { Avatar } from "../components/Avatar";
import { relativeTime } from "../components/format";
import { LinkifiedText } from "../components/LinkifiedText";
import { Modal } from "../components/Modal";
import { Spinner } from "../components/Spinner";
import { ErrorState } from "../components/States";
import { AuthorBadges } from "./AuthorBadges";
import { CountedTextarea, isValidText } from "./CountedTextarea";
import { cut } from "./text";
import type { Comment, Post } from "./types";



/** The comments of a post: a preview of the post (150 characters), the list, and a 300-character form. */
export function CommentsModal({ post, onClose, onAdded }: { post: Post; onClose(): void; onAdded(): void }) {
  const [comments, setComments] = useState<Comment[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [content, setContent] = useState("");
  const [busy, setBusy] = useState(false);
  const valid = isValidText(content, LIMITS.commentMax);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setComments(await unwrap(api.posts[":id"].comments.$get({ param: { id: String(post.id) } })));
    } catch {
      setFailed(true);
    }
  }, [post.id]);

  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    try {
      const comment = await unwrap(api.posts[":id"].comments.$post({ param: { id: String(post.id) }, json: { content: content.trim() } }));
      setComments((list) => [...(list ?? []), comment]);
      setContent("");
      onAdded();
    } catch {
      // SPEC §8: comments silently do nothing on failure; the text stays in the form.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Comments" onClose={onClose} wide>
      <blockquote className="comment-preview" aria-label="Post preview">
        {cut(post.content, LIMITS.commentPreviewMax)}
      </blockquote>
      <div className="comment-list" aria-live="polite">
        {failed ? (
          <ErrorState text="Could not load comments." onRetry={load} />
        ) : comments === null ? (
          <div className="state"><Spinner label="Loading comments" /></div>
        ) : comments.length === 0 ? (
          <p className="muted">No comments yet. Be the first to share your light.</p>
        ) : (
          <ul className="comments" aria-label="Comments">
            {comments.map((c) => (
              <li key={c.id} className="comment">
                <Avatar src={c.author_avatar} name={c.author_name || DEFAULT_NAME} size={32} />
                <div className="comment-body">
                  <div className="row comment-head">
                    <strong>{c.author_name || DEFAULT_NAME}</strong>
                    <AuthorBadges role={c.author_role} />
                    <time className="faint" dateTime={c.created_at}>{relativeTime(c.created_at)}</time>
                  </div>
                  <p className="comment-text"><LinkifiedText text={c.content} /></p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <form onSubmit={submit}>
        <CountedTextarea label="Add a comment" value={content} max={LIMITS.commentMax} onChange={setContent} rows={3} />
        <div className="modal-actions">
          <button type="submit" className="btn btn-primary" disabled={!valid || busy}>
            {busy ? <Spinner small label="Sending comment" /> : "Comment"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
