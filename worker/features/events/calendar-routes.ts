// Calendars: one event's .ics, and a member's subscription feed by a secret token (only its hash is stored; a new
// token revokes the old one, and a revoked one answers 404). Every entry carries only what its reader may read.
import { z } from "zod";
import { requireUser } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { randomToken, sha256Hex } from "../../platform/crypto";
import { forbidden, notFound } from "../../platform/errors";
import { limited } from "../../platform/rate-limit";
import { idParam, validate } from "../../platform/validate";
import { EVENT_LIMITS } from "../../shared/events";
import { API_ERRORS } from "../../shared/texts";
import { existingEvent, viewerOf } from "./access";
import { calendar, type IcsEvent } from "./ics";
import { rsvpStatusOf } from "./queries/answers";
import { deleteFeedToken, feedOf, feedOwner, goingEvents, setFeedToken } from "./queries/calendar";
import { cancelledStartsOf, detailsFor, type EventDetails, type EventRow, parseStarts } from "./queries/events";

const feedParam = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/) });

const eventUrl = (origin: string, id: number) => `${origin}/app/events/${id}`;

/**
 * An event as a calendar entry (a recurring one with its rule and cancelled dates), carrying only the
 * details the viewer may read (detailsFor): a locked event is its title and time.
 */
function icsEvent(row: EventRow, details: EventDetails, cancelledStarts: number[], origin: string): IcsEvent {
  return {
    uid: row.uid,
    sequence: row.sequence,
    title: row.title,
    description: [details.description, details.meetingUrl].filter(Boolean).join("\n\n"),
    startsAt: row.startsAt.getTime(),
    endsAt: row.endsAt.getTime(),
    timeZone: row.timeZone,
    location: row.location === "in_person" ? details.place : details.meetingUrl,
    url: eventUrl(origin, row.id),
    cancelled: row.cancelledAt !== null,
    updatedAt: row.updatedAt.getTime(),
    repeat: row.repeat,
    repeatUntil: row.repeatUntil?.getTime() ?? null,
    lastEndsAt: row.lastEndsAt.getTime(),
    cancelledStarts,
  };
}

const icsHeaders = (fileName: string) => ({
  "content-type": "text/calendar; charset=utf-8",
  "content-disposition": `attachment; filename="${fileName}"`,
  "cache-control": "private, no-store",
});

export const calendarRoutes = createRouter()
  .get("/events/:id/ics", requireUser, validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const row = await existingEvent(c.var.db, id);
    const viewer = await viewerOf(c.var.db, c.var.user);
    const details = detailsFor(row, viewer, await rsvpStatusOf(c.var.db, id, viewer.id));
    // The file is the event's details: refused when they are locked (the page still shows title and time).
    if (details.locked) throw forbidden(API_ERRORS.event_members_only);
    const body = calendar([icsEvent(row, details, await cancelledStartsOf(c.var.db, id), new URL(c.req.url).origin)]);
    return c.body(body, 200, icsHeaders(`event-${id}.ics`));
  })
  // The member's subscription feed, managed from the profile.
  .get("/profile/calendar", requireUser, async (c) => {
    const feed = await feedOf(c.var.db, c.var.user.id);
    return c.json({ active: feed !== null, created_at: feed?.createdAt.toISOString() ?? null });
  })
  .post("/profile/calendar", requireUser, limited("profile"), async (c) => {
    const token = randomToken();
    await setFeedToken(c.var.db, c.var.user.id, await sha256Hex(token));
    return c.json({ active: true, url: `${new URL(c.req.url).origin}/api/calendar/${token}.ics` }, 201);
  })
  .delete("/profile/calendar", requireUser, limited("profile"), async (c) => {
    await deleteFeedToken(c.var.db, c.var.user.id);
    return c.json({ active: false, created_at: null });
  })
  // Calendar apps fetch the feed without a session: the token is the credential.
  .get("/calendar/:file", validate("param", feedParam), async (c) => {
    const token = c.req.valid("param").file.slice(0, -".ics".length);
    const owner = await feedOwner(c.var.db, await sha256Hex(token));
    if (!owner) throw notFound();
    const viewer = await viewerOf(c.var.db, owner);
    const origin = new URL(c.req.url).origin;
    const rows = await goingEvents(c.var.db, owner.id, Date.now() - EVENT_LIMITS.feedPastMs);
    const body = calendar(
      rows.map(({ event, cancelledStarts }) =>
        // Every feed event is one the owner is going to; a locked one stays, as its title and time.
        icsEvent(event, detailsFor(event, viewer, "going"), parseStarts(cancelledStarts), origin),
      ),
      { name: "Cosmic Lounge" },
    );
    return c.body(body, 200, icsHeaders("cosmic-lounge.ics"));
  });
