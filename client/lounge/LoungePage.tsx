import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { LIMITS } from "../../worker/shared/rules";
import { TEXTS } from "../../worker/shared/texts";
import { api, unwrap } from "../api";
import { useConfirm } from "../components/ConfirmDialog";
import { Spinner } from "../components/Spinner";
import { EmptyState, ErrorState } from "../components/States";
import { useToast } from "../components/Toasts";
import { useSession } from "../session/session-context";
import { CommentsModal } from "./CommentsModal";
import { NewPostModal } from "./NewPostModal";
import { NoticeBoard } from "./NoticeBoard";
import { NoticeModal } from "./NoticeModal";
import { PostCard } from "./PostCard";
import { ShareModal } from "./ShareModal";
import type { Notice, Post } from "./types";
import "./lounge.css";

type Dialog = { kind: "new-post" } | { kind: "notice" } | { kind: "comments"; postId: number } | { kind: "share"; postId: number } | null;

const PAGE = LIMITS.postsPageDefault;

/** The Lounge: the Cosmic Notice Board, then the feed (newest first, more on scroll), the welcome card. */
export default function LoungePage() {
  const { user } = useSession();
  const isAdmin = user?.role === "admin";
  const confirm = useConfirm();
  const toast = useToast();
  const location = useLocation();

  const [notices, setNotices] = useState<Notice[] | null>(null);
  const [noticesFailed, setNoticesFailed] = useState(false);
  const [posts, setPosts] = useState<Post[] | null>(null);
  const [feedFailed, setFeedFailed] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const [liking, setLiking] = useState<Set<number>>(() => new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const loadingMoreRef = useRef(false);

  const loadNotices = useCallback(async () => {
    setNoticesFailed(false);
    try {
      setNotices(await unwrap(api["cosmic-notices"].$get()));
    } catch {
      setNoticesFailed(true);
    }
  }, []);

  const loadFeed = useCallback(async () => {
    setFeedFailed(false);
    setPosts(null);
    try {
      const page = await unwrap(api.posts.$get({ query: { limit: String(PAGE) } }));
      setPosts(page);
      setHasMore(page.length === PAGE);
    } catch {
      setFeedFailed(true);
    }
  }, []);

  const loadMore = useCallback(async () => {
    if (!posts || posts.length === 0 || loadingMoreRef.current) return;
    loadingMoreRef.current = true;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const before = posts[posts.length - 1].id;
      const page = await unwrap(api.posts.$get({ query: { before: String(before), limit: String(PAGE) } }));
      setPosts((list) => {
        const known = new Set((list ?? []).map((p) => p.id));
        return [...(list ?? []), ...page.filter((p) => !known.has(p.id))];
      });
      setHasMore(page.length === PAGE);
    } catch {
      setMoreFailed(true);
    } finally {
      loadingMoreRef.current = false;
      setLoadingMore(false);
    }
  }, [posts]);

  useEffect(() => {
    void loadNotices();
    void loadFeed();
  }, [loadNotices, loadFeed]);

  // Infinite scroll; the 'Load more' button stays as the fallback (and for keyboard users).
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || moreFailed || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadMore();
    }, { rootMargin: "400px" });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, moreFailed, loadMore]);

  // A shared link (#post-{id}) scrolls to its post once the feed is there.
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!posts || !location.hash.startsWith("#post-") || scrolledTo.current === location.hash) return;
    const el = document.getElementById(location.hash.slice(1));
    if (el) {
      scrolledTo.current = location.hash;
      el.scrollIntoView?.({ block: "center" });
      el.classList.add("highlight");
    }
  }, [posts, location.hash]);

  const updatePost = (id: number, patch: (p: Post) => Post) => setPosts((list) => list?.map((p) => (p.id === id ? patch(p) : p)) ?? list);

  const toggleLike = async (post: Post) => {
    if (liking.has(post.id)) return;
    setLiking((s) => new Set(s).add(post.id));
    try {
      const { liked } = await unwrap(api.posts[":id"].like.$post({ param: { id: String(post.id) } }));
      // SPEC §4: the server says liked; the count moves +1 or -1 locally.
      updatePost(post.id, (p) => (p.is_liked === liked ? p : { ...p, is_liked: liked, likes_count: Math.max(0, p.likes_count + (liked ? 1 : -1)) }));
    } catch {
      // SPEC §8: posts silently do nothing on failure.
    } finally {
      setLiking((s) => {
        const next = new Set(s);
        next.delete(post.id);
        return next;
      });
    }
  };

  const deletePost = async (post: Post) => {
    if (!(await confirm(TEXTS.confirm.deletePost))) return;
    try {
      await unwrap(api.posts[":id"].$delete({ param: { id: String(post.id) } }));
      setPosts((list) => list?.filter((p) => p.id !== post.id) ?? list);
    } catch {
      toast.show(TEXTS.lounge.postDeleteFailed, "error");
    }
  };

  const deleteNotice = async (notice: Notice) => {
    if (!(await confirm(TEXTS.confirm.deleteNotice))) return;
    try {
      await unwrap(api["cosmic-notices"][":id"].$delete({ param: { id: String(notice.id) } }));
      setNotices((list) => list?.filter((n) => n.id !== notice.id) ?? list);
    } catch {
      toast.show(TEXTS.lounge.noticeDeleteFailed, "error");
    }
  };

  const dialogPost = dialog && "postId" in dialog ? posts?.find((p) => p.id === dialog.postId) : undefined;

  // One spinner until the board and the first page have both answered, then the whole page at once:
  // sections filling in one after the other would push each other around (layout shift on phones).
  const [settled, setSettled] = useState(false);
  const boardAnswered = notices !== null || noticesFailed;
  const feedAnswered = posts !== null || feedFailed;
  useEffect(() => {
    if (boardAnswered && feedAnswered) setSettled(true);
  }, [boardAnswered, feedAnswered]);
  if (!settled && !(boardAnswered && feedAnswered)) {
    return (
      <div className="page lounge">
        <h1 className="visually-hidden">Lounge</h1>
        <div className="state"><Spinner label="Loading the lounge" /></div>
      </div>
    );
  }

  return (
    <div className="page lounge">
      <h1 className="visually-hidden">Lounge</h1>
      <NoticeBoard notices={notices} failed={noticesFailed} isAdmin={isAdmin} onRetry={loadNotices} onCreate={() => setDialog({ kind: "notice" })} onDelete={deleteNotice} />

      <section className="feed" aria-labelledby="feed-title">
        <h2 id="feed-title">Community</h2>
        {feedFailed ? (
          <ErrorState text="Could not load the posts." onRetry={loadFeed} />
        ) : posts === null ? (
          <div className="state"><Spinner label="Loading posts" /></div>
        ) : posts.length === 0 ? (
          <EmptyState title="No posts yet">
            <p>Be the first to share something with the community.</p>
          </EmptyState>
        ) : (
          <div className="stack" aria-busy={loadingMore}>
            {posts.map((post) => (
              <PostCard
                key={post.id}
                post={post}
                canDelete={isAdmin || post.author_id === user?.id}
                liking={liking.has(post.id)}
                onLike={() => toggleLike(post)}
                onComments={() => setDialog({ kind: "comments", postId: post.id })}
                onShare={() => setDialog({ kind: "share", postId: post.id })}
                onDelete={() => deletePost(post)}
              />
            ))}
          </div>
        )}
        <div ref={sentinel} className="feed-sentinel" aria-hidden="true" />
        {posts && hasMore && (
          <div className="feed-more">
            {moreFailed && <p className="muted" role="alert">Could not load more posts.</p>}
            <button type="button" className="btn" onClick={() => void loadMore()} disabled={loadingMore}>
              {loadingMore ? <Spinner small label="Loading more posts" /> : "Load more"}
            </button>
          </div>
        )}
      </section>

      <section className="card welcome-card" aria-labelledby="welcome-title">
        <h2 id="welcome-title">Welcome to the Cosmic Lounge ✧</h2>
        <p className="muted">
          A gentle space to share insights, celebrate small victories and support each other on the journey. Be kind, stay curious and let your light shine.
        </p>
      </section>

      <button type="button" className="btn btn-primary lounge-fab" aria-label={TEXTS.lounge.newPostTitle} onClick={() => setDialog({ kind: "new-post" })}>
        <span aria-hidden="true">+</span>
      </button>

      {dialog?.kind === "new-post" && (
        <NewPostModal
          onClose={() => setDialog(null)}
          onCreated={(post) => {
            setPosts((list) => [post, ...(list ?? [])]);
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === "notice" && (
        <NoticeModal
          onClose={() => setDialog(null)}
          onCreated={() => {
            setDialog(null);
            void loadNotices();
          }}
        />
      )}
      {dialog?.kind === "comments" && dialogPost && (
        <CommentsModal post={dialogPost} onClose={() => setDialog(null)} onAdded={() => updatePost(dialogPost.id, (p) => ({ ...p, comments_count: p.comments_count + 1 }))} />
      )}
      {dialog?.kind === "share" && dialogPost && <ShareModal post={dialogPost} onClose={() => setDialog(null)} />}
    </div>
  );
}
