// Which icon (components/icon-shapes.ts) stands for each kind of search result and of notification.

import type { NotificationKind } from "../../worker/shared/notifications";
import type { SearchKind } from "../../worker/shared/search";
import type { IconName } from "../components/icon-shapes";

export const KIND_ICONS: Record<SearchKind, IconName> = {
  post: "document",
  comment: "comment",
  message: "hash",
  resource: "book",
  event: "calendar",
};

export const NOTIFICATION_ICONS: Record<NotificationKind, IconName> = {
  comment: "comment",
  like: "heart",
  mention: "at",
  notice: "pin",
  payment: "card",
  membership_ending: "clock",
  autorenew_notice: "card",
  reply: "comment",
  reaction: "heart",
  channel_invite: "invite",
  event_reminder: "calendar",
  event_cancelled: "calendar",
  event_moved: "calendar",
  event_promoted: "calendar",
};
