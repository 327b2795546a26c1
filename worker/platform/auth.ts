import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import { getMembership, type MembershipView } from "../db/memberships";
import {
  type SessionMemberSql,
  sessionLookup,
  sessionMemberSql,
  settleSession,
  type ValidatedSession,
  validateSessionToken,
} from "../db/sessions";
import type { AppEnv, SessionUser } from "../env";
import { hasPaidAccess } from "../shared/rules";
import { TEXTS } from "../shared/texts";
import { forbidden, unauthorized } from "./errors";
import { readSessionCookie, sessionIdOf, setSessionCookie } from "./session-cookie";

/**
 * requireUser for a hot read that sends its own statements in the same D1 batch as the session lookup
 * (withSessionBatch: one round trip instead of two; docs/architecture.md, "Decisions and their
 * reasons"). loadSession leaves the lookup to that batch on such a route; without a cookie it is 401
 * at once. The handler reads the member from withSessionBatch, never from c.var before it.
 */
export const requireUserInBatch = createMiddleware<AppEnv>(async (c, next) => {
  if (!readSessionCookie(c)) throw unauthorized();
  await next();
});

const batchesItsSession = (c: Context) => matchedRoutes(c).some((route) => route.handler === requireUserInBatch);

function setSession(c: Context<AppEnv>, token: string, session: ValidatedSession) {
  c.set("user", session.user);
  c.set("sessionId", session.sessionId);
  c.set("sessionExpiresAt", session.expiresAt);
  if (session.renewed) setSessionCookie(c, token, session.expiresAt);
}

/** Resolves the caller from the session cookie (or none) and renews the cookie when the session slid. */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set("user", null);
  c.set("sessionId", null);
  c.set("sessionExpiresAt", null);
  const token = readSessionCookie(c);
  if (token && !batchesItsSession(c)) {
    const session = await validateSessionToken(c.var.db, token);
    if (session) setSession(c, token, session);
  }
  await next();
});

/**
 * For a route behind requireUserInBatch: the session lookup and the route's `statements` (built on
 * the member as SQL, sessionMemberSql; none when an answer needs only a live session) in ONE D1 batch; 401 unless the session is live (an expired
 * one is deleted, a sliding one renewed, as in loadSession), then the member and the statements'
 * results. Every request still reads its session from D1: nothing is cached.
 */
export async function withSessionBatch<T extends [] | [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]>(
  c: Context<AppEnv>,
  statements: (member: SessionMemberSql) => T,
): Promise<{ user: SessionUser; results: BatchResponse<T> }> {
  const token = readSessionCookie(c);
  const sessionId = token ? await sessionIdOf(token) : null;
  if (!token || !sessionId) throw unauthorized();
  const now = Date.now();
  const [[row], ...results] = await c.var.db.batch([
    sessionLookup(c.var.db, sessionId),
    ...statements(sessionMemberSql(sessionId, now)),
  ]);
  const session = await settleSession(c.var.db, sessionId, row, now);
  if (!session) throw unauthorized();
  setSession(c, token, session);
  return { user: session.user, results };
}

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
  paidAccessOr403(await getMembership(c.var.db, c.var.user));
  await next();
});

/** requirePaidMember's refusal, for a route that reads the membership in its session batch. */
export function paidAccessOr403(membership: MembershipView) {
  if (!hasPaidAccess(membership.status)) throw forbidden(TEXTS.resources.membershipRequired);
}
