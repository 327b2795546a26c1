// Fixed-window rate limits on the rate_limits table: one atomic upsert per call, so concurrent calls
// are each counted. A window opens at the first call after the previous one ended.
import type { SQL } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Database } from "../db/client";
import { countCall, countMemberCallInBatch, withinLimitSql } from "../db/rate-limits";
import type { SessionMemberSql } from "../db/sessions";
import type { AppEnv, Env } from "../env";
import { RATE_LIMITS } from "../shared/rules";
import { type CodedText, errorText } from "../shared/texts";
import { ApiError } from "./errors";

export interface RateLimitOptions {
  /** What is limited, e.g. "ai". Part of the row key. */
  action: string;
  /** Who is limited, e.g. "user:12", "ip:203.0.113.9" or "ip6:2001:db8:1:2::/64". */
  key: string;
  limit: number;
  windowSeconds: number;
  /** The 429 text, given the seconds until the window ends. */
  message?: (retryAfterSeconds: number) => CodedText;
  /** Milliseconds since the epoch (tests). */
  now?: number;
}

export interface RateLimitState {
  count: number;
  limit: number;
  remaining: number;
  /** When the current window ends (ms since the epoch). */
  resetAt: number;
}

/** The 429 once the counted row is over the limit; the state otherwise. */
function checkedCount(
  row: { count: number; windowStart: number },
  options: Omit<RateLimitOptions, "action" | "key"> & { now: number },
): RateLimitState {
  const { limit, windowSeconds, now } = options;
  const resetAt = row.windowStart + windowSeconds * 1000;
  if (row.count > limit) {
    const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
    const message = options.message ? options.message(retryAfter) : errorText("rate_limited", retryAfter);
    throw new ApiError(
      429,
      message,
      { limit, window_seconds: windowSeconds, retry_after_seconds: retryAfter },
      { "Retry-After": String(retryAfter) },
    );
  }
  return { count: row.count, limit, remaining: limit - row.count, resetAt };
}

/** Counts one call; throws ApiError 429 with Retry-After when the window's limit is exceeded. */
export async function rateLimit(db: Database, options: RateLimitOptions): Promise<RateLimitState> {
  const { action, key, windowSeconds } = options;
  const now = options.now ?? Date.now();
  const row = await countCall(db, { key: `${action}:${key}`, windowSeconds, now });
  return checkedCount(row, { ...options, now });
}

/**
 * rateLimit for a route that counts in its session's D1 batch (withSessionBatch), with the limit its
 * limitedInBatch names (refused without one, so every such route shows its limiter in its chain):
 * `count` counts one call of the session's member when `when` holds on their users row (a refused
 * caller is not counted); `withinLimit` is the SQL condition for a later statement of the same batch
 * (one transaction); `check` throws rateLimit's 429 on the counted row.
 */
export function rateLimitInBatch(c: { var: { db: Database }; req: { raw: Request } }, now: number) {
  const name = limitsCountedInBatch.get(c.req.raw);
  if (!name) throw new Error("rateLimitInBatch on a route without limitedInBatch");
  const { db } = c.var;
  const { limit, windowSeconds } = RATE_LIMITS[name];
  // callerKey's `user:<id>`: the same counter as limited(name) for the member.
  const key = `${name}:user:`;
  return {
    count: (member: SessionMemberSql, when: SQL) =>
      countMemberCallInBatch(db, { keyPrefix: key, member, when, windowSeconds, now }),
    withinLimit: (member: SessionMemberSql) => withinLimitSql(key, member, limit),
    check: ([row]: { count: number; windowStart: number }[]) => {
      if (!row) throw new Error(`rate limit ${name} not counted`);
      return checkedCount(row, { limit, windowSeconds, now });
    },
  };
}

export type BatchRateLimit = ReturnType<typeof rateLimitInBatch>;

/**
 * The /64 prefix of an IPv6 address (what one subscriber usually holds, so rotating within it does not
 * escape a limit), as four lower-case hextets; null when `ip` is not IPv6.
 */
