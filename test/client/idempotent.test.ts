// The app's retries of a lost answer (client/idempotent.ts): every write a member may repeat carries one
// Idempotency-Key, sent again unchanged on a network error, a timeout, 502/503/504 or 409 request_in_progress,
// with a growing pause; any other answer is the outcome. The lounge's post and comment, an RSVP, a report and the
// payment button all go through it.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eventsAction } from "../../client/events/actions";
import { retryDelayMs, sendIdempotent } from "../../client/idempotent";
import { loungeAction } from "../../client/lounge/actions";
import { reportAction } from "../../client/moderation/data";
import { pricingAction } from "../../client/pricing/actions";
import { IDEMPOTENCY } from "../../worker/shared/rules";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Scripted = number | "network" | "timeout";

/** fetch() answering each call with the next scripted outcome (the last repeats); records every call's key. */
function scriptedFetch(script: Scripted[], body: unknown = { id: 1 }) {
  const keys: (string | null)[] = [];
  const urls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    keys.push(new Headers(init?.headers).get("idempotency-key"));
    urls.push(String(input));
    const next = script.length > 1 ? script.shift()! : script[0];
    if (next === "network") throw new TypeError("Failed to fetch");
    if (next === "timeout")
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      );
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (next === 409) headers["retry-after"] = "1";
    const answer =
      next < 300 ? body : { error: "x", code: next === 409 ? "request_in_progress" : "service_unavailable" };
    return new Response(JSON.stringify(answer), { status: next, headers });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, keys, urls };
}

const jsonRequest = (body: unknown) =>
  new Request("http://localhost/action", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Runs `promise` to its end, moving the fake clock through every pause and timeout. */
async function settled<T>(promise: Promise<T>): Promise<T> {
  let done = false;
  const result = promise.finally(() => {
    done = true;
  });
  // Observed now, so a rejection the test awaits later is not reported as unhandled meanwhile.
  result.catch(() => undefined);
  for (let i = 0; i < 50 && !done; i++) await vi.advanceTimersByTimeAsync(IDEMPOTENCY.clientRetry.timeoutMs);
  return result;
}

describe("sendIdempotent", () => {
  it("sends the same key again after a network error, a timeout, 502, 503, 504 and 409 request_in_progress", async () => {
    const { keys } = scriptedFetch(["network", "timeout", 502, 503, 504, 409, 201]);
    const res = await settled(
      sendIdempotent((o) => fetch("/api/posts", { method: "POST", ...o.init, headers: o.headers }), { attempts: 7 }),
    );
    expect(res.status).toBe(201);
    expect(keys).toHaveLength(7);
    expect(keys[0]).toMatch(UUID);
    expect(new Set(keys).size).toBe(1);
  });

  it("an answer that is an outcome ends it at once: a 2xx, a refusal (400, 403, 409 without Retry-After, 422, 429)", async () => {
    for (const status of [200, 400, 403, 409, 422, 429]) {
      // A plain 409 (a conflict the handler decided) carries no Retry-After.
      const fetchMock = vi.fn(async () => new Response("{}", { status }));
      vi.stubGlobal("fetch", fetchMock);
      const res = await settled(sendIdempotent((o) => fetch("/x", { ...o.init, headers: o.headers })));
      expect(res.status).toBe(status);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it("gives up after the attempts: the last lost answer to unwrap, or the network error", async () => {
    scriptedFetch([503]);
    const res = await settled(sendIdempotent((o) => fetch("/x", { ...o.init, headers: o.headers })));
    expect(res.status).toBe(503);
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(IDEMPOTENCY.clientRetry.attempts);
    vi.unstubAllGlobals();
    scriptedFetch(["network"]);
    await expect(settled(sendIdempotent((o) => fetch("/x", { ...o.init, headers: o.headers })))).rejects.toThrow(
      "Failed to fetch",
    );
  });

  it("keeps a key it is given (a message's Retry), and pauses longer each time, with jitter, up to the cap", async () => {
    const { keys } = scriptedFetch(["network", 201]);
    const key = crypto.randomUUID();
    await settled(sendIdempotent((o) => fetch("/x", { ...o.init, headers: o.headers }), { key }));
    expect(keys).toEqual([key, key]);
    const { firstDelayMs, maxDelayMs } = IDEMPOTENCY.clientRetry;
    expect([1, 2, 3, 4, 10].map((n) => retryDelayMs(n, () => 1))).toEqual([
      firstDelayMs,
      firstDelayMs * 2,
      firstDelayMs * 4,
      firstDelayMs * 8,
      maxDelayMs,
    ]);
    expect(retryDelayMs(1, () => 0)).toBe(firstDelayMs / 2);
  });
});

describe("the writes a member may repeat send a key and retry with it", () => {
  const cases: { name: string; run: () => Promise<unknown>; path: string; ok: unknown }[] = [
    {
      name: "a post",
      run: () => loungeAction({ request: jsonRequest({ intent: "create-post", content: "Hi" }) }),
      path: "/api/posts",
      ok: { id: 1 },
    },
    {
      name: "a comment",
      run: () => loungeAction({ request: jsonRequest({ intent: "comment", id: 3, content: "Hi" }) }),
      path: "/api/posts/3/comments",
      ok: { id: 1 },
    },
    {
      name: "an RSVP",
      run: () => eventsAction({ request: jsonRequest({ intent: "rsvp", id: 4, status: "going" }) }),
      path: "/api/events/4/rsvp",
      ok: { id: 1 },
    },
    {
      name: "a report",
      run: () => reportAction({ request: jsonRequest({ kind: "post", id: 5, reason: "spam", details: "" }) }),
      path: "/api/reports",
      ok: { alreadyReported: false },
    },
    {
      name: "the payment button",
      run: () => pricingAction({ request: jsonRequest({ intent: "pay" }) }),
      path: "/api/payments/initiate",
      ok: { id: 1 },
    },
  ];
  it.each(cases)("$name: one key across a network error and a 503, then the outcome", async ({ run, path, ok }) => {
    const { keys, urls } = scriptedFetch(["network", 503, 200]);
    const result = await settled(run());
    expect(result).toEqual({ ok: true, value: ok });
    expect(urls.every((u) => u.endsWith(path))).toBe(true);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(UUID);
    expect(new Set(keys).size).toBe(1);
  });
});
