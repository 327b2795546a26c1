// Profiles (docs/spec.md §3: goals, interests and socials as JSON-encoded text), the caller's own details,
// and the caller's sessions as the Profile screen lists them.
import { and, eq, gt, ne } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { profiles, sessions, users } from "../../../db/schema";
import type { DirectMessagePolicy, Language } from "../../../shared/rules";

/** The Profile of docs/spec.md §3 on the wire: the three fields stay JSON-encoded strings, as stored. */
export type ProfileDto = { goals: string; interests: string; socials: string };

const EMPTY_PROFILE: ProfileDto = { goals: "[]", interests: "[]", socials: "{}" };

export async function getProfile(db: Database, userId: number): Promise<ProfileDto> {
  const [row] = await db
    .select({ goals: profiles.goals, interests: profiles.interests, socials: profiles.socials })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row ?? EMPTY_PROFILE;
}

export type ProfilePatch = { goals?: string[]; interests?: string[]; socials?: Record<string, string> };

/** Writes the given fields (already validated) as JSON text; the row is created when missing. */
export async function saveProfile(db: Database, userId: number, patch: ProfilePatch): Promise<ProfileDto> {
  const set: Partial<ProfileDto> = {};
  if (patch.goals) set.goals = JSON.stringify(patch.goals);
  if (patch.interests) set.interests = JSON.stringify(patch.interests);
  if (patch.socials) set.socials = JSON.stringify(patch.socials);
  const [row] = await db
    .insert(profiles)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: profiles.userId, set: Object.keys(set).length ? set : { userId } })
    .returning({ goals: profiles.goals, interests: profiles.interests, socials: profiles.socials });
  return row;
}

export type DetailsPatch = {
  name?: string | null;
  bio?: string | null;
  timezone?: string | null;
  language?: Language;
  directMessages?: DirectMessagePolicy;
};

export async function updateUserDetails(db: Database, userId: number, patch: DetailsPatch) {
  const [row] = await db.update(users).set(patch).where(eq(users.id, userId)).returning();
  return row;
}

/** A short opaque handle for a session: a prefix of the stored hash (never the token). */
export const sessionHandle = (sessionId: string) => sessionId.slice(0, 12);

export async function listActiveSessions(
  db: Database,
  userId: number,
  currentSessionId: string | null,
  now = Date.now(),
) {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date(now))))
    .orderBy(sessions.createdAt);
  return rows.map((s) => ({
    id: sessionHandle(s.id),
    user_agent: s.userAgent,
    created_at: s.createdAt,
    expires_at: s.expiresAt,
    current: s.id === currentSessionId,
  }));
}

/** Deletes every session of the user except the current one; returns the ids of those that went. */
export async function deleteOtherSessions(db: Database, userId: number, currentSessionId: string): Promise<string[]> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
    .returning({ id: sessions.id });
  return gone.map((s) => s.id);
}
