// The chat: channels (direct messages among them), members, invitations, messages and read markers.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { REPORT_REASONS } from "../../shared/rules";
import { users } from "./accounts";
import { createdAt } from "./columns";

export const channels = sqliteTable(
  "channels",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description"),
    isPrivate: integer("is_private", { mode: "boolean" }).notNull().default(false),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * Set on a direct message: "<smaller user id>:<larger user id>", unique, so a pair has one
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
    /** The message of the same channel it answers; no foreign key: a quote of a gone one reads as
     * deleted. */
    replyTo: integer("reply_to"),
    /** Set when its sender deleted it: the body is emptied and the image removed; the row keeps its place. */
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_channel_idx").on(t.channelId, t.id),
    index("messages_sender_idx").on(t.senderId),
    // The orphan sweep asks which listed R2 keys a message holds (worker/db/blobs.ts).
    index("messages_image_key_idx").on(t.imageKey).where(sql`${t.imageKey} is not null`),
  ],
);

/**
 * How far each member has read each channel (the unread counts): messages with a larger id are
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
