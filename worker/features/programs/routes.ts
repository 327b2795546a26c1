// Programs: members list, read, enrol in and leave programs and list their lessons; admins create,
// edit, publish and delete programs, add and reorder lessons, and read each program's figures and funnel.
// A cohort (a program with a start date) has a private channel its members join and leave with their enrolment.
import { z } from "zod";
import { membershipRow, membershipView } from "../../db/memberships";
import { requireAdmin, requireUser, requireUserInBatch, withSessionBatch } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { ApiError, badRequest, conflict, notFound } from "../../platform/errors";
import { idempotent } from "../../platform/idempotency";
import { limited } from "../../platform/rate-limit";
import { serveBlob } from "../../platform/storage";
import { idParam, oneLineNameInput, parseInput, rowId, timeZoneInput, validate } from "../../platform/validate";
import { toCsv } from "../../shared/csv";
import { EVENT_DEFAULT_TIME_ZONE } from "../../shared/events";
import { PROGRAM_LIMITS, type ProgramSearchResult, UNLOCK_MODES } from "../../shared/programs";
import { LIMITS } from "../../shared/rules";
import { API_ERRORS } from "../../shared/texts";
import { createChannel, joinChannelStatement, leaveChannelStatement } from "../chat/index";
import { lessonStates, paidProgramOr403, toLessonSummary } from "./access";
import { removeProgramCover, uploadProgramCover } from "./covers";
import { lessonFields, lessonInput, localDate, storedLessonFields } from "./lesson-input";
import { storeLessonMedia } from "./media";
import {
  countLessons,
  countPrograms,
  deleteEnrolment,
  deleteProgramRow,
  enrolmentCount,
  getProgramRow,
  insertEnrolment,
  insertLesson,
  insertProgram,
  lessonListQuery,
  type ProgramFields,
  programListQuery,
  programQuery,
  programStats,
  reorderLessons,
  toProgramDto,
  updateProgram,
} from "./queries/programs";
import { programSearchResults, programSearchStatements } from "./search";

const fieldRules = {
  // One line, as a display name: it names the cohort's channel.
  title: oneLineNameInput(PROGRAM_LIMITS.titleMax, {
    required: API_ERRORS.program_title_required,
    tooLong: API_ERRORS.program_title_too_long,
    invalid: API_ERRORS.program_title_invalid,
  }),
  summary: z.string().trim().max(PROGRAM_LIMITS.summaryMax),
  paid_only: z.boolean(),
  unlock: z.enum(UNLOCK_MODES),
  time_zone: timeZoneInput,
  starts_on: localDate.nullable(),
  published: z.boolean(),
};
const createBody = z.object({
  ...fieldRules,
  summary: fieldRules.summary.default(""),
  paid_only: fieldRules.paid_only.default(false),
  unlock: fieldRules.unlock.default("all"),
  time_zone: fieldRules.time_zone.default(EVENT_DEFAULT_TIME_ZONE),
  starts_on: fieldRules.starts_on.default(null),
  published: fieldRules.published.default(false),
});
const editBody = z.object(fieldRules).partial();
const listQuery = z.object({ before: rowId.optional() });
const orderBody = z.object({ ids: z.array(z.number().int().positive()).min(1).max(PROGRAM_LIMITS.lessonsMax) });
const searchQuery = z.object({
  q: z.string().trim().min(1, API_ERRORS.search_query_required).max(PROGRAM_LIMITS.searchMax),
});
const coverForm = z.object({
  file: z
    .instanceof(File, { message: API_ERRORS.program_cover_required })
    .refine((f) => f.size > 0, API_ERRORS.program_cover_required),
});
const funnelQuery = z.object({ format: z.enum(["json", "csv"]).default("json") });

const programFieldsOf = (input: Partial<z.output<typeof createBody>>): Partial<ProgramFields> => ({
  ...(input.title === undefined ? {} : { title: input.title }),
  ...(input.summary === undefined ? {} : { summary: input.summary }),
  ...(input.paid_only === undefined ? {} : { paidOnly: input.paid_only }),
  ...(input.unlock === undefined ? {} : { unlock: input.unlock }),
  ...(input.time_zone === undefined ? {} : { timeZone: input.time_zone }),
  ...(input.starts_on === undefined ? {} : { startsOn: input.starts_on }),
});

/** A cohort's private channel, named after its program. */
const cohortChannel = (db: Parameters<typeof createChannel>[0], adminId: number, title: string) =>
  createChannel(db, adminId, {
    name: title.slice(0, LIMITS.channelNameMax),
    description: null,
    isPrivate: true,
  });

