// Reactions on posts, comments and chat messages: toggling one, the counts every list carries,
// who reacted, and who may react at all (canReact: the one place the reaction rules live).
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { countReactions } from "../../../db/reaction-counts";
import { channels, comments, messages, posts, reactions } from "../../../db/schema";
import type { SessionUser } from "../../../env";
import type { ReactionCountDto } from "../../../shared/chat-wire";
import { DEFAULT_NAME, REACTIONS, type ReactionEmoji, type ReactionKind } from "../../../shared/rules";
import { visibleTo } from "../../chat/index";

/** Who reacted with one emoji (the first REACTIONS.namesMax, in the order they reacted). */
export type ReactionNames = ReactionCountDto & { names: string[] };

/** Who reacted to the item, per emoji: the count, whether the viewer did, and the first REACTIONS.namesMax names. */
export async function reactionNames(
  db: Database,
  kind: ReactionKind,
  targetId: number,
  viewerId: number,
): Promise<ReactionNames[]> {
  const [counts, names] = await Promise.all([
    countReactions(db, kind, targetId, viewerId),
    db.all<{ emoji: string; name: string | null }>(sql`select emoji, name from (
      select r.emoji as emoji, u.name as name,
        row_number() over (partition by r.emoji order by r.created_at, r.user_id) as place
      from ${reactions} r join users u on u.id = r.user_id where r.kind = ${kind} and r.target_id = ${targetId})
      where place <= ${REACTIONS.namesMax} order by emoji, place`),
  ]);
  return counts.map((c) => ({
    ...c,
    names: names.filter((n) => n.emoji === c.emoji).map((n) => n.name || DEFAULT_NAME),
  }));
}

/** The item a member reacts to: who wrote it, and for a message its channel (a direct message's key, too). */
export type ReactionTarget = {
  authorId: number;
  channelId: number | null;
  isPrivate: boolean;
  directKey: string | null;
};

/**
 * Whether `reactor` may react to the item, in one query: it exists, a moderator has not hidden it, a
 * message is not deleted and sits in a channel the reactor may read. Null when not (the route answers
 * 404 whichever it is); the target otherwise.
 */
export async function canReact(
  db: Database,
  reactor: Pick<SessionUser, "id" | "role">,
  kind: ReactionKind,
  id: number,
): Promise<ReactionTarget | null> {
  if (kind === "post") {
    const [row] = await db
      .select({ authorId: posts.authorId })
      .from(posts)
      .where(and(eq(posts.id, id), isNull(posts.hiddenAt)));
    return row ? { authorId: row.authorId, channelId: null, isPrivate: false, directKey: null } : null;
  }
  if (kind === "comment") {
    const [row] = await db
      .select({ authorId: comments.authorId })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(and(eq(comments.id, id), isNull(comments.hiddenAt), isNull(posts.hiddenAt)));
    return row ? { authorId: row.authorId, channelId: null, isPrivate: false, directKey: null } : null;
  }
  const [row] = await db
    .select({
      authorId: messages.senderId,
      channelId: messages.channelId,
      isPrivate: channels.isPrivate,
      directKey: channels.directKey,
    })
    .from(messages)
    .innerJoin(channels, eq(channels.id, messages.channelId))
    .where(and(eq(messages.id, id), isNull(messages.hiddenAt), isNull(messages.deletedAt), visibleTo(reactor)));
  return row ?? null;
}

type ReactionInput = { kind: ReactionKind; targetId: number; userId: number; emoji: ReactionEmoji };

/** Takes the member's reaction with `emoji` off the item; true when it was there. */
export async function removeReaction(db: Database, input: ReactionInput): Promise<boolean> {
  const removed = await db
    .delete(reactions)
    .where(
      and(
        eq(reactions.kind, input.kind),
        eq(reactions.targetId, input.targetId),
        eq(reactions.userId, input.userId),
        eq(reactions.emoji, input.emoji),
      ),
    )
    .returning({ emoji: reactions.emoji });
  return removed.length > 0;
}

/**
 * Toggles the member's reaction with `emoji` on the item: removed when it was there, added otherwise.
 * True when it was added.
 */
export async function toggleReaction(db: Database, input: ReactionInput): Promise<boolean> {
  if (await removeReaction(db, input)) return false;
  // A double click racing itself inserts once; the second answer still reads "added".
  await db.insert(reactions).values(input).onConflictDoNothing();
  return true;
}

/** The member's reactions, for their data export. */
export function reactionsByMember(db: Database, userId: number) {
  return db
    .select({
      kind: reactions.kind,
      target_id: reactions.targetId,
      emoji: reactions.emoji,
      created_at: reactions.createdAt,
    })
    .from(reactions)
    .where(eq(reactions.userId, userId))
    .orderBy(reactions.createdAt);
}
