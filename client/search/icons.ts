// Which mark stands for each kind of search result and of notification. The marks only those two lists
// draw are here, loaded with the search dialog and the notification panel (client/components/icon-shapes.ts
// says why a set is beside what draws it); the others are the shell's.

import type { NotificationKind } from "../../worker/shared/notifications";
import type { SearchKind } from "../../worker/shared/search";
import { circle, ICON_SHAPES, type IconShape, rect } from "../components/icon-shapes";

const KIND_SHAPES = {
  /** A post (a page). */
  document: ["M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z", "M14 3v5h5M9 13h6M9 17h4"],
  /** A chat message (a channel's #). */
  hash: ["M4 9h16M4 15h16M10 3 8 21M16 3l-2 18"],
  /** A mention. */
  at: [circle(12, 12, 4), "M16 8v5a3 3 0 0 0 6 0v-1a10 10 0 1 0-3.9 7.9"],
  /** A notice. */
  pin: ["M12 17v5M9 3h6l-1 7 4 4H6l4-4z"],
  /** A payment. */
  card: [rect(2, 5, 20, 14, 2), "M2 10h20"],
  /** A membership about to end. */
  clock: [circle(12, 12, 9), "M12 7v5l3 2"],
  /** An invitation to a channel. */
  invite: [circle(9, 8, 4), "M2 21a7 7 0 0 1 14 0M19 8v6M16 11h6"],
} as const satisfies Record<string, IconShape>;

export const KIND_ICONS: Record<SearchKind, IconShape> = {
  post: KIND_SHAPES.document,
  comment: ICON_SHAPES.comment,
  message: KIND_SHAPES.hash,
  resource: ICON_SHAPES.book,
  event: ICON_SHAPES.calendar,
  program: ICON_SHAPES.book,
  lesson: ICON_SHAPES.book,
};

export const NOTIFICATION_ICONS: Record<NotificationKind, IconShape> = {
  comment: ICON_SHAPES.comment,
  like: ICON_SHAPES.heart,
  mention: KIND_SHAPES.at,
  notice: KIND_SHAPES.pin,
  payment: KIND_SHAPES.card,
  membership_ending: KIND_SHAPES.clock,
  autorenew_notice: KIND_SHAPES.card,
  price_change: KIND_SHAPES.card,
  reply: ICON_SHAPES.comment,
  reaction: ICON_SHAPES.heart,
  channel_invite: KIND_SHAPES.invite,
  event_reminder: ICON_SHAPES.calendar,
  event_cancelled: ICON_SHAPES.calendar,
  event_moved: ICON_SHAPES.calendar,
  event_promoted: ICON_SHAPES.calendar,
  lesson_opened: ICON_SHAPES.book,
  cohort_starting: ICON_SHAPES.calendar,
};
