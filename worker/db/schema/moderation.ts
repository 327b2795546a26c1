// Moderation and the record of changes: reports and their reasons, edits' earlier versions, reactions
// (reported and hidden like the items they react to), the admins' audit log.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { AUDIT_ACTIONS } from "../../shared/admin-rules";
import { REACTION_KINDS, REACTIONS, REPORT_KINDS, REPORT_REASONS } from "../../shared/rules";
import { users } from "./accounts";
import { createdAt } from "./columns";

/**
 * One row per reported item: the moderation queue. Its reporters' reasons are in
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
 * A member's reactions: one row per member, emoji and item. The item is a post, comment or
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
