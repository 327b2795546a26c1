// Structured request logs, X-Request-Id, and the 503 (not an opaque 500) when D1 fails.
import { afterEach, describe, expect, it, vi } from "vitest";
import { TEXTS } from "../../worker/shared/texts";
import { call, json, signIn, testEnv } from "./helpers";

type Line = Record<string, unknown>;

/** Captures the JSON lines the worker logs while `run` executes. */
async function logged(run: () => Promise<unknown>): Promise<Line[]> {
  const lines: Line[] = [];
  const spy = vi.spyOn(console, "log").mockImplementation((text: unknown) => {
    if (typeof text === "string" && text.startsWith("{")) lines.push(JSON.parse(text) as Line);
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

afterEach(() => vi.restoreAllMocks());

describe("request logs", () => {
  it("gives every response its own X-Request-Id, including 404s and 4xx errors", async () => {
    const ok = await call("/api/health");
    const missing = await call("/api/no-such-route");
    const unauthorized = await call("/api/users/me");
    const ids = [ok, missing, unauthorized].map((r) => r.headers.get("x-request-id"));
    expect([ok.status, missing.status, unauthorized.status]).toEqual([200, 404, 401]);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(3);
  });

  it(`logs one line per request with the route pattern, status, duration and user id, and no personal \
data`, async () => {
    const email = "log-subject@example.com";
    const cookie = await signIn(email, "Log Subject");
    const created = await json<{ id: number }>(
      await call("/api/posts", { method: "POST", json: { content: "hello logs" }, cookie }),
    );
    let response!: Response;
    const lines = await logged(async () => {
      response = await call(`/api/posts/${created.id}/comments`, {
        method: "POST",
        json: { content: "a comment" },
        cookie,
      });
    });
    expect(response.status).toBeLessThan(300);
    const me = await json<{ id: number }>(await call("/api/users/me", { cookie }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      type: "request",
      request_id: response.headers.get("x-request-id"),
      method: "POST",
      route: "/api/posts/:id/comments",
      status: response.status,
      user_id: me.id,
    });
    expect(typeof lines[0].duration_ms).toBe("number");
    const text = JSON.stringify(lines);
    const token = cookie.split("=")[1];
    for (const secret of [email, token, "a comment", `${created.id}/comments`]) expect(text).not.toContain(secret);
  });

  it("logs anonymous callers with a null user id and unknown paths as unmatched", async () => {
    const lines = await logged(() => call("/api/no-such-route?email=someone@example.com"));
    expect(lines).toEqual([
      expect.objectContaining({ type: "request", route: "unmatched", status: 404, user_id: null }),
    ]);
    expect(JSON.stringify(lines)).not.toContain("someone@example.com");
  });
});

describe("a failing database", () => {
  it(`answers 503 'service unavailable' for a missing table and logs the cause and the fix under the request \
id`, async () => {
    // The state of a fresh checkout whose migrations were never applied: the rate-limit table is absent.
    await testEnv.DB.exec("ALTER TABLE rate_limits RENAME TO rate_limits_away");
    let response!: Response;
    try {
      const lines = await logged(async () => {
        response = await call("/api/oauth/google/redirect_url");
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: TEXTS.api.serviceUnavailable, code: "service_unavailable" });
      const id = response.headers.get("x-request-id");
      const error = lines.find((l) => l.type === "error");
      expect(error).toMatchObject({ request_id: id, route: "/api/oauth/google/redirect_url" });
      expect(String(error?.error)).toContain("no such table: rate_limits");
      expect(String(error?.fix)).toContain("npm run db:migrate:local");
      expect(lines.find((l) => l.type === "request")).toMatchObject({ request_id: id, status: 503 });
    } finally {
      await testEnv.DB.exec("ALTER TABLE rate_limits_away RENAME TO rate_limits");
    }
  });

  it("keeps other unexpected errors a generic 500 without the error text", async () => {
    const brokenDb = new Proxy(testEnv.DB, {
      get(target, prop) {
        if (prop === "withSession") {
          return () => {
            throw new TypeError("boom from a bug");
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    let response!: Response;
    const lines = await logged(async () => {
      response = await call("/api/health", { env: { DB: brokenDb } });
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: TEXTS.api.internal, code: "internal" });
    const error = lines.find((l) => l.type === "error");
    expect(error).toMatchObject({
      request_id: response.headers.get("x-request-id"),
      error: "TypeError: boom from a bug",
    });
    expect(error).not.toHaveProperty("fix");
  });
});