export function ipv6Prefix64(ip: string): string | null {
  if (!ip.includes(":")) return null;
  const [head, tail = ""] = ip.toLowerCase().split("%")[0].split("::");
  const left = head ? head.split(":") : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4) is two hextets; only the first four matter here.
  const right = tail ? tail.split(":").flatMap((p) => (p.includes(".") ? ["0", "0"] : [p])) : [];
  const hextets = ip.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  if (hextets.length !== 8 || !hextets.every((h) => /^[0-9a-f]{1,4}$/.test(h))) return null;
  return hextets
    .slice(0, 4)
    .map((h) => h.replace(/^0+(?=.)/, ""))
    .join(":");
}

/**
 * The client IP Cloudflare reports (set by the edge; a client cannot choose it in production); an IPv6 address by its
 * /64.
 */
export function ipKey(c: { req: { header(name: string): string | undefined } }): string {
  const ip = c.req.header("cf-connecting-ip")?.trim() || "unknown";
  const prefix = ipv6Prefix64(ip);
  return prefix ? `ip6:${prefix}::/64` : `ip:${ip}`;
}

/** The caller: the signed-in user, else the client IP Cloudflare reports. */
export function callerKey(c: {
  var: { user: { id: number } | null };
  req: { header(name: string): string | undefined };
}): string {
  if (c.var.user) return `user:${c.var.user.id}`;
  return ipKey(c);
}

type Limit = number | ((env: Env) => number);

/** Every rate-limiting middleware made here, so a test can check that each write route carries one. */
const limiters = new WeakSet<object>();
export const isRateLimiter = (handler: unknown) => typeof handler === "function" && limiters.has(handler);
const registered = <T extends object>(middleware: T) => {
  limiters.add(middleware);
  return middleware;
};

/** Middleware: at most `limit` calls per `windowSeconds` per user (or IP when anonymous). */
export const limitPerUser = (
  action: string,
  limit: Limit,
  windowSeconds: number,
  message?: (retryAfterSeconds: number, limit: number) => CodedText,
) =>
  registered(
    createMiddleware<AppEnv>(async (c, next) => {
      const max = typeof limit === "function" ? limit(c.env) : limit;
      await rateLimit(c.var.db, {
        action,
        key: callerKey(c),
        limit: max,
        windowSeconds,
        message: message ? (retry) => message(retry, max) : undefined,
      });
      await next();
    }),
  );

/** Middleware: at most `limit` calls per `windowSeconds` per client IP, signed in or not (sign-in steps). */
export const limitPerIp = (action: string, limit: number, windowSeconds: number) =>
  registered(
    createMiddleware<AppEnv>(async (c, next) => {
      await rateLimit(c.var.db, { action, key: ipKey(c), limit, windowSeconds });
      await next();
    }),
  );

/** The same limit as limitPerUser, applied from inside a handler (e.g. only when a message carries an image). */
export const countForUser = (
  c: { var: { db: Database; user: { id: number } | null }; req: { header(name: string): string | undefined } },
  action: string,
  limit: number,
  windowSeconds: number,
) => rateLimit(c.var.db, { action, key: callerKey(c), limit, windowSeconds });

export type RateLimitName = keyof typeof RATE_LIMITS;

/** limitPerUser with the limit RATE_LIMITS names. */
export const limited = (name: RateLimitName) =>
  limitPerUser(name, RATE_LIMITS[name].limit, RATE_LIMITS[name].windowSeconds);

/** The limit each request's handler counts in its session's batch (limitedInBatch, rateLimitInBatch). */
const limitsCountedInBatch = new WeakMap<Request, RateLimitName>();

/**
 * limited(name) for a route that counts it in its session's batch: names the limit for
 * rateLimitInBatch (which refuses to count without it), and the handler counts.
 */
export const limitedInBatch = (name: RateLimitName) =>
  registered(
    createMiddleware<AppEnv>(async (c, next) => {
      limitsCountedInBatch.set(c.req.raw, name);
      await next();
    }),
  );

/** limitPerIp with the limit RATE_LIMITS names (callers that arrive without our session). */
export const limitedPerIp = (name: RateLimitName) =>
  limitPerIp(name, RATE_LIMITS[name].limit, RATE_LIMITS[name].windowSeconds);

/** limitPerIp with the sign-in limit; each step has its own counter. */
export const signInLimited = (step: string) =>
  limitPerIp(`signIn:${step}`, RATE_LIMITS.signIn.limit, RATE_LIMITS.signIn.windowSeconds);
