// The relational model (docs/spec.md §3). Timestamps are integer milliseconds, surfaced as Date
// (serialised to ISO strings in JSON); JSON-encoded lists are stored as text, as the spec says.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { AUDIT_ACTIONS } from "../shared/admin-rules";
import { EVENT_LOCATIONS, EVENT_REPEATS, RSVP_STATES } from "../shared/events";
import { NOTIFICATION_KINDS } from "../shared/notifications";
import { DIGESTS } from "../shared/notify";
import {
  DIRECT_MESSAGE_POLICIES,
  LANGUAGES,
  REACTION_KINDS,
  REACTIONS,
  REPORT_KINDS,
  REPORT_REASONS,
} from "../shared/rules";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    name: text("name"),
    avatarUrl: text("avatar_url"),
    role: text("role", { enum: ["member", "admin"] })
      .notNull()
      .default("member"),
    bio: text("bio"),
    timezone: text("timezone"),
    /** The UI language the member chose (docs/client.md "Words"); null: the browser's decides. */
    language: text("language", { enum: LANGUAGES }),
    googleSub: text("google_sub"),
    /** Until when an admin muted the member (no posts, comments or chat); past or null: not muted. */
    mutedUntil: integer("muted_until", { mode: "timestamp_ms" }),
    /** Who may open a direct message with the member (the profile's setting). */
    directMessages: text("direct_messages", { enum: DIRECT_MESSAGE_POLICIES }).notNull().default("everyone"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_google_sub_unique").on(t.googleSub),
    index("users_created_idx").on(t.createdAt, t.id),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the session token, hex. The token itself is never stored. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** One-time codes of the development sign-in provider (hashed, short-lived). */
export const devLoginCodes = sqliteTable("dev_login_codes", {
  codeHash: text("code_hash").primaryKey(),
  email: text("email").notNull(),
  name: text("name"),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
});

export const profiles = sqliteTable("profiles", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  goals: text("goals").notNull().default("[]"),
  interests: text("interests").notNull().default("[]"),
  socials: text("socials").notNull().default("{}"),
});

export const memberships = sqliteTable(
  "memberships",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: text("plan").notNull().default("monthly"),
    /** A paid period or an admin-granted trial; either is active while next_payment_due is in the future. */
    kind: text("kind", { enum: ["paid", "trial"] })
      .notNull()
      .default("paid"),
    nextPaymentDue: integer("next_payment_due", { mode: "timestamp_ms" }).notNull(),
    updatedAt: createdAt(),
  },
  (t) => [index("memberships_due_idx").on(t.nextPaymentDue)],
);

export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Kept (set null) when the member is deleted: payments stay for accounting. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    userEmail: text("user_email").notNull(),
    plan: text("plan").notNull().default("monthly"),
    amountClp: integer("amount_clp").notNull(),
    /** pending -> completed | failed (failure_reason says why); completed -> refunded. */
    status: text("status", { enum: ["pending", "completed", "failed", "refunded"] })
      .notNull()
      .default("pending"),
    provider: text("provider").notNull().default("webpay_form"),
    /** Taken in Transbank's integration environment or the emulator: no real money moved. */
    isTest: integer("is_test", { mode: "boolean" }).notNull().default(false),
    buyOrder: text("buy_order").notNull(),
    sessionId: text("session_id").notNull(),
    token: text("token"),
    authorizationCode: text("authorization_code"),
    responseCode: integer("response_code"),
    failureReason: text("failure_reason"),
    /** The card's last four digits as Transbank reports them (never the full number). */
    cardLast4: text("card_last4"),
    createdAt: createdAt(),
    settledAt: integer("settled_at", { mode: "timestamp_ms" }),
    /** Transbank's refund answer: REVERSED (same day, full amount) or NULLIFIED. */
    refundType: text("refund_type", { enum: ["REVERSED", "NULLIFIED"] }),
    refundAuthorizationCode: text("refund_authorization_code"),
    refundedAmountClp: integer("refunded_amount_clp"),
    refundedAt: integer("refunded_at", { mode: "timestamp_ms" }),
    /** The admin who refunded it (kept as null when that account is deleted). */
    refundedBy: integer("refunded_by").references(() => users.id, { onDelete: "set null" }),
    /** An automatic (Oneclick Mall) charge: the child store's buy order, which its refund names. */
    detailBuyOrder: text("detail_buy_order"),
    /** A completed payment: the end of the period it paid for (its receipt names it; it starts 30 days before). */
    periodEndsAt: integer("period_ends_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("payments_buy_order_unique").on(t.buyOrder),
    uniqueIndex("payments_token_unique").on(t.token),
    index("payments_user_idx").on(t.userId, t.id),
    index("payments_created_idx").on(t.createdAt),
    // The reconciler's scan: pending payments, oldest first.
    index("payments_status_created_idx").on(t.status, t.createdAt),
  ],
);

