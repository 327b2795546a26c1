// Events as members read them (only what each may read), and their writes: create, edit, cancel, covers.
import { and, asc, desc, eq, gt, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { eventCancelledOccurrences, eventRsvps, events, users } from "../../../db/schema";
import { localTimeOf } from "../../../platform/zoned-time";
import {
  EVENT_LIMITS,
  type EventDto,
  type EventPerson,
  eventCoverPath,
  type OccurrenceDto,
  type RsvpState,
} from "../../../shared/events";
import { DEFAULT_NAME } from "../../../shared/rules";
import { notifyPromoted } from "../../notifications/index";
import { occurrencesOf } from "../recurrence";

export type EventRow = typeof events.$inferSelect;

/** What the viewer may see of events: admins everything; `paid`: a paying member (paid-only events open). */
export type Viewer = { id: number; admin: boolean; paid: boolean };

export type EventPage = { events: EventDto[]; next_cursor: string | null };

export type EventQuery = {
  from?: number;
  to?: number;
  order: "asc" | "desc";
  limit: number;
  cursor?: string;
  /** Only this program's events (its page lists them). */
  program?: number;
};

/** Events of programs the member is enrolled in (a cohort's events); false for an event of no program. */
const ofMemberCohorts = (userId: number) =>
  sql`(${events.programId} is not null and ${events.programId} in
    (select e.program_id from program_enrolments e where e.user_id = ${userId}))`;

export const goingCount = (eventId: SQL | number) =>
  sql<number>`(select count(*) from event_rsvps r where r.event_id = ${eventId} and r.status = 'going')`;

/** "<starts_at ms>_<id>": the last event of a page. */
export const eventCursor = (row: { startsAt: Date; id: number }) => `${row.startsAt.getTime()}_${row.id}`;

function afterCursor(cursor: string | undefined, order: "asc" | "desc"): SQL | undefined {
  const m = cursor ? /^(\d+)_(\d+)$/.exec(cursor) : null;
  if (!m) return undefined;
  const [at, id] = [new Date(Number(m[1])), Number(m[2])];
  return order === "asc"
    ? or(gt(events.startsAt, at), and(eq(events.startsAt, at), gt(events.id, id)))
    : or(lt(events.startsAt, at), and(eq(events.startsAt, at), lt(events.id, id)));
}

type ListedRow = EventRow & {
  /** The cancelled occurrences' starts (ms), comma-separated. */
  cancelledStarts: string | null;
  hostName: string | null;
  hostAvatar: string | null;
  goingCount: number;
  waitlistCount: number;
  myStatus: RsvpState | null;
};

/** An event's cancelled occurrences' starts (ms), comma-separated, as a column of its row. */
export const cancelledStartsSql = sql<
  string | null
>`(select group_concat(c.starts_at) from event_cancelled_occurrences c where c.event_id = ${events.id})`.as(
  "cancelled_starts",
);

/** The list cancelledStartsSql reads. */
export const parseStarts = (text: string | null) => (text ?? "").split(",").filter(Boolean).map(Number);

function listedEvents(db: Database, viewerId: number, where: SQL | undefined) {
  return db
    .select({
      event: events,
      hostName: sql<string | null>`${users.name}`.as("host_name"),
      hostAvatar: sql<string | null>`${users.avatarUrl}`.as("host_avatar"),
      goingCount: goingCount(sql`${events.id}`).as("going_count"),
      waitlistCount: sql<number>`(select count(*) from event_rsvps r where r.event_id = ${events.id} and r.status =
        'waitlisted')`.as("waitlist_count"),
      myStatus:
        sql<RsvpState | null>`(select r.status from event_rsvps r where r.event_id = ${events.id} and r.user_id =
        ${viewerId})`.as("my_status"),
      cancelledStarts: cancelledStartsSql,
    })
    .from(events)
    .leftJoin(users, eq(users.id, events.hostId))
    .where(where);
}

const flatten = (r: { event: EventRow } & Omit<ListedRow, keyof EventRow>): ListedRow => ({ ...r.event, ...r });

/** The first few members going to each event (their avatars), one statement for the page (the ids bound as one
 * JSON array: a first page with its cohort events holds up to twice EVENT_LIMITS.pageMax). */
async function goingPeople(db: Database, eventIds: number[]): Promise<Map<number, EventPerson[]>> {
  const out = new Map<number, EventPerson[]>();
  if (eventIds.length === 0) return out;
  const rows = await db.all<{ event_id: number; id: number; name: string | null; avatar_url: string | null }>(sql`
    select event_id, id, name, avatar_url from (
      select r.event_id, u.id, u.name, u.avatar_url,
        row_number() over (partition by r.event_id order by r.responded_at, r.user_id) as n
      from event_rsvps r join users u on u.id = r.user_id
      where r.status = 'going' and r.event_id in (select value from json_each(${JSON.stringify(eventIds)}))
    ) where n <= ${EVENT_LIMITS.goingAvatars}`);
  for (const row of rows) {
    const list = out.get(row.event_id) ?? [];
    list.push({ id: row.id, name: row.name || DEFAULT_NAME, avatar_url: row.avatar_url });
    out.set(row.event_id, list);
  }
  return out;
}

/** Whether the viewer may see the event's details and answer it. */
export const isLockedFor = (event: Pick<EventRow, "paidOnly">, viewer: Viewer) =>
  event.paidOnly && !viewer.admin && !viewer.paid;

export type EventDetails = {
  locked: boolean;
  description: string;
  descriptionHtml: string;
  place: string | null;
  meetingUrl: string | null;
};

/**
 * What of an event the viewer may read: its description and place unless it is locked for them, its
 * meeting link only when they are going (or an admin). The page, the list, the .ics and the calendar
 * feed all read an event through this, so none of them can show more than the others.
 */
export function detailsFor(
  row: Pick<EventRow, "paidOnly" | "description" | "descriptionHtml" | "place" | "meetingUrl">,
  viewer: Viewer,
  myStatus: RsvpState | null,
): EventDetails {
  const locked = isLockedFor(row, viewer);
  return {
    locked,
    description: locked ? "" : row.description,
    descriptionHtml: locked ? "" : row.descriptionHtml,
    place: locked ? null : row.place,
    meetingUrl: viewer.admin || (!locked && myStatus === "going") ? row.meetingUrl : null,
  };
}

/** The event's rule as recurrence.ts reads it. */
export const seriesOf = (row: Pick<EventRow, "startsAt" | "endsAt" | "timeZone" | "repeat" | "repeatUntil">) => ({
  startsAt: row.startsAt.getTime(),
  endsAt: row.endsAt.getTime(),
  timeZone: row.timeZone,
  repeat: row.repeat,
  repeatUntil: row.repeatUntil?.getTime() ?? null,
});

/** The occurrences that have not ended, the next few, cancelled ones marked. */
function upcomingOccurrences(row: ListedRow, now: number): OccurrenceDto[] {
  const cancelled = new Set(parseStarts(row.cancelledStarts));
  return occurrencesOf(seriesOf(row))
    .filter((o) => o.endsAt > now)
    .slice(0, EVENT_LIMITS.occurrencesShown)
    .map((o) => ({
      starts_at: new Date(o.startsAt).toISOString(),
      ends_at: new Date(o.endsAt).toISOString(),
      cancelled: cancelled.has(o.startsAt),
    }));
}

function toDto(row: ListedRow, going: EventPerson[], viewer: Viewer, now = Date.now()): EventDto {
  const { locked, ...details } = detailsFor(row, viewer, row.myStatus);
  return {
    id: row.id,
    title: row.title,
    description: details.description,
    description_html: details.descriptionHtml,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    time_zone: row.timeZone,
    start_local: localTimeOf(row.timeZone, row.startsAt.getTime()),
    end_local: localTimeOf(row.timeZone, row.endsAt.getTime()),
    repeat: row.repeat,
    repeat_until: row.repeatUntil ? localTimeOf(row.timeZone, row.repeatUntil.getTime()).slice(0, 10) : null,
    occurrences: upcomingOccurrences(row, now),
    location: row.location,
    place: details.place,
    // The key's random part in the address: a replaced cover is a new URL, so caches never show the old one.
    program_id: row.programId,
    cover_url: row.coverKey && !locked ? `${eventCoverPath(row.id)}?v=${row.coverKey.split("/").pop()}` : null,
    meeting_url: details.meetingUrl,
    has_meeting_url: row.meetingUrl !== null,
    capacity: row.capacity,
    paid_only: row.paidOnly,
    locked,
    cancelled: row.cancelledAt !== null,
    host:
      row.hostId === null ? null : { id: row.hostId, name: row.hostName || DEFAULT_NAME, avatar_url: row.hostAvatar },
    going_count: row.goingCount,
    waitlist_count: row.waitlistCount,
    going: locked ? [] : going,
    my_status: row.myStatus,
  };
}

/**
 * A page of events as the viewer sees them: those that end after `from` and start before `to`, by start
 * (`order`), after the cursor.
 */
/**
 * A page of events. Without a program or a cursor, the first page starts with the events of the cohorts the member
 * is enrolled in (all of them in the range, at most EVENT_LIMITS.pageMax, in the same order), then `limit` others as
 * always; the pages after it, which the cursor names, hold only the others, so none is listed twice.
 */
export async function listEvents(db: Database, viewer: Viewer, query: EventQuery): Promise<EventPage> {
  const range = and(
    query.from === undefined ? undefined : gt(events.lastEndsAt, new Date(query.from)),
    query.to === undefined ? undefined : lt(events.startsAt, new Date(query.to)),
  );
  const cohortsFirst = query.program === undefined;
  const where = and(
    range,
    afterCursor(query.cursor, query.order),
    cohortsFirst ? sql`not ${ofMemberCohorts(viewer.id)}` : eq(events.programId, query.program as number),
  );
  const order = query.order === "asc" ? asc : desc;
  const ordered = (condition: SQL | undefined, limit: number) =>
    listedEvents(db, viewer.id, condition).orderBy(order(events.startsAt), order(events.id)).limit(limit);
  const [cohortRows, restRows] = await db.batch([
    ordered(cohortsFirst && !query.cursor ? and(range, ofMemberCohorts(viewer.id)) : sql`0`, EVENT_LIMITS.pageMax),
    ordered(where, query.limit + 1),
  ]);
  const rows = restRows.map(flatten);
  const page = [...cohortRows.map(flatten), ...rows.slice(0, query.limit)];
  const going = await goingPeople(
    db,
    page.map((r) => r.id),
  );
  return {
    events: page.map((r) => toDto(r, going.get(r.id) ?? [], viewer)),
    next_cursor: rows.length > query.limit ? eventCursor(rows[query.limit - 1]) : null,
  };
}

export async function getEventDto(db: Database, viewer: Viewer, id: number): Promise<EventDto | null> {
  const [row] = (await listedEvents(db, viewer.id, eq(events.id, id)).limit(1)).map(flatten);
  if (!row) return null;
  const going = await goingPeople(db, [id]);
  return toDto(row, going.get(id) ?? [], viewer);
}

export async function getEvent(db: Database, id: number): Promise<EventRow | null> {
  const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  return row ?? null;
}

/**
 * Cancels one occurrence of a recurring event and makes a new revision, in one transaction; false when
 * that occurrence was cancelled already. The caller checked that `startsAt` is one of the event's.
 */
export async function cancelOccurrence(db: Database, id: number, startsAt: number, now = Date.now()): Promise<boolean> {
  const [inserted] = await db.batch([
    db
      .insert(eventCancelledOccurrences)
      .values({ eventId: id, startsAt: new Date(startsAt) })
      .onConflictDoNothing()
      .returning({ eventId: eventCancelledOccurrences.eventId }),
    // changes(): the insert's, the statement before it in this transaction (0 when it was a repeat).
    db
      .update(events)
      .set({ sequence: sql`${events.sequence} + 1`, updatedAt: new Date(now) })
      .where(and(eq(events.id, id), sql`changes() > 0`)),
  ]);
  return inserted.length > 0;
}

export async function cancelledStartsOf(db: Database, id: number): Promise<number[]> {
  const rows = await db
    .select({ startsAt: eventCancelledOccurrences.startsAt })
    .from(eventCancelledOccurrences)
    .where(eq(eventCancelledOccurrences.eventId, id));
  return rows.map((r) => r.startsAt.getTime());
}

export type EventFields = Omit<
  typeof events.$inferInsert,
  "id" | "uid" | "sequence" | "cancelledAt" | "createdBy" | "createdAt" | "updatedAt"
>;

export async function createEvent(db: Database, createdBy: number, fields: EventFields): Promise<EventRow> {
  const [row] = await db
    .insert(events)
    .values({ ...fields, uid: `${crypto.randomUUID()}@cosmic-lounge`, createdBy })
    .returning();
  return row;
}

/**
 * Applies an edit (a new revision: SEQUENCE + 1) to an event not cancelled, and promotes from the
 * waitlist if the capacity grew, in one transaction; the promoted are then told. Null when the event
 * is cancelled.
 */
export async function updateEvent(
  db: Database,
  id: number,
  fields: Partial<EventFields>,
  now = Date.now(),
): Promise<EventRow | null> {
  const [[row], promoted] = await db.batch([
    db
      .update(events)
      .set({ ...fields, sequence: sql`${events.sequence} + 1`, updatedAt: new Date(now) })
      .where(and(eq(events.id, id), isNull(events.cancelledAt)))
      .returning(),
    promoteFromWaitlist(db, id, now),
  ]);
  if (!row) return null;
  await notifyPromoted(db, { eventId: id, userIds: promoted.map((p) => p.userId) });
  return row;
}

/**
 * Cancels an event (kept, marked, a new revision) and lets go of its cover, in one transaction: the
 * row and the cover key it had (for the caller to delete from R2), or null when it is gone or was
 * cancelled already.
 */
export async function cancelEvent(
  db: Database,
  id: number,
  now = Date.now(),
): Promise<{ row: EventRow; coverKey: string | null } | null> {
  const [[before], [row]] = await db.batch([
    db.select({ coverKey: events.coverKey }).from(events).where(eq(events.id, id)),
    db
      .update(events)
      .set({
        cancelledAt: new Date(now),
        coverKey: null,
        sequence: sql`${events.sequence} + 1`,
        updatedAt: new Date(now),
      })
      .where(and(eq(events.id, id), isNull(events.cancelledAt)))
      .returning(),
  ]);
  return row ? { row, coverKey: before?.coverKey ?? null } : null;
}

/**
 * Sets (a key) or removes (null) the cover of an event not cancelled, in one transaction with reading
 * the key it replaces (for the caller to delete from R2). Null when the event is gone or cancelled.
 */
export async function replaceEventCover(
  db: Database,
  id: number,
  coverKey: string | null,
): Promise<{ previous: string | null } | null> {
  const [[before], updated] = await db.batch([
    db.select({ coverKey: events.coverKey }).from(events).where(eq(events.id, id)),
    db
      .update(events)
      .set({ coverKey })
      .where(and(eq(events.id, id), isNull(events.cancelledAt)))
      .returning({ id: events.id }),
  ]);
  return updated.length ? { previous: before?.coverKey ?? null } : null;
}

/**
 * The waitlisted members who fit now, in line order: as many as the capacity leaves free (all of them
 * without a capacity; none once the event is cancelled). SQLite reads a negative LIMIT as no limit.
 */
const promotableSql = (eventId: number) => sql`
  select user_id from event_rsvps where event_id = ${eventId} and status = 'waitlisted'
  order by responded_at, user_id
  limit (select case when e.cancelled_at is not null then 0 when e.capacity is null then -1
    else max(0, e.capacity - ${goingCount(eventId)}) end from events e where e.id = ${eventId})`;

/** One statement: whoever fits takes a seat; returns them. */
export const promoteFromWaitlist = (db: Database, eventId: number, now: number) =>
  db
    .update(eventRsvps)
    .set({ status: "going", respondedAt: new Date(now) })
    .where(and(eq(eventRsvps.eventId, eventId), sql`${eventRsvps.userId} in (${promotableSql(eventId)})`))
    .returning({ userId: eventRsvps.userId });
