import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useLoaderData, useRevalidator, useSearchParams } from "react-router";
import { OPEN_PARAMS } from "../../worker/shared/item-links";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { LoadMore } from "../components/LoadMore";
import { onDemand } from "../components/on-demand";
import { EmptyState } from "../components/States";
import { type PageResult, usePages } from "../data/pages";
import { BlockedCollapse } from "../direct/BlockedCollapse";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";
import { commentsPath, type loungeLoader, POSTS_PAGE_PATH } from "./data";
import { NoticeBoard } from "./NoticeBoard";
import { PostCard } from "./PostCard";
import { PAGE } from "./requests";
import type { Comment, Post } from "./types";
import "./lounge.css";
import { PageTitle } from "../components/PageTitle";

// The route's action loads lazily (client/router.tsx); fetched as the screen arrives, so the first write need not wait.
void import("./actions");

// The dialogs load when first opened: the feed's first paint does not wait for their code.
const NewPostModal = onDemand(() => import("./NewPostModal").then((m) => m.NewPostModal), ["loungeDialogs"]);
// The notice dialog's AI drafts show the AI dialogs' words (their fields, failures, the image models' availability).
const NoticeModal = onDemand(() => import("./NoticeModal").then((m) => m.NoticeModal), ["ai", "loungeDialogs"]);
const CommentsModal = onDemand(() => import("./CommentsModal").then((m) => m.CommentsModal), ["loungeDialogs"]);
const ShareModal = onDemand(() => import("./ShareModal").then((m) => m.ShareModal), ["loungeDialogs"]);

type Dialog =
  | { kind: "new-post" }
  | { kind: "notice" }
  | { kind: "comments"; post: Post }
  | { kind: "share"; post: Post }
  | null;

/** The Lounge: the Cosmic Notice Board, then the feed (newest first, more on scroll), the welcome card. */
export default function LoungePage() {
  const { notices, posts: firstPage, linked } = useLoaderData<typeof loungeLoader>();
  const { user } = useSession();
  const isAdmin = user?.role === "admin";
  const revalidator = useRevalidator();
  const feed = usePages(firstPage, PAGE, "feed", (before) => `${POSTS_PAGE_PATH}?before=${before}`);
  const comments = useFetcher<PageResult<Comment>>({ key: "lounge-comments" });
  const [dialog, setDialog] = useState<Dialog>(null);

  // The same functions for every render: the cards are drawn again only when their post changes (PostCard).
  const loadComments = comments.load;
  const openComments = useCallback(
    (post: Post) => {
      void loadComments(commentsPath(post.id));
      setDialog({ kind: "comments", post });
    },
    [loadComments],
  );
  const openShare = useCallback((post: Post) => setDialog({ kind: "share", post }), []);
  // A link to a post in context (?post=ID[&comment=ID], from search or a notification) opens its comments.
  const [params, setParams] = useSearchParams();
  const linkedComment = Number(params.get(OPEN_PARAMS.comment)) || undefined;
  // Once per linked post: the feed reloading after a write (a new `linked` object) must not open it again.
  const openedLink = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (linked?.id === openedLink.current) return;
    openedLink.current = linked?.id;
    if (linked) openComments(linked);
  }, [linked, openComments]);
  const closeDialog = () => {
    setDialog(null);
    if (params.has(OPEN_PARAMS.post)) setParams({}, { replace: true });
  };
  // The open dialog follows the post as the feed reloads (its comment count).
  const dialogPost =
    dialog && "post" in dialog ? (feed.items.find((p) => p.id === dialog.post.id) ?? dialog.post) : undefined;

  return (
    <div className="page lounge">
      <PageTitle screen={TEXT.nav.lounge} />
      <h1 className="visually-hidden">{TEXT.lounge.heading}</h1>
      <NoticeBoard
        notices={notices}
        isAdmin={isAdmin}
        retrying={revalidator.state === "loading"}
        onRetry={() => void revalidator.revalidate()}
        onCreate={() => setDialog({ kind: "notice" })}
      />

      <section className="feed" aria-labelledby="feed-title">
        <h2 id="feed-title">{TEXT.lounge.feedTitle}</h2>
        {feed.items.length === 0 ? (
          <EmptyState title={TEXT.lounge.emptyTitle}>
            <p>{TEXT.lounge.emptyText}</p>
          </EmptyState>
        ) : (
          <div className="stack" aria-busy={feed.loading}>
            {feed.items.map((post) => (
              <BlockedCollapse key={post.id} blocked={post.author_blocked}>
                <PostCard
                  post={post}
                  canDelete={isAdmin || post.author_id === user?.id}
                  onComments={openComments}
                  onShare={openShare}
                />
              </BlockedCollapse>
            ))}
          </div>
        )}
        <LoadMore pages={feed} loadingLabel={TEXT.lounge.loadingMore} failedText={TEXT.lounge.moreFailed} />
      </section>

      <section className="card welcome-card" aria-labelledby="welcome-title">
        <h2 id="welcome-title" className="with-icon">
          {TEXT.lounge.welcomeTitle} <Icon shape={ICON_SHAPES.sparkle} />
        </h2>
        <p className="muted">{TEXT.lounge.welcomeText}</p>
      </section>

      <button
        type="button"
        className="btn btn-primary lounge-fab"
        aria-label={TEXT.lounge.newPostTitle}
        onClick={() => setDialog({ kind: "new-post" })}
      >
        <span aria-hidden="true">+</span>
      </button>

      {dialog?.kind === "new-post" && <NewPostModal onClose={() => setDialog(null)} />}
      {dialog?.kind === "notice" && <NoticeModal onClose={() => setDialog(null)} />}
      {dialog?.kind === "comments" && dialogPost && (
        <CommentsModal
          post={dialogPost}
          comments={comments}
          highlight={dialogPost.id === linked?.id ? linkedComment : undefined}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === "share" && dialogPost && <ShareModal post={dialogPost} onClose={() => setDialog(null)} />}
    </div>
  );
}
