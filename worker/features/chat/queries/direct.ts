// Direct messages: a two-person private channel, its key the ordered pair; who may write to whom.
import { eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { blockedEitherWay, hasBlocked } from "../../../db/blocks";
import type { Database } from "../../../db/client";
import { inList } from "../../../db/lists";
import { channelMembers, channels, users } from "../../../db/schema";

import { type ChannelRow, listItemFields, type Viewer } from "./channels";

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
export const directWritable = (writerId: SQL | number) => {
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
