// Channels, their members and their messages. Visibility: a public channel is visible to every
// signed-in user; a private one to its creator, its channel_members and admins.
import {
  and,
  asc,
  desc,
  eq,
  exists,
  getTableColumns,
  gt,
  isNotNull,
  isNull,
  not,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { blockedEitherWay, hasBlocked } from "../../../db/blocks";
import type { Database } from "../../../db/client";
import { inList } from "../../../db/lists";
import { reactionsOf } from "../../../db/reaction-counts";
import {
  channelInvitations,
  channelMembers,
  channelReads,
  channels,
  contentVersions,
  invitationEmails,
  messages,
  notifications,
  users,
} from "../../../db/schema";
import type { SessionMemberSql } from "../../../db/sessions";
import { normaliseEmail } from "../../../db/users";
import type { SessionUser } from "../../../env";
import type { BatchRateLimit } from "../../../platform/rate-limit";
import { messageImagePath } from "../../../shared/api-paths";
import { CHAT_LIMITS } from "../../../shared/chat-rules";
import type {
  ChannelDto,
  ChannelListItem,
  DirectPeer,
  MessageDto,
  ReactionCountDto,
  UnreadCount,
} from "../../../shared/chat-wire";
import { DEFAULT_NAME, LIMITS, type ReportReason } from "../../../shared/rules";
import { TEXTS } from "../../../shared/texts";
import { notifyInvitationsBinding } from "../../notifications/index";

export type ChannelRow = typeof channels.$inferSelect;
type Viewer = Pick<SessionUser, "id" | "role">;

/** A direct message (issue 36) is nobody's to rename, delete or invite to; a channel its creator's and admins'. */
export const canManageChannel = (viewer: Viewer, channel: ChannelRow) =>
  channel.directKey === null && (viewer.role === "admin" || channel.createdBy === viewer.id);

export const toChannelDto = (row: ChannelRow, viewer: Viewer): ChannelDto => ({
  id: row.id,
  name: row.name,
  description: row.description,
  is_private: row.isPrivate,
  created_by: row.createdBy,
  created_at: row.createdAt.toISOString(),
  can_manage: canManageChannel(viewer, row),
  is_direct: row.directKey !== null,
});

/**
 * SQL condition: the viewer may see the channel. The viewer is a member already read, or the member
 * of a session read in the same batch (sessionMemberSql), whose role is then decided in SQL.
 */
export const visibleTo = (viewer: Viewer | SessionMemberSql) => {
  const member = exists(
    sql`(select 1 from ${channelMembers} where ${channelMembers.channelId} = ${channels.id}
      and ${channelMembers.userId} = ${viewer.id})`,
  );
  // Admins read every channel but the direct messages they are not in (issue 36).
  const adminReadable = or(isNull(channels.directKey), member);
  if (viewer.role === "admin") return adminReadable;
  const readable = or(eq(channels.isPrivate, false), eq(channels.createdBy, viewer.id), member);
  return typeof viewer.role === "string" ? readable : or(and(eq(viewer.role, "admin"), adminReadable), readable);
};

/**
 * The viewer's unread messages in the channel of the outer row: newer than their read marker, and
 * counted only among the channel's latest UNREAD_COUNT_MAX (the 101st newest id is the floor), so
 * the count reads at most that many index entries however far behind the member is.
 */
const unreadCount = (viewerId: number) => {
  // Qualified by hand: drizzle writes a one-table select's columns unqualified, and a bare "id" in the
  // subqueries would be the messages' own.
  const channelId = sql.raw(`"channels"."id"`);
  return sql<number>`(select count(*) from ${messages} m where m.channel_id = ${channelId} and m.id > max(
    coalesce((select r.last_read_message_id from ${channelReads} r
      where r.user_id = ${viewerId} and r.channel_id = ${channelId}), 0),
    coalesce((select m2.id from ${messages} m2
      where m2.channel_id = ${channelId} order by m2.id desc limit 1 offset ${LIMITS.unreadCountMax}), 0)))`.mapWith(
    Number,
  );
};

/**
 * Every channel for an admin (no condition); for anyone else the ids come from three indexed lookups
 * (public ones, their own, the ones they are a member of), so a list never scans the whole table.
 */
const listedFor = (viewer: Viewer) => {
  const memberOf = sql`select ${channelMembers.channelId} from ${channelMembers}
    where ${channelMembers.userId} = ${viewer.id}`;
  if (viewer.role === "admin") return or(isNull(channels.directKey), sql`${channels.id} in (${memberOf})`);
  const visibleIds = sql`select ${channels.id} from ${channels} where ${channels.isPrivate} = 0
    union select ${channels.id} from ${channels} where ${channels.createdBy} = ${viewer.id}
    union ${memberOf}`;
  return sql`${channels.id} in (${visibleIds})`;
};

/** A direct message's other member as the viewer sees them; null for a channel, or when they deleted their account. */
const directWith = (viewerId: number) => {
  const channelId = sql.raw(`"channels"."id"`);
  return sql<string | null>`(select json_object('id', u.id, 'name', u.name, 'avatar_url', u.avatar_url)
    from ${channelMembers} cm join ${users} u on u.id = cm.user_id
    where ${sql.raw(`"channels"."direct_key"`)} is not null and cm.channel_id = ${channelId}
      and cm.user_id <> ${viewerId} limit 1)`.mapWith((v: string | null) =>
    v === null ? null : (JSON.parse(v) as DirectPeer),
  );
};

const listItemFields = (viewer: Viewer) => ({
  ...getTableColumns(channels),
  unreadCount: unreadCount(viewer.id),
  directWith: directWith(viewer.id),
});

/** The channels the viewer may see, each with their unread count (one statement for the whole list). */
export async function listVisibleChannels(db: Database, viewer: Viewer) {
  return db.select(listItemFields(viewer)).from(channels).where(listedFor(viewer)).orderBy(asc(channels.id));
}

/** Only the unread counts of listVisibleChannels: the unread badges' own read (GET /api/unread). */
export async function listUnreadCounts(db: Database, viewer: Viewer): Promise<UnreadCount[]> {
  return db
    .select({ group_id: channels.id, unread_count: unreadCount(viewer.id) })
    .from(channels)
    .where(listedFor(viewer))
    .orderBy(asc(channels.id));
}

export const toChannelListItem = (
  row: ChannelRow & { unreadCount: number; directWith: DirectPeer | null },
  viewer: Viewer,
): ChannelListItem => ({
  ...toChannelDto(row, viewer),
  unread_count: row.unreadCount,
  direct_with: row.directWith,
});

// ---- direct messages (issue 36): a two-person private channel, its key the ordered pair ----

const directKeyOf = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * The direct message between `viewer` and `otherId`, opened on first use: the channel (keyed by the
 * ordered pair, so two members opening it at the same moment get one) and both memberships in one
 * transaction. `created` is true for the call that made it. The caller checks that the other member
 * exists and accepts the viewer's messages.
 */
export async function openDirectChannel(db: Database, viewer: Viewer, otherId: number) {
  const key = directKeyOf(viewer.id, otherId);
  const [created] = await db.batch([
    db
      .insert(channels)
      .values({ name: "", isPrivate: true, createdBy: null, directKey: key })
      .onConflictDoNothing({ target: channels.directKey })
      .returning({ id: channels.id }),
    db
      .insert(channelMembers)
      .select(
        db
          .select({
            channelId: channels.id,
            userId: users.id,
            createdAt: sql<Date>`(unixepoch('subsec') * 1000)`.as("created_at"),
          })
          .from(channels)
          .innerJoin(users, inList(users.id, [viewer.id, otherId]))
          .where(eq(channels.directKey, key)),
      )
      .onConflictDoNothing(),
  ]);
  const [row] = await db.select(listItemFields(viewer)).from(channels).where(eq(channels.directKey, key)).limit(1);
  return { created: created.length > 0, channel: row };
}

/**
 * Why a direct message refuses its writer, as the API error it answers: the writer blocked the other
 * member ("direct_blocked": they know, and unblock first), or the other member blocked the writer or does
 * not accept messages ("direct_not_accepting", one answer for both: a block is never told).
 */
export type DirectRefusal = "direct_blocked" | "direct_not_accepting";

/**
 * SQL condition on a users row: that member takes `writerId`'s direct messages (they accept messages and
 * neither blocked the other). The one rule of opening, sending, editing and reacting in a direct message.
 */
const takesDirectFrom = (peer: { id: SQLWrapper; directMessages: SQLWrapper }, writerId: SQLWrapper | number) =>
  sql`(${peer.directMessages} = 'everyone' and not ${blockedEitherWay(peer.id, writerId)})`;

/** The refusal of `writerId`'s direct message to the member `peer` picks; undefined when there is no such member. */
async function refusalTowards(db: Database, writerId: number, peer: SQL): Promise<DirectRefusal | null | undefined> {
  const [row] = await db
    .select({
      takes: sql<number>`${takesDirectFrom(users, writerId)}`.mapWith(Number),
      blockedByWriter: sql<number>`${hasBlocked(writerId, users.id)}`.mapWith(Number),
    })
    .from(users)
    .where(peer)
    .limit(1);
  if (!row) return undefined;
  if (row.takes) return null;
  return row.blockedByWriter ? "direct_blocked" : "direct_not_accepting";
}

/**
 * Whether `viewerId` may open a direct message with `otherId`: "unknown" when there is no such member, the
 * refusal when they may not write to them, null when they may.
 */
export async function directPeerStatus(
  db: Database,
  viewerId: number,
  otherId: number,
): Promise<DirectRefusal | null | "unknown"> {
  const refusal = await refusalTowards(db, viewerId, eq(users.id, otherId));
  return refusal === undefined ? "unknown" : refusal;
}

/**
 * SQL condition on the outer channel row: it is no direct message, or its other member still takes
 * `writerId`'s messages (takesDirectFrom).
 */
const directWritable = (writerId: SQL | number) => {
  const channelId = sql.raw(`"channels"."id"`);
  return sql`(${sql.raw(`"channels"."direct_key"`)} is null or exists (select 1 from ${channelMembers} cm
    join ${users} u on u.id = cm.user_id
    where cm.channel_id = ${channelId} and cm.user_id <> ${writerId}
      and ${takesDirectFrom({ id: sql`u.id`, directMessages: sql`u.direct_messages` }, writerId)}))`;
};

/**
 * Why `writerId` may not write into `channel` (send, edit, react): null for a channel, or a direct message
 * whose other member takes their messages (the condition directWritable puts in a send's batch). A direct
 * message whose other member deleted their account takes no more messages.
 */
export async function directRefusal(
  db: Database,
  channel: Pick<ChannelRow, "id" | "directKey">,
  writerId: number,
): Promise<DirectRefusal | null> {
  if (channel.directKey === null) return null;
  const otherMember = sql`${users.id} in (select ${channelMembers.userId} from ${channelMembers}
    where ${channelMembers.channelId} = ${channel.id} and ${channelMembers.userId} <> ${writerId})`;
  const refusal = await refusalTowards(db, writerId, otherMember);
  return refusal === undefined ? "direct_not_accepting" : refusal;
}

/** A read marker's upsert on conflict: forward only, never back. */
const readMarkerForward = {
  target: [channelReads.userId, channelReads.channelId],
  set: { lastReadMessageId: sql`excluded.last_read_message_id`, updatedAt: sql`(unixepoch('subsec') * 1000)` },
  setWhere: sql`excluded.last_read_message_id > ${channelReads.lastReadMessageId}`,
};

/** Moves the viewer's read marker of a channel forward to `messageId` (never back). */
const advanceReadMarker = (db: Database, userId: number, channelId: number, messageId: SQL | number) =>
  db
    .insert(channelReads)
    .values({ userId, channelId, lastReadMessageId: messageId })
    .onConflictDoUpdate(readMarkerForward);

/** The channel's newest message id (a read marker set to it has read everything). */
const newestMessageId = (channelId: number) =>
  sql<number>`(select max(${messages.id}) from ${messages} where ${messages.channelId} = ${channelId})`;

/**
 * Marks a channel read up to `messageId`, or up to its newest message when none is given; true when the marker moved.
 */
export async function markChannelRead(
  db: Database,
  userId: number,
  channelId: number,
  messageId?: number,
): Promise<boolean> {
  const newest = sql`(select coalesce(max(${messages.id}), 0) from ${messages}
    where ${messages.channelId} = ${channelId})`;
  const moved = await advanceReadMarker(db, userId, channelId, messageId ?? newest).returning({
    userId: channelReads.userId,
  });
  return moved.length > 0;
}

/** The channel when it exists and the viewer (or a session's member, in its batch) may see it: one row or none. */
export const visibleChannelQuery = (db: Database, viewer: Viewer | SessionMemberSql, id: number) =>
  db
    .select()
    .from(channels)
    .where(and(eq(channels.id, id), visibleTo(viewer)))
    .limit(1);

/** The channel when it exists and the viewer may see it; otherwise null (callers answer 404 either way). */
export async function getVisibleChannel(db: Database, viewer: Viewer, id: number) {
  const [row] = await visibleChannelQuery(db, viewer, id);
  return row ?? null;
}

export type ChannelInput = { name: string; description: string | null; isPrivate: boolean };

export async function createChannel(db: Database, creatorId: number, input: ChannelInput) {
  const [row] = await db
    .insert(channels)
    .values({ ...input, createdBy: creatorId })
    .returning();
  return row;
}

export async function updateChannel(db: Database, id: number, input: ChannelInput) {
  const [row] = await db.update(channels).set(input).where(eq(channels.id, id)).returning();
  return row;
}

/** Deletes a channel with its members and messages in one batch; returns the R2 keys of its images. */
export async function deleteChannel(db: Database, id: number): Promise<string[]> {
  const images = await db
    .select({ key: messages.imageKey })
    .from(messages)
    .where(and(eq(messages.channelId, id), isNotNull(messages.imageKey)));
  await db.batch([
    db.delete(messages).where(eq(messages.channelId, id)),
    db.delete(channelMembers).where(eq(channelMembers.channelId, id)),
    db.delete(channelInvitations).where(eq(channelInvitations.channelId, id)),
    db.delete(channels).where(eq(channels.id, id)),
  ]);
  return images.flatMap((r) => (r.key ? [r.key] : []));
}

export async function listChannelMembers(db: Database, channelId: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(channelMembers)
    .innerJoin(users, eq(users.id, channelMembers.userId))
    .where(eq(channelMembers.channelId, channelId))
    .orderBy(asc(channelMembers.createdAt), asc(users.id));
}

// ---- invitations: how members are added (docs/architecture.md, "No account oracle") ----

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

// ---- messages ----

type MessageRow = {
  id: number;
  channelId: number;
  senderId: number;
  senderName: string | null;
  body: string;
  imageKey: string | null;
  hiddenAt: Date | null;
  hiddenReason: ReportReason | null;
  editedAt: Date | null;
  deletedAt: Date | null;
  replyTo: number | null;
  createdAt: Date;
  /** As the viewer sees them; absent where a message is just written (none yet) or edited (clients keep theirs). */
  reactions?: ReactionCountDto[];
};

/**
 * The Message of docs/spec.md §3 as `viewerId` sees it: hidden ones read as removed, with the reason for their sender
 * only.
 */
export const toMessageDto = (row: MessageRow, viewerId: number): MessageDto => ({
  id: row.id,
  group_id: row.channelId,
  sender_id: row.senderId,
  sender_name: row.senderName || DEFAULT_NAME,
  body: row.hiddenAt ? TEXTS.moderation.removed : row.body,
  created_at: row.createdAt.toISOString(),
  image_url: row.imageKey && !row.hiddenAt ? messageImagePath(row.id) : null,
  hidden: row.hiddenAt !== null,
  hidden_reason: row.hiddenAt && row.senderId === viewerId ? row.hiddenReason : null,
  edited_at: row.editedAt?.toISOString() ?? null,
  deleted: row.deletedAt !== null,
  reply_to: row.replyTo,
  reactions: row.reactions ?? [],
});

/**
 * A channel's messages read together with the viewer's access to it in ONE statement (the 3-second
 * poll's only query besides the session, sent in its batch): the channel row (by primary key, with
 * the visibility condition) left-joined to its messages (by the channel/id index). With `after`: the
 * messages newer than that id (up to chatCatchUpPage); without: the latest chatHistoryPage. No rows
 * when the channel does not exist or the viewer may not see it; one row with a null id when it is
 * visible with nothing to show. visibleMessages() turns the rows into messages, oldest first.
 */
export function visibleMessagesQuery(
  db: Database,
  viewer: Viewer | SessionMemberSql,
  channelId: number,
  after?: number,
) {
  const newest = after === undefined;
  return (
    db
      .select({
        // Named apart from messages.id: a D1 batch returns rows as objects keyed by column name.
        channelId: sql<number>`${channels.id}`.as("visible_channel_id"),
        id: messages.id,
        senderId: messages.senderId,
        senderName: users.name,
        body: messages.body,
        imageKey: messages.imageKey,
        hiddenAt: messages.hiddenAt,
        hiddenReason: messages.hiddenReason,
        editedAt: messages.editedAt,
        deletedAt: messages.deletedAt,
        replyTo: messages.replyTo,
        createdAt: messages.createdAt,
        reactions: reactionsOf("message", sql.raw(`"messages"."id"`), viewer.id),
      })
      .from(channels)
      // The channel id as a bound value (not channels.id), so the planner reads messages_channel_idx (channel_id=? AND
      // id>?).
      .leftJoin(
        messages,
        newest ? eq(messages.channelId, channelId) : and(eq(messages.channelId, channelId), gt(messages.id, after)),
      )
      .leftJoin(users, eq(users.id, messages.senderId))
      .where(and(eq(channels.id, channelId), visibleTo(viewer)))
      .orderBy(newest ? desc(messages.id) : asc(messages.id))
      .limit(newest ? CHAT_LIMITS.chatHistoryPage : LIMITS.chatCatchUpPage)
  );
}

/** The messages of visibleMessagesQuery's rows, oldest first; null when the channel is not visible. */
export function visibleMessages(
  rows: Awaited<ReturnType<typeof visibleMessagesQuery>>,
  after?: number,
): MessageRow[] | null {
  if (rows.length === 0) return null;
  const found = rows.filter(
    (r): r is typeof r & { id: number; senderId: number; body: string; createdAt: Date } => r.id !== null,
  );
  return after === undefined ? found.reverse() : found;
}

/** Stores a message; its sender has read the channel up to it (same transaction). */
export async function insertMessage(
  db: Database,
  input: { channelId: number; sender: Pick<SessionUser, "id" | "name">; body: string; imageKey: string | null },
) {
  const [[row]] = await db.batch([
    db
      .insert(messages)
      .values({ channelId: input.channelId, senderId: input.sender.id, body: input.body, imageKey: input.imageKey })
      .returning(),
    advanceReadMarker(db, input.sender.id, input.channelId, newestMessageId(input.channelId)),
  ]);
  return { ...row, senderName: input.sender.name };
}

/**
 * The SQL of the message sends' rules, for the session's D1 batch (withSessionBatch): `count` counts
 * the send of an unmuted member against the route's batch limit (rateLimitInBatch), `sendable` guards
 * a write in the same batch (the member is not muted and the count is within the limit).
 */
export function sendRules(db: Database, limit: BatchRateLimit, unmuted: SQL) {
  return {
    count: (member: SessionMemberSql) => limit.count(member, unmuted),
    sendable: (member: SessionMemberSql) =>
      // biome-ignore lint/style/noNonNullAssertion: drizzle's and() is undefined only when every condition is.
      and(
        exists(
          db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.id, member.id), unmuted)),
        ),
        limit.withinLimit(member),
      )!,
  };
}

