import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { LIMITS } from "../shared/rules";
import { TEXTS } from "../shared/texts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/;

/** Routes that take a file as multipart/form-data (besides JSON). */
export const MULTIPART_PATHS = new Set(["/api/messages/image", "/api/resources/upload"]);
/** Routes a browser form posts to by design: the provider's return and the local emulator's card page. */
export const FORM_PATHS = new Set(["/api/payments/webpay/return", "/api/dev/webpay/pay"]);

/** The largest body a route takes; the resource upload checks its own (larger) limit while reading. */
const KB = 1024;
const MB = 1024 * KB;
function maxBodyBytes(path: string): number | null {
  if (path === "/api/resources/upload") return null;
  // A message may carry an image as a base64 data URL; the multipart route carries it raw.
  if (path === "/api/messages") return Math.ceil((LIMITS.chatImageMaxBytes * 4) / 3) + 64 * KB;
  if (path === "/api/messages/image") return LIMITS.chatImageMaxBytes + 64 * KB;
  return MB;
}

/**
 * Every state-changing request with a body sends JSON; multipart only where a file is uploaded, and a
 * urlencoded form only where a browser form posts by design. Anything else is 415 before any handler
 * runs (a route whose fields are all optional would otherwise read a text/plain body as `{}`). A body
 * declared larger than its route takes is 413 before it is read.
 */
export const bodyGuard = createMiddleware<AppEnv>(async (c, next) => {
  // A browser's POST without a body still says Content-Length: 0.
  const hasBody = c.req.raw.body !== null && c.req.header("content-length") !== "0";
  if (!SAFE_METHODS.has(c.req.method) && hasBody) {
    const path = c.req.path;
    const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
    const allowed =
      JSON_TYPE.test(type) ||
      (type === "multipart/form-data" && MULTIPART_PATHS.has(path)) ||
      (type === "application/x-www-form-urlencoded" && FORM_PATHS.has(path));
    if (!allowed) throw new ApiError(415, TEXTS.api.unsupportedMediaType);
    const max = maxBodyBytes(path);
    const declared = Number(c.req.header("content-length"));
    if (max !== null && Number.isFinite(declared) && declared > max) throw new ApiError(413, TEXTS.api.bodyTooLarge);
  }
  await next();
});