export const posts = sqliteTable(
  "posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    /** Denormalised counters, recomputed from their tables in the same batch as every change. */
    likesCount: integer("likes_count").notNull().default(0),
    commentsCount: integer("comments_count").notNull().default(0),
    /** Set when a moderator hid it (a resolved report): the API replaces its content for everyone. */
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    /** The reason its author is shown. */
    hiddenReason: text("hidden_reason", { enum: REPORT_REASONS }),
    /** Set when its author last edited it ("edited" with the time); earlier texts are in content_versions. */
    editedAt: integer("edited_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  // created_at: the digest counts the posts newer than a member's last digest.
  (t) => [index("posts_author_idx").on(t.authorId), index("posts_created_idx").on(t.createdAt)],
);

export const postLikes = sqliteTable(
  "post_likes",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index("post_likes_user_idx").on(t.userId, t.postId)],
);

export const comments = sqliteTable(
  "comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    /** Set when a moderator hid it (a resolved report): the API replaces its content for everyone. */
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    /** The reason its author is shown. */
    hiddenReason: text("hidden_reason", { enum: REPORT_REASONS }),
    /** Set when its author last edited it ("edited" with the time); earlier texts are in content_versions. */
    editedAt: integer("edited_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("comments_post_idx").on(t.postId, t.id), index("comments_author_idx").on(t.authorId)],
);

export const notices = sqliteTable(
  "notices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    /** Sanitised HTML (allowlist) — never stored raw. */
    content: text("content").notNull(),
    imageUrl: text("image_url"),
    isPinned: integer("is_pinned", { mode: "boolean" }).notNull().default(false),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("notices_board_idx").on(t.isPinned, t.id)],
);

export const channels = sqliteTable(
  "channels",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description"),
    isPrivate: integer("is_private", { mode: "boolean" }).notNull().default(false),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * Set on a direct message (issue 36): "<smaller user id>:<larger user id>", unique, so a pair has one
     * conversation however many open it at once. Its two members are its channel_members; nobody else,
     * admins included, may read it. Ids are never reused (AUTOINCREMENT), so a deleted member's key stays theirs.
     */
    directKey: text("direct_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("channels_private_idx").on(t.isPrivate),
    index("channels_creator_idx").on(t.createdBy),
    uniqueIndex("channels_direct_key_unique").on(t.directKey),
  ],
);

