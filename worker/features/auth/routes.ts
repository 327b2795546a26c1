// Sign-in and sessions: docs/spec.md §7's first four calls (the development sign-in provider, worker/dev/sign-in.ts,
// stands in for Google locally).
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { createSession, deleteSession } from "../../db/sessions";
import { type SignInIdentity, toUserDto, upsertSignInUser } from "../../db/users";
import type { AppEnv } from "../../env";
import { createRouter } from "../../platform/create-app";
import { randomToken, safeEqual } from "../../platform/crypto";
import { isSameOrigin } from "../../platform/csrf";
import { ApiError, forbidden } from "../../platform/errors";
import { devLoginEnabled, takeDevLoginCode } from "../../platform/local-development";
import { signInLimited } from "../../platform/rate-limit";
import { clearSessionCookie, setSessionCookie } from "../../platform/session-cookie";
import { stateToken, validate } from "../../platform/validate";
import { TIMING } from "../../shared/rules";
import { API_ERRORS, TEXTS } from "../../shared/texts";
import { bindChannelInvitations, closeSessionSockets } from "../chat/index";
import { exchangeGoogleCode, type GoogleConfig, googleAuthorizationUrl } from "./google";

const STATE_COOKIE = "oauth_state";
const VERIFIER_COOKIE = "oauth_verifier";
const oauthCookie = {
  httpOnly: true,
  secure: true,
  sameSite: "Lax",
  path: "/",
  maxAge: TIMING.oauthStateMinutes * 60,
} as const;

function googleConfig(c: Context<AppEnv>): GoogleConfig {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret } = c.env;
  if (!clientId || !clientSecret) throw new ApiError(503, API_ERRORS.google_not_configured);
  return { clientId, clientSecret, redirectUri: `${new URL(c.req.url).origin}/auth/callback` };
}

const sessionBody = z.object({
  code: z.string().max(2048).regex(/^\S+$/, API_ERRORS.sign_in_code_invalid),
  state: stateToken,
});

export const authRoutes = createRouter()
  .get("/oauth/google/redirect_url", signInLimited("redirect"), async (c) => {
    const state = randomToken();
    setCookie(c, STATE_COOKIE, state, oauthCookie);
    if (devLoginEnabled(c.env)) {
      return c.json({ redirectUrl: `/auth/dev?state=${encodeURIComponent(state)}` });
    }
    const verifier = randomToken();
    const url = googleAuthorizationUrl(googleConfig(c), state, verifier);
    setCookie(c, VERIFIER_COOKIE, verifier, oauthCookie);
    return c.json({ redirectUrl: url.toString() });
  })
  .post("/sessions", signInLimited("session"), validate("json", sessionBody), async (c) => {
    const { code, state } = c.req.valid("json");
    const expectedState = getCookie(c, STATE_COOKIE);
    const verifier = getCookie(c, VERIFIER_COOKIE);
    deleteCookie(c, STATE_COOKIE, oauthCookie);
    deleteCookie(c, VERIFIER_COOKIE, oauthCookie);
    if (!expectedState || !safeEqual(expectedState, state)) throw new ApiError(400, API_ERRORS.sign_in_state_mismatch);

    let identity: SignInIdentity;
    if (devLoginEnabled(c.env)) {
      const taken = await takeDevLoginCode(c.var.db, code);
      if (!taken) throw new ApiError(401, API_ERRORS.sign_in_code_expired);
      identity = taken;
    } else {
      if (!verifier) throw new ApiError(400, API_ERRORS.sign_in_state_mismatch);
      identity = await exchangeGoogleCode(googleConfig(c), code, verifier);
    }
    const user = await upsertSignInUser(c.var.db, identity, c.env.ADMIN_EMAILS);
    if (!user) throw forbidden(TEXTS.auth.googleAccountMismatch);
    // Private channels this email was invited to are theirs from this sign-in on.
    await bindChannelInvitations(c.var.db, user);
    const session = await createSession(c.var.db, user.id, c.req.header("user-agent") ?? null);
    setSessionCookie(c, session.token, session.expiresAt);
    return c.json({ user: toUserDto(user) });
  })
  // The spec's logout is a GET, so another site could link to it: only a same-origin request ends the session.
  .get("/logout", async (c) => {
    if (!isSameOrigin(c)) throw forbidden(API_ERRORS.cross_site_refused);
    if (c.var.sessionId && c.var.user) {
      await deleteSession(c.var.db, c.var.sessionId);
      await closeSessionSockets(c.env, c.var.db, c.var.user, [c.var.sessionId]);
    }
    clearSessionCookie(c);
    return c.json({ success: true });
  });
