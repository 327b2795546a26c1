import { describe, expect, it } from "vitest";
import { call, json, signIn } from "./helpers";

describe("cross-site request protection", () => {
  it("refuses a state-changing request from another origin or with no origin at all", async () => {
    const cookie = await signIn("luna@example.com");
    const crossSite = await call("/api/sessions", {
      method: "POST",
      json: { code: "x", state: "y" },
      headers: { origin: "https://evil.example" },
      cookie,
    });
    expect(crossSite.status).toBe(403);
    expect(await json(crossSite)).toEqual({ error: "Cross-site request refused", code: "cross_site_refused" });
    const formPost = await call("/api/sessions", {
      method: "POST",
      body: "code=x&state=y",
      headers: { origin: "null", "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
    });
    expect(formPost.status).toBe(403);
  });

  it("accepts same-origin requests by Origin or by Sec-Fetch-Site", async () => {
    const byOrigin = await call("/api/sessions", { method: "POST", json: { code: "x", state: "y" } });
    expect(byOrigin.status).toBe(400); // reached validation/state checks, not the CSRF guard
    const res = await fetchWithoutOrigin();
    expect(res.status).toBe(400);
  });

  it("does not apply to reads", async () => {
    expect((await call("/api/users/me", { headers: { origin: "https://evil.example" } })).status).toBe(401);
  });
});

async function fetchWithoutOrigin() {
  // `call` adds an Origin to non-GET requests unless one is given; give Sec-Fetch-Site instead.
  return call("/api/sessions", {
    method: "POST",
    json: { code: "x", state: "y" },
    headers: { origin: "", "sec-fetch-site": "same-origin" },
  });
}

describe("API security headers", () => {
  it(`sets HSTS of at least a year, nosniff, a referrer policy and no framing on API answers, errors \
included`, async () => {
    for (const res of [
      await call("/api/users/me"),
      await call("/api/no-such-route"),
      await call("/api/oauth/google/redirect_url"),
    ]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get("strict-transport-security") ?? "")?.[1]);
      expect(maxAge).toBeGreaterThanOrEqual(365 * 24 * 3600);
    }
  });
});
