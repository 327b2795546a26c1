// The practice log: a member's own minutes by day, with a note and a mood, a streak and a gentle weekly
// goal. Every statement names the session's member: nobody else's log is ever read or written here.
import { z } from "zod";
import { requireUser } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { limited } from "../../platform/rate-limit";
import { idParam, validate } from "../../platform/validate";
import { localTimeOf, offsetMinutes } from "../../platform/zoned-time";
import { EVENT_DEFAULT_TIME_ZONE } from "../../shared/events";
import { PRACTICE_MOODS, PROGRAM_LIMITS } from "../../shared/programs";
import { API_ERRORS } from "../../shared/texts";
import { localDate } from "./lesson-input";
import {
  activeDaysQuery,
  deletePractice,
  insertPractice,
  practiceEntriesQuery,
  setWeeklyGoal,
  toPracticeDto,
  weeklyGoalQuery,
} from "./queries/practice";
import { addDays } from "./unlock";

const rangeQuery = z.object({ from: localDate.optional(), to: localDate.optional() });
const entryBody = z.object({
  minutes: z
    .number(API_ERRORS.practice_minutes_invalid)
    .int(API_ERRORS.practice_minutes_invalid)
    .min(PROGRAM_LIMITS.practiceMinutesMin, API_ERRORS.practice_minutes_invalid)
    .max(PROGRAM_LIMITS.practiceMinutesMax, API_ERRORS.practice_minutes_invalid),
  practised_on: localDate.optional(),
  note: z
    .string()
    .trim()
    .max(PROGRAM_LIMITS.practiceNoteMax)
    .nullish()
    .transform((v) => v || null),
  mood: z.enum(PRACTICE_MOODS).nullish(),
});
const goalBody = z.object({ weekly_goal_minutes: z.number().int().min(0).max(PROGRAM_LIMITS.weeklyGoalMaxMinutes) });

const DAY_MS = 24 * 60 * 60 * 1000;

/** The member's today, in their zone. */
const todayOf = (zone: string | null, now: number) => localTimeOf(zone ?? EVENT_DEFAULT_TIME_ZONE, now).slice(0, 10);

/** Days in a row with practice or a lesson done, ending today (or yesterday: today is not over yet). */
export function streakOf(days: string[], today: string): number {
  const active = new Set(days);
  let day = active.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (active.has(day)) {
    streak++;
    day = addDays(day, -1);
  }
  return streak;
}

export const practiceRoutes = createRouter()
  .get("/practice", requireUser, validate("query", rangeQuery), async (c) => {
    const user = c.var.user;
    const now = Date.now();
    const zone = user.timezone ?? EVENT_DEFAULT_TIME_ZONE;
    const today = todayOf(zone, now);
    const query = c.req.valid("query");
    const to = query.to ?? today;
    const from = query.from ?? addDays(to, -27);
    const span = (Date.parse(to) - Date.parse(from)) / DAY_MS;
    if (span < 0 || span >= PROGRAM_LIMITS.practiceRangeMaxDays) throw badRequest(API_ERRORS.practice_range_invalid);
    const weekStart = addDays(today, -6);
    const [entries, [goal], week] = await c.var.db.batch([
      practiceEntriesQuery(c.var.db, user.id, from, to),
      weeklyGoalQuery(c.var.db, user.id),
      practiceEntriesQuery(c.var.db, user.id, weekStart, today),
    ]);
    const days = await activeDaysQuery(c.var.db, user.id, today, offsetMinutes(zone, now));
    return c.json({
      entries: entries.map(toPracticeDto),
      total_minutes: entries.reduce((sum, e) => sum + e.minutes, 0),
      streak_days: streakOf(
        days.map((d) => d.day),
        today,
      ),
      weekly_goal_minutes: goal?.weeklyGoalMinutes ?? PROGRAM_LIMITS.weeklyGoalDefaultMinutes,
      week_minutes: week.reduce((sum, e) => sum + e.minutes, 0),
    });
  })
  .post("/practice", requireUser, limited("programWrites"), validate("json", entryBody), async (c) => {
    const user = c.var.user;
    const input = c.req.valid("json");
    const today = todayOf(user.timezone, Date.now());
    const practisedOn = input.practised_on ?? today;
    // A day still to come in the member's zone cannot have been practised.
    if (practisedOn > today) throw badRequest(API_ERRORS.program_date_invalid);
    const row = await insertPractice(c.var.db, {
      userId: user.id,
      practisedOn,
      minutes: input.minutes,
      note: input.note,
      mood: input.mood ?? null,
    });
    if (!row) throw conflict(API_ERRORS.practice_day_full);
    return c.json({ entry: toPracticeDto(row) }, 201);
  })
  .put("/practice/goal", requireUser, limited("programWrites"), validate("json", goalBody), async (c) => {
    const minutes = c.req.valid("json").weekly_goal_minutes;
    await setWeeklyGoal(c.var.db, c.var.user.id, minutes);
    return c.json({ weekly_goal_minutes: minutes });
  })
  .delete("/practice/:id", requireUser, limited("programWrites"), validate("param", idParam), async (c) => {
    const [deleted] = await deletePractice(c.var.db, c.var.user.id, c.req.valid("param").id);
    if (!deleted) throw notFound(API_ERRORS.practice_not_found);
    return c.json({ success: true });
  });
