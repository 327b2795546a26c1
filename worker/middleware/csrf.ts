import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Paths that a third party posts to by design; each verifies what it receives in another way. */
export const CSRF_EXEMPT_PATHS = new Set([
  // Transbank's return is a cross-site form POST; the token is verified with Transbank itself.
  "/api/payments/webpay/return",
]);

/**
 * State-changing requests must come from this origin: a matching Origin header, or, when a browser
 * sends no Origin, Sec-Fetch-Site: same-origin. A cross-site form post is refused.
 */
export const sameOriginOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method) && !CSRF_EXEMPT_PATHS.has(c.req.path)) {
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const sameOrigin = origin ? origin === new URL(c.req.url).origin : fetchSite === "same-origin";
    if (!sameOrigin) throw new ApiError(403, "Cross-site request refused");
  }
  await next();
});
