import { memo, startTransition, useCallback, useMemo, useOptimistic, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { searchResultUrl } from "../../worker/shared/item-links";
import { DEFAULT_NAME, LIMITS } from "../../worker/shared/rules";
import { Avatar } from "../components/Avatar";
import { useConfirm } from "../components/ConfirmDialog";
import { relativeTime } from "../components/format";
import { Icon } from "../components/Icon";
import { ItemMenu, useCopyLink } from "../components/ItemMenu";
import { ICON_SHAPES } from "../components/icon-shapes";
import { LazyReportModal } from "../components/LazyReportModal";
import { LinkifiedText } from "../components/LinkifiedText";
import type { MenuItem } from "../components/menu-item";
import { onDemand } from "../components/on-demand";
import { ReactionChips, reactedWith, useReactions } from "../components/Reactions";
import { Removed } from "../components/Removed";
import { useToast } from "../components/Toasts";
import { type ActionResult, submitJson, useSettled } from "../data/actions";
import { MemberMenu } from "../direct/MemberMenu";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";
import { AuthorBadges } from "./AuthorBadges";
import { LOUNGE_PATH } from "./data";
import { EditedMark } from "./EditedMark";
import { LOUNGE_ICON_SHAPES } from "./icon-shapes";
import type { Post } from "./types";

// Editing is on demand: its form (and counter) loads when the member chooses Edit.
const EditText = onDemand(() => import("./EditText").then((m) => m.EditText));

type Props = {
  post: Post;
  canDelete: boolean;
  onComments(post: Post): void;
  onShare(post: Post): void;
};

type LikeAnswer = ActionResult<{ liked: boolean }>;

/** The post liked or not: the count moves +1 or -1 (docs/spec.md §4). */
function likedAs(post: Post, liked: boolean): Post {
  if (liked === post.is_liked) return post;
  return { ...post, is_liked: liked, likes_count: Math.max(0, post.likes_count + (liked ? 1 : -1)) };
}

/** The post as the server has it: its answer to the last like. */
function withLike(post: Post, answer: LikeAnswer | undefined): Post {
  return answer?.ok ? likedAs(post, answer.value.liked) : post;
}

/**
 * One post of the feed, anchored as post-{id}, with like, comments, share, its reactions and one menu
 * (react, edit, delete, report, copy link).
 * Its writes' fetchers are here; what it shows is `PostView`, drawn again only when the post, its
 * like's answer or its busy state change: every router update (any fetcher of the shell, a page of the
 * feed) renders the route again, and drawing every card each time would be most of the lounge's
 * main-thread work (docs/client.md "Loading").
 */
export function PostCard({ post: loaded, canDelete, onComments, onShare }: Props) {
  const like = useFetcher<LikeAnswer>();
  const remove = useFetcher<ActionResult<unknown>>();
  const edit = useFetcher<ActionResult<unknown>>();
  const [editing, setEditing] = useState(false);
  const confirm = useConfirm();
  const toast = useToast();
  const answered = useMemo(() => withLike(loaded, like.data), [loaded, like.data]);
  // The heart fills (or empties) at once, while the like is on its way; a failure goes back to the
  // server's state and says why, as a failed delete does.
  const [post, toggleLike] = useOptimistic(answered, (current: Post) => likedAs(current, !current.is_liked));
  useSettled(like, (answer) => !answer.ok && toast.show(answer.error, "error"));
  useSettled(remove, (answer) => !answer.ok && toast.show(answer.error, "error"));
  useSettled(edit, (answer) => (answer.ok ? setEditing(false) : toast.show(answer.error, "error")));
  const { submit: submitLike } = like;
  const { submit: submitRemove } = remove;
  const { submit: submitEdit } = edit;
  const id = post.id;
  const onLike = useCallback(
    () =>
      startTransition(async () => {
        toggleLike(undefined);
        await submitJson({ submit: submitLike }, LOUNGE_PATH, { intent: "like", id });
      }),
    [submitLike, id, toggleLike],
  );
  const onDelete = useCallback(async () => {
    if (await confirm(TEXT.confirm.deletePost))
      void submitJson({ submit: submitRemove }, LOUNGE_PATH, { intent: "delete-post", id });
  }, [confirm, submitRemove, id]);
  const onEdit = useCallback(() => setEditing(true), []);
  const onEditDone = useCallback(() => setEditing(false), []);
  const onSave = useCallback(
    (content: string) => void submitJson({ submit: submitEdit }, LOUNGE_PATH, { intent: "edit-post", id, content }),
    [submitEdit, id],
  );

  if (remove.data?.ok) return null;
  return (
    <PostView
      post={post}
      canDelete={canDelete}
      liking={like.state !== "idle"}
      onLike={onLike}
      onDelete={onDelete}
      onComments={onComments}
      onShare={onShare}
      editing={editing}
      saving={edit.state !== "idle"}
      onEdit={onEdit}
      onEditDone={onEditDone}
      onSave={onSave}
    />
  );
}

type ViewProps = Omit<Props, "post"> & {
  post: Post;
  liking: boolean;
  onLike(): void;
  onDelete(): void;
  editing: boolean;
  saving: boolean;
  onEdit(): void;
  onEditDone(): void;
  onSave(content: string): void;
};

const PostView = memo(function PostView({
  post,
  canDelete,
  liking,
  onLike,
  onDelete,
  onComments,
  onShare,
  editing,
  saving,
  onEdit,
  onEditDone,
  onSave,
}: ViewProps) {
  const { hash } = useLocation();
  const [reporting, setReporting] = useState(false);
  const { user } = useSession();
  const copyLink = useCopyLink();
  const { reactions, toggle } = useReactions("post", post.id, post.reactions);
  const own = post.author_id === user?.id;
  const name = post.author_name || DEFAULT_NAME;
  // Members report what others wrote and edit their own; hidden content is already out of sight.
  const items: MenuItem[] = [];
  if (own && !post.hidden) items.push({ label: TEXT.conversations.edit, onSelect: onEdit });
  if (canDelete) items.push({ label: TEXT.moderation.deletePost, onSelect: onDelete });
  if (!own && !post.hidden) items.push({ label: TEXT.moderation.reportPost, onSelect: () => setReporting(true) });
  if (!post.hidden)
    items.push({ label: TEXT.conversations.copyLink, onSelect: () => void copyLink(searchResultUrl.post(post.id)) });
  // A shared link (#post-{id}) scrolls to its post and marks it.
  const anchor = (el: HTMLElement | null) => {
    if (!el || hash !== `#post-${post.id}`) return;
    el.scrollIntoView?.({ block: "center" });
    el.classList.add("highlight");
  };

  return (
    <article
      ref={anchor}
      id={`post-${post.id}`}
      className="card post-card has-item-menu"
      aria-labelledby={`post-${post.id}-author`}
    >
      <header className="post-head">
        <Avatar src={post.author_avatar} name={name} size={44} />
        <div className="post-meta">
          <div className="row post-author">
            <span className="post-author-name">
              <MemberMenu id={`post-${post.id}-author`} userId={post.author_id} name={name} />
            </span>
            <AuthorBadges role={post.author_role} />
          </div>
          <time className="faint" dateTime={post.created_at}>
            {relativeTime(post.created_at)}
          </time>
          {post.edited_at && !post.hidden && <EditedMark at={post.edited_at} />}
        </div>
        {items.length > 0 && !editing && (
          <ItemMenu
            label={TEXT.moderation.postOptions}
            items={items}
            reacted={reactedWith(reactions)}
            onReact={post.hidden ? undefined : (emoji) => void toggle(emoji)}
          />
        )}
      </header>
      {post.hidden ? (
        <Removed reason={post.hidden_reason} className="post-content" />
      ) : editing ? (
        <EditText
          label={TEXT.conversations.editPostLabel}
          text={post.content}
          max={LIMITS.postMax}
          saving={saving}
          onSave={onSave}
          onCancel={onEditDone}
          fallback={<p className="post-content">{post.content}</p>}
        />
      ) : (
        <p className="post-content">
          <LinkifiedText text={post.content} />
        </p>
      )}
      {!post.hidden && (
        <ReactionChips kind="post" id={post.id} reactions={reactions} onToggle={(emoji) => void toggle(emoji)} />
      )}
      {/* A removed post takes no likes, comments or shares (the server refuses them). */}
      {!post.hidden && (
        <div className="post-actions">
          <button
            type="button"
            className={post.is_liked ? "btn btn-ghost btn-sm liked" : "btn btn-ghost btn-sm"}
            aria-pressed={post.is_liked}
            title={post.is_liked ? TEXT.lounge.unlike : TEXT.lounge.like}
            disabled={liking}
            onClick={onLike}
          >
            {/* The visible count is the start of the name ("3 likes"); aria-pressed says whether it is liked. */}
            <Icon shape={ICON_SHAPES.heart} filled={post.is_liked} />{" "}
            <span data-testid="likes-count">{post.likes_count}</span>{" "}
            <span className="visually-hidden">{TEXT.lounge.likesNoun(post.likes_count)}</span>
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            title={TEXT.lounge.commentsTitle}
            onClick={() => onComments(post)}
          >
            <Icon shape={ICON_SHAPES.comment} size={16} />{" "}
            <span data-testid="comments-count">{post.comments_count}</span>{" "}
            <span className="visually-hidden">{TEXT.lounge.commentsNoun(post.comments_count)}</span>
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onShare(post)}>
            <Icon shape={LOUNGE_ICON_SHAPES.share} /> {TEXT.lounge.share}
          </button>
        </div>
      )}
      {reporting && <LazyReportModal kind="post" id={post.id} onClose={() => setReporting(false)} />}
    </article>
  );
});