export const programRoutes = createRouter()
  // The programs list: the session and the list in one D1 round trip.
  .get("/programs", requireUserInBatch, validate("query", listQuery), async (c) => {
    const { before } = c.req.valid("query");
    const {
      results: [rows],
    } = await withSessionBatch(c, (member) => [programListQuery(c.var.db, member, before)]);
    const full = rows.length === PROGRAM_LIMITS.programsPage;
    return c.json({ programs: rows.map(toProgramDto), next_before: full ? rows[rows.length - 1].program.id : null });
  })
  .post("/programs", requireAdmin, limited("adminWrites"), validate("json", createBody), async (c) => {
    const input = c.req.valid("json");
    if ((await countPrograms(c.var.db)) >= PROGRAM_LIMITS.programsMax) throw conflict(API_ERRORS.programs_full);
    const channel = input.starts_on ? await cohortChannel(c.var.db, c.var.user.id, input.title) : null;
    const row = await insertProgram(c.var.db, programFieldsOf(input) as ProgramFields, channel?.id ?? null);
    const published = input.published ? await updateProgram(c.var.db, row.id, { publishedAt: new Date() }) : row;
    const [listed] = await programQuery(c.var.db, c.var.user, (published ?? row).id);
    return c.json({ program: toProgramDto(listed) }, 201);
  })
  // Programs and lessons by title and text, with the lessons' locks: a locked lesson is found by its title only,
  // and its text is never sent.
  .get("/programs/search", requireUserInBatch, validate("query", searchQuery), async (c) => {
    const { q } = c.req.valid("query");
    const { user, results } = await withSessionBatch(c, (member) => [...programSearchStatements(c.var.db, member, q)]);
    return c.json({
      results: programSearchResults(user, results, q).map(({ created_at, ...result }): ProgramSearchResult => result),
    });
  })
  .get("/programs/:id", requireUserInBatch, validate("param", idParam), async (c) => {
    const {
      results: [[row]],
    } = await withSessionBatch(c, (member) => [programQuery(c.var.db, member, c.req.valid("param").id)]);
    if (!row) throw notFound(API_ERRORS.program_not_found);
    return c.json({ program: toProgramDto(row) });
  })
  .put(
    "/programs/:id",
    requireAdmin,
    limited("adminWrites"),
    validate("param", idParam),
    validate("json", editBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const input = c.req.valid("json");
      const existing = await getProgramRow(c.var.db, id);
      if (!existing) throw notFound(API_ERRORS.program_not_found);
      const needsChannel = input.starts_on && existing.channelId === null;
      const channel = needsChannel ? await cohortChannel(c.var.db, c.var.user.id, input.title ?? existing.title) : null;
      await updateProgram(c.var.db, id, {
        ...programFieldsOf(input),
        ...(channel ? { channelId: channel.id } : {}),
        ...(input.published === undefined
          ? {}
          : { publishedAt: input.published ? (existing.publishedAt ?? new Date()) : null }),
      });
      const [listed] = await programQuery(c.var.db, c.var.user, id);
      return c.json({ program: toProgramDto(listed) });
    },
  )
  .delete("/programs/:id", requireAdmin, limited("adminWrites"), validate("param", idParam), async (c) => {
    const keys = await deleteProgramRow(c.var.db, c.req.valid("param").id);
    if (!keys) throw notFound(API_ERRORS.program_not_found);
    if (keys.length > 0) await c.env.BLOBS.delete(keys);
    return c.json({ success: true });
  })
  // The cover: admins upload or remove it; whoever sees the program sees it (a replaced cover has a new address).
  .get("/programs/:id/cover", requireUserInBatch, validate("param", idParam), async (c) => {
    const {
      results: [[row]],
    } = await withSessionBatch(c, (member) => [programQuery(c.var.db, member, c.req.valid("param").id)]);
    if (!row) throw notFound(API_ERRORS.program_not_found);
    if (!row.program.coverKey) throw notFound(API_ERRORS.program_cover_not_found);
    return serveBlob(c.req.raw, c.env.BLOBS, row.program.coverKey, {
      cacheControl: "private, max-age=604800, immutable",
    });
  })
  .put(
    "/programs/:id/cover",
    requireAdmin,
    limited("uploads"),
    validate("param", idParam),
    validate("form", coverForm),
    async (c) => {
      const { id } = c.req.valid("param");
      await uploadProgramCover(c.var.db, c.env.BLOBS, id, c.req.valid("form").file);
      const [listed] = await programQuery(c.var.db, c.var.user, id);
      return c.json({ program: toProgramDto(listed) });
    },
  )
  .delete("/programs/:id/cover", requireAdmin, limited("adminWrites"), validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    await removeProgramCover(c.var.db, c.env.BLOBS, id);
    const [listed] = await programQuery(c.var.db, c.var.user, id);
    return c.json({ program: toProgramDto(listed) });
  })
  .post(
    "/programs/:id/enrol",
    requireUser,
    idempotent,
    limited("programWrites"),
    validate("param", idParam),
    async (c) => {
      const { id } = c.req.valid("param");
      const user = c.var.user;
      const [[program], [membership]] = await c.var.db.batch([
        programQuery(c.var.db, user, id),
        membershipRow(c.var.db, user.id),
      ]);
      if (!program) throw notFound(API_ERRORS.program_not_found);
      paidProgramOr403(program, membershipView(user, membership));
      if (program.startedAt) return c.json({ enrolled: true as const, started_at: program.startedAt.toISOString() });
      if ((await enrolmentCount(c.var.db, user.id)) >= PROGRAM_LIMITS.enrolledMax)
        throw conflict(API_ERRORS.programs_enrolled_full);
      const now = new Date();
      const zone = user.timezone ?? EVENT_DEFAULT_TIME_ZONE;
      const channelId = program.program.channelId;
      const [inserted] = channelId
        ? await c.var.db.batch([
            insertEnrolment(c.var.db, id, user.id, zone, now),
            joinChannelStatement(c.var.db, channelId, user.id),
          ])
        : [await insertEnrolment(c.var.db, id, user.id, zone, now)];
      const startedAt = inserted[0]?.startedAt ?? now;
      return c.json({ enrolled: true as const, started_at: startedAt.toISOString() });
    },
  )
  .delete("/programs/:id/enrol", requireUser, limited("programWrites"), validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const program = await getProgramRow(c.var.db, id);
    if (!program) throw notFound(API_ERRORS.program_not_found);
    const userId = c.var.user.id;
    if (program.channelId)
      await c.var.db.batch([
        deleteEnrolment(c.var.db, id, userId),
        leaveChannelStatement(c.var.db, program.channelId, userId),
      ]);
    else await deleteEnrolment(c.var.db, id, userId);
    return c.json({ enrolled: false as const });
  })
  // The lessons: the session, the membership, the program and its lessons with the member's progress, one round trip.
  .get("/programs/:id/lessons", requireUserInBatch, validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const {
      user,
      results: [[membership], [program], lessons],
    } = await withSessionBatch(c, (member) => [
      membershipRow(c.var.db, member.id),
      programQuery(c.var.db, member, id),
      lessonListQuery(c.var.db, id, member.id),
    ]);
    if (!program) throw notFound(API_ERRORS.program_not_found);
    paidProgramOr403(program, membershipView(user, membership));
    const states = lessonStates(program, lessons, user, Date.now());
    return c.json({ lessons: lessons.map((row, i) => toLessonSummary(row, states[i])) });
  })
  // A new lesson, as multipart/form-data (its media in the same request up to PROGRAM_LIMITS.lessonMediaMaxBytes).
  .post("/programs/:id/lessons", requireAdmin, limited("adminWrites"), validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    if (!(await getProgramRow(c.var.db, id))) throw notFound(API_ERRORS.program_not_found);
    if ((await countLessons(c.var.db, id)) >= PROGRAM_LIMITS.lessonsMax) throw conflict(API_ERRORS.lessons_full);
    const bodyType = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (bodyType !== "multipart/form-data") throw new ApiError(415, API_ERRORS.unsupported_media_type);
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw badRequest(API_ERRORS.file_process_failed);
    }
    const file = form.get("file");
    const fields = parseInput(
      "form",
      lessonInput,
      Object.fromEntries([...new Set(form.keys())].filter((k) => k !== "file").map((k) => [k, form.get(k)])),
    );
    const stored = await storedLessonFields(fields);
    const row =
      file instanceof File && file.size > 0
        ? await storeLessonMedia(c.env.BLOBS, file, (media) => insertLesson(c.var.db, id, stored, media))
        : await insertLesson(c.var.db, id, stored, null);
    return c.json({ lesson: lessonFields(row) }, 201);
  })
  .put(
    "/programs/:id/lessons/order",
    requireAdmin,
    limited("adminWrites"),
    validate("param", idParam),
    validate("json", orderBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const { ids } = c.req.valid("json");
      const lessons = await lessonListQuery(c.var.db, id, c.var.user.id);
      const current = new Set(lessons.map((l) => l.lesson.id));
      if (ids.length !== current.size || new Set(ids).size !== ids.length || !ids.every((i) => current.has(i)))
        throw badRequest(API_ERRORS.lesson_order_invalid);
      await reorderLessons(c.var.db, id, ids);
      return c.json({ ids });
    },
  )
  // Per program: enrolled, active in the last 7 days, finished, and how many reached (and finished) each lesson.
  .get(
    "/admin/programs/:id/funnel",
    requireAdmin,
    validate("param", idParam),
    validate("query", funnelQuery),
    async (c) => {
      const { id } = c.req.valid("param");
      if (!(await getProgramRow(c.var.db, id))) throw notFound(API_ERRORS.program_not_found);
      const { figures, funnel } = await programStats(c.var.db, id, Date.now());
      const lessons = funnel.map((f) => ({
        position: f.position,
        lesson_id: f.lessonId,
        title: f.title,
        reached: f.reached,
        done: f.done,
      }));
      if (c.req.valid("query").format === "csv") {
        const csv = toCsv(
          ["position", "lesson_id", "title", "reached", "done"],
          lessons.map((l) => [l.position, l.lesson_id, l.title, l.reached, l.done]),
        );
        return c.body(csv, 200, {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="program-${id}-funnel.csv"`,
        });
      }
      return c.json({
        enrolled: figures?.enrolled ?? 0,
        active_7d: Number(figures?.active7d ?? 0),
        finished: Number(figures?.finished ?? 0),
        lessons,
      });
    },
  );
