// Notifications' wire format (GET /api/notifications), shared by the worker and the client. The client
// words each kind from its text catalogue; the server sends the facts and where the item is.
import { searchResultUrl } from "./item-links";
import { settingsPath } from "./settings";

export const NOTIFICATION_KINDS = [
  "comment",
  "like",
  "mention",
  "notice",
  "payment",
  "membership_ending",
  "channel_invite",
  "event_reminder",
  "event_cancelled",
  "event_moved",
  "event_promoted",
  "autorenew_notice",
  "reply",
  "reaction",
  "lesson_opened",
  "cohort_starting",
  "price_change",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type NotificationDto = {
  id: number;
  kind: NotificationKind;
  read: boolean;
  created_at: string;
  /** Grouped likes and reactions: how many since the member last read them (1 for every other kind). */
  count: number;
  /** Who did it (the latest liker); null for the system's notifications. */
  actor_name: string | null;
  post_id: number | null;
  channel_id: number | null;
  channel_name: string | null;
  notice_title: string | null;
  event_id: number | null;
  event_title: string | null;
  /**
   * payment: "completed", "failed" or "renewal_refused" (automatic renewal gave up; grace); membership_ending and autorenew_notice: the due date (ISO); event_reminder:
   * "24h" or
   * "1h"; event_moved: the new start (ISO); event_cancelled: the cancelled date of a recurring event (ISO),
   * null when the whole event is cancelled; reaction: what was reacted to ("post", "comment" or "message");
   * price_change: the change as JSON (PriceChange).
   */
  detail: string | null;
  /** Where the notification leads in the app. */
  url: string;
};

export type NotificationList = { items: NotificationDto[]; unread: number };

/**
 * A stored notification with the facts its texts and its link name, as the worker reads it: the bell's list
 * and delivery each add what they need (worker/features/notifications/queries/), the words take its facts
 * (worker/features/notifications/texts.ts), notificationUrl its link.
 */
export type NotificationRow = {
  id: number;
  kind: NotificationKind;
  actorName: string | null;
  postId: number | null;
  commentId: number | null;
  channelId: number | null;
  /** Null where the reader may not see it and for a direct message: the texts say "a private channel". */
  channelName: string | null;
  messageId: number | null;
  eventId: number | null;
  eventTitle: string | null;
  /**
   * payment: "completed" or "failed"; membership_ending and autorenew_notice: the due date (ms since the
   * epoch, as text); event_reminder: "<24h|1h>:<start ms>"; event_moved: the new start (ISO); reaction:
   * the item, "<post|comment|message>:<id>"; price_change: the change as JSON (PriceChange).
   */
  detail: string | null;
};

/**
 * A plan's raised price as its enrolled members are told it: the plan's name, what their renewal costs now and will
 * cost, and from when (ms since the epoch).
 */
export type PriceChange = { plan: string; old_clp: number; new_clp: number; applies_at: number };

/** A price_change notification's detail, read back (null when it is not one). */
export function priceChangeOf(detail: string | null): PriceChange | null {
  try {
    const value = JSON.parse(detail ?? "null");
    return value && typeof value.plan === "string" && Number.isFinite(value.new_clp) ? value : null;
  } catch {
    return null;
  }
}

/** A post's address; the lounge for a row without a post, which the writers never store but the column allows. */
const postUrl = (postId: number | null) => (postId ? searchResultUrl.post(postId) : "/app/lounge");

/** A channel in the chat (what an invitation opens). */
export const channelUrl = (channelId: number) => `/app/chat?group=${channelId}`;

/** Where a notification opens: the item in context, or the screen its kind is about. */
export function notificationUrl(row: NotificationRow): string {
  switch (row.kind) {
    case "comment":
      return row.commentId && row.postId ? searchResultUrl.comment(row.postId, row.commentId) : postUrl(row.postId);
    case "like":
      return postUrl(row.postId);
    case "reply":
    case "mention":
    case "reaction":
      if (row.messageId && row.channelId) return searchResultUrl.message(row.channelId, row.messageId);
      return row.commentId && row.postId ? searchResultUrl.comment(row.postId, row.commentId) : postUrl(row.postId);
    case "notice":
      return "/app/lounge";
    case "payment":
      // A completed payment opens its receipt; a refused renewal in its grace, where a new card is enrolled; a failed
      // one, the way to pay again.
      return row.detail === "completed" || row.detail === "renewal_refused" ? settingsPath("membership") : "/pricing";
    case "membership_ending":
      return "/pricing";
    case "autorenew_notice":
    case "price_change":
      return settingsPath("membership");
    case "channel_invite":
      return channelUrl(row.channelId ?? 0);
    case "event_reminder":
    case "event_cancelled":
    case "event_moved":
    case "event_promoted":
      return `/app/events/${row.eventId}`;
    case "lesson_opened": {
      // detail: "<program id>:<lesson id>"
      const [program, lesson] = (row.detail ?? "").split(":");
      return lesson ? `/app/programs/${program}/lessons/${lesson}` : "/app/programs";
    }
    case "cohort_starting":
      // detail: "<program id>"
      return row.detail ? `/app/programs/${row.detail}` : "/app/programs";
  }
}
