// Where each kind of notification reaches a member: in the app (the bell), by Web Push, by
// email. One source of truth for the defaults, the fixed choices and the wire format of
// GET/PUT /api/notifications/preferences; the client's preferences grid reads the same lists.
import { NOTIFICATION_KINDS, type NotificationKind } from "./notifications";

export const DELIVERY_CHANNELS = ["in_app", "push", "email"] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const DIGESTS = ["off", "daily", "weekly"] as const;
export type Digest = (typeof DIGESTS)[number];

export type ChannelChoices = Record<DeliveryChannel, boolean>;
export type Preferences = Record<NotificationKind, ChannelChoices>;
export type PreferencesDto = { preferences: Preferences; digest: Digest };

const choices = (in_app: boolean, push: boolean, email: boolean): ChannelChoices => ({ in_app, push, email });

/**
 * The defaults: mentions, replies, invitations and gatherings (reminders, changes, a freed seat) in the
 * app and by push; comments, likes, reactions and notices in the app only; payment results in the app and by email
 * (the receipt); the membership reminder, the automatic charge's notice and a raised plan price in the app and by
 * email, days before it matters.
 */
export const DEFAULT_PREFERENCES: Preferences = {
  comment: choices(true, false, false),
  like: choices(true, false, false),
  mention: choices(true, true, false),
  notice: choices(true, false, false),
  payment: choices(true, false, true),
  membership_ending: choices(true, false, true),
  channel_invite: choices(true, true, false),
  reply: choices(true, true, false),
  event_reminder: choices(true, true, false),
  event_cancelled: choices(true, true, false),
  event_moved: choices(true, true, false),
  event_promoted: choices(true, true, false),
  autorenew_notice: choices(true, false, true),
  reaction: choices(true, false, false),
  lesson_opened: choices(true, true, false),
  cohort_starting: choices(true, true, false),
  price_change: choices(true, false, true),
};

/**
 * Kinds whose email is for a member who is away: a mention or a reply reaches a member who has the app open
 * (connected live) in the bell, so only their push and email wait until they are gone.
 */
export const EMAIL_WHILE_AWAY: readonly NotificationKind[] = ["mention", "reply"];

/**
 * Choices a member cannot change: a receipt is the record of a payment, so it always goes by email; a raised price
 * must reach every member it applies to, in the app and by email, before it is charged (docs/memberships.md).
 */
const FIXED = {
  payment: { email: true },
  price_change: { in_app: true, email: true },
} satisfies Partial<Record<NotificationKind, Partial<ChannelChoices>>>;
export const FIXED_CHOICES: Partial<Record<NotificationKind, Partial<ChannelChoices>>> = FIXED;

/** The kinds whose choices are fixed: their emails always go, and their footer says why (each its own line). */
export type FixedKind = keyof typeof FIXED;
export const isFixedKind = (kind: string): kind is FixedKind => Object.hasOwn(FIXED, kind);

/** The member's stored choices over the defaults, with the fixed ones forced. */
export function resolvePreferences(stored: Partial<Record<string, Partial<ChannelChoices>>> | null): Preferences {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      { ...DEFAULT_PREFERENCES[kind], ...stored?.[kind], ...FIXED_CHOICES[kind] },
    ]),
  ) as Preferences;
}

/** The groups the notification settings show, in this order: the way members think of what reaches them. */
export const NOTIFICATION_GROUPS = ["conversations", "community", "events", "programs", "membership"] as const;
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
  lesson_opened: "programs",
  cohort_starting: "programs",
  payment: "membership",
  membership_ending: "membership",
  autorenew_notice: "membership",
  price_change: "membership",
};

/** The kinds of a group, in the order of NOTIFICATION_GROUP_OF. */
export const kindsOfGroup = (group: NotificationGroup) =>
  (Object.keys(NOTIFICATION_GROUP_OF) as NotificationKind[]).filter((kind) => NOTIFICATION_GROUP_OF[kind] === group);
