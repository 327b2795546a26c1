import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { PROGRAM_LIMITS } from "../shared/programs";
import { LIMITS } from "../shared/rules";
import { API_ERRORS, TEXTS } from "../shared/texts";
import { ApiError, errorBody } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/;

/** Routes that take a file as multipart/form-data (besides JSON). */
export const MULTIPART_PATHS = new Set(["/api/messages/image", "/api/resources/upload"]);
/** An event's cover upload (PUT /api/events/:id/cover). */
const EVENT_COVER_PATH = /^\/api\/events\/\d+\/cover$/;
/** A program's cover upload (PUT /api/programs/:id/cover). */
const PROGRAM_COVER_PATH = /^\/api\/programs\/\d+\/cover$/;
/** A new program lesson with its media (POST /api/programs/:id/lessons). */
const LESSON_PATH = /^\/api\/programs\/\d+\/lessons$/;
/** A part of a lesson's media sent in R2 multipart parts: raw bytes. */
const UPLOAD_PART_PATH = /^\/api\/lessons\/\d+\/uploads\/[^/]+\/parts\/\d+$/;
const takesMultipart = (path: string) =>
  MULTIPART_PATHS.has(path) || EVENT_COVER_PATH.test(path) || PROGRAM_COVER_PATH.test(path) || LESSON_PATH.test(path);
/**
 * RFC 8058's one-click unsubscribe: the mail provider's POST SHOULD be multipart/form-data (Gmail's is),
 * though many send the form encoding. The handler reads only the signed token in the URL, so its body
 * stays under the small default cap (bodyCap) whichever encoding it comes in.
 */
const ONE_CLICK_UNSUBSCRIBE_PATH = "/api/email/unsubscribe";

/**
 * Routes a browser form posts to by design: the providers' returns, the local emulator's card pages, and
 * the email unsubscribe (RFC 8058's one-click post and the confirmation page's button).
 */
export const FORM_PATHS = new Set([
  "/api/payments/webpay/return",
  "/api/dev/webpay/pay",
  "/api/payments/oneclick/return",
  "/api/dev/webpay/oneclick/inscription",
  ONE_CLICK_UNSUBSCRIBE_PATH,
]);

/** Room for the text fields, JSON and multipart framing around a file. */
export const FILE_BODY_OVERHEAD = 64 * 1024;
/** The size of a base64 data URL holding `bytes` bytes (4/3 of it), without its framing. */
const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

export type BodyCap = { max: number; message: string };

/**
 * The largest body a route reads, and the 413 text past it: files at their own maxima (as raw bytes in
 * multipart, or as a base64 data URL in JSON), every other write small.
 */
export function bodyCap(path: string, mediaType: string): BodyCap {
  const multipart = mediaType === "multipart/form-data";
  if (path === "/api/resources/upload") {
    const file = LIMITS.resourceUploadMaxBytes;
    return { max: (multipart ? file : base64Length(file)) + FILE_BODY_OVERHEAD, message: TEXTS.resources.tooLarge };
  }
  if (path === "/api/messages/image")
    return { max: LIMITS.chatImageMaxBytes + FILE_BODY_OVERHEAD, message: TEXTS.chat.imageTooLarge };
  if (LESSON_PATH.test(path))
    return {
      max: PROGRAM_LIMITS.lessonMediaMaxBytes + FILE_BODY_OVERHEAD,
      message: API_ERRORS.lesson_media_too_large,
    };
  if (UPLOAD_PART_PATH.test(path))
    return { max: PROGRAM_LIMITS.uploadPartBytes, message: API_ERRORS.upload_part_invalid };
  if (EVENT_COVER_PATH.test(path))
    return { max: LIMITS.eventCoverMaxBytes + FILE_BODY_OVERHEAD, message: API_ERRORS.event_cover_too_large };
  if (PROGRAM_COVER_PATH.test(path))
    return { max: PROGRAM_LIMITS.coverMaxBytes + FILE_BODY_OVERHEAD, message: API_ERRORS.program_cover_too_large };
  // A text message may carry its image as a base64 data URL (the spec's format).
  if (path === "/api/messages")
    return { max: base64Length(LIMITS.chatImageMaxBytes) + FILE_BODY_OVERHEAD, message: TEXTS.chat.imageTooLarge };
  return { max: LIMITS.jsonBodyMaxBytes, message: TEXTS.api.bodyTooLarge };
}

/** The body as a stream that errors once more than `max` bytes went through (the source is then cancelled). */
function capped(body: ReadableStream<Uint8Array>, max: number, state: { exceeded: boolean }) {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max) {
          state.exceeded = true;
          controller.error(new ApiError(413, TEXTS.api.bodyTooLarge));
        } else controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * Every state-changing request with a body sends JSON; multipart only where a file is uploaded (and the
 * one-click unsubscribe), and a urlencoded form only where a browser form posts by design. Anything else is 415 before any handler
 * runs (a route whose fields are all optional would otherwise read a text/plain body as `{}`).
 * Bodies are capped on the stream, per route (bodyCap): a declared length over the cap is 413 before
 * reading; otherwise reading stops at the cap and the answer is 413, whatever Content-Length claimed
 * or when there was none (chunked).
 */
export const bodyGuard = createMiddleware<AppEnv>(async (c, next) => {
  const raw = c.req.raw;
  // A browser's POST without a body still says Content-Length: 0.
  const hasBody = raw.body !== null && c.req.header("content-length") !== "0";
  if (SAFE_METHODS.has(c.req.method) || !hasBody || !raw.body) return next();
  const path = c.req.path;
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const allowed =
    JSON_TYPE.test(type) ||
    (type === "multipart/form-data" && (takesMultipart(path) || path === ONE_CLICK_UNSUBSCRIBE_PATH)) ||
    (type === "application/x-www-form-urlencoded" && FORM_PATHS.has(path)) ||
    (type === "application/octet-stream" && UPLOAD_PART_PATH.test(path));
  if (!allowed) throw new ApiError(415, TEXTS.api.unsupportedMediaType);
  const cap = bodyCap(path, type);
  const declared = Number(c.req.header("content-length"));
  if (Number.isFinite(declared) && declared > cap.max) throw new ApiError(413, cap.message);

  const state = { exceeded: false };
  const headers = new Headers(raw.headers);
  // The length is the stream's to tell now; a false one must not reach the parsers.
  headers.delete("content-length");
  c.req.raw = new Request(raw.url, {
    method: raw.method,
    headers,
    body: capped(raw.body, cap.max, state),
    signal: raw.signal,
  });
  await next();
  // The handler failed on the cut-off body (a parse error, typically): the answer is 413, nothing else.
  if (state.exceeded) {
    c.res = undefined;
    c.res = Response.json(errorBody(413, cap.message), { status: 413 });
  }
});
