// Calendar feeds: the events a member is going to, and the secret token of their subscription (only its hash).
import { and, asc, eq, gt } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { calendarFeeds, eventRsvps, events, users } from "../../../db/schema";
import { EVENT_LIMITS } from "../../../shared/events";

import { cancelledStartsSql } from "./events";

export function goingEvents(db: Database, userId: number, since: number) {
  return db
    .select({ event: events, cancelledStarts: cancelledStartsSql })
    .from(events)
    .innerJoin(eventRsvps, and(eq(eventRsvps.eventId, events.id), eq(eventRsvps.userId, userId)))
    .where(and(eq(eventRsvps.status, "going"), gt(events.lastEndsAt, new Date(since))))
    .orderBy(asc(events.startsAt))
    .limit(EVENT_LIMITS.pageMax * 10);
}

/** Sets (or replaces, revoking the old one) the member's calendar feed token. */
export async function setFeedToken(db: Database, userId: number, tokenHash: string): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: new Date() } });
}

export async function deleteFeedToken(db: Database, userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

export async function feedOf(db: Database, userId: number) {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row ?? null;
}

/** The feed's owner, with what decides which of their events' details the feed may carry. */
export async function feedOwner(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  return row ?? null;
}
