import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { API_ERRORS } from "../shared/texts";
import { ApiError } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Paths that a third party posts to by design; each verifies what it receives in another way. */
export const CSRF_EXEMPT_PATHS = new Set([
  // Transbank's return is a cross-site form POST; the token is verified with Transbank itself.
  "/api/payments/webpay/return",
  // Oneclick's return after the card form, likewise; its TBK_TOKEN is finished with Transbank itself.
  "/api/payments/oneclick/return",
  // RFC 8058 one-click unsubscribe: the mail provider posts it; the signed token in the URL is the proof.
  "/api/email/unsubscribe",
]);

/**
 * The local Webpay emulator's REST API (emulator mode only) takes server-to-server calls, as Transbank's
 * does: it is authorised by its Tbk-Api-Key-* headers, which a cross-site form cannot send.
 */
const CSRF_EXEMPT_PREFIX = "/api/dev/webpay/rswebpaytransaction/";

/**
 * A request from this origin: a matching Origin header, or, when the browser sends no Origin,
 * Sec-Fetch-Site: same-origin. A request with neither (or another site's) is not.
 */
export function isSameOrigin(c: { req: { url: string; header(name: string): string | undefined } }): boolean {
  const origin = c.req.header("origin");
  return origin ? origin === new URL(c.req.url).origin : c.req.header("sec-fetch-site") === "same-origin";
}

/** State-changing requests must come from this origin (isSameOrigin). A cross-site form post is refused. */
export const sameOriginOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (
    !SAFE_METHODS.has(c.req.method) &&
    !CSRF_EXEMPT_PATHS.has(c.req.path) &&
    !c.req.path.startsWith(CSRF_EXEMPT_PREFIX) &&
    !isSameOrigin(c)
  ) {
    throw new ApiError(403, API_ERRORS.cross_site_refused);
  }
  await next();
});
