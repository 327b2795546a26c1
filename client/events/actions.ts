// The gatherings' writes, one intent each (docs/client.md#writes): answering, and for admins creating,
// editing and cancelling. Loaded with the screens (the routes' lazy action).
import type { InferRequestType } from "hono/client";
import { api, unwrap } from "../api";
import { attempt, readIntent } from "../data/actions";
import { TEXT } from "../text";

export type EventInput = InferRequestType<typeof api.events.$post>["json"];
export type RsvpAnswer = InferRequestType<(typeof api.events)[":id"]["rsvp"]["$post"]>["json"]["status"];

export type EventsIntent =
  | { intent: "rsvp"; id: number; status: RsvpAnswer }
  | { intent: "create"; event: EventInput }
  | { intent: "update"; id: number; event: EventInput }
  | { intent: "cancel"; id: number }
  | { intent: "cancel-date"; id: number; startsAt: string };

export async function eventsAction({ request }: { request: Request }) {
  const body = await readIntent<EventsIntent>(request);
  switch (body.intent) {
    case "rsvp":
      return attempt(
        () => unwrap(api.events[":id"].rsvp.$post({ param: { id: String(body.id) }, json: { status: body.status } })),
        TEXT.events.answerFailed,
      );
    case "create":
      return attempt(() => unwrap(api.events.$post({ json: body.event })), TEXT.events.saveFailed);
    case "update":
      return attempt(
        () => unwrap(api.events[":id"].$put({ param: { id: String(body.id) }, json: body.event })),
        TEXT.events.saveFailed,
      );
    case "cancel":
      return attempt(
        () => unwrap(api.events[":id"].$delete({ param: { id: String(body.id) } })),
        TEXT.events.cancelFailed,
      );
    case "cancel-date":
      return attempt(
        () =>
          unwrap(
            api.events[":id"].occurrences[":startsAt"].$delete({
              param: { id: String(body.id), startsAt: body.startsAt },
            }),
          ),
        TEXT.events.cancelFailed,
      );
  }
}

export type FeedIntent = { intent: "feed-create" } | { intent: "feed-delete" };

/** The profile's calendar link: a new one (its URL answered once) or none. */
export async function calendarFeedAction({ request }: { request: Request }) {
  const body = await readIntent<FeedIntent>(request);
  return body.intent === "feed-create"
    ? attempt(() => unwrap(api.profile.calendar.$post()), TEXT.events.feed.failed)
    : attempt(() => unwrap(api.profile.calendar.$delete()), TEXT.events.feed.failed);
}
