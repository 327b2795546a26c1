// Programs' writes, one intent each (docs/client.md#writes): enrolling and leaving, marking a lesson done or not,
// the practice log's entries and weekly goal. Loaded with the screens (the routes' lazy action).
import type { InferRequestType } from "hono/client";
import { api, requestError, unwrap } from "../api";
import { attempt, readIntent } from "../data/actions";
import { sendIdempotent } from "../idempotent";
import { TEXT } from "../text";

export type PracticeInput = InferRequestType<typeof api.practice.$post>["json"];
export type ProgramInput = InferRequestType<typeof api.programs.$post>["json"];

export type ProgramsIntent =
  | { intent: "enrol"; id: number }
  | { intent: "leave"; id: number }
  | { intent: "done"; lessonId: number; done: boolean }
  | { intent: "practice"; entry: PracticeInput }
  | { intent: "delete-practice"; id: number }
  | { intent: "goal"; minutes: number }
  | { intent: "create-program"; program: ProgramInput }
  | { intent: "update-program"; id: number; program: Partial<ProgramInput> }
  | { intent: "delete-program"; id: number }
  | { intent: "reorder"; id: number; ids: number[] }
  | { intent: "delete-lesson"; id: number }
  | { intent: "remove-cover"; id: number };

/**
 * A new lesson (multipart: its media may travel with it). A file above one request's cap goes up after, in
 * resumable parts (upload.ts).
 */
async function addLesson(form: FormData) {
  const programId = String(form.get("program_id"));
  form.delete("program_id");
  const file = form.get("file");
  const { needsParts, uploadInParts } = await import("./upload");
  const inParts = file instanceof File && file.size > 0 && needsParts(file);
  if (!(file instanceof File) || file.size === 0 || inParts) form.delete("file");
  const res = await fetch(`/api/programs/${programId}/lessons`, {
    method: "POST",
    body: form,
    credentials: "same-origin",
  });
  if (!res.ok) throw await requestError(res);
  const { lesson } = (await res.json()) as { lesson: { id: number } };
  if (inParts) await uploadInParts(lesson.id, file, () => undefined);
  return lesson;
}

/** A program's new cover (multipart: the image file). */
async function uploadCover(form: FormData) {
  const file = form.get("file");
  if (!(file instanceof File)) throw new Error(TEXT.programs.writeFailed);
  return unwrap(api.programs[":id"].cover.$put({ param: { id: String(form.get("program_id")) }, form: { file } }));
}

export async function programsAction({ request }: { request: Request }) {
  if (request.headers.get("content-type")?.startsWith("multipart/form-data")) {
    const form = await request.formData();
    if (form.get("intent") === "cover") return attempt(() => uploadCover(form), TEXT.programs.writeFailed);
    return attempt(() => addLesson(form), TEXT.programs.writeFailed);
  }
  const body = await readIntent<ProgramsIntent>(request);
  const failed = TEXT.programs.writeFailed;
  switch (body.intent) {
    case "enrol":
      return attempt(
        () => unwrap(sendIdempotent((o) => api.programs[":id"].enrol.$post({ param: { id: String(body.id) } }, o))),
        failed,
      );
    case "leave":
      return attempt(() => unwrap(api.programs[":id"].enrol.$delete({ param: { id: String(body.id) } })), failed);
    case "done":
      return attempt(
        () =>
          unwrap(api.lessons[":id"].progress.$put({ param: { id: String(body.lessonId) }, json: { done: body.done } })),
        failed,
      );
    case "practice":
      return attempt(() => unwrap(api.practice.$post({ json: body.entry })), failed);
    case "delete-practice":
      return attempt(() => unwrap(api.practice[":id"].$delete({ param: { id: String(body.id) } })), failed);
    case "goal":
      return attempt(() => unwrap(api.practice.goal.$put({ json: { weekly_goal_minutes: body.minutes } })), failed);
    case "create-program":
      return attempt(() => unwrap(api.programs.$post({ json: body.program })), failed);
    case "update-program":
      return attempt(
        () => unwrap(api.programs[":id"].$put({ param: { id: String(body.id) }, json: body.program })),
        failed,
      );
    case "delete-program":
      return attempt(() => unwrap(api.programs[":id"].$delete({ param: { id: String(body.id) } })), failed);
    case "reorder":
      return attempt(
        () =>
          unwrap(api.programs[":id"].lessons.order.$put({ param: { id: String(body.id) }, json: { ids: body.ids } })),
        failed,
      );
    case "delete-lesson":
      return attempt(() => unwrap(api.lessons[":id"].$delete({ param: { id: String(body.id) } })), failed);
    case "remove-cover":
      return attempt(() => unwrap(api.programs[":id"].cover.$delete({ param: { id: String(body.id) } })), failed);
  }
}
