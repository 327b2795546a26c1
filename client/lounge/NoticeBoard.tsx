import { DEFAULT_NAME } from "../../worker/shared/rules";
import { TEXTS } from "../../worker/shared/texts";
import { relativeTime } from "../components/format";
import { Spinner } from "../components/Spinner";
import { ErrorState } from "../components/States";
import type { Notice } from "./types";

type Props = {
  notices: Notice[] | null;
  failed: boolean;
  isAdmin: boolean;
  onRetry(): void;
  onCreate(): void;
  onDelete(notice: Notice): void;
};

/** The Cosmic Notice Board: pinned notices first (the server orders them), admins create and delete. */
export function NoticeBoard({ notices, failed, isAdmin, onRetry, onCreate, onDelete }: Props) {
  return (
    <section className="notice-board" aria-labelledby="notice-board-title">
      <div className="spread">
        <h2 id="notice-board-title">✧ {TEXTS.lounge.noticeBoardTitle}</h2>
        {isAdmin && (
          <button type="button" className="btn btn-sm btn-primary" onClick={onCreate}>
            + New Notice
          </button>
        )}
      </div>
      {failed ? (
        <ErrorState text="Could not load the notice board." onRetry={onRetry} />
      ) : notices === null ? (
        <div className="state"><Spinner label="Loading notices" /></div>
      ) : notices.length === 0 ? (
        <p className="muted">No notices yet. The stars are quiet today.</p>
      ) : (
        <ul className="notices" aria-label="Notices">
          {notices.map((n) => (
            <li key={n.id}>
              <NoticeCard notice={n} isAdmin={isAdmin} onDelete={() => onDelete(n)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NoticeCard({ notice, isAdmin, onDelete }: { notice: Notice; isAdmin: boolean; onDelete(): void }) {
  return (
    <article className={notice.is_pinned ? "card notice-card pinned" : "card notice-card"} aria-labelledby={`notice-${notice.id}-title`} data-testid="notice-card">
      <div className="spread">
        <div className="row">
          <h3 id={`notice-${notice.id}-title`} className="notice-title">{notice.title}</h3>
          {notice.is_pinned && <span className="badge badge-pinned"><span aria-hidden="true">★</span> {TEXTS.lounge.pinned}</span>}
        </div>
        {isAdmin && (
          <button type="button" className="btn btn-ghost btn-sm" aria-label={`Delete notice ${notice.title}`} onClick={onDelete}>
            Delete
          </button>
        )}
      </div>
      {notice.image_url && <img className="notice-image" src={notice.image_url} alt="" loading="lazy" referrerPolicy="no-referrer" />}
      {/* The content was sanitised by the server's allowlist before it was stored. */}
      <div className="notice-content" dangerouslySetInnerHTML={{ __html: notice.content }} />
      <p className="faint">
        {notice.author_name || DEFAULT_NAME} · <time dateTime={notice.created_at}>{relativeTime(notice.created_at)}</time>
      </p>
    </article>
  );
}
