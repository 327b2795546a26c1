// Programs and lessons as members and admins read and write them. Every list is bounded (PROGRAM_LIMITS) and
// binds a fixed number of variables (worker/db/lists.ts).
import { and, asc, count, desc, eq, gt, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../../../db/client";
import { lessonProgress, programEnrolments, programLessons, programs, users } from "../../../db/schema";
import type { SessionMemberSql } from "../../../db/sessions";
import { PROGRAM_LIMITS, type ProgramDto, type UnlockMode } from "../../../shared/programs";

export type ProgramRow = typeof programs.$inferSelect;
export type LessonRow = typeof programLessons.$inferSelect;
export type EnrolmentRow = typeof programEnrolments.$inferSelect;

type Member = { id: number | SQL<number>; role: string | SQL<string> };

// Every column of a joined select has a name of its own: D1's batch reads rows by column name, so a second
// `time_zone` or `created_at` would shadow the first.
const lessonCount = sql<number>`(select count(*) from program_lessons l where l.program_id = ${programs.id})`
  .mapWith(Number)
  .as("lesson_count");
const doneCount = (userId: number | SQL<number>) =>
  sql<number>`(select count(*) from lesson_progress p where p.program_id = ${programs.id}
    and p.user_id = ${userId} and p.done_at is not null)`
    .mapWith(Number)
    .as("done_count");
const aliased = <T>(column: SQLiteColumn, name: string) => (sql`${column}`.mapWith(column) as SQL<T>).as(name);
/** Published programs; every program for an admin. */
const visible = (member: Member) => sql`(${programs.publishedAt} is not null or ${member.role} = 'admin')`;

const programColumns = (member: Member) => ({
  program: programs,
  lessonCount,
  doneCount: doneCount(member.id),
  startedAt: aliased<Date | null>(programEnrolments.startedAt, "enrolment_started_at"),
  enrolmentZone: aliased<string | null>(programEnrolments.timeZone, "enrolment_time_zone"),
  finishedAt: aliased<Date | null>(programEnrolments.finishedAt, "enrolment_finished_at"),
});

const withEnrolment = (member: Member) =>
  and(eq(programEnrolments.programId, programs.id), eq(programEnrolments.userId, member.id));

/** A page of the programs a member sees, newest first (the session's member as SQL: sent in its batch). */
export const programListQuery = (db: Database, member: SessionMemberSql | Member, before?: number) =>
  db
    .select(programColumns(member))
    .from(programs)
    .leftJoin(programEnrolments, withEnrolment(member))
    .where(and(visible(member), before === undefined ? undefined : lt(programs.id, before)))
    .orderBy(desc(programs.id))
    .limit(PROGRAM_LIMITS.programsPage);

/** One program as `member` sees it (null: none, or unpublished for a member). */
export const programQuery = (db: Database, member: SessionMemberSql | Member, id: number) =>
  db
    .select(programColumns(member))
    .from(programs)
    .leftJoin(programEnrolments, withEnrolment(member))
    .where(and(eq(programs.id, id), visible(member)))
    .limit(1);

export type ProgramListed = Awaited<ReturnType<typeof programListQuery>>[number];

export const toProgramDto = (r: ProgramListed): ProgramDto => ({
  id: r.program.id,
  title: r.program.title,
  summary: r.program.summary,
  // The key's random part in the address: a replaced cover is a new URL, so caches never show the old one.
  cover_url: r.program.coverKey ? `/api/programs/${r.program.id}/cover?v=${r.program.coverKey.split("/").pop()}` : null,
  paid_only: r.program.paidOnly,
  unlock: r.program.unlock,
  time_zone: r.program.timeZone,
  starts_on: r.program.startsOn,
  published: r.program.publishedAt !== null,
  lesson_count: r.lessonCount,
  enrolled: r.startedAt !== null,
  started_at: r.startedAt?.toISOString() ?? null,
  done_count: r.doneCount,
  finished_at: r.finishedAt?.toISOString() ?? null,
  channel_id: r.program.channelId,
});

/** A program's lessons in order, with `userId`'s progress. */
export const lessonListQuery = (db: Database, programId: number | SQL<number>, userId: number | SQL<number>) =>
  db
    .select({ lesson: programLessons, doneAt: lessonProgress.doneAt, positionSeconds: lessonProgress.positionSeconds })
    .from(programLessons)
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, programLessons.id), eq(lessonProgress.userId, userId)))
    .where(eq(programLessons.programId, programId))
    .orderBy(asc(programLessons.position))
    .limit(PROGRAM_LIMITS.lessonsMax);

export type LessonListed = Awaited<ReturnType<typeof lessonListQuery>>[number];

