// One lesson: its text and media for a member it is open to (403 `lesson_locked` with `opens_at`
// before), its media streamed from R2 with ranges, the member's progress; admins edit and remove lessons and send
// large media in resumable R2 multipart parts.
import type { Context } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client";
import { membershipRow, membershipView } from "../../db/memberships";
import type { AppEnv } from "../../env";
import { requireAdmin, requireUserInBatch, withSessionBatch } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { ApiError, badRequest, forbidden, notFound } from "../../platform/errors";
import { type BatchRateLimit, limited, limitedInBatch, rateLimitInBatch } from "../../platform/rate-limit";
import { newBlobKey, serveBlob } from "../../platform/storage";
import { checkedLessonMedia, cleanFileName } from "../../platform/uploads";
import { rowId, validate } from "../../platform/validate";
import { type LessonDto, lessonMediaPath, PROGRAM_LIMITS } from "../../shared/programs";
import { API_ERRORS } from "../../shared/texts";
import { lessonStates, openOr403, paidProgramOr403, toLessonSummary } from "./access";
import { lessonEditInput, lessonFields, storedLessonFields } from "./lesson-input";
import { abortUpload, HEAD_BYTES, refusedMedia } from "./media";
import {
  deleteLessonRow,
  EVERY_CALL,
  getLessonRow,
  programOfLessonQuery,
  saveProgress,
  siblingLessonsQuery,
  updateLesson,
} from "./queries/programs";
import { deleteUpload, getUpload, insertUpload, partsOf, recordPart, uploadParts } from "./queries/uploads";

const lessonParam = z.object({ id: rowId });
/** R2's upload ids are opaque tokens; bounded and without path separators once decoded. */
const uploadParam = lessonParam.extend({ uploadId: z.string().regex(/^[\w\-.~+=/]{1,1024}$/) });
const partParam = uploadParam.extend({
  part: z.coerce.number().int().min(1).max(partsOf(PROGRAM_LIMITS.lessonMediaMultipartMaxBytes)),
});

const progressBody = z
  .object({
    position_seconds: z.number().min(0).max(PROGRAM_LIMITS.durationMaxSeconds).optional(),
    done: z.boolean().optional(),
  })
  .refine((b) => b.position_seconds !== undefined || b.done !== undefined, API_ERRORS.invalid_input);

const uploadBody = z.object({
  file_name: z.string().trim().min(1).max(255),
  content_type: z.string().trim().max(255).default(""),
  size: z.number().int().min(1).max(PROGRAM_LIMITS.lessonMediaMultipartMaxBytes, API_ERRORS.lesson_upload_too_large),
});

/** A year: a lesson's media URL carries its object's key (lessonMediaPath), so new media is a new URL. */
const MEDIA_CACHE = "private, max-age=31536000, immutable";

/**
 * The lesson as the session's member may read it: the session, the membership, the program and every lesson
 * of it with the member's progress in one D1 round trip; 404 when unseen, 403 for a paid-only program without
 * paid access, and 403 `lesson_locked` with `opens_at` before it opens.
 */
async function openLesson(c: Context<AppEnv>, lessonId: number, limit?: BatchRateLimit) {
  const { user, results } = await withSessionBatch(c, (member) => {
    const reads = [
      membershipRow(c.var.db, member.id),
      programOfLessonQuery(c.var.db, member, lessonId),
      siblingLessonsQuery(c.var.db, lessonId, member.id),
    ] as const;
    // A write's rate limit is counted in the same round trip (limitedInBatch); a read counts nothing.
    return limit ? [...reads, limit.count(member, EVERY_CALL)] : [...reads];
  });
  const [[membership], [program], lessons] = results;
  if (limit) limit.check(results[3] as Parameters<BatchRateLimit["check"]>[0]);
  const index = lessons.findIndex((l) => l.lesson.id === lessonId);
  if (!program || index < 0) throw notFound(API_ERRORS.lesson_not_found);
  paidProgramOr403(program, membershipView(user, membership));
  const states = lessonStates(program, lessons, user, Date.now());
  openOr403(states[index]);
  return { user, program, lessons, index, row: lessons[index], state: states[index] };
}

const versionOf = (key: string) => key.slice(key.lastIndexOf("/") + 1);

/** A lesson's upload under way, or 404 upload_not_found. */
async function uploadOf(db: Database, lessonId: number, uploadId: string) {
  const upload = await getUpload(db, lessonId, uploadId);
  if (!upload) throw notFound(API_ERRORS.upload_not_found);
  return upload;
}

