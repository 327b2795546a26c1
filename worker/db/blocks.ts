// Blocks (issue 36): a member blocks another. The blocked member cannot open or write a direct message
// to the blocker, and their mentions of the blocker notify nobody; the blocker sees their posts and
// comments collapsed. Nothing tells the blocked member: their refusals read as "not accepting messages".
import { and, asc, eq, or, type SQLWrapper, sql } from "drizzle-orm";
import { LIMITS } from "../shared/rules";
import type { Database } from "./client";
import { blocks, users } from "./schema";

/** True when either member blocked the other. */
export async function isBlockedBetween(db: Database, a: number, b: number): Promise<boolean> {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))),
    )
    .limit(1);
  return rows.length > 0;
}

/** SQL condition: `blocker` blocked `blocked` (either may be a column or a value). */
export const hasBlocked = (blocker: SQLWrapper | number, blocked: SQLWrapper | number) =>
  sql<boolean>`exists (select 1 from ${blocks}
    where ${blocks.blockerId} = ${blocker} and ${blocks.blockedId} = ${blocked})`;

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