/** The program of a lesson (by the lesson's id): its row as `member` sees it. */
export const programOfLessonQuery = (db: Database, member: SessionMemberSql | Member, lessonId: number) =>
  db
    .select(programColumns(member))
    .from(programs)
    .leftJoin(programEnrolments, withEnrolment(member))
    .where(and(eq(programs.id, sql`(select program_id from program_lessons where id = ${lessonId})`), visible(member)))
    .limit(1);

/** The lessons of a lesson's program (by the lesson's id), with the member's progress. */
export const siblingLessonsQuery = (db: Database, lessonId: number, userId: number | SQL<number>) =>
  lessonListQuery(db, sql<number>`(select program_id from program_lessons where id = ${lessonId})`, userId);

export const memberTimeZoneQuery = (db: Database, userId: number | SQL<number>) =>
  db.select({ timeZone: users.timezone }).from(users).where(eq(users.id, userId)).limit(1);

/** A rate limit's condition that counts every call (rateLimitInBatch's `when`). */
export const EVERY_CALL = sql`1 = 1`;

// ---- admin writes ----

export type ProgramFields = {
  title: string;
  summary: string;
  paidOnly: boolean;
  unlock: UnlockMode;
  timeZone: string;
  startsOn: string | null;
};

export async function insertProgram(db: Database, fields: ProgramFields, channelId: number | null) {
  const [row] = await db
    .insert(programs)
    .values({ ...fields, channelId })
    .returning();
  return row;
}

export async function updateProgram(
  db: Database,
  id: number,
  fields: Partial<ProgramFields> & { publishedAt?: Date | null; channelId?: number | null },
) {
  const [row] = await db
    .update(programs)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(programs.id, id))
    .returning();
  return row ?? null;
}

export const getProgramRow = async (db: Database, id: number) =>
  (await db.select().from(programs).where(eq(programs.id, id)).limit(1))[0] ?? null;

export const countPrograms = async (db: Database) => (await db.select({ n: count() }).from(programs))[0].n;

/** Deletes a program (lessons, enrolments and progress go with it); returns its lessons' media keys and its cover's. */
export async function deleteProgramRow(db: Database, id: number): Promise<string[] | null> {
  const [keys, deleted] = await db.batch([
    db
      .select({ key: programLessons.mediaKey })
      .from(programLessons)
      .where(and(eq(programLessons.programId, id), isNotNull(programLessons.mediaKey))),
    db.delete(programs).where(eq(programs.id, id)).returning({ coverKey: programs.coverKey }),
  ]);
  if (deleted.length === 0) return null;
  return [...keys, { key: deleted[0].coverKey }].flatMap((k) => (k.key ? [k.key] : []));
}

/**
 * Sets (a key) or removes (null) a program's cover, in one batch with reading the key it replaces (for the caller
 * to delete from R2); null when the program is gone.
 */
export async function replaceProgramCover(db: Database, id: number, coverKey: string | null) {
  const [before, updated] = await db.batch([
    db.select({ coverKey: programs.coverKey }).from(programs).where(eq(programs.id, id)),
    db
      .update(programs)
      .set({ coverKey, updatedAt: new Date() })
      .where(eq(programs.id, id))
      .returning({ id: programs.id }),
  ]);
  return updated.length ? { previous: before[0]?.coverKey ?? null } : null;
}

export type LessonFields = {
  title: string;
  body: string;
  bodyHtml: string;
  opensOn: string | null;
  durationSeconds: number | null;
};

export type LessonMedia = { mediaKey: string; mediaType: string; mediaKind: "audio" | "video"; mediaSize: number };

/** Appends a lesson at the end (its position the count plus one, in the same statement). */
export async function insertLesson(db: Database, programId: number, fields: LessonFields, media: LessonMedia | null) {
  const [row] = await db
    .insert(programLessons)
    .values({
      programId,
      position: sql`(select count(*) + 1 from program_lessons where program_id = ${programId})`,
      ...fields,
      ...(media ?? {}),
    })
    .returning();
  return row;
}

export const countLessons = async (db: Database, programId: number) =>
  (await db.select({ n: count() }).from(programLessons).where(eq(programLessons.programId, programId)))[0].n;

export const getLessonRow = async (db: Database, id: number) =>
  (await db.select().from(programLessons).where(eq(programLessons.id, id)).limit(1))[0] ?? null;

export async function updateLesson(db: Database, id: number, fields: Partial<LessonFields> & Partial<LessonMedia>) {
  const [row] = await db.update(programLessons).set(fields).where(eq(programLessons.id, id)).returning();
  return row ?? null;
}

