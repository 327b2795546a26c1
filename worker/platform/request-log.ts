// Structured request logs: one JSON line per request and one per error, joined by the request id.
// Workers Logs ([observability] in wrangler.toml) indexes the fields; `wrangler tail` streams them.
// A line carries ids, the route PATTERN (never the concrete path with its ids or query), the status
// and timings: never emails, tokens, keys, cookies, query strings or bodies.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../env";

export const REQUEST_ID_HEADER = "X-Request-Id";

type LogLine = Record<string, string | number | boolean | null>;

/** Writes one JSON line (console.log is what Workers Logs and `wrangler tail` collect). */
export function logLine(line: LogLine) {
  console.log(JSON.stringify({ time: new Date().toISOString(), ...line }));
}

/** The pattern of the route that answered (e.g. /api/posts/:id), or "unmatched" for a 404 no route took. */
export function routePattern(c: Context): string {
  const routes = matchedRoutes(c);
  // Middleware mounted with .use() are registered for every method ("ALL"); handlers are not.
  for (let i = routes.length - 1; i >= 0; i--) if (routes[i].method !== "ALL") return routes[i].path;
  return "unmatched";
}

export type ClassifiedError = { kind: "database"; cause: string; fix: string } | { kind: "internal" };

const DATABASE_ERROR = /D1_|SQLITE_|no such table|no such column|database is locked|Network connection lost/i;

/**
 * The messages of an error and its causes, without drizzle's "params:" line (bound values may be
 * emails or tokens) or its SQL text.
 */
export function safeErrorMessages(err: unknown): string[] {
  const messages: string[] = [];
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const message = e.message.startsWith("Failed query:") ? "Failed query" : e.message;
    messages.push(`${e.name}: ${message.split("\nparams:")[0].slice(0, 300)}`);
  }
  return messages;
}

/** A failing D1 (missing table, unreachable database) is an outage to the visitor, with a fix for the operator. */
export function classifyError(err: unknown): ClassifiedError {
  const text = safeErrorMessages(err).join(" | ");
  if (!DATABASE_ERROR.test(text)) return { kind: "internal" };
  if (/no such (table|column)/i.test(text)) {
    return {
      kind: "database",
      cause: "the D1 schema is behind the code (missing table or column)",
      fix:
        "apply migrations: npm run db:migrate:local (deployed: wrangler d1 migrations apply DB --remote --env " +
        "<staging|production>)",
    };
  }
  return {
    kind: "database",
    cause: "D1 query failed",
    fix: "check the D1 binding and the database's status (GET /api/admin/health)",
  };
}

/** Logs the error line for an unhandled error (same request id as the request line). */
export function logError(c: Context<AppEnv>, err: unknown, classified: ClassifiedError) {
  logLine({
    level: "error",
    type: "error",
    request_id: c.get("requestId") ?? null,
    method: c.req.method,
    route: routePattern(c),
    error: safeErrorMessages(err).join(" | "),
    ...(classified.kind === "database" ? { cause: classified.cause, fix: classified.fix } : {}),
  });
}

/** Gives the request an id (X-Request-Id on the response) and logs one line when it is answered. */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  const requestId = crypto.randomUUID();
  c.set("requestId", requestId);
  try {
    await next();
  } finally {
    try {
      c.res.headers.set(REQUEST_ID_HEADER, requestId);
    } catch {
      // A response passed through from a fetch (e.g. a Durable Object) has immutable headers: copy it,
      // except a WebSocket upgrade, which must stay the very object the runtime returned.
      if (!c.res.webSocket) {
        const copy = new Response(c.res.body, c.res);
        copy.headers.set(REQUEST_ID_HEADER, requestId);
        c.res = copy;
      }
    }
    logLine({
      level: c.res.status >= 500 ? "error" : "info",
      type: "request",
      request_id: requestId,
      method: c.req.method,
      route: routePattern(c),
      status: c.res.status,
      duration_ms: Date.now() - started,
      user_id: c.get("user")?.id ?? null,
    });
  }
});
