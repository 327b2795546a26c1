// A lesson as an admin writes it (multipart form on creation, JSON on edit): its rules, its stored fields (the
// markdown made safe HTML, as event descriptions are) and how the admin reads it back.
import { marked } from "marked";
import { z } from "zod";
import { sanitizeHtml } from "../../platform/sanitize-html";
import { oneLineNameInput } from "../../platform/validate";
import { PROGRAM_LIMITS } from "../../shared/programs";
import { API_ERRORS } from "../../shared/texts";
import type { LessonFields, LessonRow } from "./queries/programs";

/** A real calendar date, "YYYY-MM-DD" (no 30 February). */
export const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, API_ERRORS.program_date_invalid)
  .refine((v) => {
    const at = Date.parse(`${v}T00:00:00Z`);
    return !Number.isNaN(at) && new Date(at).toISOString().startsWith(v);
  }, API_ERRORS.program_date_invalid);

const rules = {
  title: oneLineNameInput(PROGRAM_LIMITS.titleMax, {
    required: API_ERRORS.lesson_title_required,
    tooLong: API_ERRORS.lesson_title_too_long,
    invalid: API_ERRORS.lesson_title_invalid,
  }),
  body: z.string().max(PROGRAM_LIMITS.lessonBodyMax),
  // A form sends "" for no date.
  opens_on: z
    .union([localDate, z.literal("")])
    .nullable()
    .transform((v) => v || null),
  duration_seconds: z
    .union([z.coerce.number().int().min(0).max(PROGRAM_LIMITS.durationMaxSeconds), z.literal("").transform(() => null)])
    .nullable(),
};

export const lessonInput = z.object({
  ...rules,
  body: rules.body.default(""),
  opens_on: rules.opens_on.default(null),
  duration_seconds: rules.duration_seconds.default(null),
});
export const lessonEditInput = z.object(rules).partial();

export async function storedLessonFields(input: Partial<z.output<typeof lessonInput>>): Promise<LessonFields> {
  const body = input.body ?? "";
  return {
    title: input.title ?? "",
    body,
    bodyHtml: body ? await sanitizeHtml(await marked.parse(body)) : "",
    opensOn: input.opens_on ?? null,
    durationSeconds: input.duration_seconds ?? null,
  };
}

/** The lesson as its admin reads it back after a write. */
export const lessonFields = (row: LessonRow) => ({
  id: row.id,
  program_id: row.programId,
  position: row.position,
  title: row.title,
  body: row.body,
  opens_on: row.opensOn,
  duration_seconds: row.durationSeconds,
  media: row.mediaKind ? { kind: row.mediaKind, type: row.mediaType, size: row.mediaSize } : null,
});
