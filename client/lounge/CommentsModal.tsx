import { type FormEvent, useEffect, useRef, useState } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import { searchResultUrl } from "../../worker/shared/item-links";
import { mentionsAsText } from "../../worker/shared/mentions";
import { DEFAULT_NAME, LIMITS } from "../../worker/shared/rules";
import { ActionRow } from "../components/ActionRow";
import { Avatar } from "../components/Avatar";
import { useConfirm } from "../components/ConfirmDialog";
import { relativeTime } from "../components/format";
import { ItemMenu, useCopyLink } from "../components/ItemMenu";
import { ICON_SHAPES } from "../components/icon-shapes";
import { LazyReportModal } from "../components/LazyReportModal";
import { LinkifiedText } from "../components/LinkifiedText";
import { Modal } from "../components/Modal";
import type { MenuItem } from "../components/menu-item";
import { ReactionChips, reactedWith, useReactions } from "../components/Reactions";
import { Removed } from "../components/Removed";
import { Spinner } from "../components/Spinner";
import { ErrorState } from "../components/States";
import { useToast } from "../components/Toasts";
import { type ActionResult, submitJson, useSettled } from "../data/actions";
import type { PageResult } from "../data/pages";
import { BlockedCollapse } from "../direct/BlockedCollapse";
import { MemberMenu } from "../direct/MemberMenu";
import { useMutedText } from "../moderation/mute";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";
import { AuthorBadges } from "./AuthorBadges";
import { CountedTextarea, isValidText } from "./CountedTextarea";
import { commentsPath, LOUNGE_PATH } from "./data";
import { EditedMark } from "./EditedMark";
import { EditText } from "./EditText";
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
      <blockquote className="comment-preview" aria-label={TEXT.loungeDialogs.postPreview}>
        {cut(mentionsAsText(post.content), LIMITS.commentPreviewMax)}
      </blockquote>
      <div className="comment-list" aria-live="polite">
        {list?.ok === false ? (
          <ErrorState
            text={TEXT.loungeDialogs.commentsFailed}
            busy={comments.state === "loading"}
            onRetry={() => void comments.load(commentsPath(post.id))}
          />
        ) : !list ? (
          <div className="state">
            <Spinner label={TEXT.loungeDialogs.loadingComments} />
          </div>
        ) : list.items.length === 0 ? (
          <p className="muted">{TEXT.loungeDialogs.noComments}</p>
        ) : (
          <ul className="comments" aria-label={TEXT.lounge.commentsTitle}>
            {list.items.map((c) => (
              <CommentItem
                key={c.id}
                comment={c}
                postId={post.id}
                linked={c.id === highlight}
                onReport={() => setReporting(c.id)}
              />
            ))}
          </ul>
        )}
      </div>
      <form onSubmit={submit}>
        {mutedText && <p className="alert alert-info composer-muted">{mutedText}</p>}
        <CountedTextarea
          ref={field}
          disabled={!!mutedText}
          label={TEXT.loungeDialogs.commentLabel}
          value={content}
          max={LIMITS.commentMax}
          onChange={setContent}
          rows={3}
        />
        <ActionRow
          submitLabel={TEXT.loungeDialogs.comment}
          pendingLabel={TEXT.loungeDialogs.sendingComment}
          pending={busy}
          disabled={!valid || !!mutedText}
        />
      </form>
      {reporting !== null && <LazyReportModal kind="comment" id={reporting} onClose={() => setReporting(null)} />}
    </Modal>
  );
}

/**
 * One comment with its reactions and its one menu: react; edit and delete one's own (delete
 * any as an admin); report others'; copy link. Edits and deletes go through the lounge's action, after
 * which the router loads the list again.
 */
function CommentItem({
  comment: c,
  postId,
  linked,
  onReport,
}: {
  comment: Comment;
  postId: number;
  linked: boolean;
  onReport(): void;
}) {
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  const edit = useFetcher<ActionResult<unknown>>();
  const remove = useFetcher<ActionResult<unknown>>();
  const confirm = useConfirm();
  const toast = useToast();
  const copyLink = useCopyLink();
  const { reactions, toggle } = useReactions("comment", c.id, c.reactions);
  useSettled(edit, (answer) => (answer.ok ? setEditing(false) : toast.show(answer.error, "error")));
  useSettled(remove, (answer) => !answer.ok && toast.show(answer.error, "error"));
  const name = c.author_name || DEFAULT_NAME;
  const own = c.author_id === user?.id;
  const T = TEXT.conversations;
  const items: MenuItem[] = [];
  if (own && !c.hidden) items.push({ label: T.edit, onSelect: () => setEditing(true) });
  if (own || user?.role === "admin")
    items.push({
      label: T.delete,
      onSelect: async () => {
        if (await confirm(T.confirmDeleteComment))
          void submitJson(remove, LOUNGE_PATH, { intent: "delete-comment", id: c.id });
      },
    });
  if (!own && !c.hidden)
    items.push({
      label: TEXT.moderation.report,
      ariaLabel: TEXT.moderation.reportComment(name),
      icon: ICON_SHAPES.flag,
      onSelect: onReport,
    });
  if (!c.hidden)
    items.push({ label: T.copyLink, onSelect: () => void copyLink(searchResultUrl.comment(postId, c.id)) });
  if (remove.data?.ok) return null;
  return (
    <li id={`comment-${c.id}`} className={`comment has-item-menu${linked ? " linked" : ""}`}>
      <BlockedCollapse blocked={c.author_blocked}>
        <Avatar src={c.author_avatar} name={name} size={32} />
        <div className="comment-body">
          <div className="row comment-head">
            <strong>
              <MemberMenu userId={c.author_id} name={name} />
            </strong>
            <AuthorBadges role={c.author_role} />
            <time className="faint" dateTime={c.created_at}>
              {relativeTime(c.created_at)}
            </time>
            {c.edited_at && !c.hidden && <EditedMark at={c.edited_at} />}
            {items.length > 0 && !editing && (
              <ItemMenu
                label={T.commentActions(name)}
                items={items}
                reacted={reactedWith(reactions)}
                onReact={c.hidden ? undefined : (emoji) => void toggle(emoji)}
              />
            )}
          </div>
          {c.hidden ? (
            <Removed reason={c.hidden_reason} className="comment-text" />
          ) : editing ? (
            <EditText
              label={T.editCommentLabel}
              text={c.content}
              max={LIMITS.commentMax}
              saving={edit.state !== "idle"}
              onSave={(content) => void submitJson(edit, LOUNGE_PATH, { intent: "edit-comment", id: c.id, content })}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <p className="comment-text">
              <LinkifiedText text={c.content} />
            </p>
          )}
          {!c.hidden && (
            <ReactionChips kind="comment" id={c.id} reactions={reactions} onToggle={(emoji) => void toggle(emoji)} />
          )}
        </div>
      </BlockedCollapse>
    </li>
  );
}
