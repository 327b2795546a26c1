// Channels, their members and their messages. Visibility: a public channel is visible to every
// signed-in user; a private one to its creator, its channel_members and admins.
import { and, asc, desc, eq, exists, gt, isNotNull, or, sql } from "drizzle-orm";
import type { SessionUser } from "../env";
import type { ChannelDto, MessageDto } from "../shared/chat-wire";
import { DEFAULT_NAME, LIMITS, type ReportReason } from "../shared/rules";
import { TEXTS } from "../shared/texts";
import type { Database } from "./client";
import { channelMembers, channels, messages, users } from "./schema";

export type ChannelRow = typeof channels.$inferSelect;
type Viewer = Pick<SessionUser, "id" | "role">;

export const canManageChannel = (viewer: Viewer, channel: ChannelRow) => viewer.role === "admin" || channel.createdBy === viewer.id;

export const toChannelDto = (row: ChannelRow, viewer: Viewer): ChannelDto => ({
  id: row.id,
  name: row.name,
  description: row.description,
  is_private: row.isPrivate,
  created_by: row.createdBy,
  created_at: row.createdAt.toISOString(),
  can_manage: canManageChannel(viewer, row),
});

/** SQL condition: the viewer may see the channel. */
const visibleTo = (viewer: Viewer) =>
  viewer.role === "admin"
    ? sql`1 = 1`
    : or(
        eq(channels.isPrivate, false),
        eq(channels.createdBy, viewer.id),
        exists(
          sql`(select 1 from ${channelMembers} where ${channelMembers.channelId} = ${channels.id} and ${channelMembers.userId} = ${viewer.id})`,
        ),
      );

/**
 * Every channel for an admin; for anyone else the ids come from three indexed lookups (public ones,
 * their own, the ones they are a member of), so the list never scans the whole channels table.
 */
export async function listVisibleChannels(db: Database, viewer: Viewer) {
  if (viewer.role === "admin") return db.select().from(channels).orderBy(asc(channels.id));
  const visibleIds = sql`select ${channels.id} from ${channels} where ${channels.isPrivate} = 0
    union select ${channels.id} from ${channels} where ${channels.createdBy} = ${viewer.id}
    union select ${channelMembers.channelId} from ${channelMembers} where ${channelMembers.userId} = ${viewer.id}`;
  return db.select().from(channels).where(sql`${channels.id} in (${visibleIds})`).orderBy(asc(channels.id));
}

/** The channel when it exists and the viewer may see it; otherwise null (callers answer 404 either way). */
export async function getVisibleChannel(db: Database, viewer: Viewer, id: number) {
  const [row] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.id, id), visibleTo(viewer)))
    .limit(1);
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
    db.delete(channels).where(eq(channels.id, id)),
  ]);
  return images.map((r) => r.key!).filter(Boolean);
}

export async function listChannelMembers(db: Database, channelId: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(channelMembers)
    .innerJoin(users, eq(users.id, channelMembers.userId))
    .where(eq(channelMembers.channelId, channelId))
    .orderBy(asc(channelMembers.createdAt), asc(users.id));
}

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function addChannelMember(db: Database, channelId: number, userId: number) {
  await db.insert(channelMembers).values({ channelId, userId }).onConflictDoNothing();
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
  createdAt: Date;
};

export const messageImagePath = (id: number) => `/api/messages/${id}/image`;

/** The Message of SPEC §3 as `viewerId` sees it: hidden ones read as removed, with the reason for their sender only. */
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
});

/**
 * Oldest first. With `after`: the messages newer than that id (up to chatCatchUpPage); without: the
 * latest chatHistoryPage. Read together with the viewer's access to the channel in ONE
 * statement (the 3-second poll's only query besides the session): the channel row (by primary key,
 * with the visibility condition) left-joined to its messages (by the channel/id index). Null when the
 * channel does not exist or the viewer may not see it.
 */
export async function listVisibleMessages(db: Database, viewer: Viewer, channelId: number, after?: number): Promise<MessageRow[] | null> {
  const newest = after === undefined;
  const rows = await db
    .select({
      channelId: channels.id,
      id: messages.id,
      senderId: messages.senderId,
      senderName: users.name,
      body: messages.body,
      imageKey: messages.imageKey,
      hiddenAt: messages.hiddenAt,
      hiddenReason: messages.hiddenReason,
      createdAt: messages.createdAt,
    })
    .from(channels)
    // The channel id as a bound value (not channels.id), so the planner reads messages_channel_idx (channel_id=? AND id>?).
    .leftJoin(messages, newest ? eq(messages.channelId, channelId) : and(eq(messages.channelId, channelId), gt(messages.id, after)))
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(channels.id, channelId), visibleTo(viewer)))
    .orderBy(newest ? desc(messages.id) : asc(messages.id))
    .limit(newest ? LIMITS.chatHistoryPage : LIMITS.chatCatchUpPage);
  if (rows.length === 0) return null;
  const found = rows.filter((r): r is typeof r & { id: number; senderId: number; body: string; createdAt: Date } => r.id !== null);
  return newest ? found.reverse() : found;
}

export async function insertMessage(db: Database, input: { channelId: number; sender: Pick<SessionUser, "id" | "name">; body: string; imageKey: string | null }) {
  const [row] = await db
    .insert(messages)
    .values({ channelId: input.channelId, senderId: input.sender.id, body: input.body, imageKey: input.imageKey })
    .returning();
  return { ...row, senderName: input.sender.name };
}

export async function getMessage(db: Database, id: number) {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row ?? null;
}