/**
 * SQL condition: `replyTo` is a message of this channel that can be answered, one its readers see
 * (not hidden by a moderator, not deleted). The channel's visibility to the sender is checked beside it.
 */
const answerable = (db: Database, channelId: number, replyTo: number) =>
  exists(
    db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.id, replyTo),
          eq(messages.channelId, channelId),
          isNull(messages.hiddenAt),
          isNull(messages.deletedAt),
        ),
      ),
  );

/**
 * A text message sent in the session's D1 batch (withSessionBatch; docs/capacity.md, "where the time
 * goes"): the channel row when the member may see it, the message stored, and the sender's read
 * marker moved to it. The two writes happen only when the channel is visible to a live session's
 * member and `allowed` holds (not muted, within the rate limit), so a refused send writes nothing.
 */
export function sendMessageStatements(
  db: Database,
  member: SessionMemberSql,
  channelId: number,
  text: { body: string; replyTo: number | null },
  allowed: SQL,
) {
  const { body, replyTo } = text;
  const sendable = and(
    eq(channels.id, channelId),
    isNotNull(member.id),
    visibleTo(member),
    directWritable(member.id),
    allowed,
    replyTo === null ? undefined : answerable(db, channelId, replyTo),
  );
  return [
    visibleChannelQuery(db, member, channelId),
    db
      .insert(messages)
      .select(
        db
          .select({
            id: sql<number>`null`.as("id"),
            channelId: channels.id,
            senderId: sql<number>`${member.id}`.as("sender_id"),
            body: sql<string>`${body}`.as("body"),
            imageKey: sql<string | null>`null`.as("image_key"),
            hiddenAt: sql<Date | null>`null`.as("hidden_at"),
            hiddenReason: sql<ReportReason | null>`null`.as("hidden_reason"),
            editedAt: sql<Date | null>`null`.as("edited_at"),
            replyTo: sql<number | null>`${replyTo}`.as("reply_to"),
            deletedAt: sql<Date | null>`null`.as("deleted_at"),
            createdAt: sql<Date>`(unixepoch('subsec') * 1000)`.as("created_at"),
          })
          .from(channels)
          .where(sendable),
      )
      .returning(),
    db
      .insert(channelReads)
      .select(
        db
          .select({
            userId: sql<number>`${member.id}`.as("user_id"),
            channelId: channels.id,
            lastReadMessageId: newestMessageId(channelId).as("last_read_message_id"),
            updatedAt: sql<Date>`(unixepoch('subsec') * 1000)`.as("updated_at"),
          })
          .from(channels)
          .where(sendable),
      )
      .onConflictDoUpdate(readMarkerForward),
  ] as const;
}