export const lessonRoutes = createRouter()
  .get("/lessons/:id", requireUserInBatch, validate("param", lessonParam), async (c) => {
    const { program, lessons, index, row, state } = await openLesson(c, c.req.valid("param").id);
    const lesson: LessonDto = {
      ...toLessonSummary(row, state),
      program_id: program.program.id,
      program_title: program.program.title,
      body: row.lesson.body,
      body_html: row.lesson.bodyHtml,
      media_url: row.lesson.mediaKey ? lessonMediaPath(row.lesson.id, versionOf(row.lesson.mediaKey)) : null,
      position_seconds: row.positionSeconds ?? 0,
      previous_id: lessons[index - 1]?.lesson.id ?? null,
      next_id: lessons[index + 1]?.lesson.id ?? null,
    };
    return c.json({ lesson });
  })
  // The media with HTTP ranges (206, Content-Range, 416), checked like the lesson on every request.
  .get("/lessons/:id/media", requireUserInBatch, validate("param", lessonParam), async (c) => {
    const { row } = await openLesson(c, c.req.valid("param").id);
    if (!row.lesson.mediaKey) throw notFound(API_ERRORS.lesson_no_media);
    return serveBlob(c.req.raw, c.env.BLOBS, row.lesson.mediaKey, {
      cacheControl: MEDIA_CACHE,
      contentType: row.lesson.mediaType ?? undefined,
    });
  })
  .put(
    "/lessons/:id/progress",
    requireUserInBatch,
    limitedInBatch("programWrites"),
    validate("param", lessonParam),
    validate("json", progressBody),
    async (c) => {
      const { user, program, row } = await openLesson(c, c.req.valid("param").id, rateLimitInBatch(c, Date.now()));
      if (!program.startedAt) throw forbidden(API_ERRORS.program_not_enrolled);
      const input = c.req.valid("json");
      const [[progress], [enrolment]] = await saveProgress(
        c.var.db,
        {
          lessonId: row.lesson.id,
          programId: program.program.id,
          userId: user.id,
          positionSeconds: input.position_seconds === undefined ? undefined : Math.floor(input.position_seconds),
          done: input.done,
        },
        new Date(),
      );
      return c.json({
        position_seconds: progress.positionSeconds,
        done: progress.doneAt !== null,
        program_finished: enrolment?.finishedAt != null,
      });
    },
  )
  .put(
    "/lessons/:id",
    requireAdmin,
    limited("adminWrites"),
    validate("param", lessonParam),
    validate("json", lessonEditInput),
    async (c) => {
      const { id } = c.req.valid("param");
      const existing = await getLessonRow(c.var.db, id);
      if (!existing) throw notFound(API_ERRORS.lesson_not_found);
      const input = c.req.valid("json");
      const stored = await storedLessonFields({
        title: input.title ?? existing.title,
        body: input.body ?? existing.body,
        opens_on: input.opens_on === undefined ? existing.opensOn : input.opens_on,
        duration_seconds: input.duration_seconds === undefined ? existing.durationSeconds : input.duration_seconds,
      });
      const row = await updateLesson(c.var.db, id, stored);
      if (!row) throw notFound(API_ERRORS.lesson_not_found);
      return c.json({ lesson: lessonFields(row) });
    },
  )
  .delete("/lessons/:id", requireAdmin, limited("adminWrites"), validate("param", lessonParam), async (c) => {
    const lesson = await getLessonRow(c.var.db, c.req.valid("param").id);
    if (!lesson) throw notFound(API_ERRORS.lesson_not_found);
    await deleteLessonRow(c.var.db, lesson);
    if (lesson.mediaKey) await c.env.BLOBS.delete(lesson.mediaKey);
    return c.json({ success: true });
  })
  // ---- resumable media uploads (R2 multipart) ----
  .post(
    "/lessons/:id/uploads",
    requireAdmin,
    limited("adminWrites"),
    validate("param", lessonParam),
    validate("json", uploadBody),
    async (c) => {
      const { id } = c.req.valid("param");
      if (!(await getLessonRow(c.var.db, id))) throw notFound(API_ERRORS.lesson_not_found);
      const input = c.req.valid("json");
      const key = newBlobKey("lessons");
      const fileName = cleanFileName(input.file_name, "lesson");
      // The type is the first part's bytes' (kept in D1, served from there: serveBlob's contentType).
      const upload = await c.env.BLOBS.createMultipartUpload(key, { customMetadata: { fileName } });
      await insertUpload(c.var.db, {
        uploadId: upload.uploadId,
        lessonId: id,
        key,
        size: input.size,
        fileName,
        declaredType: input.content_type,
      });
      return c.json(
        { upload_id: upload.uploadId, part_size: PROGRAM_LIMITS.uploadPartBytes, parts: partsOf(input.size), done: [] },
        201,
      );
    },
  )
  // Which parts arrived: what a client resumes from after a dropped connection.
  .get("/lessons/:id/uploads/:uploadId", requireAdmin, validate("param", uploadParam), async (c) => {
    const { id, uploadId } = c.req.valid("param");
    const upload = await uploadOf(c.var.db, id, uploadId);
    const done = await uploadParts(c.var.db, uploadId);
    return c.json({
      upload_id: uploadId,
      part_size: PROGRAM_LIMITS.uploadPartBytes,
      parts: partsOf(upload.size),
      done: done.map((p) => p.partNumber),
    });
  })
  // One part, as application/octet-stream: every part the part size but the last; the first proves the type.
  .put(
    "/lessons/:id/uploads/:uploadId/parts/:part",
    requireAdmin,
    limited("lessonUploadParts"),
    validate("param", partParam),
    async (c) => {
      const { id, uploadId, part } = c.req.valid("param");
      const bodyType = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
      if (bodyType !== "application/octet-stream") throw new ApiError(415, API_ERRORS.unsupported_media_type);
      const upload = await uploadOf(c.var.db, id, uploadId);
      const count = partsOf(upload.size);
      const expected =
        part < count ? PROGRAM_LIMITS.uploadPartBytes : upload.size - (count - 1) * PROGRAM_LIMITS.uploadPartBytes;
      if (part > count) throw badRequest(API_ERRORS.upload_part_invalid);
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.length !== expected) throw badRequest(API_ERRORS.upload_part_invalid);
      const proven =
        part === 1 ? checkedLessonMedia(upload.declaredType, bytes.subarray(0, HEAD_BYTES), refusedMedia) : null;
      const uploaded = await c.env.BLOBS.resumeMultipartUpload(upload.key, uploadId).uploadPart(part, bytes);
      await recordPart(
        c.var.db,
        { uploadId, partNumber: part, etag: uploaded.etag, size: bytes.length },
        proven && { contentType: proven.contentType, mediaKind: proven.kind },
      );
      return c.json({ part, etag: uploaded.etag });
    },
  )
  .post(
    "/lessons/:id/uploads/:uploadId/complete",
    requireAdmin,
    limited("adminWrites"),
    validate("param", uploadParam),
    async (c) => {
      const { id, uploadId } = c.req.valid("param");
      const [upload, lesson] = await Promise.all([uploadOf(c.var.db, id, uploadId), getLessonRow(c.var.db, id)]);
      if (!lesson) throw notFound(API_ERRORS.upload_not_found);
      const parts = await uploadParts(c.var.db, uploadId);
      if (parts.length !== partsOf(upload.size) || !upload.contentType || !upload.mediaKind)
        throw badRequest(API_ERRORS.upload_part_invalid);
      const multipart = c.env.BLOBS.resumeMultipartUpload(upload.key, uploadId);
      await multipart.complete(parts.map((p) => ({ partNumber: p.partNumber, etag: p.etag })));
      const row = await updateLesson(c.var.db, id, {
        mediaKey: upload.key,
        mediaType: upload.contentType,
        mediaKind: upload.mediaKind,
        mediaSize: upload.size,
      });
      await deleteUpload(c.var.db, uploadId);
      if (lesson.mediaKey && lesson.mediaKey !== upload.key) await c.env.BLOBS.delete(lesson.mediaKey);
      return c.json({ lesson: lessonFields(row ?? lesson) });
    },
  )
  .delete(
    "/lessons/:id/uploads/:uploadId",
    requireAdmin,
    limited("adminWrites"),
    validate("param", uploadParam),
    async (c) => {
      const { id, uploadId } = c.req.valid("param");
      const upload = await uploadOf(c.var.db, id, uploadId);
      await abortUpload(c.env.BLOBS, upload);
      await deleteUpload(c.var.db, uploadId);
      return c.json({ success: true });
    },
  );
