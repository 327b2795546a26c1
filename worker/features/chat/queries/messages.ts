// Messages: what a reader sees of a channel's messages, the send's rules in its batch, deletion.
import { and, asc, desc, eq, exists, gt, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { reactionsOf } from "../../../db/reaction-counts";
import { channelReads, channels, contentVersions, messages, users } from "../../../db/schema";
import type { SessionMemberSql } from "../../../db/sessions";
import type { SessionUser } from "../../../env";
import type { BatchRateLimit } from "../../../platform/rate-limit";
import { messageImagePath } from "../../../shared/api-paths";
import { CHAT_LIMITS } from "../../../shared/chat-rules";
import type { MessageDto, ReactionCountDto } from "../../../shared/chat-wire";
import { DEFAULT_NAME, LIMITS, type ReportReason } from "../../../shared/rules";
import { TEXTS } from "../../../shared/texts";

import {
  advanceReadMarker,
  newestMessageId,
  readMarkerForward,
  type Viewer,
  visibleChannelQuery,
  visibleTo,
} from "./channels";
import { directWritable } from "./direct";

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