export const channelMembers = sqliteTable(
  "channel_members",
  {
    channelId: integer("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] }), index("channel_members_user_idx").on(t.userId)],
);

/**
 * A private channel's invitation by email, pending until it binds into channel_members: at the
 * invitee's next sign-in or channel list (docs/architecture.md, decisions). Known and unknown emails
 * are invited alike, so adding a member tells the adder nothing about who has an account.
 */
export const channelInvitations = sqliteTable(
  "channel_invitations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    /** Normalised (trimmed, lower case), as users.email. */
    email: text("email").notNull(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("channel_invitations_channel_email_unique").on(t.channelId, t.email),
    index("channel_invitations_email_idx").on(t.email),
  ],
);

/**
 * Invitations emailed to addresses with no account: one row per channel and address, so however often the
 * address is invited, revoked and invited again, it is emailed once. Goes with the channel.
 */
export const invitationEmails = sqliteTable(
  "invitation_emails",
  {
    channelId: integer("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.email] })],
);

export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    senderId: integer("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    /** R2 key of an attached image, served by an authenticated route. */
    imageKey: text("image_key"),
    /** Set when a moderator hid it (a resolved report): the API replaces its content for everyone. */
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    /** The reason its author is shown. */
    hiddenReason: text("hidden_reason", { enum: REPORT_REASONS }),
    /** Set when its author last edited it ("edited" with the time); earlier texts are in content_versions. */
    editedAt: integer("edited_at", { mode: "timestamp_ms" }),
    /** The message of the same channel it answers (issue 36); no foreign key: a quote of a gone one reads as
     * deleted. */
    replyTo: integer("reply_to"),
    /** Set when its sender deleted it: the body is emptied and the image removed; the row keeps its place. */
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("messages_channel_idx").on(t.channelId, t.id), index("messages_sender_idx").on(t.senderId)],
);

/** A member's blocks (issue 36): never shown to the blocked member; both directions go with either account. */
export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index("blocks_blocked_idx").on(t.blockedId)],
);

/**
 * How far each member has read each channel (issue 19's unread counts): messages with a larger id are
 * unread. Moved forward (never back) when the member reads the channel or writes in it.
 */
export const channelReads = sqliteTable(
  "channel_reads",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channelId: integer("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    lastReadMessageId: integer("last_read_message_id").notNull().default(0),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channelId] }), index("channel_reads_channel_idx").on(t.channelId)],
);

/**
 * A member's notifications (issue 19). What each refers to sits in its own column, so deleting the post,
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
    index("notification_deliveries_notification_idx").on(t.notificationId),
  ],
);

export const resources = sqliteTable(
  "resources",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    description: text("description"),
    /** R2 key (generated, never from the user's file name); null when only an external URL is kept. */
    fileKey: text("file_key"),
    /** Provider URL kept only when storing an AI image in R2 failed (storage_method 'temporary_url'). */
    externalUrl: text("external_url"),
    fileName: text("file_name").notNull(),
    fileType: text("file_type").notNull(),
    fileSize: integer("file_size").notNull().default(0),
    kind: text("kind", { enum: ["upload", "ai_text", "ai_image"] })
      .notNull()
      .default("upload"),
    /** JSON-encoded list of strings (docs/spec.md §3). */
    tags: text("tags").notNull().default("[]"),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    ownerName: text("owner_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("resources_owner_idx").on(t.ownerId), index("resources_created_idx").on(t.createdAt, t.id)],
);

/**
 * How many resources carry each tag, kept by triggers on `resources` (the resource_tags migration), so
 * the library's tag list is read without going through every resource's tags.
 */
export const resourceTags = sqliteTable(
  "resource_tags",
  {
    tag: text("tag").primaryKey(),
    resources: integer("resources").notNull(),
  },
  // The tag list's order (case-insensitively first), read from the index instead of sorted per request.
  (t) => [index("resource_tags_order_idx").on(sql`${t.tag} collate nocase`, t.tag)],
);

/**
 * The number of resources, in one row (id 1) kept by triggers on `resources` beside resource_tags, so
 * the library's total is read, not counted (no row reads as 0).
 */
export const resourceTotals = sqliteTable("resource_totals", {
  id: integer("id").primaryKey(),
  resources: integer("resources").notNull(),
});

/** Fixed-window counters for rate limits, keyed by action and caller. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

/**
 * Automatic renewal (issue 34): a member's Oneclick Mall enrolment. Transbank keeps the card; we keep
 * only its `tbk_user`, AES-GCM encrypted (worker/platform/crypto.ts, key ONECLICK_TBK_USER_KEY), and the
 * card type and masked number Transbank answered. `paused` after the retries of a refused charge ran out.
 */
export const autorenewEnrolments = sqliteTable("autorenew_enrolments", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The Oneclick username the inscription was made with (deleting it at Transbank names it again). */
  username: text("username").notNull(),
  tbkUserEncrypted: text("tbk_user_encrypted").notNull(),
  cardType: text("card_type"),
  cardNumber: text("card_number"),
  status: text("status", { enum: ["active", "paused"] })
    .notNull()
    .default("active"),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * Inscriptions started and not yet back from Transbank: the return is a cross-site navigation without
 * the session cookie, so its TBK_TOKEN finds the member here (and only once: finishing deletes the row).
 */
export const oneclickInscriptions = sqliteTable("oneclick_inscriptions", {
  token: text("token").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/**
 * One row per member and period renewed automatically: the UNIQUE (user, period_due) is what makes a
 * period chargeable once. Each attempt is a payment whose buy order is derived from the member, the
 * period and the attempt number (UNIQUE in payments), so two runs racing make one attempt.
 * waiting -> charging -> paid | waiting (refused, retried after 1, 3 and 7 days) | gave_up (paused);
 * charging stays while the outcome is unknown, until Transbank's status settles it.
 */
export const autorenewCharges = sqliteTable(
  "autorenew_charges",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The membership due date this charge renews. */
    periodDue: integer("period_due", { mode: "timestamp_ms" }).notNull(),
    state: text("state", { enum: ["waiting", "charging", "paid", "gave_up"] })
      .notNull()
      .default("waiting"),
    /** Attempts made (numbers the buy orders); refusals counts only Transbank's refusals (the retry schedule). */
    attempts: integer("attempts").notNull().default(0),
    refusals: integer("refusals").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    /** The latest attempt's payment. */
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("autorenew_charges_period_unique").on(t.userId, t.periodDue),
    index("autorenew_charges_state_idx").on(t.state, t.nextAttemptAt),
  ],
);

/** The emulator's Oneclick inscriptions (WEBPAY_ENV=emulator only), as Transbank would keep them. */
export const oneclickEmulatorInscriptions = sqliteTable("oneclick_emulator_inscriptions", {
  token: text("token").primaryKey(),
  username: text("username").notNull(),
  email: text("email").notNull(),
  responseUrl: text("response_url").notNull(),
  /** pending (at the card page), enrolled, declined, abandoned, finished (enrolled and confirmed), deleted. */
  status: text("status", { enum: ["pending", "enrolled", "declined", "abandoned", "finished", "deleted"] })
    .notNull()
    .default("pending"),
  tbkUser: text("tbk_user"),
  /** What the enrolled card answers to a charge: approved, refused (with refuse_code) or timeout. */
  cardOutcome: text("card_outcome", { enum: ["approved", "refused", "timeout"] }),
  refuseCode: integer("refuse_code"),
  createdAt: createdAt(),
});

/** The emulator's Oneclick Mall transactions, by parent buy order (one detail each, as the app sends). */
export const oneclickEmulatorTransactions = sqliteTable("oneclick_emulator_transactions", {
  buyOrder: text("buy_order").primaryKey(),
  detailBuyOrder: text("detail_buy_order").notNull(),
  commerceCode: text("commerce_code").notNull(),
  tbkUser: text("tbk_user").notNull(),
  amount: integer("amount").notNull(),
  installmentsNumber: integer("installments_number").notNull(),
  status: text("status", { enum: ["AUTHORIZED", "FAILED", "REVERSED", "NULLIFIED"] }).notNull(),
  responseCode: integer("response_code").notNull(),
  authorizationCode: text("authorization_code"),
  createdAt: createdAt(),
});

/**
 * The local Webpay emulator's own transactions (WEBPAY_ENV=emulator only): what Transbank would keep
 * on its side. Never read by the app itself, only through the emulator's REST contract.
 */
export const webpayEmulatorTransactions = sqliteTable("webpay_emulator_transactions", {
  token: text("token").primaryKey(),
  buyOrder: text("buy_order").notNull(),
  sessionId: text("session_id").notNull(),
  amount: integer("amount").notNull(),
  returnUrl: text("return_url").notNull(),
  /**
   * INITIALIZED (at the card page), AUTHORIZED, FAILED (declined), ABORTED (cancelled), REVERSED or NULLIFIED
   * (refunded).
   */
  status: text("status", { enum: ["INITIALIZED", "AUTHORIZED", "FAILED", "ABORTED", "REVERSED", "NULLIFIED"] })
    .notNull()
    .default("INITIALIZED"),
  responseCode: integer("response_code"),
  authorizationCode: text("authorization_code"),
  committed: integer("committed", { mode: "boolean" }).notNull().default(false),
  /**
   * The token's end of life (created + token lifetime): an unfinished transaction can no longer be paid or committed.
   */
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
});

/**
 * One row per reported item (issue 20): the moderation queue. Its reporters' reasons are in
 * report_reasons. A dismissed item reported again by someone new opens again.
 */
export const reports = sqliteTable(
  "reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: REPORT_KINDS }).notNull(),
    targetId: integer("target_id").notNull(),
    status: text("status", { enum: ["open", "hidden", "dismissed"] })
      .notNull()
      .default("open"),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("reports_target_unique").on(t.kind, t.targetId), index("reports_status_idx").on(t.status, t.id)],
);

/**
 * The earlier texts of an edited post, comment or message, for moderators only: one row per edit,
 * holding the text it replaced. Deleting the item deletes them (a member's deletion removes every version).
 */
export const contentVersions = sqliteTable(
  "content_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: REPORT_KINDS }).notNull(),
    targetId: integer("target_id").notNull(),
    content: text("content").notNull(),
    /** When this text was replaced. */
    replacedAt: integer("replaced_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("content_versions_target_idx").on(t.kind, t.targetId, t.id)],
);

/**
 * A member's reactions (issue 36): one row per member, emoji and item. The item is a post, comment or
 * message by kind and id (no foreign key can name three tables), so triggers remove an item's reactions
 * with it, and a message's when its sender deletes it (migrations: reactions_cleanup); the member's go
 * with their account by the foreign key.
 */
export const reactions = sqliteTable(
  "reactions",
  {
    kind: text("kind", { enum: REACTION_KINDS }).notNull(),
    targetId: integer("target_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    emoji: text("emoji", { enum: REACTIONS.emoji }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.targetId, t.userId, t.emoji] }), index("reactions_user_idx").on(t.userId)],
);

/** Who reported an item, why: once per item per member. Never shown to anyone (admins see the reasons only). */
export const reportReasons = sqliteTable(
  "report_reasons",
  {
    reportId: integer("report_id")
      .notNull()
      .references(() => reports.id, { onDelete: "cascade" }),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    details: text("details"),
    /** The text as this reporter saw it, so the report shows what was reported even after an edit. */
    reportedText: text("reported_text"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.reporterId] }), index("report_reasons_reporter_idx").on(t.reporterId)],
);

/**
 * Every admin action, append-only (worker/db/audit.ts inserts and reads; nothing updates or deletes).
 * Ids only, no names or emails: the log outlives accounts, and a deleted member's data must not.
 * actor_id is a plain integer (no foreign key) so it survives the actor's account.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: integer("actor_id").notNull(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    /** Short JSON summaries of the state before and after. */
    before: text("before"),
    after: text("after"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_action_idx").on(t.action, t.id), index("audit_log_actor_idx").on(t.actorId, t.id)],
);

/**
 * Gatherings (issue 35). Instants are UTC milliseconds; time_zone is the IANA zone the event happens in,
 * so its wall-clock time there is derived, never stored. A cancelled event stays (cancelled_at) so
 * calendars can be told. uid and sequence are the ICS identity and revision.
 */
export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    uid: text("uid").notNull(),
    sequence: integer("sequence").notNull().default(0),
    title: text("title").notNull(),
    /** Markdown as the admin wrote it, and its sanitised HTML. */
    description: text("description").notNull().default(""),
    descriptionHtml: text("description_html").notNull().default(""),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }).notNull(),
    timeZone: text("time_zone").notNull(),
    /** A recurring event: its rule and the last instant an occurrence may start at (null: once). */
    repeat: text("repeat", { enum: EVENT_REPEATS }),
    repeatUntil: integer("repeat_until", { mode: "timestamp_ms" }),
    /** When the last occurrence ends (ends_at for a single event): what "not over yet" reads. */
    lastEndsAt: integer("last_ends_at", { mode: "timestamp_ms" }).notNull(),
    location: text("location", { enum: EVENT_LOCATIONS }).notNull(),
    place: text("place"),
    meetingUrl: text("meeting_url"),
    /** The cover image's R2 key (null: none); served only through GET /api/events/:id/cover. */
    coverKey: text("cover_key"),
    hostId: integer("host_id").references(() => users.id, { onDelete: "set null" }),
    /** Null: no limit. */
    capacity: integer("capacity"),
    paidOnly: integer("paid_only", { mode: "boolean" }).notNull().default(false),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex("events_uid_unique").on(t.uid), index("events_starts_idx").on(t.startsAt, t.id)],
);

/** One occurrence of a recurring event cancelled (by its start), the rest of the series kept. */
export const eventCancelledOccurrences = sqliteTable(
  "event_cancelled_occurrences",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.startsAt] })],
);

/** A member's answer to an event. "going" past the capacity is "waitlisted", in order of responded_at. */
export const eventRsvps = sqliteTable(
  "event_rsvps",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: RSVP_STATES }).notNull(),
    /** When the member last changed their answer: the waitlist's order. */
    respondedAt: integer("responded_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index("event_rsvps_status_idx").on(t.eventId, t.status, t.respondedAt),
    index("event_rsvps_user_idx").on(t.userId),
  ],
);

/** A member's calendar subscription (GET /api/calendar/:token.ics): only the token's SHA-256 is kept. */
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("calendar_feeds_token_unique").on(t.tokenHash)],
);

/**
 * A member's notification choices (issue 33): `choices` holds only what they changed from
 * DEFAULT_PREFERENCES (worker/shared/notify.ts), as JSON `{ kind: { channel: boolean } }`.
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
