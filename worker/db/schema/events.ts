// Events: gatherings, their cancelled dates, members' answers and calendar subscriptions.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { EVENT_LOCATIONS, EVENT_REPEATS, RSVP_STATES } from "../../shared/events";
import { users } from "./accounts";
import { createdAt } from "./columns";
import { programs } from "./programs";

/**
 * Gatherings. Instants are UTC milliseconds; time_zone is the IANA zone the event happens in,
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
    /** A cohort's event: its program's enrolled members see it first; null for everyone's events. */
    programId: integer("program_id").references(() => programs.id, { onDelete: "set null" }),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex("events_uid_unique").on(t.uid),
    index("events_starts_idx").on(t.startsAt, t.id),
    index("events_program_idx").on(t.programId, t.startsAt),
  ],
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
