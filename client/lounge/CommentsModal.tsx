import { useEffect, useState, type FormEvent } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";
import { DEFAULT_NAME, LIMITS } from "../../worker/shared/rules";
import { Avatar } from "../components/Avatar";
import { relativeTime } from "../components/format";
import { LinkifiedText } from "../components/LinkifiedText";
import { Modal } from "../components/Modal";
import { Spinner } from "../components/Spinner";
import { ErrorState } from "../components/States";
import { submitJson, useSettled, type ActionResult } from "../data/actions";
import type { PageResult } from "../data/pages";
import { TEXT } from "../text";
import { AuthorBadges } from "./AuthorBadges";
import { CountedTextarea, isValidText } from "./CountedTextarea";
import { commentsPath, LOUNGE_PATH } from "./data";
import { cut } from "./text";
import type { Comment, Post } from "./types";

/**
 * The comments of a post: a preview of the post (150 characters), the list (loaded by the fetcher the
 * opener started), and a 300-character form. After a comment the router reloads the list and the feed.
 */
export function CommentsModal({ post, comments, highlight, onClose }: { post: Post; comments: FetcherWithComponents<PageResult<Comment>>; highlight?: number; onClose(): void }) {
  const [content, setContent] = useState("");
  const send = useFetcher<ActionResult<unknown>>();
  const busy = send.state !== "idle";
  const valid = isValidText(content, LIMITS.commentMax);
  // docs/spec.md §8: comments silently do nothing on failure; the text stays in the form.
  useSettled(send, (answer) => answer.ok && setContent(""));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid && !busy) void submitJson(send, LOUNGE_PATH, { intent: "comment", id: post.id, content: content.trim() });
  };
  const list = comments.data;
  // A linked comment (?comment=ID) is scrolled to and marked once the list is there.
  useEffect(() => {
    if (highlight && list?.ok) document.getElementById(`comment-${highlight}`)?.scrollIntoView?.({ block: "center" });
  }, [highlight, list]);

  return (
    <Modal title={TEXT.lounge.commentsTitle} onClose={onClose} wide>
      <blockquote className="comment-preview" aria-label={TEXT.lounge.postPreview}>
        {cut(post.content, LIMITS.commentPreviewMax)}
      </blockquote>
      <div className="comment-list" aria-live="polite">
        {list?.ok === false ? (
          <ErrorState text={TEXT.lounge.commentsFailed} busy={comments.state === "loading"} onRetry={() => void comments.load(commentsPath(post.id))} />
        ) : !list ? (
          <div className="state"><Spinner label={TEXT.lounge.loadingComments} /></div>
        ) : list.items.length === 0 ? (
          <p className="muted">{TEXT.lounge.noComments}</p>
        ) : (
          <ul className="comments" aria-label={TEXT.lounge.commentsTitle}>
            {list.items.map((c) => (
              <li key={c.id} id={`comment-${c.id}`} className={c.id === highlight ? "comment linked" : "comment"}>
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
        <CountedTextarea label={TEXT.lounge.commentLabel} value={content} max={LIMITS.commentMax} onChange={setContent} rows={3} />
        <div className="modal-actions">
          <button type="submit" className="btn btn-primary" disabled={!valid || busy}>
            {busy ? <Spinner small label={TEXT.lounge.sendingComment} /> : TEXT.lounge.comment}
          </button>
        </div>
      </form>
    </Modal>
  );
}
