// Notifications' wire format (GET /api/notifications), shared by the worker and the client. The client
// words each kind from its text catalogue; the server sends the facts and where the item is.

export const NOTIFICATION_KINDS = [
  "comment",
  "like",
  "mention",
  "notice",
  "payment",
  "membership_ending",
  "channel_invite",
  "autorenew_notice",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type NotificationDto = {
  id: number;
  kind: NotificationKind;
  read: boolean;
  created_at: string;
  /** Grouped likes: how many since the member last read them (1 for every other kind). */
  count: number;
  /** Who did it (the latest liker); null for the system's notifications. */
  actor_name: string | null;
  post_id: number | null;
  channel_id: number | null;
  channel_name: string | null;
  notice_title: string | null;
  /** payment: "completed" or "failed"; membership_ending and autorenew_notice: the due date (ISO). */
  detail: string | null;
  /** Where the notification leads in the app. */
  url: string;
};

export type NotificationList = { items: NotificationDto[]; unread: number };
