// The member's settings by topic, each section at an address of its own (/app/settings/<section>): the client's
// routes and the worker's links (email footers, the unsubscribe page, notifications) are built from these.
import type { NotificationKind } from "./notifications";

export const SETTINGS_PATH = "/app/settings";

export const SETTINGS_SECTIONS = ["notifications", "membership", "privacy", "devices", "calendar", "data"] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** A section's address. */
export const settingsPath = <S extends SettingsSection>(section: S) => `${SETTINGS_PATH}/${section}` as const;

/** The groups the notification settings show, in this order: the way members think of what reaches them. */
export const NOTIFICATION_GROUPS = ["conversations", "community", "events", "membership"] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

/** Each kind's group; a new kind fails the typecheck until it has one. */
export const NOTIFICATION_GROUP_OF: Record<NotificationKind, NotificationGroup> = {
  mention: "conversations",
  reply: "conversations",
  reaction: "conversations",
  channel_invite: "conversations",
  comment: "community",
  like: "community",
  notice: "community",
  event_reminder: "events",
  event_cancelled: "events",
  event_moved: "events",
  event_promoted: "events",
  payment: "membership",
  membership_ending: "membership",
  autorenew_notice: "membership",
};

/** The kinds of a group, in the order of NOTIFICATION_GROUP_OF. */
export const kindsOfGroup = (group: NotificationGroup) =>
  (Object.keys(NOTIFICATION_GROUP_OF) as NotificationKind[]).filter((kind) => NOTIFICATION_GROUP_OF[kind] === group);
