import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../worker/db/schema";
import { SESSION_TTL_MS, validateSessionToken } from "../../worker/db/sessions";
import { call, db, json, setCookies, signIn } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;

describe("sign-in through the development provider", () => {
  it(`creates a session whose cookie is HttpOnly, Secure and SameSite=Lax, and /users/me returns the \
User`, async () => {
    const cookie = await signIn("luna@example.com", "Luna");
    const me = await call("/api/users/me", { cookie });
    expect(me.status).toBe(200);
    const user = await json(me);
    expect(user).toMatchObject({
      email: "luna@example.com",
      name: "Luna",
      role: "member",
      bio: null,
      timezone: null,
      avatar_url: null,
    });
    expect(Object.keys(user).sort()).toEqual([
      "avatar_url",
      "bio",
      "created_at",
      "direct_messages",
      "email",
      "id",
      "language",
      "muted_until",
      "name",
      "role",
      "timezone",
    ]);

    const rows = await db().select().from(sessions);
    expect(rows).toHaveLength(1);
    // Only the SHA-256 of the token is stored.
    expect(rows[0].id).toMatch(/^[0-9a-f]{64}$/);
    expect(cookie).not.toContain(rows[0].id);
  });

  it("sets the session cookie flags", async () => {
    const redirect = await call("/api/oauth/google/redirect_url");
    const stateCookie = redirect.headers.getSetCookie().find((l) => l.startsWith("oauth_state="))!;
    expect(stateCookie).toMatch(/HttpOnly/);
    expect(stateCookie).toMatch(/Max-Age=600/);
    const { redirectUrl } = await json(redirect);
    const state = new URL(redirectUrl, "http://x").searchParams.get("state")!;
    const authorize = await call(`/api/auth/dev/authorize?email=a@example.com&state=${state}`);
    expect(authorize.status).toBe(302);
    const code = new URL(authorize.headers.get("location")!, "http://x").searchParams.get("code")!;
    const res = await call("/api/sessions", {
      method: "POST",
      json: { code, state },
      cookie: `oauth_state=${setCookies(redirect).oauth_state}`,
    });
    const line = res.headers.getSetCookie().find((l) => l.startsWith("session="))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/Secure/);
    expect(line).toMatch(/SameSite=Lax/);
  });

  it("refuses a state that does not match the state cookie", async () => {
    const redirect = await call("/api/oauth/google/redirect_url");
    const { redirectUrl } = await json(redirect);
    const state = new URL(redirectUrl, "http://x").searchParams.get("state")!;
    const authorize = await call(`/api/auth/dev/authorize?email=a@example.com&state=${state}`);
    const code = new URL(authorize.headers.get("location")!, "http://x").searchParams.get("code")!;
    const wrong = await call("/api/sessions", {
      method: "POST",
      json: { code, state },
      cookie: "oauth_state=someone-elses-state",
    });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).error).toMatch(/state/i);
    const missing = await call("/api/sessions", { method: "POST", json: { code, state } });
    expect(missing.status).toBe(400);
    expect(await db().select().from(sessions)).toHaveLength(0);
  });

  it("accepts a development code only once", async () => {
    const redirect = await call("/api/oauth/google/redirect_url");
    const stateCookie = `oauth_state=${setCookies(redirect).oauth_state}`;
    const state = new URL((await json(redirect)).redirectUrl, "http://x").searchParams.get("state")!;
    const authorize = await call(`/api/auth/dev/authorize?email=a@example.com&state=${state}`);
    const code = new URL(authorize.headers.get("location")!, "http://x").searchParams.get("code")!;
    expect((await call("/api/sessions", { method: "POST", json: { code, state }, cookie: stateCookie })).status).toBe(
      200,
    );
    expect((await call("/api/sessions", { method: "POST", json: { code, state }, cookie: stateCookie })).status).toBe(
      401,
    );
  });

  it("refuses the development provider when the flag is off or absent", async () => {
    for (const flag of ["0", undefined, "true"]) {
      const res = await call("/api/auth/dev/authorize?email=a@example.com&state=x", { env: { AUTH_DEV_LOGIN: flag } });
      expect(res.status).toBe(404);
      expect(await json(res)).toEqual({ error: "Not found", code: "not_found" });
    }
  });

  it("sends the browser to Google with PKCE when the development provider is off", async () => {
    const res = await call("/api/oauth/google/redirect_url", {
      env: { AUTH_DEV_LOGIN: undefined, GOOGLE_CLIENT_ID: "client-123", GOOGLE_CLIENT_SECRET: "secret" },
    });
    expect(res.status).toBe(200);
    const url = new URL((await json(res)).redirectUrl);
    expect(url.origin).toBe("https://accounts.google.com");
    expect(url.searchParams.get("client_id")).toBe("client-123");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost/auth/callback");
    expect(url.searchParams.get("scope")).toBe("openid profile email");
    const cookies = setCookies(res);
    expect(url.searchParams.get("state")).toBe(cookies.oauth_state);
    expect(cookies.oauth_verifier).toBeTruthy();
  });

  it("answers 503 with a clear error when Google is not configured", async () => {
    const res = await call("/api/oauth/google/redirect_url", { env: { AUTH_DEV_LOGIN: undefined } });
    expect(res.status).toBe(503);
    expect((await json(res)).error).toMatch(/GOOGLE_CLIENT_ID/);
  });
});

