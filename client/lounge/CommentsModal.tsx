import { type FormEvent, useEffect, useRef, useState } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import { mentionsAsText } from "../../worker/shared/mentions";
import { DEFAULT_NAME, LIMITS } from "../../worker/shared/rules";
import { ActionRow } from "../components/ActionRow";
import { Avatar } from "../components/Avatar";
import { relativeTime } from "../components/format";
import { Icon } from "../components/Icon";
import { LazyReportModal } from "../components/LazyReportModal";
import { LinkifiedText } from "../components/LinkifiedText";
import { Modal } from "../components/Modal";
import { Removed } from "../components/Removed";
import { Spinner } from "../components/Spinner";
import { ErrorState } from "../components/States";
import { type ActionResult, submitJson, useSettled } from "../data/actions";
import type { PageResult } from "../data/pages";
import { BlockedCollapse } from "../direct/BlockedCollapse";
import { MemberMenu } from "../direct/MemberMenu";
import { useMutedText } from "../moderation/MutedBanner";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";
import { AuthorBadges } from "./AuthorBadges";
import { CountedTextarea, isValidText } from "./CountedTextarea";
import { commentsPath, LOUNGE_PATH } from "./data";
import { cut } from "./truncate";
import type { Comment, Post } from "./types";

/**
 * The comments of a post: a preview of the post (150 characters), the list (loaded by the fetcher the
 * opener started), and a 300-character form. After a comment the router reloads the list and the feed.
 */
export function CommentsModal({
  post,
  comments,
  highlight,
  onClose,
}: {
  post: Post;
  comments: FetcherWithComponents<PageResult<Comment>>;
  highlight?: number;
  onClose(): void;
}) {
  const [content, setContent] = useState("");
  const [reporting, setReporting] = useState<number | null>(null);
  const { user } = useSession();
  const send = useFetcher<ActionResult<unknown>>();
  const mutedText = useMutedText();
  const busy = send.state !== "idle";
  const valid = isValidText(content, LIMITS.commentMax);
  const field = useRef<HTMLTextAreaElement>(null);
  // docs/spec.md §8: comments silently do nothing on failure; the text stays in the form. After a
  // comment the emptied form disables its button: focus goes back to the field, inside the dialog.
  useSettled(send, (answer) => {
    if (!answer.ok) return;
    setContent("");
    field.current?.focus();
  });

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
        {cut(mentionsAsText(post.content), LIMITS.commentPreviewMax)}
      </blockquote>
      <div className="comment-list" aria-live="polite">
        {list?.ok === false ? (
          <ErrorState
            text={TEXT.lounge.commentsFailed}
            busy={comments.state === "loading"}
            onRetry={() => void comments.load(commentsPath(post.id))}
          />
        ) : !list ? (
          <div className="state">
            <Spinner label={TEXT.lounge.loadingComments} />
          </div>
        ) : list.items.length === 0 ? (
          <p className="muted">{TEXT.lounge.noComments}</p>
        ) : (
          <ul className="comments" aria-label={TEXT.lounge.commentsTitle}>
            {list.items.map((c) => (
              <li key={c.id} id={`comment-${c.id}`} className={c.id === highlight ? "comment linked" : "comment"}>
                <BlockedCollapse blocked={c.author_blocked}>
                  <Avatar src={c.author_avatar} name={c.author_name || DEFAULT_NAME} size={32} />
                  <div className="comment-body">
                    <div className="row comment-head">
                      <strong>
                        <MemberMenu userId={c.author_id} name={c.author_name || DEFAULT_NAME} />
                      </strong>
                      <AuthorBadges role={c.author_role} />
                      <time className="faint" dateTime={c.created_at}>
                        {relativeTime(c.created_at)}
                      </time>
                      {c.author_id !== user?.id && !c.hidden && (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm report-button"
                          aria-label={TEXT.moderation.reportComment(c.author_name || DEFAULT_NAME)}
                          onClick={() => setReporting(c.id)}
                        >
                          <Icon name="flag" size={14} /> {TEXT.moderation.report}
                        </button>
                      )}
                    </div>
                    {c.hidden ? (
                      <Removed reason={c.hidden_reason} className="comment-text" />
                    ) : (
                      <p className="comment-text">
                        <LinkifiedText text={c.content} />
                      </p>
                    )}
                  </div>
                </BlockedCollapse>
              </li>
            ))}
          </ul>
        )}
      </div>
      <form onSubmit={submit}>
        {mutedText && <p className="alert alert-info composer-muted">{mutedText}</p>}
        <CountedTextarea
          ref={field}
          disabled={!!mutedText}
          label={TEXT.lounge.commentLabel}
          value={content}
          max={LIMITS.commentMax}
          onChange={setContent}
          rows={3}
        />
        <ActionRow
          submitLabel={TEXT.lounge.comment}
          pendingLabel={TEXT.lounge.sendingComment}
          pending={busy}
          disabled={!valid || !!mutedText}
        />
      </form>
      {reporting !== null && <LazyReportModal kind="comment" id={reporting} onClose={() => setReporting(null)} />}
    </Modal>
  );
}
