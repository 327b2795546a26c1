import { useFetcher } from "react-router";
import { DEFAULT_NAME } from "../../worker/shared/rules";
import { formatDate } from "../components/format";
import { LinkifiedText } from "../components/LinkifiedText";
import { EmptyState, ErrorState } from "../components/States";
import { useToast } from "../components/Toasts";
import { type ActionResult, submitJson, useSettled } from "../data/actions";
import { TEXT } from "../text";
import { ADMIN_PATH, type adminLoader } from "./data";

type Loaded = Extract<Awaited<ReturnType<typeof adminLoader>>, { ok: true }>;
type Report = Extract<Loaded["reports"], { ok: true }>["rows"][number];

/**
 * The moderation queue: open reports with the content in its context, their count and reasons; Hide or
 * Dismiss.
 */
export function ModerationTab({
  reports,
  retrying,
  onRetry,
}: {
  reports: Loaded["reports"];
  retrying: boolean;
  onRetry(): void;
}) {
  // One resolution at a time; the fetcher lives here because the router's reload removes the resolved item.
  const resolve = useFetcher<ActionResult<{ status: "hidden" | "dismissed" }>>();
  const toast = useToast();
  useSettled(resolve, (answer) => {
    if (!answer.ok) return toast.show(answer.error, "error");
    toast.show(
      answer.value.status === "hidden" ? TEXT.moderatingParts.hiddenToast : TEXT.moderatingParts.dismissedToast,
      "success",
    );
  });
  const busy = resolve.state !== "idle";
  const act = (id: number, action: "hide" | "dismiss") =>
    void submitJson(resolve, ADMIN_PATH, { intent: "resolve-report", id, action });
  return (
    <div className="stack">
      <div>
        <h2 className="admin-section-title">{TEXT.moderatingParts.queueTitle}</h2>
        <p className="muted">{TEXT.moderatingParts.queueIntro}</p>
      </div>
      {!reports.ok ? (
        <ErrorState text={TEXT.moderatingParts.queueFailed} busy={retrying} onRetry={onRetry} />
      ) : reports.rows.length === 0 ? (
        <EmptyState title={TEXT.moderatingParts.queueEmpty} />
      ) : (
        <ul className="report-queue stack" aria-label={TEXT.moderatingParts.queueTitle}>
          {reports.rows.map((r) => (
            <ReportItem key={r.id} report={r} busy={busy} onResolve={(action) => act(r.id, action)} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ReportItem({
  report,
  busy,
  onResolve,
}: {
  report: Report;
  busy: boolean;
  onResolve(action: "hide" | "dismiss"): void;
}) {
  const kind = TEXT.moderatingParts.kindLabels[report.kind];
  const { content } = report;
  const author = content.author_name || DEFAULT_NAME;

  return (
    <li className="card report-item" data-testid="report-item" aria-labelledby={`report-${report.id}-title`}>
      <div className="spread">
        <h3 id={`report-${report.id}-title`} className="report-title">
          <span className="badge badge-other">{kind}</span> {TEXT.moderatingParts.byAuthor(author)}
        </h3>
        <span className="badge badge-failed">{TEXT.moderatingParts.reportCount(report.count)}</span>
      </div>
      {content.post_excerpt !== undefined && (
        <p className="faint report-context">{TEXT.moderatingParts.onPost(content.post_excerpt)}</p>
      )}
      {content.channel_name !== undefined && (
        <p className="faint report-context">{TEXT.moderatingParts.inChannel(content.channel_name)}</p>
      )}
      <blockquote className="report-content">
        {content.image_url ? (
          <img
            src={content.image_url}
            alt={TEXT.moderatingParts.reportedImage}
            className="report-image"
            loading="lazy"
          />
        ) : (
          <LinkifiedText text={content.text} />
        )}
        <footer className="faint">
          <time dateTime={content.created_at}>{formatDate(content.created_at)}</time>
        </footer>
      </blockquote>
      <div>
        <h4 className="report-reasons-title">{TEXT.moderatingParts.reasonsLabel}</h4>
        <ul className="report-reason-list">
          {report.reasons.map((reason, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: reasons have no id; the list is replaced whole.
            <li key={i}>
              <strong>{TEXT.reportDialog.reasonOptions[reason.reason]}</strong>
              {reason.details && <span> — {reason.details}</span>}{" "}
              <span className="faint">({formatDate(reason.created_at)})</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="row">
        <button
          type="button"
          className="btn btn-danger btn-sm"
          disabled={busy}
          aria-label={TEXT.moderatingParts.hideLabel(kind, author)}
          onClick={() => onResolve("hide")}
        >
          {TEXT.moderatingParts.hide}
        </button>
        <button
          type="button"
          className="btn btn-sm"
          disabled={busy}
          aria-label={TEXT.moderatingParts.dismissLabel(kind, author)}
          onClick={() => onResolve("dismiss")}
        >
          {TEXT.moderatingParts.dismiss}
        </button>
      </div>
    </li>
  );
}
