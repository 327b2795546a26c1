// Notifications and their delivery: the notifications, the outbox, members' choices, push subscriptions,
// dead letters.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { DIGESTS } from "../../shared/notification-settings";
import { NOTIFICATION_KINDS } from "../../shared/notifications";
import { users } from "./accounts";
import { channels, messages } from "./chat";
import { createdAt } from "./columns";
import { events } from "./events";
import { comments, notices, posts } from "./lounge";
import { payments } from "./payments";

/**
 * A member's notifications. What each refers to sits in its own column, so deleting the post,
 * channel or notice deletes the notifications about it. Likes on a post are grouped: one unread row
 * per post counts them (the partial unique index is the grouping key). A payment's result is written in
 * the same batch that settles it (approvePayment, failPayment), so only the settling call queues its email.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    /** Who did it (the latest liker for grouped likes); null for the system's own notifications. */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    postId: integer("post_id").references(() => posts.id, { onDelete: "cascade" }),
    commentId: integer("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    channelId: integer("channel_id").references(() => channels.id, { onDelete: "cascade" }),
    messageId: integer("message_id").references(() => messages.id, { onDelete: "cascade" }),
    noticeId: integer("notice_id").references(() => notices.id, { onDelete: "cascade" }),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "cascade" }),
    eventId: integer("event_id").references(() => events.id, { onDelete: "cascade" }),
    /** Payment: its status; membership_ending: the due date (ms), which also makes the reminder once per period. */
    detail: text("detail"),
    /** Grouped likes: how many since the member last read it. */
    count: integer("count").notNull().default(1),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.id),
    uniqueIndex("notifications_unread_likes_unique")
      .on(t.userId, t.postId)
      .where(sql`kind = 'like' and read_at is null`),
    uniqueIndex("notifications_reminder_unique").on(t.userId, t.detail).where(sql`kind = 'membership_ending'`),
    // An event reminder is sent once per member, event and "<window>:<start>" (detail): racing runs insert one.
    uniqueIndex("notifications_event_reminder_unique")
      .on(t.userId, t.eventId, t.detail)
      .where(sql`kind = 'event_reminder'`),
    uniqueIndex("notifications_autorenew_notice_unique").on(t.userId, t.detail).where(sql`kind = 'autorenew_notice'`),
    // A lesson opening and a cohort's start are told once per member (detail: "<program>:<lesson>", "<program>").
    uniqueIndex("notifications_program_unique")
      .on(t.userId, t.kind, t.detail)
      .where(sql`kind in ('lesson_opened', 'cohort_starting')`),
    // Reactions are grouped like likes: one unread row per member and item, the item named in detail ("post:12").
    uniqueIndex("notifications_unread_reactions_unique")
      .on(t.userId, t.detail)
      .where(sql`kind = 'reaction' and read_at is null`),
  ],
);

/**
 * The outbox of notification deliveries: one row for each notification written (and again when a grouped
 * one counts a new like or reaction), added by the database itself (migrations/0027_notification_outbox.sql's
 * triggers) in the statement that writes the notification, so no writer can forget it and no crash between two
 * steps can lose it. `pending` until a sender hands it to the delivery queue (`queued`); the queue's consumer
 * marks it `delivered` once its pushes and emails are planned, or `dead` when one of them is dead-lettered.
 */
export const notificationDeliveries = sqliteTable(
  "notification_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    notificationId: integer("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    /** The recipient, for the live frame that tells their open app of it. */
    userId: integer("user_id").notNull(),
    state: text("state", { enum: ["pending", "queued", "delivered", "dead"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    index("notification_deliveries_pending_idx").on(t.createdAt).where(sql`state = 'pending'`),
    // The sweep takes back deliveries claimed by a sender that stopped before the queue took them.
    index("notification_deliveries_queued_idx").on(t.updatedAt).where(sql`state = 'queued'`),
    index("notification_deliveries_notification_idx").on(t.notificationId),
  ],
);

/**
 * A member's notification choices: `choices` holds only what they changed from
 * DEFAULT_PREFERENCES (worker/shared/notification-settings.ts), as JSON `{ kind: { channel: boolean } }`.
 */
export const notificationPreferences = sqliteTable("notification_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  choices: text("choices").notNull().default("{}"),
  digest: text("digest", { enum: DIGESTS }).notNull().default("off"),
  /** When the last digest went out (ms); the next one covers what is newer. */
  digestSentAt: integer("digest_sent_at", { mode: "timestamp_ms" }),
});

/**
 * A browser's Web Push subscription (RFC 8030): one row per endpoint in its normal form
 * (worker/features/notifications/push/endpoint.ts), whoever subscribed it last; a member keeps at most
 * NOTIFICATION_LIMITS.pushDevicesMax (migrations/0028_push_endpoints.sql applied both to older rows).
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** The browser's User-Agent when it subscribed, so the profile can name the device. */
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

/** Deliveries that failed after the queue's last retry (its dead-letter queue's consumer writes them). */
export const deadLetters = sqliteTable("dead_letters", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** The job as it was queued (JSON). */
  body: text("body").notNull(),
  attempts: integer("attempts").notNull(),
  createdAt: createdAt(),
});
