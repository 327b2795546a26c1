// A member's private practice log and weekly goal: only ever read or written for the session's own member.
import { and, asc, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { lessonProgress, practiceEntries, practiceGoals } from "../../../db/schema";
import { PROGRAM_LIMITS, type PracticeEntryDto, type PracticeMood } from "../../../shared/programs";

export type PracticeRow = typeof practiceEntries.$inferSelect;

export const toPracticeDto = (r: PracticeRow): PracticeEntryDto => ({
  id: r.id,
  practised_on: r.practisedOn,
  minutes: r.minutes,
  note: r.note,
  mood: r.mood,
  created_at: r.createdAt.toISOString(),
});

export const practiceEntriesQuery = (db: Database, userId: number, from: string, to: string) =>
  db
    .select()
    .from(practiceEntries)
    .where(
      and(
        eq(practiceEntries.userId, userId),
        gte(practiceEntries.practisedOn, from),
        lte(practiceEntries.practisedOn, to),
      ),
    )
    .orderBy(desc(practiceEntries.practisedOn), desc(practiceEntries.id))
    .limit(PROGRAM_LIMITS.practiceEntriesMax);

export const weeklyGoalQuery = (db: Database, userId: number) =>
  db.select().from(practiceGoals).where(eq(practiceGoals.userId, userId)).limit(1);

/**
 * The member's active days (a practice entry or a lesson marked done) up to `today`, newest first: what the
 * streak counts. A practice entry has its local date; a lesson's done instant is turned into one with the
 * member's current offset from UTC (`offsetMinutes`; a lesson done within an hour of a clock change may count
 * on the neighbouring day).
 */
export const activeDaysQuery = (db: Database, userId: number, today: string, offsetMinutes: number) =>
  db.all<{ day: string }>(sql`
    select day from (
      select ${practiceEntries.practisedOn} as day from ${practiceEntries}
        where ${practiceEntries.userId} = ${userId} and ${practiceEntries.practisedOn} <= ${today}
      union
      select date((${lessonProgress.doneAt} / 1000) + ${offsetMinutes * 60}, 'unixepoch') as day from ${lessonProgress}
        where ${lessonProgress.userId} = ${userId} and ${lessonProgress.doneAt} is not null
    ) where day <= ${today} order by day desc limit ${PROGRAM_LIMITS.practiceRangeMaxDays}`);

/**
 * Logs minutes, unless the day would pass PROGRAM_LIMITS.practiceDayMinutesMax: one INSERT … SELECT, so two
 * entries at once cannot both slip under the cap. Null when refused.
 */
export async function insertPractice(
  db: Database,
  entry: { userId: number; practisedOn: string; minutes: number; note: string | null; mood: PracticeMood | null },
): Promise<PracticeRow | null> {
  const rows = await db.all<Record<string, unknown>>(sql`
    insert into ${practiceEntries} (user_id, practised_on, minutes, note, mood)
    select ${entry.userId}, ${entry.practisedOn}, ${entry.minutes}, ${entry.note}, ${entry.mood}
    where coalesce((select sum(minutes) from ${practiceEntries} where user_id = ${entry.userId}
      and practised_on = ${entry.practisedOn}), 0) + ${entry.minutes} <= ${PROGRAM_LIMITS.practiceDayMinutesMax}
    returning id`);
  const id = rows[0]?.id as number | undefined;
  if (id === undefined) return null;
  const [row] = await db.select().from(practiceEntries).where(eq(practiceEntries.id, id)).limit(1);
  return row;
}

export const deletePractice = (db: Database, userId: number, id: number) =>
  db
    .delete(practiceEntries)
    .where(and(eq(practiceEntries.id, id), eq(practiceEntries.userId, userId)))
    .returning({ id: practiceEntries.id });

export const setWeeklyGoal = (db: Database, userId: number, minutes: number) =>
  db
    .insert(practiceGoals)
    .values({ userId, weeklyGoalMinutes: minutes })
    .onConflictDoUpdate({ target: practiceGoals.userId, set: { weeklyGoalMinutes: minutes } });

/** Everything of the member's log, for the data export (oldest first). */
export const practiceExportQuery = (db: Database, userId: number) =>
  db
    .select()
    .from(practiceEntries)
    .where(eq(practiceEntries.userId, userId))
    .orderBy(asc(practiceEntries.practisedOn), asc(practiceEntries.id))
    .limit(100_000);