describe("sessions", () => {
  it("answers 401 without a cookie and for a tampered one", async () => {
    const cookie = await signIn("sol@example.com");
    expect((await call("/api/users/me")).status).toBe(401);
    const tampered = cookie.slice(0, -2) + (cookie.endsWith("AA") ? "BB" : "AA");
    const res = await call("/api/users/me", { cookie: tampered });
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ error: "Authentication required", code: "unauthorized" });
    expect((await call("/api/users/me", { cookie: "session=not a token" })).status).toBe(401);
  });

  it("rejects and deletes an expired session", async () => {
    const cookie = await signIn("sol@example.com");
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await call("/api/users/me", { cookie })).status).toBe(401);
    expect(await db().select().from(sessions)).toHaveLength(0);
  });

  it("renews a session with less than half of its 30 days left, and not one with more", async () => {
    const cookie = await signIn("sol@example.com");
    const fresh = await call("/api/users/me", { cookie });
    expect(fresh.headers.getSetCookie().some((l) => l.startsWith("session="))).toBe(false);

    const tenDaysLeft = new Date(Date.now() + 10 * DAY);
    await db().update(sessions).set({ expiresAt: tenDaysLeft });
    const renewed = await call("/api/users/me", { cookie });
    expect(renewed.status).toBe(200);
    expect(renewed.headers.getSetCookie().some((l) => l.startsWith("session="))).toBe(true);
    const [row] = await db().select().from(sessions);
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it(`is checked against D1 on the reads that send their query in the session's batch: tampered, expired and \
signed-out sessions get 401, a sliding one is renewed`, async () => {
    const admin = await signIn("admin@example.com", "Ada");
    const created = await call("/api/groups", {
      method: "POST",
      cookie: admin,
      json: { name: "Batch", description: null, is_private: false },
    });
    const { id } = await json<{ id: number }>(created);
    const reads = [
      "/api/posts?limit=20",
      `/api/messages?group_id=${id}&after=0`,
      `/api/messages?group_id=${id}`,
      "/api/resources?limit=24",
    ];
    for (const path of reads) expect((await call(path, { cookie: admin })).status, path).toBe(200);

    const tampered = admin.slice(0, -2) + (admin.endsWith("AA") ? "BB" : "AA");
    for (const path of reads) {
      expect((await call(path)).status, path).toBe(401);
      const res = await call(path, { cookie: tampered });
      expect(res.status, path).toBe(401);
      expect(await json(res)).toEqual({ error: "Authentication required", code: "unauthorized" });
      expect((await call(path, { cookie: "session=not a token" })).status, path).toBe(401);
    }

    // Sliding: renewed in the same request, as on every other route.
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 10 * DAY) });
    const renewed = await call(reads[0], { cookie: admin });
    expect(renewed.status).toBe(200);
    expect(renewed.headers.getSetCookie().some((l) => l.startsWith("session="))).toBe(true);
    expect((await db().select().from(sessions))[0].expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);

    // Expired: refused and deleted.
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await call(reads[1], { cookie: admin })).status).toBe(401);
    expect(await db().select().from(sessions)).toHaveLength(0);

    // Signed out: refused on the very next request (nothing cached).
    const again = await signIn("admin@example.com", "Ada");
    expect((await call(reads[3], { cookie: again })).status).toBe(200);
    expect((await call("/api/logout", { cookie: again, headers: { "sec-fetch-site": "same-origin" } })).status).toBe(
      200,
    );
    for (const path of reads) expect((await call(path, { cookie: again })).status, path).toBe(401);
  });

  it("slides on the server clock", async () => {
    const cookie = await signIn("sol@example.com");
    const token = cookie.split("=")[1];
    const now = Date.now();
    const later = now + 20 * DAY;
    const session = await validateSessionToken(db(), token, later);
    expect(session?.renewed).toBe(true);
    expect(session!.expiresAt.getTime()).toBe(later + SESSION_TTL_MS);
    expect(await validateSessionToken(db(), token, later + SESSION_TTL_MS + 1)).toBeNull();
  });

  it("logout deletes the session and clears the cookie", async () => {
    const cookie = await signIn("sol@example.com");
    const other = await signIn("sol@example.com");
    const res = await call("/api/logout", { cookie, headers: { "sec-fetch-site": "same-origin" } });
    expect(res.status).toBe(200);
    expect(setCookies(res).session).toBe("");
    expect((await call("/api/users/me", { cookie })).status).toBe(401);
    // Another device's session stays.
    expect((await call("/api/users/me", { cookie: other })).status).toBe(200);
  });
});

