// Programs: guided journeys of lessons that open by a rule, members' enrolments and progress, their private
// practice log, and the resumable uploads of lesson media.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { LESSON_MEDIA_KINDS, PRACTICE_MOODS, UNLOCK_MODES } from "../../shared/programs";
import { users } from "./accounts";
import { channels } from "./chat";
import { createdAt } from "./columns";

/**
 * A program. `unlock` decides when lessons open (worker/features/programs/unlock.ts); `time_zone` is the zone of
 * fixed dates ("dates"); `starts_on` (a local date) makes it a cohort, with its private channel. Unpublished
 * programs are seen by admins only.
 */
export const programs = sqliteTable(
  "programs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    paidOnly: integer("paid_only", { mode: "boolean" }).notNull().default(false),
    unlock: text("unlock", { enum: UNLOCK_MODES }).notNull().default("all"),
    timeZone: text("time_zone").notNull(),
    startsOn: text("starts_on"),
    channelId: integer("channel_id").references(() => channels.id, { onDelete: "set null" }),
    /** The cover image's R2 key (`programs/…`), replaced and deleted with the program (platform/covers.ts). */
    coverKey: text("cover_key"),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("programs_published_idx").on(t.publishedAt, t.id)],
);

/** A lesson: markdown and its sanitised HTML, an optional audio or video in R2, a fixed opening date ("dates"). */
export const programLessons = sqliteTable(
  "program_lessons",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    programId: integer("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    /** 1, 2, 3…: dense, rewritten by a reorder. */
    position: integer("position").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    bodyHtml: text("body_html").notNull().default(""),
    /** "dates" programs: the local date (program's zone) the lesson opens on, at LESSON_OPENS_HOUR. */
    opensOn: text("opens_on"),
    mediaKey: text("media_key"),
    mediaType: text("media_type"),
    mediaKind: text("media_kind", { enum: LESSON_MEDIA_KINDS }),
    mediaSize: integer("media_size"),
    durationSeconds: integer("duration_seconds"),
    createdAt: createdAt(),
  },
  (t) => [index("program_lessons_program_idx").on(t.programId, t.position)],
);

/** A member in a program: since when, and in which zone their daily lessons open. */
export const programEnrolments = sqliteTable(
  "program_enrolments",
  {
    programId: integer("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    timeZone: text("time_zone").notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    lastActiveAt: integer("last_active_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.programId, t.userId] }), index("program_enrolments_user_idx").on(t.userId)],
);

/** Where a member is in a lesson's media, and whether they marked it done. */
export const lessonProgress = sqliteTable(
  "lesson_progress",
  {
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => programLessons.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    programId: integer("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    positionSeconds: integer("position_seconds").notNull().default(0),
    doneAt: integer("done_at", { mode: "timestamp_ms" }),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lessonId, t.userId] }),
    index("lesson_progress_user_idx").on(t.userId, t.programId),
    index("lesson_progress_program_idx").on(t.programId, t.lessonId),
  ],
);

/** A member's private practice log: minutes on a local date, an optional note and mood. */
export const practiceEntries = sqliteTable(
  "practice_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    practisedOn: text("practised_on").notNull(),
    minutes: integer("minutes").notNull(),
    note: text("note"),
    mood: text("mood", { enum: PRACTICE_MOODS }),
    createdAt: createdAt(),
  },
  (t) => [index("practice_entries_user_idx").on(t.userId, t.practisedOn)],
);

/** A member's gentle weekly goal (none stored: PROGRAM_LIMITS.weeklyGoalDefaultMinutes). */
export const practiceGoals = sqliteTable("practice_goals", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  weeklyGoalMinutes: integer("weekly_goal_minutes").notNull(),
});

/** An R2 multipart upload of a lesson's media in progress: its parts so far, so a dropped one is resumed. */
export const lessonUploads = sqliteTable(
  "lesson_uploads",
  {
    uploadId: text("upload_id").primaryKey(),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => programLessons.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    size: integer("size").notNull(),
    fileName: text("file_name").notNull(),
    /** Proven by the first part's bytes (null until it arrives). */
    contentType: text("content_type"),
    mediaKind: text("media_kind", { enum: LESSON_MEDIA_KINDS }),
    declaredType: text("declared_type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("lesson_uploads_created_idx").on(t.createdAt)],
);

export const lessonUploadParts = sqliteTable(
  "lesson_upload_parts",
  {
    uploadId: text("upload_id")
      .notNull()
      .references(() => lessonUploads.uploadId, { onDelete: "cascade" }),
    partNumber: integer("part_number").notNull(),
    etag: text("etag").notNull(),
    size: integer("size").notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.partNumber] })],
);
