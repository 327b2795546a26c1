// Google sign-in: every claim of the ID token checked on its own, and the whole code exchange run
// through the real worker against a fake of Google's token endpoint at the HTTP boundary (the global
// fetch). Since ADMIN_EMAILS turns a signed-in email into an admin, each check is a security boundary:
// a refused sign-in must leave no account, no role change and no session behind.

import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sessions, users } from "../../worker/db/schema";
import { verifyGoogleClaims } from "../../worker/features/auth/google";
import { TEXTS } from "../../worker/shared/texts";
import { createFakeGoogle, type FakeGoogle, type FakeGoogleClaims } from "../fakes/google-oauth";
import { call, db, json, ORIGIN, setCookies } from "./helpers";

const CLIENT = { clientId: "cosmic-lounge.apps.googleusercontent.com", clientSecret: "GOCSPX-fake-secret" };
const ADMIN_EMAIL = "keeper@example.com";

/** The worker as production runs it: Google sign-in, no development provider. */
const googleEnv = {
  AUTH_DEV_LOGIN: undefined,
  GOOGLE_CLIENT_ID: CLIENT.clientId,
  GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
  ADMIN_EMAILS: ADMIN_EMAIL,
};

let google: FakeGoogle;
beforeEach(() => {
  google = createFakeGoogle(CLIENT);
  vi.stubGlobal("fetch", google.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

type Tamper = { verifier?: string; state?: string };

/** The browser's whole round trip: redirect URL, Google's consent screen, then POST /api/sessions. */
async function googleSignIn(claims: FakeGoogleClaims, tamper: Tamper = {}) {
  const redirect = await call("/api/oauth/google/redirect_url", { env: googleEnv });
  expect(redirect.status).toBe(200);
  const cookies = setCookies(redirect);
  const { redirectUrl } = await json<{ redirectUrl: string }>(redirect);
  const state = new URL(redirectUrl).searchParams.get("state")!;
  expect(new URL(redirectUrl).searchParams.get("redirect_uri")).toBe(`${ORIGIN}/auth/callback`);
  const code = google.authorize(redirectUrl, claims);
  return call("/api/sessions", {
    method: "POST",
    env: googleEnv,
    json: { code, state: tamper.state ?? state },
    cookie: `oauth_state=${cookies.oauth_state}; oauth_verifier=${tamper.verifier ?? cookies.oauth_verifier}`,
  });
}

const allUsers = () => db().select().from(users);
const sessionCount = async () => (await db().select().from(sessions)).length;

async function expectRefused(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expect((await json(response)).error).toBe(error);
  expect(setCookies(response).session ?? "").toBe("");
  expect(await sessionCount()).toBe(0);
}

describe("verifyGoogleClaims: each claim refused on its own", () => {
  const now = Date.UTC(2026, 10, 23, 12, 0, 0);
  const valid = (): FakeGoogleClaims => ({
    iss: "https://accounts.google.com",
    aud: CLIENT.clientId,
    exp: now / 1000 + 60,
    sub: "1234567890",
    email: "soul@example.com",
    email_verified: true,
    name: "Soul",
    picture: "https://lh3.googleusercontent.com/a/x",
  });
  const verify = (claims: FakeGoogleClaims) =>
    verifyGoogleClaims(claims as Parameters<typeof verifyGoogleClaims>[0], CLIENT.clientId, now);
  const failure = (claims: FakeGoogleClaims) => {
    try {
      verify(claims);
    } catch (err) {
      return { status: (err as { status: number }).status, error: (err as Error).message };
    }
    throw new Error("expected the claims to be refused");
  };

  it("accepts Google's claims and returns the identity", () => {
    expect(verify(valid())).toEqual({
      googleSub: "1234567890",
      email: "soul@example.com",
      name: "Soul",
      avatarUrl: "https://lh3.googleusercontent.com/a/x",
    });
    expect(verify({ ...valid(), iss: "accounts.google.com" }).googleSub).toBe("1234567890");
    expect(verify({ ...valid(), aud: ["other-client", CLIENT.clientId] }).googleSub).toBe("1234567890");
  });

  it.each<[string, FakeGoogleClaims, string]>([
    ["another issuer", { iss: "https://evil.example.com" }, "Invalid ID token issuer"],
    [
      "an issuer that only ends like Google's",
      { iss: "https://accounts.google.com.evil.example" },
      "Invalid ID token issuer",
    ],
    ["no issuer", { iss: undefined }, "Invalid ID token issuer"],
    ["another client id", { aud: "other-client.apps.googleusercontent.com" }, "Invalid ID token audience"],
    ["an audience list without our client id", { aud: ["a", "b"] }, "Invalid ID token audience"],
    ["no audience", { aud: undefined }, "Invalid ID token audience"],
    ["an expiry in the past", { exp: now / 1000 - 1 }, "ID token expired"],
    ["an expiry of exactly now", { exp: now / 1000 }, "ID token expired"],
    ["no expiry", { exp: undefined }, "ID token expired"],
    ["no subject", { sub: undefined }, "ID token has no subject or email"],
    ["an empty subject", { sub: "" }, "ID token has no subject or email"],
    ["no email", { email: undefined }, "ID token has no subject or email"],
    ["an unverified email", { email_verified: false }, "Google email is not verified"],
    ["email_verified missing", { email_verified: undefined }, "Google email is not verified"],
    ["email_verified as the string 'true'", { email_verified: "true" }, "Google email is not verified"],
  ])("refuses %s with 401", (_name, change, error) => {
    expect(failure({ ...valid(), ...change })).toEqual({ status: 401, error });
  });

  it("uses the current time by default (a token that expired a second ago is refused)", () => {
    expect(() =>
      verifyGoogleClaims({ ...valid(), exp: Math.floor(Date.now() / 1000) - 1 } as never, CLIENT.clientId),
    ).toThrow("ID token expired");
  });
});

describe("the code exchange against Google's token endpoint", () => {
  it("signs a new member in, sending the client credentials, redirect URI and PKCE verifier", async () => {
    const res = await googleSignIn(google.claims({ sub: "sub-1", email: "Soul@Example.com" }));
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.user).toMatchObject({
      email: "soul@example.com",
      name: "Google Soul",
      role: "member",
      avatar_url: "https://lh3.googleusercontent.com/a/soul",
    });
    expect(google.tokenRequests).toHaveLength(1);
    expect(google.tokenRequests[0].get("redirect_uri")).toBe(`${ORIGIN}/auth/callback`);
    const [stored] = await allUsers();
    expect(stored.googleSub).toBe("sub-1");
    const me = await call("/api/users/me", { cookie: `session=${setCookies(res).session}`, env: googleEnv });
    expect(me.status).toBe(200);
    expect((await json(me)).email).toBe("soul@example.com");
  });

  it("signs the same Google account into the same member next time", async () => {
    const first = await json(await googleSignIn(google.claims({ sub: "sub-1" })));
    const second = await googleSignIn(google.claims({ sub: "sub-1" }));
    expect(second.status).toBe(200);
    expect((await json(second)).user.id).toBe(first.user.id);
    expect(await allUsers()).toHaveLength(1);
  });

  it.each<[string, FakeGoogleClaims, string]>([
    [
      "a token issued for another client id",
      { aud: "someone-elses-app.apps.googleusercontent.com" },
      "Invalid ID token audience",
    ],
    ["an expired token", { exp: Math.floor(Date.now() / 1000) - 5 }, "ID token expired"],
    ["an unverified email", { email_verified: false }, "Google email is not verified"],
    ["another issuer", { iss: "https://login.evil.example" }, "Invalid ID token issuer"],
    ["a token without an email", { email: undefined }, "ID token has no subject or email"],
  ])(
    "refuses %s: no account, no session, and an ADMIN_EMAILS address is not made admin",
    async (_name, change, error) => {
      await expectRefused(await googleSignIn(google.claims({ email: ADMIN_EMAIL, ...change })), 401, error);
      expect(await allUsers()).toEqual([]);
    },
  );

  it("refuses a code Google rejects (a replayed code) with 401", async () => {
    const redirect = await call("/api/oauth/google/redirect_url", { env: googleEnv });
    const cookies = setCookies(redirect);
    const { redirectUrl } = await json<{ redirectUrl: string }>(redirect);
    const state = new URL(redirectUrl).searchParams.get("state")!;
    const code = google.authorize(redirectUrl, google.claims());
    const cookie = `oauth_state=${cookies.oauth_state}; oauth_verifier=${cookies.oauth_verifier}`;
    expect(
      (await call("/api/sessions", { method: "POST", env: googleEnv, json: { code, state }, cookie })).status,
    ).toBe(200);
    const replay = await call("/api/sessions", { method: "POST", env: googleEnv, json: { code, state }, cookie });
    expect(replay.status).toBe(401);
    expect((await json(replay)).error).toBe("Google rejected the sign-in code");
  });

  it("refuses an exchange whose PKCE verifier is not the one the authorization began with", async () => {
    await expectRefused(
      await googleSignIn(google.claims(), { verifier: "another-verifier-of-enough-length-000000000" }),
      401,
      "Google rejected the sign-in code",
    );
    expect(await allUsers()).toEqual([]);
  });

  it("refuses a state that is not the one in the cookie, before asking Google", async () => {
    await expectRefused(
      await googleSignIn(google.claims(), { state: "forged-state" }),
      400,
      "Sign-in state mismatch. Please sign in again.",
    );
    expect(google.tokenRequests).toHaveLength(0);
  });

  it("refuses an exchange without the PKCE verifier cookie, before asking Google", async () => {
    const redirect = await call("/api/oauth/google/redirect_url", { env: googleEnv });
    const { redirectUrl } = await json<{ redirectUrl: string }>(redirect);
    const state = new URL(redirectUrl).searchParams.get("state")!;
    const code = google.authorize(redirectUrl, google.claims());
    const res = await call("/api/sessions", {
      method: "POST",
      env: googleEnv,
      json: { code, state },
      cookie: `oauth_state=${setCookies(redirect).oauth_state}`,
    });
    await expectRefused(res, 400, "Sign-in state mismatch. Please sign in again.");
    expect(google.tokenRequests).toHaveLength(0);
  });
});

describe("an account is bound to its Google subject", () => {
  it(`security round 2 attack 6: Google sign-in with a different sub for an existing email is refused, changing \
nothing`, async () => {
    const first = await json(await googleSignIn(google.claims({ sub: "original-sub", email: "soul@example.com" })));
    await call("/api/logout", { env: googleEnv, headers: { "sec-fetch-site": "same-origin" } });
    await db().delete(sessions);
    const res = await googleSignIn(google.claims({ sub: "impostor-sub", email: "soul@example.com", name: "Impostor" }));
    await expectRefused(res, 403, TEXTS.auth.googleAccountMismatch);
    const [stored] = await allUsers();
    expect(stored).toMatchObject({ id: first.user.id, googleSub: "original-sub", name: "Google Soul" });
  });

  it("binds an admin-added account (no subject yet) at its first sign-in, then refuses another subject", async () => {
    const [added] = await db().insert(users).values({ email: "invited@example.com", name: "Invited" }).returning();
    const res = await googleSignIn(google.claims({ sub: "invited-sub", email: "invited@example.com" }));
    expect(res.status).toBe(200);
    expect((await json(res)).user.id).toBe(added.id);
    expect((await db().select().from(users).where(eq(users.id, added.id)))[0].googleSub).toBe("invited-sub");
    await db().delete(sessions);
    await expectRefused(
      await googleSignIn(google.claims({ sub: "other-sub", email: "invited@example.com" })),
      403,
      TEXTS.auth.googleAccountMismatch,
    );
  });

  it("does not promote an ADMIN_EMAILS address signed in with a different subject", async () => {
    await db().insert(users).values({ email: ADMIN_EMAIL, googleSub: "keeper-sub", role: "member" });
    await expectRefused(
      await googleSignIn(google.claims({ sub: "impostor-sub", email: ADMIN_EMAIL })),
      403,
      TEXTS.auth.googleAccountMismatch,
    );
    const [stored] = await allUsers();
    expect(stored).toMatchObject({ role: "member", googleSub: "keeper-sub" });
  });

  it("promotes an ADMIN_EMAILS address once every check has passed", async () => {
    const res = await googleSignIn(google.claims({ sub: "keeper-sub", email: ADMIN_EMAIL.toUpperCase() }));
    expect(res.status).toBe(200);
    expect((await json(res)).user.role).toBe("admin");
  });
});