/** Removes a lesson and closes the gap in the positions after it (one batch). */
export async function deleteLessonRow(db: Database, lesson: LessonRow) {
  await db.batch([
    db.delete(programLessons).where(eq(programLessons.id, lesson.id)),
    db
      .update(programLessons)
      .set({ position: sql`${programLessons.position} - 1` })
      .where(and(eq(programLessons.programId, lesson.programId), gt(programLessons.position, lesson.position))),
  ]);
}

/**
 * Puts the lessons in the given order (every lesson of the program, once): one statement, the new position of each
 * id read from the bound JSON list.
 */
export async function reorderLessons(db: Database, programId: number, ids: number[]) {
  await db
    .update(programLessons)
    .set({
      position: sql`(select key + 1 from json_each(${JSON.stringify(ids)}) where value = ${programLessons.id})`,
    })
    .where(eq(programLessons.programId, programId));
}

// ---- enrolments and progress ----

export const enrolmentCount = async (db: Database, userId: number) =>
  (await db.select({ n: count() }).from(programEnrolments).where(eq(programEnrolments.userId, userId)))[0].n;

export const insertEnrolment = (db: Database, programId: number, userId: number, timeZone: string, now: Date) =>
  db
    .insert(programEnrolments)
    .values({ programId, userId, startedAt: now, timeZone, lastActiveAt: now })
    .onConflictDoNothing()
    .returning();

export const deleteEnrolment = (db: Database, programId: number, userId: number) =>
  db
    .delete(programEnrolments)
    .where(and(eq(programEnrolments.programId, programId), eq(programEnrolments.userId, userId)))
    .returning();

/** Saves where the member is in a lesson (and whether it is done); marks the enrolment active. */
export function saveProgress(
  db: Database,
  input: { lessonId: number; programId: number; userId: number; positionSeconds?: number; done?: boolean },
  now: Date,
) {
  const doneAt = input.done === undefined ? undefined : input.done ? now : null;
  return db.batch([
    db
      .insert(lessonProgress)
      .values({
        lessonId: input.lessonId,
        programId: input.programId,
        userId: input.userId,
        positionSeconds: input.positionSeconds ?? 0,
        doneAt: doneAt ?? null,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [lessonProgress.lessonId, lessonProgress.userId],
        set: {
          updatedAt: now,
          ...(input.positionSeconds === undefined ? {} : { positionSeconds: input.positionSeconds }),
          // Done once stays done at its first time.
          ...(doneAt === undefined
            ? {}
            : { doneAt: doneAt && sql`coalesce(${lessonProgress.doneAt}, ${now.getTime()})` }),
        },
      })
      .returning(),
    // Finished when every lesson is done (set once, cleared when a lesson is undone).
    db
      .update(programEnrolments)
      .set({
        lastActiveAt: now,
        finishedAt: sql`case when (select count(*) from program_lessons where program_id = ${input.programId}) =
          (select count(*) from lesson_progress where program_id = ${input.programId} and user_id = ${input.userId}
            and done_at is not null)
          then coalesce(${programEnrolments.finishedAt}, ${now.getTime()}) else null end`,
      })
      .where(and(eq(programEnrolments.programId, input.programId), eq(programEnrolments.userId, input.userId)))
      .returning(),
  ]);
}

// ---- admin figures ----

const DAY_MS = 24 * 60 * 60 * 1000;

export async function programStats(db: Database, programId: number, now: number) {
  const [[figures], funnel] = await db.batch([
    db
      .select({
        enrolled: count(),
        active7d: sql<number>`coalesce(sum(${programEnrolments.lastActiveAt} > ${now - 7 * DAY_MS}), 0)`,
        finished: sql<number>`coalesce(sum(${programEnrolments.finishedAt} is not null), 0)`,
      })
      .from(programEnrolments)
      .where(eq(programEnrolments.programId, programId)),
    db
      .select({
        lessonId: programLessons.id,
        position: programLessons.position,
        title: programLessons.title,
        reached: sql<number>`(select count(*) from lesson_progress p where p.lesson_id = ${programLessons.id})`,
        done: sql<number>`(select count(*) from lesson_progress p where p.lesson_id = ${programLessons.id}
          and p.done_at is not null)`,
      })
      .from(programLessons)
      .where(eq(programLessons.programId, programId))
      .orderBy(asc(programLessons.position))
      .limit(PROGRAM_LIMITS.lessonsMax),
  ]);
  return { figures, funnel };
}