/**
 * Who may read a private channel: its creator, its members and every admin, but a direct message's
 * two members only (for targeted live frames and notifications).
 */
export async function privateChannelReaders(db: Database, channelId: number): Promise<number[]> {
  const rows = await db.all<{
    id: number;
  }>(sql`select ${channels.createdBy} as id from ${channels}
    where ${channels.id} = ${channelId} and ${channels.createdBy} is not null
    union select ${channelMembers.userId} from ${channelMembers} where ${channelMembers.channelId} = ${channelId}
    union select ${users.id} from ${users} where ${users.role} = 'admin'
      and exists (select 1 from ${channels} where ${channels.id} = ${channelId} and ${channels.directKey} is null)`);
  return rows.map((r) => r.id);
}

export async function getMessage(db: Database, id: number) {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row ?? null;
}

/**
 * Deletes a message for everyone, keeping its place (a "message deleted" placeholder): the text and the
 * image key go (the search index follows by trigger), with its earlier versions, in one transaction.
 * Returns the R2 key of its image to remove, or null when there was none; undefined when it was already deleted.
 */
export async function deleteMessage(db: Database, id: number): Promise<string | null | undefined> {
  const [before] = await db
    .select({ imageKey: messages.imageKey })
    .from(messages)
    .where(and(eq(messages.id, id), isNull(messages.deletedAt)));
  if (!before) return undefined;
  const [, deleted] = await db.batch([
    db.delete(contentVersions).where(and(eq(contentVersions.kind, "message"), eq(contentVersions.targetId, id))),
    db
      .update(messages)
      .set({ body: "", imageKey: null, deletedAt: new Date() })
      .where(and(eq(messages.id, id), isNull(messages.deletedAt)))
      .returning({ id: messages.id }),
  ]);
  return deleted.length > 0 ? before.imageKey : undefined;
}
