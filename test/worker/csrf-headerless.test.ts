// The CSRF guard when a request carries neither Origin nor Sec-Fetch-Site (old browsers, scripts, some
// proxies strip them): a state-changing request with the victim's cookie must still be refused, and
// nothing may be written. Requests are built by hand here because helpers' `call` adds an Origin.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { posts, users } from "../../worker/db/schema";
import worker from "../../worker/index";
import { db, json, ORIGIN, signIn, testEnv } from "./helpers";

async function rawCall(path: string, init: { method: string; headers?: Record<string, string>; body?: string }) {
  const request = new Request(ORIGIN + path, { ...init, redirect: "manual" });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, testEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const jsonHeaders = (cookie: string, extra: Record<string, string> = {}) => ({
  cookie,
  "content-type": "application/json",
  ...extra,
});

describe("state-changing requests without Origin or Sec-Fetch-Site", () => {
  it("refuses a cookie-bearing POST with neither header, and stores nothing", async () => {
    const cookie = await signIn("headerless@example.com");
    const res = await rawCall("/api/posts", {
      method: "POST",
      headers: jsonHeaders(cookie),
      body: JSON.stringify({ content: "forged" }),
    });
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({ error: "Cross-site request refused", code: "cross_site_refused" });
    expect(await db().select().from(posts)).toEqual([]);
  });

  it.each(["PUT", "PATCH", "DELETE"])("refuses %s with neither header", async (method) => {
    const cookie = await signIn("headerless-methods@example.com");
    const res = await rawCall("/api/users/me", {
      method,
      headers: jsonHeaders(cookie),
      body: JSON.stringify({ name: "Renamed" }),
    });
    expect(res.status).toBe(403);
    const [me] = await db().select().from(users);
    expect(me.name).toBe("Test Soul");
  });

  it.each(["same-site", "cross-site", "none", ""])("refuses Sec-Fetch-Site %j without an Origin", async (site) => {
    const cookie = await signIn("headerless-site@example.com");
    const res = await rawCall("/api/posts", {
      method: "POST",
      headers: jsonHeaders(cookie, { "sec-fetch-site": site }),
      body: JSON.stringify({ content: "forged" }),
    });
    expect(res.status).toBe(403);
    expect(await db().select().from(posts)).toEqual([]);
  });

  it("lets a foreign Origin win over a claimed Sec-Fetch-Site: same-origin", async () => {
    const cookie = await signIn("headerless-both@example.com");
    const res = await rawCall("/api/posts", {
      method: "POST",
      headers: jsonHeaders(cookie, { origin: "https://evil.example", "sec-fetch-site": "same-origin" }),
      body: JSON.stringify({ content: "forged" }),
    });
    expect(res.status).toBe(403);
    expect(await db().select().from(posts)).toEqual([]);
  });

  it(`accepts the same POST with Sec-Fetch-Site: same-origin alone (the guard is not refusing \
everything)`, async () => {
    const cookie = await signIn("headerless-ok@example.com");
    const res = await rawCall("/api/posts", {
      method: "POST",
      headers: jsonHeaders(cookie, { "sec-fetch-site": "same-origin" }),
      body: JSON.stringify({ content: "mine" }),
    });
    expect(res.status).toBe(201);
  });

  it("exempts only Transbank's exact return path, not a longer one", async () => {
    const cookie = await signIn("headerless-exempt@example.com");
    for (const path of ["/api/payments/webpay/return-x", "/api/payments/webpay/returns"]) {
      const res = await rawCall(path, { method: "POST", headers: jsonHeaders(cookie), body: "{}" });
      expect(res.status).toBe(403);
    }
  });
});
