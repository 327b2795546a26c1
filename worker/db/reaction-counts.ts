// The reactions every list carries, read in the list's own statement; worker/features/lounge/queries/reactions.ts
// holds the writes and the rules.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { ReactionCountDto } from "../shared/chat-wire";
import { REACTIONS, type ReactionEmoji, type ReactionKind } from "../shared/rules";
import type { Database } from "./client";
import { reactions } from "./schema";

const emojiOrder = (emoji: string) => REACTIONS.emoji.indexOf(emoji as ReactionEmoji);

/** Counts in the set's order (the order chips are shown in), from rows or a JSON array of them. */
export function orderedReactions(rows: { emoji: string; count: number; mine: number | boolean }[]): ReactionCountDto[] {
  return rows
    .filter((r) => emojiOrder(r.emoji) >= 0)
    .sort((a, b) => emojiOrder(a.emoji) - emojiOrder(b.emoji))
    .map((r) => ({ emoji: r.emoji as ReactionEmoji, count: Number(r.count), mine: Boolean(Number(r.mine)) }));
}

/**
 * SQL column: the item's reactions as the viewer sees them, read in the list's own statement (one
 * grouped read of the primary key per item). `targetId` is the item's id column, qualified by hand
 * (drizzle writes a one-table select's columns bare, which the subquery would not resolve).
 */
export const reactionsOf = (kind: ReactionKind, targetId: SQL, viewerId: number | SQL<number>) =>
  sql<string>`(select json_group_array(json_object('emoji', emoji, 'count', n, 'mine', mine)) from (
    select r.emoji as emoji, count(*) as n, max(r.user_id = ${viewerId}) as mine from ${reactions} r
    where r.kind = ${kind} and r.target_id = ${targetId} group by r.emoji))`.mapWith((json: string | null) =>
    orderedReactions(json ? JSON.parse(json) : []),
  );

/** The item's reactions as `viewerId` sees them. */
export async function countReactions(db: Database, kind: ReactionKind, targetId: number, viewerId: number) {
  const rows = await db
    .select({
      emoji: reactions.emoji,
      count: sql<number>`count(*)`,
      mine: sql<number>`max(${reactions.userId} = ${viewerId})`,
    })
    .from(reactions)
    .where(and(eq(reactions.kind, kind), eq(reactions.targetId, targetId)))
    .groupBy(reactions.emoji);
  return orderedReactions(rows);
}
