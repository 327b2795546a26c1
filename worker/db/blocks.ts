// Blocks: a member blocks another. A block is never told to the blocked member. Its one rule
// (docs/architecture.md, "Blocks"): neither member can write into the pair's direct message or join the
// other's channel by invitation, and nothing the blocked member does notifies the blocker; every other
// write is accepted as anyone's. The blocker sees the blocked member's posts and comments collapsed.
import { and, asc, eq, type SQLWrapper, sql } from "drizzle-orm";
import { LIMITS } from "../shared/rules";
import type { Database } from "./client";
import { blocks, users } from "./schema";

/** SQL condition: `blocker` blocked `blocked` (either may be a column or a value). */
export const hasBlocked = (blocker: SQLWrapper | number, blocked: SQLWrapper | number) =>
  sql<boolean>`exists (select 1 from ${blocks}
    where ${blocks.blockerId} = ${blocker} and ${blocks.blockedId} = ${blocked})`;

/** SQL condition: either member blocked the other (either may be a column or a value). */
export const blockedEitherWay = (a: SQLWrapper | number, b: SQLWrapper | number) =>
  sql<boolean>`(${hasBlocked(a, b)} or ${hasBlocked(b, a)})`;

/**
 * Blocks `blockedId` once (blocking again changes nothing): "blocked" when the block holds, "unknown"
 * when there is no such member, "full" when the blocker already blocked LIMITS.blocksMax members.
 */
export async function blockMember(
  db: Database,
  blockerId: number,
  blockedId: number,
): Promise<"blocked" | "unknown" | "full"> {
  const count = sql`(select count(*) from ${blocks} where ${blocks.blockerId} = ${blockerId})`;
  const inserted = await db.all(sql`insert into ${blocks} (blocker_id, blocked_id)
    select ${blockerId}, ${users.id} from ${users} where ${users.id} = ${blockedId} and ${count} < ${LIMITS.blocksMax}
    on conflict do nothing returning blocked_id`);
  if (inserted.length > 0) return "blocked";
  const [[target], [already]] = await db.batch([
    db.select({ id: users.id }).from(users).where(eq(users.id, blockedId)).limit(1),
    db
      .select({ id: blocks.blockedId })
      .from(blocks)
      .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId))),
  ]);
  if (!target) return "unknown";
  return already ? "blocked" : "full";
}

/** Lifts a block; false when there was none. */
export async function unblockMember(db: Database, blockerId: number, blockedId: number): Promise<boolean> {
  const removed = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ id: blocks.blockedId });
  return removed.length > 0;
}

/** The members `blockerId` blocked, oldest block first. */
export function listBlocks(db: Database, blockerId: number) {
  return db
    .select({ user_id: users.id, name: users.name, avatar: users.avatarUrl, created_at: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(asc(blocks.createdAt), asc(users.id));
}
