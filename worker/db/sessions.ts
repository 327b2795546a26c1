// Session rows: only the SHA-256 of the cookie's token is stored (worker/platform/session-cookie.ts), with a 30-day
// sliding expiry renewed when less than half remains.
import { and, eq, gt, sql } from "drizzle-orm";
import type { SessionUser } from "../env";
import { randomToken, sha256Hex } from "../platform/crypto";
import { sessionIdOf } from "../platform/session-cookie";
import { TIMING } from "../shared/rules";
import type { Database } from "./client";
import { inList } from "./lists";
import { sessions, users } from "./schema";

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = TIMING.sessionDays * DAY_MS;

export async function createSession(db: Database, userId: number, userAgent: string | null, now = Date.now()) {
  const token = randomToken();
  const expiresAt = new Date(now + SESSION_TTL_MS);
  await db
    .insert(sessions)
    .values({ id: await sha256Hex(token), userId, expiresAt, userAgent: userAgent?.slice(0, 300) });
  return { token, expiresAt };
}

export type ValidatedSession = { sessionId: string; user: SessionUser; expiresAt: Date; renewed: boolean };

/** The session row with its member: the first statement of every signed-in request. */
export function sessionLookup(db: Database, sessionId: string) {
  return db
    .select({
      expiresAt: sessions.expiresAt,
      user: {
        id: users.id,
        email: users.email,
        name: users.name,
        avatarUrl: users.avatarUrl,
        role: users.role,
        bio: users.bio,
        timezone: users.timezone,
        language: users.language,
        mutedUntil: users.mutedUntil,
        directMessages: users.directMessages,
        createdAt: users.createdAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
}
export type SessionRow = Awaited<ReturnType<typeof sessionLookup>>[number];

/** The outcome of a looked-up session row: expired ones are deleted, ones past half-life are extended. */
export async function settleSession(
  db: Database,
  sessionId: string,
  row: SessionRow | undefined,
  now = Date.now(),
): Promise<ValidatedSession | null> {
  if (!row) return null;
  if (row.expiresAt.getTime() <= now) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  let expiresAt = row.expiresAt;
  const renewed = expiresAt.getTime() - now < SESSION_TTL_MS / 2;
  if (renewed) {
    expiresAt = new Date(now + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
  }
  return { sessionId, user: row.user, expiresAt, renewed };
}

/** Finds the session of a token (sessionLookup, then settleSession). */
export async function validateSessionToken(
  db: Database,
  token: string,
  now = Date.now(),
): Promise<ValidatedSession | null> {
  const sessionId = await sessionIdOf(token);
  if (!sessionId) return null;
  const [row] = await sessionLookup(db, sessionId);
  return settleSession(db, sessionId, row, now);
}

/**
 * The member of a live session as SQL values, for a statement sent in the same batch as its
 * sessionLookup (one round trip instead of two): NULL when the session is unknown or expired, so the
 * statement then matches nothing of the member's. Its results are used only after the lookup in the
 * same batch validated the session (docs/architecture.md, "Decisions and their reasons").
 */
export function sessionMemberSql(sessionId: string, now = Date.now()) {
  const id = sql<number>`(select ${sessions.userId} from ${sessions} where ${sessions.id} = ${sessionId}
    and ${sessions.expiresAt} > ${now})`;
  const role = sql<string>`(select ${users.role} from ${users} where ${users.id} = ${id})`;
  return { id, role };
}
export type SessionMemberSql = ReturnType<typeof sessionMemberSql>;

/** Of the given session ids, those still valid now, with their (possibly renewed) expiry in ms. */
export async function liveSessionExpiries(
  db: Database,
  sessionIds: string[],
  now = Date.now(),
): Promise<Map<string, number>> {
  const live = new Map<string, number>();
  const rows = await db
    .select({ id: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(inList(sessions.id, sessionIds), gt(sessions.expiresAt, new Date(now))));
  for (const row of rows) live.set(row.id, row.expiresAt.getTime());
  return live;
}

export async function deleteSession(db: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
