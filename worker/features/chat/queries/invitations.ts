// Invitations: how members are added (docs/architecture.md, "No account oracle").
import { and, asc, eq, not, sql } from "drizzle-orm";
import { blockedEitherWay } from "../../../db/blocks";
import type { Database } from "../../../db/client";
import { channelInvitations, channelMembers, invitationEmails, notifications, users } from "../../../db/schema";
import { normaliseEmail } from "../../../db/users";
import type { SessionUser } from "../../../env";
import { LIMITS } from "../../../shared/rules";
import { notifyInvitationsBinding } from "../../notifications/index";

/**
 * Invites an email to a channel unless it is already invited or belongs to one of its members:
 * "invited" when a new invitation was stored, "full" when the email already has
 * LIMITS.invitationsPerEmailMax pending invitations (the oldest are kept), "unchanged" otherwise.
 * The email is normalised by the caller.
 */
export async function inviteToChannel(
  db: Database,
  input: { channelId: number; email: string; invitedBy: number },
): Promise<"invited" | "full" | "unchanged"> {
  const alreadyMember = sql`exists (select 1 from ${channelMembers}
    join ${users} on ${users.id} = ${channelMembers.userId}
    where ${channelMembers.channelId} = ${input.channelId} and ${users.email} = ${input.email})`;
  const pendingCount = sql`(select count(*) from ${channelInvitations}
    where ${channelInvitations.email} = ${input.email})`;
  const rows = await db.all<{ id: number }>(sql`insert into ${channelInvitations} (channel_id, email, invited_by)
    select ${input.channelId}, ${input.email}, ${input.invitedBy}
    where not ${alreadyMember} and ${pendingCount} < ${LIMITS.invitationsPerEmailMax}
    on conflict do nothing returning id`);
  if (rows.length > 0) return "invited";
  const [{ full }] = await db.all<{ full: number }>(
    sql`select ${pendingCount} >= ${LIMITS.invitationsPerEmailMax} and not exists (select 1 from ${channelInvitations}
      where ${channelInvitations.channelId} = ${input.channelId} and ${channelInvitations.email} = ${input.email})
        and not ${alreadyMember} as full`,
  );
  return full ? "full" : "unchanged";
}

/**
 * Claims the one email an invitation to an address with no account gets: true for the first call of an address
 * still without an account, still invited to the channel; false when it was emailed before, has an account (its
 * invitation follows the member's notification settings instead) or was revoked.
 */
export async function claimInvitationEmail(db: Database, input: { channelId: number; email: string }) {
  const rows = await db.all(sql`insert into ${invitationEmails} (channel_id, email)
    select ${input.channelId}, ${input.email}
    where not exists (select 1 from ${users} where ${users.email} = ${input.email})
      and exists (select 1 from ${channelInvitations} where ${channelInvitations.channelId} = ${input.channelId}
        and ${channelInvitations.email} = ${input.email})
    on conflict do nothing returning channel_id`);
  return rows.length > 0;
}

export async function listChannelInvitations(db: Database, channelId: number) {
  return db
    .select({ id: channelInvitations.id, email: channelInvitations.email, invited_at: channelInvitations.createdAt })
    .from(channelInvitations)
    .where(eq(channelInvitations.channelId, channelId))
    .orderBy(asc(channelInvitations.createdAt), asc(channelInvitations.id));
}

export async function revokeChannelInvitation(db: Database, channelId: number, invitationId: number) {
  const removed = await db
    .delete(channelInvitations)
    .where(and(eq(channelInvitations.channelId, channelId), eq(channelInvitations.id, invitationId)))
    .returning({ id: channelInvitations.id });
  return removed.length > 0;
}

/**
 * Turns the pending invitations of the user's email into memberships. A private channel's invitation
 * also becomes a "channel_invite" notification unless the member already has one for it (known
 * accounts are notified when invited). An invitation between a blocked pair (either way) goes first,
 * unjoined and untold: a block keeps the two out of each other's conversations, and its managers see it
 * go as a declined one. One indexed read when nothing is pending; the writes are set-based (INSERT …
 * SELECT and DELETE by email), so they bind the same few variables however many invitations wait, and
 * the joining runs in one batch (a transaction): what is joined is what is deleted.
 */
export async function bindChannelInvitations(db: Database, user: Pick<SessionUser, "id" | "email">) {
  const email = normaliseEmail(user.email);
  const [pending] = await db
    .select({ id: channelInvitations.id })
    .from(channelInvitations)
    .where(eq(channelInvitations.email, email))
    .limit(1);
  if (!pending) return;
  // Before the notification below, which tells of every pending invitation.
  const betweenBlocked = blockedEitherWay(user.id, channelInvitations.invitedBy);
  await db.delete(channelInvitations).where(and(eq(channelInvitations.email, email), betweenBlocked));
  await notifyInvitationsBinding(db, { userId: user.id, email });
  await db.batch([
    db
      .insert(channelMembers)
      .select(
        db
          .select({
            channelId: channelInvitations.channelId,
            userId: sql<number>`${user.id}`.as("user_id"),
            createdAt: sql<Date>`(unixepoch('subsec') * 1000)`.as("created_at"),
          })
          .from(channelInvitations)
          // An invitation sent since that delete is not joined either (and goes with the rest).
          .where(and(eq(channelInvitations.email, email), not(betweenBlocked))),
      )
      .onConflictDoNothing(),
    db.delete(channelInvitations).where(eq(channelInvitations.email, email)),
  ]);
}

/**
 * The invitee turns an invitation down: their pending invitation to the channel, the membership it
 * gave them, and its notification go, in one batch. False when there was nothing to decline (no
 * invitation and no membership; a channel's creator is not its member).
 */
export async function declineChannelInvitation(
  db: Database,
  user: Pick<SessionUser, "id" | "email">,
  channelId: number,
) {
  const [invitations, memberships] = await db.batch([
    db
      .delete(channelInvitations)
      .where(and(eq(channelInvitations.channelId, channelId), eq(channelInvitations.email, normaliseEmail(user.email))))
      .returning({ id: channelInvitations.id }),
    db
      .delete(channelMembers)
      .where(and(eq(channelMembers.channelId, channelId), eq(channelMembers.userId, user.id)))
      .returning({ userId: channelMembers.userId }),
    db
      .delete(notifications)
      .where(
        and(
          eq(notifications.userId, user.id),
          eq(notifications.kind, "channel_invite"),
          eq(notifications.channelId, channelId),
        ),
      ),
  ]);
  return invitations.length + memberships.length > 0;
}

export async function removeChannelMember(db: Database, channelId: number, userId: number) {
  const removed = await db
    .delete(channelMembers)
    .where(and(eq(channelMembers.channelId, channelId), eq(channelMembers.userId, userId)))
    .returning({ userId: channelMembers.userId });
  return removed.length > 0;
}
