// The admin dashboard's queries: members (with their membership status) and payment records.
import { and, desc, eq, exists, inArray, isNotNull, ne, not, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { membershipCoversSql } from "../../../db/memberships";
import {
  autorenewCharges,
  autorenewEnrolments,
  channelInvitations,
  comments,
  memberships,
  messages,
  payments,
  postLikes,
  posts,
  sessions,
  users,
} from "../../../db/schema";
import { AUTORENEW } from "../../../shared/rules";

export type MemberStatus = "active" | "trial" | "inactive";

/**
 * docs/spec.md §3 Member status: admins count as active; otherwise a membership that covers now (its due date ahead,
 * or a refused renewal's grace running: membershipCoversSql, the paid routes' rule) is active (or trial).
 */
export function memberStatus(role: string, membership: { kind: string; covers: boolean } | null): MemberStatus {
  if (role === "admin") return "active";
  if (!membership?.covers) return "inactive";
  return membership.kind === "trial" ? "trial" : "active";
}

const memberColumns = (now: number) => ({
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  mutedUntil: users.mutedUntil,
  plan: memberships.plan,
  kind: memberships.kind,
  covers: membershipCoversSql(now).mapWith(Boolean),
  autoRenew: autorenewEnrolments.status,
});

type MemberRow = {
  id: number;
  name: string | null;
  email: string;
  role: "member" | "admin";
  createdAt: Date;
  mutedUntil: Date | null;
  plan: string | null;
  kind: string | null;
  covers: boolean | null;
  autoRenew: "active" | "paused" | null;
};

const toMemberDto = (r: MemberRow, now: number) => ({
  id: r.id,
  name: r.name,
  email: r.email,
  role: r.role,
  created_at: r.createdAt,
  status: memberStatus(r.role, r.kind ? { kind: r.kind, covers: r.covers === true } : null),
  plan: r.plan,
  /** Until when an admin muted them; null when not muted. */
  muted_until: r.mutedUntil && r.mutedUntil.getTime() > now ? r.mutedUntil : null,
  /** Automatic renewal: on, paused after refused charges, or off (null). */
  auto_renew: r.autoRenew,
});
export type MemberDto = ReturnType<typeof toMemberDto>;

export async function listMembers(db: Database): Promise<MemberDto[]> {
  const now = Date.now();
  const rows = await db
    .select(memberColumns(now))
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(autorenewEnrolments, eq(autorenewEnrolments.userId, users.id))
    .orderBy(desc(users.createdAt), desc(users.id));
  return rows.map((r) => toMemberDto(r, now));
}

export async function getMember(db: Database, id: number): Promise<MemberDto | null> {
  const now = Date.now();
  const [row] = await db
    .select(memberColumns(now))
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(autorenewEnrolments, eq(autorenewEnrolments.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  return row ? toMemberDto(row, now) : null;
}

/**
 * Pre-provisions an account (no Google subject yet): upsertSignInUser binds it by email at the
 * person's first sign-in. The profile row is created on first save (reads default to empty lists).
 */
export async function createMember(
  db: Database,
  input: { email: string; name: string | null; role: "member" | "admin" },
) {
  const [created] = await db.insert(users).values(input).returning({ id: users.id });
  return created.id;
}

/** R2 keys of the images the user sent in chat, to remove from the bucket once the rows are gone. */
export async function messageImageKeys(db: Database, userId: number): Promise<string[]> {
  const rows = await db
    .select({ key: messages.imageKey })
    .from(messages)
    .where(and(eq(messages.senderId, userId), isNotNull(messages.imageKey)));
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

/**
 * Deletes a user in one atomic batch. Foreign keys cascade to sessions (signed out everywhere at
 * once), posts, comments, likes, messages, profile and membership; payments keep their rows (user_id
 * set null). The like and comment counters of OTHER people's posts the user touched are recomputed
 * without the user's rows in the same batch.
 */
export async function deleteMember(db: Database, userId: number) {
  // bounded: memberDeletion's fixed statements
  await db.batch(memberDeletion(db, userId));
}

/**
 * SQL condition: the user is not the last admin. Every write of a deletion or demotion carries it, so
 * the check and the write are one statement: of two admins removing themselves (or each other) at
 * once, D1 runs one batch after the other, and the second finds no other admin and writes nothing.
 */
export const notLastAdmin = (userId: number) =>
  sql`not exists (select 1 from ${users} u where u.id = ${userId} and u.role = 'admin'
    and not exists (select 1 from ${users} o where o.role = 'admin' and o.id <> ${userId}))`;

/**
 * The statements of deleteMember, for a batch that does more (a member deleting their own account).
 * Each applies only while the user is not the last admin; the last one answers the deleted row.
 */
export function memberDeletion(db: Database, userId: number) {
  const allowed = notLastAdmin(userId);
  const likedPosts = db.select({ id: postLikes.postId }).from(postLikes).where(eq(postLikes.userId, userId));
  const commentedPosts = db.select({ id: comments.postId }).from(comments).where(eq(comments.authorId, userId));
  return [
    db
      .update(posts)
      .set({
        likesCount: sql`(select count(*) from ${postLikes} where ${postLikes.postId} = ${posts.id}
          and ${postLikes.userId} <> ${userId})`,
        commentsCount: sql`(select count(*) from ${comments} where ${comments.postId} = ${posts.id}
          and ${comments.authorId} <> ${userId})`,
      })
      .where(
        and(
          ne(posts.authorId, userId),
          // bounded: both lists are subqueries (one bound user id each)
          or(inArray(posts.id, likedPosts), inArray(posts.id, commentedPosts)),
          allowed,
        ),
      ),
    db.delete(sessions).where(and(eq(sessions.userId, userId), allowed)),
    // Invitations addressed to their email would make a new account with it a member again.
    db
      .delete(channelInvitations)
      .where(
        and(
          sql`${channelInvitations.email} = (select ${users.email} from ${users} where ${users.id} = ${userId})`,
          allowed,
        ),
      ),
    db
      .delete(users)
      .where(and(eq(users.id, userId), allowed))
      .returning({ id: users.id }),
  ] as const;
}

/**
 * Changes a role and ends the user's sessions in one batch, so the new role applies at next sign-in.
 * A demotion happens only while another admin remains (notLastAdmin); false when it was refused.
 */
export async function setMemberRole(db: Database, userId: number, role: "member" | "admin") {
  const allowed = role === "admin" ? undefined : notLastAdmin(userId);
  const [changed] = await db.batch([
    db
      .update(users)
      .set({ role })
      .where(and(eq(users.id, userId), allowed))
      .returning({ id: users.id }),
    db
      .delete(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          sql`(select ${users.role} from ${users} where ${users.id} = ${userId}) = ${role}`,
        ),
      ),
  ]);
  return changed.length > 0;
}

const paymentColumns = {
  id: payments.id,
  user_email: payments.userEmail,
  plan: payments.plan,
  amount_clp: payments.amountClp,
  status: payments.status,
  created_at: payments.createdAt,
  /** Why a payment failed (rejected, cancelled, timeout, expired, ...), as the settlement recorded it. */
  failure_reason: payments.failureReason,
  /** Taken in Transbank's integration environment or the emulator: no real money. */
  is_test: payments.isTest,
  refund_type: payments.refundType,
  refunded_at: payments.refundedAt,
  /** Charged automatically (Oneclick Mall) rather than paid by hand with Webpay Plus. */
  automatic: sql<boolean>`${payments.provider} = ${AUTORENEW.provider}`.mapWith(Boolean),
};

export const listPayments = (db: Database) =>
  db.select(paymentColumns).from(payments).orderBy(desc(payments.createdAt), desc(payments.id));
export type PaymentDto = Awaited<ReturnType<typeof listPayments>>[number];

/**
 * A payment that is an automatic charge's attempt still in flight (its outcome unknown until the
 * daily run asks Transbank) is kept: deleting it would lose the buy order that settles it, and the
 * period would be charged again under a new one while the first might have been authorised.
 */
const inFlight = (db: Database) =>
  exists(
    db
      .select({ id: autorenewCharges.id })
      .from(autorenewCharges)
      .where(and(eq(autorenewCharges.paymentId, payments.id), eq(autorenewCharges.state, "charging"))),
  );

/** Deletes one payment record; an automatic charge's attempt in flight is refused (see inFlight). */
export async function deletePayment(db: Database, id: number): Promise<"deleted" | "not_found" | "in_flight"> {
  const gone = await db
    .delete(payments)
    .where(and(eq(payments.id, id), not(inFlight(db))))
    .returning({ id: payments.id });
  if (gone.length > 0) return "deleted";
  const [kept] = await db.select({ id: payments.id }).from(payments).where(eq(payments.id, id));
  return kept ? "in_flight" : "not_found";
}

/** Deletes every payment record but the automatic charges' attempts in flight (see inFlight). */
export async function clearPayments(db: Database) {
  const gone = await db
    .delete(payments)
    .where(not(inFlight(db)))
    .returning({ id: payments.id });
  return gone.length;
}
