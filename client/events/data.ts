// The gatherings' data: the list (upcoming, then past), one event (with its attendees for admins), and
// the profile's calendar link (a data-only route); the writes are in actions.ts.
import type { LoaderFunctionArgs } from "react-router";
import { api, errorText, unwrap } from "../api";
import type { SessionStore } from "../session/session-store";
import { TEXT } from "../text";

export const EVENTS_PATH = "/app/events";
export const eventPath = (id: number) => `${EVENTS_PATH}/${id}`;
export const eventIcsPath = (id: number) => `/api/events/${id}/ics`;
export const attendeesCsvPath = (id: number) => `/api/events/${id}/attendees?format=csv`;

/** Upcoming (not yet ended, soonest first) and past (latest first): one page each. */
export async function eventsLoader() {
  const now = new Date().toISOString();
  try {
    const [upcoming, past] = await Promise.all([
      unwrap(api.events.$get({ query: { from: now, order: "asc" } })),
      unwrap(api.events.$get({ query: { to: now, order: "desc" } })),
    ]);
    // An event under way started before now and ends after it: it is upcoming, not past.
    return {
      ok: true as const,
      upcoming: upcoming.events,
      past: past.events.filter((e) => Date.parse(e.ends_at) <= Date.parse(now)),
    };
  } catch (err) {
    return { ok: false as const, error: errorText(err, TEXT.events.loadFailed) };
  }
}

export async function eventLoader(session: SessionStore, { params }: LoaderFunctionArgs) {
  const id = String(params.id);
  const user = await session.currentUser();
  try {
    const [event, attendees] = await Promise.all([
      unwrap(api.events[":id"].$get({ param: { id } })),
      user?.role === "admin"
        ? // JSON unless format=csv (the route's type is the union of both).
          unwrap(api.events[":id"].attendees.$get({ param: { id }, query: {} })).then((a) =>
            typeof a === "string" ? [] : a.attendees,
          )
        : null,
    ]);
    return { ok: true as const, event, attendees };
  } catch (err) {
    return { ok: false as const, error: errorText(err, TEXT.events.notFound) };
  }
}
