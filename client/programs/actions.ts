// Programs' writes, one intent each (docs/client.md#writes): enrolling and leaving, marking a lesson done or not,
// the practice log's entries and weekly goal. Loaded with the screens (the routes' lazy action).
import type { InferRequestType } from "hono/client";
import { api, unwrap } from "../api";
import { attempt, readIntent } from "../data/actions";
import { TEXT } from "../text";

export type PracticeInput = InferRequestType<typeof api.practice.$post>["json"];

export type ProgramsIntent =
  | { intent: "enrol"; id: number }
  | { intent: "leave"; id: number }
  | { intent: "done"; lessonId: number; done: boolean }
  | { intent: "practice"; entry: PracticeInput }
  | { intent: "delete-practice"; id: number }
  | { intent: "goal"; minutes: number };

export async function programsAction({ request }: { request: Request }) {
  const body = await readIntent<ProgramsIntent>(request);
  const failed = TEXT.programs.writeFailed;
  switch (body.intent) {
    case "enrol":
      return attempt(() => unwrap(api.programs[":id"].enrol.$post({ param: { id: String(body.id) } })), failed);
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
  }
}
