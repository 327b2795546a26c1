// Who may read a program's lessons, and which are open to them: the one decision every path (lesson list, lesson,
// media, progress, search, export) goes through, so a locked lesson's body and media are refused by the server.
import type { MembershipView } from "../../db/memberships";
import { ApiError, forbidden } from "../../platform/errors";
import { EVENT_DEFAULT_TIME_ZONE } from "../../shared/events";
import type { LessonSummaryDto } from "../../shared/programs";
import { hasPaidAccess } from "../../shared/rules";
import { API_ERRORS, TEXTS } from "../../shared/texts";
import type { LessonListed, ProgramListed } from "./queries/programs";
import { isOpen, lessonOpensAt } from "./unlock";

export type Reader = { role: string; timezone: string | null };

/** A paid-only program needs paid access (admins pass), as the library does. */
export function paidProgramOr403(program: ProgramListed, membership: MembershipView) {
  if (program.program.paidOnly && !hasPaidAccess(membership.status))
    throw forbidden(TEXTS.resources.membershipRequired);
}

export type LessonState = { opensAt: number | null; open: boolean };

/**
 * The opening of the lesson at `index` (0: the first) for the reader: an admin reads all; a member from their
 * enrolment's start and zone, or, before enrolling, as if starting now in their own zone.
 */
export function lessonState(
  program: ProgramListed,
  index: number,
  opensOn: string | null,
  reader: Reader,
  now: number,
): LessonState {
  if (reader.role === "admin") return { opensAt: null, open: true };
  const start = {
    startedAt: program.startedAt?.getTime() ?? now,
    // The enrolment keeps the zone the member had when they started, so a later change moves no lesson.
    timeZone: program.enrolmentZone ?? reader.timezone ?? EVENT_DEFAULT_TIME_ZONE,
  };
  const opensAt = lessonOpensAt(program.program, start, index, opensOn);
  return { opensAt, open: isOpen(opensAt, now) };
}

/** Each lesson's opening, in list order. */
export const lessonStates = (
  program: ProgramListed,
  lessons: readonly { lesson: { opensOn: string | null } }[],
  reader: Reader,
  now: number,
): LessonState[] => lessons.map(({ lesson }, index) => lessonState(program, index, lesson.opensOn, reader, now));

/** 403 `lesson_locked` with the instant it opens, before it does. */
export function openOr403(state: LessonState) {
  if (!state.open)
    throw new ApiError(403, API_ERRORS.lesson_locked, undefined, undefined, {
      opens_at: state.opensAt === null ? null : new Date(state.opensAt).toISOString(),
    });
}

export const toLessonSummary = (row: LessonListed, state: LessonState): LessonSummaryDto => ({
  id: row.lesson.id,
  title: row.lesson.title,
  position: row.lesson.position,
  opens_on: row.lesson.opensOn,
  opens_at: state.opensAt === null ? null : new Date(state.opensAt).toISOString(),
  open: state.open,
  done: row.doneAt !== null,
  media: row.lesson.mediaKind ? { kind: row.lesson.mediaKind, duration_seconds: row.lesson.durationSeconds } : null,
});
