import { and, eq, isNull, lte, ne, or } from "drizzle-orm";
import type { SessionUser } from "../env";
import { cleanDisplayName, nameKey } from "../shared/names";
import type { Database } from "./client";
import { profiles, users } from "./schema";

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export const isAdminEmail = (adminEmails: string | undefined, email: string) =>
  (adminEmails ?? "").split(",").map(normaliseEmail).filter(Boolean).includes(normaliseEmail(email));

/** The account of an email (already normalised: normaliseEmail), or null. */
export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}

/** The User of docs/spec.md §3, as the API sends it. */
export const toUserDto = (u: SessionUser) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  avatar_url: u.avatarUrl,
  role: u.role,
  bio: u.bio,
  timezone: u.timezone,
  language: u.language,
  created_at: u.createdAt,
  /** When a mute is in force, until when (the client's banner); null otherwise. */
  muted_until: u.mutedUntil && u.mutedUntil.getTime() > Date.now() ? u.mutedUntil : null,
  /** Who may open a direct message with the member: "everyone" or "nobody". */
  direct_messages: u.directMessages,
});
export type UserDto = ReturnType<typeof toUserDto>;

export type SignInIdentity = {
  email: string;
  name?: string | null;
  avatarUrl?: string | null;
  googleSub?: string | null;
};

/**
 * True when `name` reads as an admin's name (other than `userId`'s own): compared by nameKey. Admins
 * are few, so their names are read and compared here.
 */
export async function isAnotherAdminsName(db: Database, name: string, userId?: number) {
  const admins = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.role, "admin"), userId === undefined ? undefined : ne(users.id, userId)));
  const key = nameKey(name);
  return admins.some((a) => a.name !== null && nameKey(a.name) === key);
}

/** A name from a sign-in provider as a display name: cleaned, or none when refused or an admin's. */
async function signInName(db: Database, raw: string | null | undefined, makeAdmin: boolean) {
  const clean = raw ? cleanDisplayName(raw) : null;
  if (!clean?.ok || !clean.name) return null;
  return !makeAdmin && (await isAnotherAdminsName(db, clean.name)) ? null : clean.name;
}

/**
 * Finds the account of a verified identity (by Google subject, then by email, so an account an admin
 * pre-provisioned binds to its subject on first sign-in) or creates it. Emails in ADMIN_EMAILS become
 * admins. Returns null, changing nothing, when the email's account is already bound to another Google
 * subject: a different Google account (or a recycled address) must not take it over.
 */
export async function upsertSignInUser(db: Database, identity: SignInIdentity, adminEmails: string | undefined) {
  const email = normaliseEmail(identity.email);
  const makeAdmin = isAdminEmail(adminEmails, email);
  const match = identity.googleSub
    ? or(eq(users.googleSub, identity.googleSub), eq(users.email, email))
    : eq(users.email, email);
  const existing = await db.select().from(users).where(match).limit(2);
  const found = existing.find((u) => identity.googleSub && u.googleSub === identity.googleSub) ?? existing[0];
  if (found) {
    if (identity.googleSub && found.googleSub && found.googleSub !== identity.googleSub) return null;
    const patch: Partial<typeof users.$inferInsert> = {};
    if (identity.googleSub && !found.googleSub) patch.googleSub = identity.googleSub;
    const name = found.name ? null : await signInName(db, identity.name, makeAdmin);
    if (name) patch.name = name;
    if (!found.avatarUrl && identity.avatarUrl) patch.avatarUrl = identity.avatarUrl;
    if (makeAdmin && found.role !== "admin") patch.role = "admin";
    if (Object.keys(patch).length === 0) return found;
    const [updated] = await db.update(users).set(patch).where(eq(users.id, found.id)).returning();
    return updated;
  }
  const [created] = await db
    .insert(users)
    .values({
      email,
      name: await signInName(db, identity.name, makeAdmin),
      avatarUrl: identity.avatarUrl ?? null,
      googleSub: identity.googleSub ?? null,
      role: makeAdmin ? "admin" : "member",
    })
    .returning();
  await db.insert(profiles).values({ userId: created.id }).onConflictDoNothing();
  return created;
}

/** A member's mute is not in force at `now` (platform/mute.ts's unmutedOr403), as SQL on the users row, for a
 * write sent in the session's batch. */
export const unmutedSql = (now: number) =>
  // biome-ignore lint/style/noNonNullAssertion: drizzle's or() is undefined only when every condition is.
  or(isNull(users.mutedUntil), lte(users.mutedUntil, new Date(now)))!;
