// Channels and who sees them: a public channel is visible to every signed-in user; a private one to its creator,
// its channel_members and admins (a direct message: its two members only). Lists, read markers, writes.
import { and, asc, eq, exists, getTableColumns, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { channelInvitations, channelMembers, channelReads, channels, messages, users } from "../../../db/schema";
import type { SessionMemberSql } from "../../../db/sessions";
import type { SessionUser } from "../../../env";
import type { ChannelDto, ChannelListItem, DirectPeer, UnreadCount } from "../../../shared/chat-wire";
import { LIMITS } from "../../../shared/rules";

export type ChannelRow = typeof channels.$inferSelect;
export type Viewer = Pick<SessionUser, "id" | "role">;

/** A direct message is nobody's to rename, delete or invite to; a channel its creator's and admins'. */
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
  // Admins read every channel but the direct messages they are not in.
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

export const listItemFields = (viewer: Viewer) => ({
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

export const readMarkerForward = {
  target: [channelReads.userId, channelReads.channelId],
  set: { lastReadMessageId: sql`excluded.last_read_message_id`, updatedAt: sql`(unixepoch('subsec') * 1000)` },
  setWhere: sql`excluded.last_read_message_id > ${channelReads.lastReadMessageId}`,
};

/** Moves the viewer's read marker of a channel forward to `messageId` (never back). */
export const advanceReadMarker = (db: Database, userId: number, channelId: number, messageId: SQL | number) =>
  db
    .insert(channelReads)
    .values({ userId, channelId, lastReadMessageId: messageId })
    .onConflictDoUpdate(readMarkerForward);

/** The channel's newest message id (a read marker set to it has read everything). */
export const newestMessageId = (channelId: number) =>
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

/** A member joins a channel (a cohort's, with their enrolment): a statement to batch with the caller's own write. */
export const joinChannelStatement = (db: Database, channelId: number, userId: number) =>
  db.insert(channelMembers).values({ channelId, userId }).onConflictDoNothing();

/** A member leaves a channel (a cohort's, with their enrolment). */
export const leaveChannelStatement = (db: Database, channelId: number, userId: number) =>
  db.delete(channelMembers).where(and(eq(channelMembers.channelId, channelId), eq(channelMembers.userId, userId)));
