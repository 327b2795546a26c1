// When a lesson opens: all at once; one a day from the member's own start (lesson n at 06:00 in the
// member's zone on day n, so a change of clocks never moves it); or on a fixed date in the program's zone
// (a cohort). Wall-clock times become instants through worker/platform/zoned-time.ts (the runtime's tz data).
import { instantOf, localTimeOf } from "../../platform/zoned-time";
import { LESSON_OPENS_HOUR, type UnlockMode } from "../../shared/programs";

export type UnlockProgram = { unlock: UnlockMode; timeZone: string };
/** The member's start and zone (enrolment), or, before enrolling, as if they started now in their zone. */
export type UnlockStart = { startedAt: number; timeZone: string };

/** The local date `days` after a "YYYY-MM-DD" (calendar days: a 23- or 25-hour day is still one). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The instant (ms) the lesson at `index` (0: the first) opens, or null when it opens with the program.
 * Daily: the first lesson opens at the start; lesson n (index n-1) at 06:00 on the start's local date plus
 * n-1 days. Dates: 06:00 of the lesson's date in the program's zone (no date: open).
 */
export function lessonOpensAt(
  program: UnlockProgram,
  start: UnlockStart,
  index: number,
  opensOn: string | null,
): number | null {
  if (program.unlock === "daily") {
    if (index === 0) return null;
    const startDate = localTimeOf(start.timeZone, start.startedAt).slice(0, 10);
    return instantOf(start.timeZone, `${addDays(startDate, index)}T${LESSON_OPENS_HOUR}`);
  }
  if (program.unlock === "dates" && opensOn) return instantOf(program.timeZone, `${opensOn}T${LESSON_OPENS_HOUR}`);
  return null;
}

export const isOpen = (opensAt: number | null, now: number) => opensAt === null || opensAt <= now;
