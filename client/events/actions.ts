// The gatherings' writes, one intent each (docs/client.md#writes): answering, and for admins saving (a new
// or edited gathering with its cover, in one multipart submission) and cancelling. Loaded with the
// screens (the routes' lazy action).
import type { InferRequestType } from "hono/client";
import type { EventDto } from "../../worker/shared/events";
import { api, unwrap } from "../api";
import { type ActionResult, attempt, readIntent } from "../data/actions";
import { sendIdempotent } from "../idempotent";
import { TEXT } from "../text";

export type EventInput = InferRequestType<typeof api.events.$post>["json"];
export type RsvpAnswer = InferRequestType<(typeof api.events)[":id"]["rsvp"]["$post"]>["json"]["status"];
type ImageModel = InferRequestType<(typeof api.events)[":id"]["cover"]["generate"]["$post"]>["json"]["model"];

/** How the form changes the cover: a file to upload, an AI image to make, or no image any more. */
export type CoverChange =
  | { kind: "upload"; file: File }
  | { kind: "generate"; prompt: string; model: ImageModel }
  | { kind: "remove" };

export type EventsIntent =
  | { intent: "rsvp"; id: number; status: RsvpAnswer }
  | { intent: "cancel"; id: number }
  | { intent: "cancel-date"; id: number; startsAt: string };

/** What saving the form answers: the gathering, and why its cover was not changed (null: it was, or no change). */
export type SavedEvent = { event: EventDto; coverError: string | null };

/**
 * The form's one submission, new (no id) or edited: the gathering as JSON and the cover's change beside
 * it, as multipart, because a file cannot travel in JSON.
 */
export function eventSubmission(id: number | undefined, event: EventInput, cover: CoverChange | null): FormData {
  const form = new FormData();
  if (id !== undefined) form.set("id", String(id));
  form.set("event", JSON.stringify(event));
  if (cover?.kind === "upload") form.set("cover_file", cover.file);
  else if (cover) form.set("cover", JSON.stringify(cover));
  return form;
}

function changeCover(id: number, cover: CoverChange) {
  const param = { id: String(id) };
  if (cover.kind === "upload") return unwrap(api.events[":id"].cover.$put({ param, form: { file: cover.file } }));
  if (cover.kind === "remove") return unwrap(api.events[":id"].cover.$delete({ param }));
  // A wide image, as the cover is shown.
  const json = {
    prompt: cover.prompt,
    model: cover.model,
    style: "vivid",
    quality: "standard",
    size: "1792x1024",
  } as const;
  return unwrap(api.events[":id"].cover.generate.$post({ param, json }));
}

/** Saves the gathering, then its cover; a cover that fails leaves the gathering saved and says why. */
async function saveEvent(form: FormData): Promise<ActionResult<SavedEvent>> {
  const id = form.get("id");
  const event = JSON.parse(String(form.get("event"))) as EventInput;
  const saved = await attempt(
    () =>
      unwrap(
        id ? api.events[":id"].$put({ param: { id: String(id) }, json: event }) : api.events.$post({ json: event }),
      ),
    TEXT.events.saveFailed,
  );
  if (!saved.ok) return saved;
  const file = form.get("cover_file");
  const cover: CoverChange | null =
    file && typeof file !== "string" ? { kind: "upload", file } : JSON.parse(String(form.get("cover") ?? "null"));
  if (!cover) return { ok: true, value: { event: saved.value, coverError: null } };
  const covered = await attempt(() => changeCover(saved.value.id, cover), TEXT.events.cover.failed);
  return covered.ok
    ? { ok: true, value: { event: covered.value, coverError: null } }
    : { ok: true, value: { event: saved.value, coverError: covered.error } };
}

export async function eventsAction({ request }: { request: Request }) {
  if (request.headers.get("content-type")?.startsWith("multipart/form-data"))
    return saveEvent(await request.formData());
  const body = await readIntent<EventsIntent>(request);
  switch (body.intent) {
    case "rsvp":
      return attempt(
        () =>
          unwrap(
            sendIdempotent((o) =>
              api.events[":id"].rsvp.$post({ param: { id: String(body.id) }, json: { status: body.status } }, o),
            ),
          ),
        TEXT.events.answerFailed,
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
