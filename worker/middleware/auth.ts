import { createMiddleware } from "hono/factory";
import { getMembership } from "../db/memberships";
import { hasPaidAccess } from "../shared/rules";
import { TEXTS } from "../shared/texts";
import type { AppEnv, SessionUser } from "../env";
import { forbidden, unauthorized } from "../lib/errors";
import { readSessionCookie, setSessionCookie, validateSessionToken } from "../lib/session";

/** Resolves the caller from the session cookie (or none) and renews the cookie when the session slid. */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set("user", null);
  c.set("sessionId", null);
  c.set("sessionExpiresAt", null);
  const token = readSessionCookie(c);
  if (token) {
    const session = await validateSessionToken(c.var.db, token);
    if (session) {
      c.set("user", session.user);
      c.set("sessionId", session.sessionId);
      c.set("sessionExpiresAt", session.expiresAt);
      if (session.renewed) setSessionCookie(c, token, session.expiresAt);
    }
  }
  await next();
});

type Authed = { Variables: { user: SessionUser; sessionId: string; sessionExpiresAt: Date } };

/** 401 unless signed in; narrows `c.var.user` for the handlers after it. */
export const requireUser = createMiddleware<AppEnv & Authed>(async (c, next) => {
  if (!c.var.user) throw unauthorized();
  await next();
});

/** 401 for anonymous callers, 403 for members. */
export const requireAdmin = createMiddleware<AppEnv & Authed>(async (c, next) => {
  if (!c.var.user) throw unauthorized();
  if (c.var.user.role !== "admin") throw forbidden();
  await next();
});

/** 401 for anonymous callers, 403 `{ error }` for members without an active membership; admins pass. */
export const requirePaidMember = createMiddleware<AppEnv & Authed>(async (c, next) => {
  if (!c.var.user) throw unauthorized();
  const membership = await getMembership(c.var.db, c.var.user);
  if (!hasPaidAccess(membership.status)) throw forbidden(TEXTS.resources.membershipRequired);
  await next();
});
