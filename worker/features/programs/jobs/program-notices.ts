// Hourly: "a new lesson opened" to each member a lesson opened for in the last hours (daily lessons at 06:00 in the
// member's zone, fixed dates at 06:00 in the program's), and "your cohort starts tomorrow" to a cohort's members the
// day before its start. Each is written once per member (notifications' partial unique index), so overlapping
// windows and racing runs tell nobody twice.
import { getDb } from "../../../db/client";
import type { ScheduledJob } from "../../../platform/scheduled-job";
import { localTimeOf } from "../../../platform/zoned-time";
import { notifyCohortStarting, notifyLessonOpened } from "../../notifications/index";
import { clockEnrolments, clockLessons, cohorts } from "../queries/programs";
import { addDays, lessonOpensAt } from "../unlock";

/** Lessons that opened this long ago are still told (the cron runs hourly; a missed run is caught up). */
const WINDOW_MS = 3 * 60 * 60 * 1000;
/** Rows read a run (enrolments, lessons, cohorts). */
const BATCH = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;

const dayOf = (zone: string, at: number) => localTimeOf(zone, at).slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

export const programNotices: ScheduledJob = {
  name: "program-notices",
  async run(env, now) {
    const db = getDb(env.DB);
    const at = now.getTime();
    const [enrolments, lessons, starting] = await db.batch([
      clockEnrolments(db, BATCH),
      clockLessons(db, BATCH),
      cohorts(db, BATCH),
    ]);
    const byProgram = new Map<number, typeof lessons>();
    for (const lesson of lessons) byProgram.set(lesson.programId, [...(byProgram.get(lesson.programId) ?? []), lesson]);
    const opened = new Map<string, { programId: number; lessonId: number; userIds: number[] }>();
    const tell = (programId: number, lessonId: number, userId: number) => {
      const key = `${programId}:${lessonId}`;
      const entry = opened.get(key) ?? { programId, lessonId, userIds: [] };
      entry.userIds.push(userId);
      opened.set(key, entry);
    };
    for (const e of enrolments) {
      const programLessons = byProgram.get(e.programId) ?? [];
      const start = { startedAt: e.startedAt.getTime(), timeZone: e.timeZone };
      const program = { unlock: e.unlock, timeZone: e.programZone };
      // Daily: only today's lesson can have opened in the window (lesson n opens on the start's date + n - 1 days).
      const candidates =
        e.unlock === "daily"
          ? programLessons.filter(
              (l) => l.position - 1 === daysBetween(dayOf(e.timeZone, start.startedAt), dayOf(e.timeZone, at)),
            )
          : programLessons;
      for (const lesson of candidates) {
        const opensAt = lessonOpensAt(program, start, lesson.position - 1, lesson.opensOn);
        // Opened in the window, and after the member enrolled (a lesson open when they came is no news).
        if (opensAt !== null && opensAt <= at && opensAt > at - WINDOW_MS && opensAt > start.startedAt)
          tell(e.programId, lesson.id, e.userId);
      }
    }
    let lessonNotices = 0;
    for (const entry of opened.values()) lessonNotices += (await notifyLessonOpened(db, entry)).length;
    let cohortNotices = 0;
    for (const cohort of starting)
      if (cohort.startsOn === addDays(dayOf(cohort.timeZone, at), 1))
        cohortNotices += (await notifyCohortStarting(db, cohort.id)).length;
    return { lessons_opened: lessonNotices, cohorts_starting: cohortNotices };
  },
};
