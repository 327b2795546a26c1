import { useEffect, useId, useRef, useState } from "react";
import { DEFAULT_NAME } from "../../worker/shared/rules";
import { Avatar } from "../components/Avatar";
import { relativeTime } from "../components/format";
import { LinkifiedText } from "../components/LinkifiedText";
import { AuthorBadges } from "./AuthorBadges";
import type { Post } from "./types";

type Props = {
  post: Post;
  canDelete: boolean;
  liking: boolean;
  onLike(): void;
  onComments(): void;
  onShare(): void;
  onDelete(): void;
};

const CommentIcon = () => (
  <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
    <path d="M4 5h16v11H9l-5 4z" />
  </svg>
);

/** One post of the feed, anchored as post-{id}, with like, comments, share and (author/admin) delete. */
export function PostCard({ post, canDelete, liking, onLike, onComments, onShare, onDelete }: Props) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const name = post.author_name || DEFAULT_NAME;

  useEffect(() => {
    if (!menuOpen) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === "Escape" : !menuRef.current?.contains(e.target as Node)) setMenuOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [menuOpen]);

  return (
    <article id={`post-${post.id}`} className="card post-card" aria-labelledby={`post-${post.id}-author`}>
      <header className="post-head">
        <Avatar src={post.author_avatar} name={name} size={44} />
        <div className="post-meta">
          <div className="row post-author">
            <span id={`post-${post.id}-author`} className="post-author-name">{name}</span>
            <AuthorBadges role={post.author_role} />
          </div>
          <time className="faint" dateTime={post.created_at}>{relativeTime(post.created_at)}</time>
        </div>
        {canDelete && (
          <div className="post-menu" ref={menuRef}>
            <button
              type="button"
              className="btn btn-ghost btn-icon"
              aria-label="Post options"
              aria-haspopup="menu"
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? menuId : undefined}
              onClick={() => setMenuOpen((o) => !o)}
            >
              ⋯
            </button>
            {menuOpen && (
              <div id={menuId} role="menu" className="post-menu-list">
                <button
                  type="button"
                  role="menuitem"
                  className="btn btn-ghost btn-sm post-menu-item"
                  autoFocus
                  onClick={() => {
                    setMenuOpen(false);
                    onDelete();
                  }}
                >
                  Delete post
                </button>
              </div>
            )}
          </div>
        )}
      </header>
      <p className="post-content">
        <LinkifiedText text={post.content} />
      </p>
      <div className="post-actions">
        <button
          type="button"
          className={post.is_liked ? "btn btn-ghost btn-sm liked" : "btn btn-ghost btn-sm"}
          aria-pressed={post.is_liked}
          // The visible count is part of the name (WCAG 2.5.3 label in name; a parenthesised count does not count).
          aria-label={post.is_liked ? `Unlike, ${post.likes_count} likes` : `Like, ${post.likes_count} likes`}
          disabled={liking}
          onClick={onLike}
        >
          <span aria-hidden="true">{post.is_liked ? "♥" : "♡"}</span> <span data-testid="likes-count">{post.likes_count}</span>
        </button>
        <button type="button" className="btn btn-ghost btn-sm" aria-label={`Comments, ${post.comments_count}`} onClick={onComments}>
          <CommentIcon /> <span data-testid="comments-count">{post.comments_count}</span>
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onShare}>
          <span aria-hidden="true">↗</span> Share
        </button>
      </div>
    </article>
  );
}
