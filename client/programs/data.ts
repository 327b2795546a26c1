// Programs' data: the list with the practice log, one program with its lessons, one lesson (with its program's
// lessons, for the next one's opening time). The writes are in actions.ts.
import type { LoaderFunctionArgs } from "react-router";
import { api, errorCode, errorText, unwrap } from "../api";
import type { SessionStore } from "../session/session-store";
import { TEXT } from "../text";

export const PROGRAMS_PATH = "/app/programs";
export const programPath = (id: number) => `${PROGRAMS_PATH}/${id}`;
export const lessonPath = (programId: number, lessonId: number) => `${programPath(programId)}/lessons/${lessonId}`;

export async function programsLoader() {
  try {
    const [list, practice] = await Promise.all([
      unwrap(api.programs.$get({ query: {} })),
      unwrap(api.practice.$get({ query: {} })),
    ]);
    return { ok: true as const, programs: list.programs, practice };
  } catch (err) {
    return { ok: false as const, error: errorText(err, TEXT.programs.loadFailed) };
  }
}

export async function programLoader(session: SessionStore, { params }: LoaderFunctionArgs) {
  const param = { id: String(params.id) };
  try {
    const admin = (await session.currentUser())?.role === "admin";
    const [{ program }, { events }, funnel] = await Promise.all([
      unwrap(api.programs[":id"].$get({ param })),
      // The cohort's upcoming events (the events feature's list, one program's); the program reads without them.
      unwrap(api.events.$get({ query: { program: param.id, from: new Date().toISOString() } })).catch(() => ({
        events: [],
      })),
      // JSON unless format=csv (the route's type is the union of both).
      admin
        ? unwrap(api.admin.programs[":id"].funnel.$get({ param, query: {} })).then((f) =>
            typeof f === "string" ? null : f,
          )
        : null,
    ]);
    try {
      const { lessons } = await unwrap(api.programs[":id"].lessons.$get({ param }));
      return { ok: true as const, program, lessons, membersOnly: false, funnel, events };
    } catch (err) {
      // A paid-only program without a membership: shown, its lessons not.
      if (errorCode(err) === "membership_required")
        return { ok: true as const, program, lessons: [], membersOnly: true, funnel, events };
      throw err;
    }
  } catch (err) {
    return { ok: false as const, error: errorText(err, TEXT.programs.notFound) };
  }
}

export async function lessonLoader({ params }: LoaderFunctionArgs) {
  const id = String(params.lessonId);
  const programId = String(params.id);
  try {
    const [{ lesson }, { lessons }, { program }] = await Promise.all([
      unwrap(api.lessons[":id"].$get({ param: { id } })),
      unwrap(api.programs[":id"].lessons.$get({ param: { id: programId } })),
      unwrap(api.programs[":id"].$get({ param: { id: programId } })),
    ]);
    return { ok: true as const, lesson, lessons, program };
  } catch (err) {
    return { ok: false as const, error: errorText(err, TEXT.programs.lessonNotFound) };
  }
}
