// Notifications' wire format (GET /api/notifications), shared by the worker and the client. The client
// words each kind from its text catalogue; the server sends the facts and where the item is.
import { searchResultUrl } from "./item-links";

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
   * payment: "completed" or "failed"; membership_ending and autorenew_notice: the due date (ISO); event_reminder:
   * "24h" or
   * "1h"; event_moved: the new start (ISO); event_cancelled: the cancelled date of a recurring event (ISO),
   * null when the whole event is cancelled; reaction: what was reacted to ("post", "comment" or "message").
   */
  detail: string | null;
  /** Where the notification leads in the app. */
  url: string;
};

export type NotificationList = { items: NotificationDto[]; unread: number };

/** A post's address; the lounge for a row without a post, which the writers never store but the column allows. */
const postUrl = (postId: number | null) => (postId ? searchResultUrl.post(postId) : "/app/lounge");

/** Where a notification opens: the item in context, or the screen its kind is about. */
/** A channel in the chat (what an invitation opens). */
export const channelUrl = (channelId: number) => `/app/chat?group=${channelId}`;

export function notificationUrl(row: {
  kind: NotificationKind;
  postId: number | null;
  commentId: number | null;
  channelId: number | null;
  messageId: number | null;
  eventId: number | null;
  detail: string | null;
}): string {
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
      return row.detail === "completed" ? "/app/resources" : "/pricing";
    case "membership_ending":
      return "/pricing";
    case "autorenew_notice":
      return "/app/profile";
    case "channel_invite":
      return channelUrl(row.channelId ?? 0);
    case "event_reminder":
    case "event_cancelled":
    case "event_moved":
    case "event_promoted":
      return `/app/events/${row.eventId}`;
  }
}
