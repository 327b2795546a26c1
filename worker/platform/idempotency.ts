// Idempotent writes (docs/api-idempotency.md; the IETF draft "The Idempotency-Key HTTP Header Field"): a write route
// opts in with one middleware, `idempotent`, placed after its session check. A request that carries an
// Idempotency-Key (a UUID the client made) claims it for the member before the handler runs; the handler's
// outcome (status and JSON body) then answers every repeat of that key for 24 hours, and nothing is written again.
import { createMiddleware } from "hono/factory";
import { claimKey, releaseClaim, saveOutcome } from "../db/idempotency";
import { sessionMemberSql } from "../db/sessions";
import type { AppEnv } from "../env";
import { IDEMPOTENCY } from "../shared/rules";
import { API_ERRORS as E } from "../shared/texts";
import { ApiError, badRequest, unauthorized } from "./errors";
import { logLine, safeErrorMessages } from "./request-log";
import { readSessionCookie, sessionIdOf } from "./session-cookie";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The key of an Idempotency-Key header: a UUID, bare or as the draft's quoted sf-string; null when not one. */
export function parseIdempotencyKey(header: string): string | null {
  const value = header
    .trim()
    .replace(/^"(.*)"$/, "$1")
    .toLowerCase();
  return UUID.test(value) ? value : null;
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/**
 * What the key is bound to: the method, the path and the body. A multipart body is read as its fields (each
 * file by name, type and content), since a browser draws a new boundary every time it sends the same form.
 */
async function requestHash(request: Request, path: string): Promise<string> {
  const parts: (string | ArrayBuffer)[] = [`${request.method} ${path}\n`];
  const copy = request.clone();
  if ((request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    for (const [name, value] of await copy.formData()) {
      if (typeof value === "string") parts.push(`${name}=${value}\n`);
      else parts.push(`${name}=file:${value.name}:${value.type}:`, await value.arrayBuffer(), "\n");
    }
  } else if (request.body) parts.push(await copy.arrayBuffer());
  return hex(await crypto.subtle.digest("SHA-256", await new Blob(parts).arrayBuffer()));
}

/**
 * Whether an outcome answers the key's repeats: everything the handler decided, but not a refusal that may not
 * hold on a retry (429, 401) nor a failure (5xx: D1 or a provider failed, and the write is all or nothing).
 */
const keptOutcome = (status: number) => status < 500 && status !== 429 && status !== 401;

/**
 * Middleware for a member's write a client may repeat. Without the header the route is as before. With it: a
 * key that is not a UUID is 400; the first request runs and its outcome is kept; a repeat with the same method,
 * path and body gets that outcome again (with `Idempotent-Replayed: true`) and writes nothing; with another body
 * it is 422 `idempotency_key_reused`; while the first still runs it is 409 `request_in_progress` (Retry-After).
 * A 5xx or 429 releases the key, so the client's retry with the same key runs the write.
 */
export const idempotent = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("idempotency-key");
  if (header === undefined) return next();
  const key = parseIdempotencyKey(header);
  if (!key) throw badRequest(E.idempotency_key_invalid);
  const token = readSessionCookie(c);
  const sessionId = token ? await sessionIdOf(token) : null;
  if (!sessionId) throw unauthorized();
  const requestHashed = await requestHash(c.req.raw, c.req.path);
  const now = Date.now();
  const { db } = c.var;
  const claim = await claimKey(db, { member: sessionMemberSql(sessionId, now), key, requestHash: requestHashed, now });
  if (claim.kind === "no_member") throw unauthorized();
  if (claim.kind === "full")
    throw new ApiError(429, E.idempotency_keys_full, undefined, {
      "Retry-After": String(IDEMPOTENCY.inProgressRetryAfterSeconds),
    });
  if (claim.kind === "held") {
    const { stored } = claim;
    if (stored.requestHash !== requestHashed) throw new ApiError(422, E.idempotency_key_reused);
    if (stored.status === null || stored.responseBody === null)
      throw new ApiError(409, E.request_in_progress, undefined, {
        "Retry-After": String(IDEMPOTENCY.inProgressRetryAfterSeconds),
      });
    return c.body(stored.responseBody, stored.status as 200, {
      "Content-Type": "application/json",
      [IDEMPOTENCY.replayedHeader]: "true",
    });
  }
  const claimed = { userId: claim.userId, key };
  try {
    await next();
  } catch (err) {
    await releaseClaim(db, claimed).catch(() => undefined);
    throw err;
  }
  const { status } = c.res;
  try {
    if (keptOutcome(status)) await saveOutcome(db, { ...claimed, status, responseBody: await c.res.clone().text() });
    else await releaseClaim(db, claimed);
  } catch (err) {
    // The write's answer still goes out; its key stays claimed (repeats get 409) until it is pruned.
    logLine({ level: "error", type: "idempotency", status, error: safeErrorMessages(err).join(" | ") });
  }
});