/** The member's enrolments and lesson progress, for their data export (titles only: never a lesson's text). */
export async function programsExport(db: Database, userId: number) {
  const [enrolments, progress] = await db.batch([
    db
      .select({
        program_id: programEnrolments.programId,
        title: programs.title,
        started_at: programEnrolments.startedAt,
        time_zone: programEnrolments.timeZone,
        finished_at: programEnrolments.finishedAt,
      })
      .from(programEnrolments)
      .innerJoin(programs, eq(programs.id, programEnrolments.programId))
      .where(eq(programEnrolments.userId, userId))
      .orderBy(asc(programEnrolments.startedAt))
      .limit(1000),
    db
      .select({
        lesson_id: lessonProgress.lessonId,
        program_id: lessonProgress.programId,
        title: programLessons.title,
        position_seconds: lessonProgress.positionSeconds,
        done_at: lessonProgress.doneAt,
        updated_at: lessonProgress.updatedAt,
      })
      .from(lessonProgress)
      .innerJoin(programLessons, eq(programLessons.id, lessonProgress.lessonId))
      .where(eq(lessonProgress.userId, userId))
      .orderBy(asc(lessonProgress.programId), asc(lessonProgress.lessonId))
      .limit(100_000),
  ]);
  return { enrolments, progress };
}

/**
 * Programs and lessons whose title or text holds `text` (case-insensitive, no pattern characters: instr), among
 * the programs `member` sees, each lesson with its program's row and enrolment (its lock is decided by the caller).
 */
export const searchProgramsQuery = (db: Database, member: SessionMemberSql | Member, text: string) =>
  db
    .select({
      ...programColumns(member),
      lesson: {
        /** Null for a program without lessons (found by its own title or summary). */
        id: aliased<number | null>(programLessons.id, "lesson_id"),
        title: aliased<string>(programLessons.title, "lesson_title"),
        body: aliased<string>(programLessons.body, "lesson_body"),
        position: aliased<number>(programLessons.position, "lesson_position"),
        opensOn: aliased<string | null>(programLessons.opensOn, "lesson_opens_on"),
        createdAt: aliased<Date>(programLessons.createdAt, "lesson_created_at"),
      },
      titleHit: sql<number>`instr(lower(${programLessons.title}), lower(${text})) > 0`.mapWith(Number).as("title_hit"),
    })
    .from(programs)
    .leftJoin(programEnrolments, withEnrolment(member))
    .leftJoin(programLessons, eq(programLessons.programId, programs.id))
    .where(
      and(
        visible(member),
        sql`(instr(lower(${programLessons.title}), lower(${text})) > 0
          or instr(lower(${programLessons.body}), lower(${text})) > 0
          or instr(lower(${programs.title}), lower(${text})) > 0
          or instr(lower(${programs.summary}), lower(${text})) > 0)`,
      ),
    )
    .orderBy(desc(programs.id), asc(programLessons.position))
    .limit(PROGRAM_LIMITS.searchCandidates);

// ---- what the hourly notices job reads ----

/** Published programs whose lessons open by the clock (by date or by the member's start), not all at once. */
const opensByTheClock = and(isNotNull(programs.publishedAt), sql`${programs.unlock} <> 'all'`);

/** Enrolments in published programs whose lessons open by the clock, with their program's rule (bounded a run). */
export const clockEnrolments = (db: Database, limit: number) =>
  db
    .select({
      programId: programs.id,
      unlock: programs.unlock,
      programZone: programs.timeZone,
      userId: programEnrolments.userId,
      startedAt: aliased<Date>(programEnrolments.startedAt, "enrolment_started_at"),
      timeZone: aliased<string>(programEnrolments.timeZone, "enrolment_time_zone"),
    })
    .from(programEnrolments)
    .innerJoin(programs, eq(programs.id, programEnrolments.programId))
    .where(opensByTheClock)
    .orderBy(asc(programEnrolments.programId), asc(programEnrolments.userId))
    .limit(limit);

/** The lessons of published programs that open by the clock: id, program, position, fixed date (bounded a run). */
export const clockLessons = (db: Database, limit: number) =>
  db
    .select({
      id: programLessons.id,
      programId: programLessons.programId,
      position: programLessons.position,
      opensOn: programLessons.opensOn,
    })
    .from(programLessons)
    .innerJoin(programs, eq(programs.id, programLessons.programId))
    .where(opensByTheClock)
    .orderBy(asc(programLessons.programId), asc(programLessons.position))
    .limit(limit);

/** Published cohorts (programs with a start date), to tell their members the day before. */
export const cohorts = (db: Database, limit: number) =>
  db
    .select({ id: programs.id, startsOn: programs.startsOn, timeZone: programs.timeZone })
    .from(programs)
    .where(and(isNotNull(programs.publishedAt), isNotNull(programs.startsOn)))
    .orderBy(asc(programs.id))
    .limit(limit);
