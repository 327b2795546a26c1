// The lounge: posts, likes, comments, the notice board, and reactions to posts, comments and messages.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { REPORT_REASONS } from "../../shared/rules";
import { users } from "./accounts";
import { createdAt } from "./columns";

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
