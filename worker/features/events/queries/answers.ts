// Answers to events: going (a seat, or the waitlist in order), maybe, declined; promotion when a seat frees; the
// reminders to members going; attendees. The waitlist is decided in SQL inside one batch (one D1 transaction), so
// two members answering at once can never both take the last seat.
import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { eventRsvps, events, users } from "../../../db/schema";
import { EVENT_LIMITS, type RsvpAnswer, type RsvpState } from "../../../shared/events";
import { type Notified, notifyEventReminders, notifyPromoted } from "../../notifications/index";
import { occurrencesOf } from "../recurrence";

import { cancelledStartsOf, goingCount, promoteFromWaitlist, seriesOf } from "./events";

/** The events not over and not cancelled where the member holds a seat (their account's deletion frees each). */
export async function seatsHeldBy(db: Database, userId: number, now = Date.now()): Promise<number[]> {
  const rows = await db
    .select({ id: events.id })
    .from(eventRsvps)
    .innerJoin(events, eq(events.id, eventRsvps.eventId))
    .where(
      and(
        eq(eventRsvps.userId, userId),
        eq(eventRsvps.status, "going"),
        isNull(events.cancelledAt),
        gt(events.lastEndsAt, new Date(now)),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Seats freed without an answer (a going member's account deleted): in each event the first in line
 * takes the seat, as when someone leaves, and is told. One promotion statement per event, in batches.
 */
export async function fillFreedSeats(db: Database, eventIds: number[], now = Date.now()) {
  for (let i = 0; i < eventIds.length; i += 25) {
    const chunk = eventIds.slice(i, i + 25);
    const [first, ...rest] = chunk.map((id) => promoteFromWaitlist(db, id, now));
    const promoted = await db.batch([first, ...rest]);
    for (const [n, id] of chunk.entries())
      await notifyPromoted(db, { eventId: id, userIds: promoted[n].map((p) => p.userId) });
  }
}

/**
 * A member's answer. "going" takes a seat if one is free (or keeps the one they have), else joins the
 * end of the waitlist (or keeps their place in it); leaving a seat promotes the first in line. One
 * batch (one transaction): the answer, the promotion, the count; then the promoted are told.
 */
export async function answerEvent(
  db: Database,
  input: { eventId: number; userId: number; answer: RsvpAnswer; now?: number },
): Promise<{ status: RsvpState; goingCount: number }> {
  const now = input.now ?? Date.now();
  const { eventId, userId, answer } = input;
  const capacity = sql`(select capacity from events where id = ${eventId})`;
  const full = sql`(${capacity} is not null and ${goingCount(eventId)} >= ${capacity})`;
  // A new "maybe"/"declined" always applies; a new "going" keeps a seat or a place in line already held.
  const next = sql`case when excluded.status in ('maybe', 'declined') then excluded.status
    when ${eventRsvps.status} in ('going', 'waitlisted') then ${eventRsvps.status} else excluded.status end`;
  const [[mine], promoted, [count]] = await db.batch([
    db
      .insert(eventRsvps)
      .values({
        eventId,
        userId,
        status: sql`case when ${answer} = 'going' and ${full} then 'waitlisted' else ${answer} end`,
        respondedAt: new Date(now),
      })
      .onConflictDoUpdate({
        target: [eventRsvps.eventId, eventRsvps.userId],
        set: {
          status: next,
          respondedAt: sql`case when (${next}) = ${eventRsvps.status} then ${eventRsvps.respondedAt}
            else excluded.responded_at end`,
        },
      })
      .returning({ status: eventRsvps.status }),
    promoteFromWaitlist(db, eventId, now),
    db
      .select({ going: goingCount(eventId) })
      .from(events)
      .where(eq(events.id, eventId)),
  ]);
  await notifyPromoted(db, { eventId, userIds: promoted.map((p) => p.userId) });
  return { status: promoted.some((p) => p.userId === userId) ? "going" : mine.status, goingCount: count.going };
}

/**
 * Reminders to members going: "24h" once the start is within a day (and more than an hour away), "1h"
 * once it is within the hour. Each is keyed by window and start (a moved event reminds again), and the
 * partial unique index makes a second run, or a racing one, insert nothing.
 */
export async function remindEvents(db: Database, now: number): Promise<Notified> {
  const windows = [
    { key: "24h", from: EVENT_LIMITS.reminderLastMs, to: EVENT_LIMITS.reminderEarlyMs },
    { key: "1h", from: 0, to: EVENT_LIMITS.reminderLastMs },
  ];
  const sent: Notified = [];
  // Single events: one statement per window.
  for (const w of windows) {
    sent.push(...(await notifyEventReminders(db, { single: { window: w.key, from: now + w.from, to: now + w.to } })));
  }
  // Recurring events: their occurrences (not cancelled) in a window, one statement each.
  const series = await db
    .select()
    .from(events)
    .where(
      and(
        isNotNull(events.repeat),
        isNull(events.cancelledAt),
        gt(events.lastEndsAt, new Date(now)),
        lte(events.startsAt, new Date(now + EVENT_LIMITS.reminderEarlyMs)),
      ),
    );
  for (const row of series) {
    const cancelled = new Set(await cancelledStartsOf(db, row.id));
    for (const o of occurrencesOf(seriesOf(row))) {
      const w = windows.find((w) => o.startsAt > now + w.from && o.startsAt <= now + w.to);
      if (!w || cancelled.has(o.startsAt)) continue;
      sent.push(...(await notifyEventReminders(db, { eventId: row.id, key: `${w.key}:${o.startsAt}` })));
    }
  }
  return sent;
}

/** Every answer to an event, going first, then the waitlist in line, then maybe and declined. */
export function listAttendees(db: Database, eventId: number) {
  return db
    .select({
      userId: eventRsvps.userId,
      name: users.name,
      email: users.email,
      status: eventRsvps.status,
      respondedAt: eventRsvps.respondedAt,
    })
    .from(eventRsvps)
    .innerJoin(users, eq(users.id, eventRsvps.userId))
    .where(eq(eventRsvps.eventId, eventId))
    .orderBy(
      sql`case ${eventRsvps.status} when 'going' then 0 when 'waitlisted' then 1 when 'maybe' then 2 else 3 end`,
      asc(eventRsvps.respondedAt),
      asc(eventRsvps.userId),
    )
    .limit(EVENT_LIMITS.attendeesMax);
}

export async function rsvpStatusOf(db: Database, eventId: number, userId: number): Promise<RsvpState | null> {
  const [row] = await db
    .select({ status: eventRsvps.status })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, userId)));
  return row?.status ?? null;
}

/** The member's answers, for their data export. */
export function rsvpsOf(db: Database, userId: number) {
  return db
    .select({
      eventId: eventRsvps.eventId,
      title: events.title,
      startsAt: events.startsAt,
      status: eventRsvps.status,
      respondedAt: eventRsvps.respondedAt,
    })
    .from(eventRsvps)
    .innerJoin(events, eq(events.id, eventRsvps.eventId))
    .where(eq(eventRsvps.userId, userId))
    .orderBy(asc(events.startsAt));
}

/** The events a member is going to that ended after `since` (the calendar feed), cancelled ones included. */
