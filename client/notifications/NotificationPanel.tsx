// The notification panel (opened by the header's bell): the newest notifications, each worded from
// the text catalogue by its kind and linking to its item; opening one marks it read, "Mark all read"
// marks the rest. A dialog, so focus moves in, Tab stays in and Escape closes it.
import type { FetcherWithComponents } from "react-router";
import { useFetcher, useNavigate } from "react-router";
import { type NotificationDto, priceChangeOf } from "../../worker/shared/notifications";
import { MEMBERSHIP } from "../../worker/shared/rules";
import { FormError } from "../components/FormError";
import { formatClp, formatDate, formatDateTime, relativeTime } from "../components/format";
import { Icon } from "../components/Icon";
import { Modal } from "../components/Modal";
import { Spinner } from "../components/Spinner";
import { ErrorState } from "../components/States";
import { type ActionResult, submitJson } from "../data/actions";
import { NOTIFICATIONS_PATH } from "../data-paths";
import { NOTIFICATION_ICONS } from "../search/icons";
import { TEXT } from "../text";
import type { notificationsLoader } from "./data";
import "./notifications.css";

/** What a notification says, from its kind and facts. */
export function notificationText(n: NotificationDto): string {
  // Read at each call: TEXT points at the active language's catalogue, which changes when the member switches.
  const T = TEXT.notifications;
  const who = n.actor_name || T.someone;
  const E = TEXT.events.notifications;
  switch (n.kind) {
    case "comment":
      return T.comment(who);
    case "like":
      return T.like(who, n.count);
    case "mention":
      if (!n.channel_id) return T.mentionPost(who);
      return n.channel_name === null ? T.mentionHiddenChat(who) : T.mentionChat(who, n.channel_name);
    case "notice":
      return T.notice(n.notice_title ?? "");
    case "payment":
      if (n.detail === "renewal_refused") return T.renewalRefused;
      return n.detail === "completed" ? T.paymentCompleted : T.paymentFailed;
    case "membership_ending":
      return T.membershipEnding(n.detail ? formatDate(n.detail) : "");
    case "channel_invite":
      return n.channel_name === null ? T.channelInviteHidden(who) : T.channelInvite(who, n.channel_name);
    case "event_reminder":
      return n.detail === "1h" ? E.reminder1h(n.event_title ?? "") : E.reminder24h(n.event_title ?? "");
    case "event_cancelled":
      // With a date: one occurrence of a recurring event; without: the event.
      return n.detail
        ? E.occurrenceCancelled(n.event_title ?? "", formatDateTime(n.detail))
        : E.cancelled(n.event_title ?? "");
    case "event_moved":
      return E.moved(n.event_title ?? "", n.detail ? formatDateTime(n.detail) : "");
    case "event_promoted":
      return E.promoted(n.event_title ?? "");
    case "autorenew_notice":
      return TEXT.autorenew.notice(formatClp(MEMBERSHIP.priceClp), n.detail ? formatDate(n.detail) : "");
    case "reply":
      return n.channel_name === null
        ? TEXT.notifications.replyHiddenChat(who)
        : TEXT.notifications.replyChat(who, n.channel_name);
    case "lesson_opened":
      return TEXT.notifications.lessonOpened;
    case "cohort_starting":
      return TEXT.notifications.cohortStarting;
    case "reaction":
      if (n.detail === "post") return TEXT.notifications.reactionPost(who, n.count);
      if (n.detail === "comment") return TEXT.notifications.reactionComment(who, n.count);
      return n.channel_name === null
        ? TEXT.notifications.reactionHiddenChat(who, n.count)
        : TEXT.notifications.reactionChat(who, n.count, n.channel_name);
    case "price_change": {
      const change = priceChangeOf(n.detail);
      if (!change) return T.priceChangeUnknown;
      const { plan, old_clp, new_clp, applies_at } = change;
      return T.priceChange(plan, formatClp(old_clp), formatClp(new_clp), formatDate(new Date(applies_at)));
    }
  }
}

type Props = {
  list: FetcherWithComponents<Awaited<ReturnType<typeof notificationsLoader>>>;
  onReload(): void;
  onClose(): void;
};

export default function NotificationPanel({ list, onReload, onClose }: Props) {
  const T = TEXT.notifications;
  const mark = useFetcher<ActionResult<{ unread: number }>>({ key: "notifications-read" });
  const decline = useFetcher<ActionResult<{ success: true }>>({ key: "notifications-decline" });
  const navigate = useNavigate();
  const data = list.data;
  // Marked read at once on screen, while the write is on its way.
  const pending = mark.json && typeof mark.json === "object" && !Array.isArray(mark.json) ? mark.json : null;
  const allPending = pending !== null && !("ids" in pending);
  const pendingIds = pending && "ids" in pending && Array.isArray(pending.ids) ? pending.ids : [];
  const isRead = (n: NotificationDto) => n.read || allPending || pendingIds.includes(n.id);

  const open = (n: NotificationDto) => {
    if (!n.read) void submitJson(mark, NOTIFICATIONS_PATH, { ids: [n.id] });
    onClose();
    navigate(n.url);
  };

  return (
    <Modal title={T.title} onClose={onClose}>
      {data?.ok && data.items.some((n) => !isRead(n)) && (
        <div className="notification-actions">
          <button type="button" className="btn btn-sm" onClick={() => void submitJson(mark, NOTIFICATIONS_PATH, {})}>
            {T.markAllRead}
          </button>
        </div>
      )}
      <FormError error={decline.data && !decline.data.ok ? decline.data.error : null} />
      {!data ? (
        <div className="state">
          <Spinner label={T.loading} />
        </div>
      ) : !data.ok ? (
        <ErrorState text={T.failed} busy={list.state === "loading"} onRetry={onReload} />
      ) : data.items.length === 0 ? (
        <p className="muted notification-empty">{T.empty}</p>
      ) : (
        <ul className="notification-list" aria-label={T.title}>
          {data.items.map((n) => {
            const unread = !isRead(n);
            return (
              <li key={n.id}>
                <a
                  href={n.url}
                  className={unread ? "notification unread" : "notification"}
                  onClick={(e) => {
                    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
                    e.preventDefault();
                    open(n);
                  }}
                >
                  <span className="notification-icon">
                    <Icon shape={NOTIFICATION_ICONS[n.kind]} />
                  </span>
                  <span className="notification-text">
                    {unread && <span className="visually-hidden">{T.unreadMark}: </span>}
                    {notificationText(n)}
                    <time className="faint" dateTime={n.created_at}>
                      {relativeTime(n.created_at)}
                    </time>
                  </span>
                  {unread && <span className="notification-dot" aria-hidden="true" />}
                </a>
                {n.kind === "channel_invite" && n.channel_id !== null && n.channel_name !== null && (
                  <button
                    type="button"
                    className="btn btn-sm notification-decline"
                    aria-label={T.declineLabel(n.channel_name)}
                    disabled={decline.state !== "idle"}
                    onClick={() => void submitJson(decline, NOTIFICATIONS_PATH, { decline: n.channel_id })}
                  >
                    {T.decline}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
