import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { type ZodType, z } from "zod";
import { cleanDisplayName } from "../shared/names";
import { LIMITS } from "../shared/rules";
import { API_ERRORS, TEXTS } from "../shared/texts";
import { ApiError, codeFor } from "./errors";
import { isTimeZone } from "./zoned-time";

/**
 * C0 control characters and DEL, except tab, line feed and carriage return. Refused in every text
 * input (body, query, path): they have no place in a post, a name or an id, and some (NUL) truncate
 * or corrupt text further down.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is this pattern's job.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The path of the first string holding a control character, or null. Files and other objects are skipped. */
export function findControlCharacter(
  value: unknown,
  path: (string | number)[] = [],
  depth = 0,
): (string | number)[] | null {
  if (typeof value === "string") return CONTROL_CHARACTER.test(value) ? path : null;
  if (depth > 20 || value === null || typeof value !== "object") return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlCharacter(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  // Plain objects only (hono builds form bodies with a null prototype); Files and the like are skipped.
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = CONTROL_CHARACTER.test(key) ? [...path, key] : findControlCharacter(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The one 400 for a zod failure: the first issue as the error text (after its path), its catalogue
 * code (schemas carry API_ERRORS texts as their messages; zod's own get invalid_input), every issue in details.
 */
export function validationError(issues: readonly { path: PropertyKey[]; message: string }[]): ApiError {
  const list = issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
  const first = list[0];
  if (!first) return new ApiError(400, API_ERRORS.invalid_input, list);
  const text = first.path ? `${first.path}: ${first.message}` : first.message;
  return new ApiError(400, { code: codeFor(400, first.message), text }, list);
}

/**
 * The input rules every route shares, on top of its own schema:
 * - no control characters in any text (see CONTROL_CHARACTER);
 * - unknown fields in a JSON or form body are refused (400), never silently dropped, so a client
 *   cannot believe it set something (e.g. `role`) that the server ignored. Query strings are reads:
 *   unknown parameters there are ignored. A third party's posts (the Webpay return) use `lenient`.
 */
export function inputSchema<T extends ZodType>(target: keyof ValidationTargets, schema: T, lenient = false): ZodType {
  const strictBody = !lenient && (target === "json" || target === "form") && schema instanceof z.ZodObject;
  const checked = strictBody ? (schema as unknown as z.ZodObject).strict() : schema;
  return z
    .unknown()
    .superRefine((value, ctx) => {
      const path = findControlCharacter(value);
      if (path) ctx.addIssue({ code: "custom", path, message: TEXTS.api.controlCharacters, fatal: true });
    })
    .pipe(checked);
}

/** Parses an input a handler read by hand (e.g. a route taking two body formats), with the same rules and errors. */
export function parseInput<T extends ZodType>(target: keyof ValidationTargets, schema: T, value: unknown): z.output<T> {
  const result = inputSchema(target, schema).safeParse(value);
  if (!result.success) throw validationError(result.error.issues);
  return result.data as z.output<T>;
}

/**
 * zod validation for every input. A failure answers 400 with the first issue as the error text
 * (schemas carry the spec's texts as their messages) and every issue in details.
 */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
  options: { lenient?: boolean } = {},
) =>
  zValidator(target, inputSchema(target, schema, options.lenient) as unknown as T, (result) => {
    if (!result.success) throw validationError(result.error.issues);
  });

/** A row id as it arrives in a path or query ("42"): a positive integer JavaScript holds exactly. */
export const rowId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The `:id` path parameter every route with one uses. */
export const idParam = z.object({ id: rowId });

/** The display-name rules (worker/shared/names.ts) as a zod step: the cleaned text (null when blank), else `invalid`. */
const cleanedName = (invalid: string) => (raw: string, ctx: z.RefinementCtx) => {
  const clean = cleanDisplayName(raw);
  if (!clean.ok) {
    ctx.addIssue({ code: "custom", message: invalid });
    return z.NEVER;
  }
  return clean.name;
};

/** A display name; blank clears it. */
export const displayNameInput = z
  .string()
  .max(LIMITS.nameMax * 2)
  .transform(cleanedName(API_ERRORS.name_invalid))
  .pipe(z.string().max(LIMITS.nameMax, API_ERRORS.name_too_long).nullable())
  .nullable()
  .optional();

/**
 * A name or title members write that reaches an email's Subject or a push notification (a channel's
 * name, an event's title): it follows the display-name rules, so it is one line that reads as it looks.
 */
export const oneLineNameInput = (max: number, texts: { required: string; tooLong: string; invalid: string }) =>
  z
    .string(texts.required)
    .max(max * 2, texts.tooLong)
    .transform(cleanedName(texts.invalid))
    .pipe(z.string(texts.required).max(max, texts.tooLong));

/** A state token of our own sign-in (base64url, platform/crypto.ts's randomToken). */
export const stateToken = z.string().regex(/^[\w-]{1,512}$/, API_ERRORS.sign_in_state_invalid);

/** An IANA time zone the runtime knows ("America/Santiago"), as events and programs take one. */
export const timeZoneInput = z.string().trim().max(LIMITS.timezoneMax).refine(isTimeZone, API_ERRORS.timezone_invalid);
