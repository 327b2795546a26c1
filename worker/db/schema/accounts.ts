// Members and their sessions: who they are, how they sign in, their profile, whom they block.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { DIRECT_MESSAGE_POLICIES, LANGUAGES } from "../../shared/rules";
import { createdAt } from "./columns";

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

/** A member's blocks: never shown to the blocked member; both directions go with either account. */
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