describe("admin bootstrap", () => {
  it("gives the admin role to emails in ADMIN_EMAILS, case-insensitively, and not to others", async () => {
    const admin = await signIn("Admin@Example.com");
    expect((await json(await call("/api/users/me", { cookie: admin }))).role).toBe("admin");
    const member = await signIn("someone@example.com");
    expect((await json(await call("/api/users/me", { cookie: member }))).role).toBe("member");
  });

  it("promotes an existing account when its email is added to ADMIN_EMAILS", async () => {
    await signIn("later@example.com");
    const [before] = await db().select().from(users).where(eq(users.email, "later@example.com"));
    expect(before.role).toBe("member");
    // The local configuration's list is replaced for this sign-in.
    const redirect = await call("/api/oauth/google/redirect_url");
    const state = new URL((await json(redirect)).redirectUrl, "http://x").searchParams.get("state")!;
    const authorize = await call(`/api/auth/dev/authorize?email=later@example.com&state=${state}`);
    const code = new URL(authorize.headers.get("location")!, "http://x").searchParams.get("code")!;
    await call("/api/sessions", {
      method: "POST",
      json: { code, state },
      cookie: `oauth_state=${setCookies(redirect).oauth_state}`,
      env: { ADMIN_EMAILS: "x@example.com, later@example.com" },
    });
    const [after] = await db().select().from(users).where(eq(users.email, "later@example.com"));
    expect(after.role).toBe("admin");
  });
});

describe("the API shell", () => {
  it("answers unknown /api paths with a JSON 404", async () => {
    const res = await call("/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ error: "Not found", code: "not_found" });
  });

  it("answers invalid input with 400 and the one error shape", async () => {
    const res = await call("/api/sessions", { method: "POST", json: { code: 5 } });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(typeof body.error).toBe("string");
    expect(Array.isArray(body.details)).toBe(true);
    const bad = await call("/api/sessions", {
      method: "POST",
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(typeof (await json(bad)).error).toBe("string");
  });
});

describe("production cookie", () => {
  it("names the session cookie __Host-session, Secure, Path=/ and no Domain, in production", async () => {
    const redirect = await call("/api/oauth/google/redirect_url");
    const state = new URL((await json(redirect)).redirectUrl, "http://x").searchParams.get("state")!;
    const authorize = await call(`/api/auth/dev/authorize?email=p@example.com&state=${state}`);
    const code = new URL(authorize.headers.get("location")!, "http://x").searchParams.get("code")!;
    const res = await call("/api/sessions", {
      method: "POST",
      json: { code, state },
      cookie: `oauth_state=${setCookies(redirect).oauth_state}`,
      env: { APP_ENV: "production" },
    });
    const line = res.headers.getSetCookie().find((l) => l.startsWith("__Host-session="))!;
    expect(line).toMatch(/Secure/);
    expect(line).toMatch(/Path=\//);
    expect(line).not.toMatch(/Domain=/i);
    const token = setCookies(res)["__Host-session"];
    expect(
      (await call("/api/users/me", { cookie: `__Host-session=${token}`, env: { APP_ENV: "production" } })).status,
    ).toBe(200);
    // The local cookie name means nothing in production.
    expect((await call("/api/users/me", { cookie: `session=${token}`, env: { APP_ENV: "production" } })).status).toBe(
      401,
    );
  });
});
