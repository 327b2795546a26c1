import { useFetcher } from "react-router";
import { DEFAULT_NAME } from "../../worker/shared/rules";
import { useConfirm } from "../components/ConfirmDialog";
import { relativeTime } from "../components/format";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { ErrorState } from "../components/States";
import { useToast } from "../components/Toasts";
import { type ActionResult, submitJson, useSettled } from "../data/actions";
import { TEXT } from "../text";
import { LOUNGE_PATH } from "./data";
import { LOUNGE_ICON_SHAPES } from "./icon-shapes";
import type { Notice } from "./types";

type Props = {
  /** null: the board could not be loaded. */
  notices: Notice[] | null;
  isAdmin: boolean;
  retrying: boolean;
  onRetry(): void;
  onCreate(): void;
};

/** The Cosmic Notice Board: pinned notices first (the server orders them), admins create and delete. */
export function NoticeBoard({ notices, isAdmin, retrying, onRetry, onCreate }: Props) {
  return (
    <section className="notice-board" aria-labelledby="notice-board-title">
      <div className="spread">
        <h2 id="notice-board-title" className="with-icon">
          <Icon shape={ICON_SHAPES.sparkle} /> {TEXT.lounge.noticeBoardTitle}
        </h2>
        {isAdmin && (
          <button type="button" className="btn btn-sm btn-primary" onClick={onCreate}>
            {TEXT.lounge.newNotice}
          </button>
        )}
      </div>
      {notices === null ? (
        <ErrorState text={TEXT.lounge.boardFailed} busy={retrying} onRetry={onRetry} />
      ) : notices.length === 0 ? (
        <p className="muted">{TEXT.lounge.noNotices}</p>
      ) : (
        <ul className="notices" aria-label={TEXT.lounge.notices}>
          {notices.map((n) => (
            <li key={n.id}>
              <NoticeCard notice={n} isAdmin={isAdmin} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NoticeCard({ notice, isAdmin }: { notice: Notice; isAdmin: boolean }) {
  const remove = useFetcher<ActionResult<unknown>>();
  const confirm = useConfirm();
  const toast = useToast();
  useSettled(remove, (answer) => !answer.ok && toast.show(answer.error, "error"));
  const onDelete = async () => {
    if (await confirm(TEXT.confirm.deleteNotice))
      void submitJson(remove, LOUNGE_PATH, { intent: "delete-notice", id: notice.id });
  };
  return (
    <article
      className={notice.is_pinned ? "card notice-card pinned" : "card notice-card"}
      aria-labelledby={`notice-${notice.id}-title`}
      data-testid="notice-card"
    >
      <div className="spread">
        <div className="row">
          <h3 id={`notice-${notice.id}-title`} className="notice-title">
            {notice.title}
          </h3>
          {notice.is_pinned && (
            <span className="badge badge-pinned">
              <Icon shape={LOUNGE_ICON_SHAPES.star} size={14} filled /> {TEXT.lounge.pinned}
            </span>
          )}
        </div>
        {isAdmin && (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={TEXT.lounge.deleteNotice(notice.title)}
            onClick={() => void onDelete()}
          >
            {TEXT.common.delete}
          </button>
        )}
      </div>
      {notice.image_url && (
        <img className="notice-image" src={notice.image_url} alt="" loading="lazy" referrerPolicy="no-referrer" />
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allowlist. */}
      <div className="notice-content" dangerouslySetInnerHTML={{ __html: notice.content }} />
      <p className="faint">
        {notice.author_name || DEFAULT_NAME} ·{" "}
        <time dateTime={notice.created_at}>{relativeTime(notice.created_at)}</time>
      </p>
    </article>
  );
}
