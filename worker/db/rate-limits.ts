// The rate_limits table's SQL (worker/platform/rate-limit.ts decides what is limited and answers 429): one atomic
// upsert per call, so concurrent calls are each counted; a window opens at the first call after the previous one.
import { and, eq, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "./client";
import { rateLimits, users } from "./schema";
import type { SessionMemberSql } from "./sessions";

/** The counter's upsert on conflict: one more call in the current window, or the first of a new one. */
const countingOnConflict = (now: number, windowSeconds: number) => {
  const expiredBefore = now - windowSeconds * 1000;
  return {
    target: rateLimits.key,
    set: {
      count: sql`CASE WHEN ${rateLimits.windowStart} <= ${expiredBefore} THEN 1 ELSE ${rateLimits.count} + 1 END`,
      windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${expiredBefore} THEN ${now}
        ELSE ${rateLimits.windowStart} END`,
    },
  };
};

/** Counts one call under `key`; returns the counter's row after it. */
export const countCall = (db: Database, input: { key: string; windowSeconds: number; now: number }) =>
  db
    .insert(rateLimits)
    .values({ key: input.key, windowStart: input.now, count: 1 })
    .onConflictDoUpdate(countingOnConflict(input.now, input.windowSeconds))
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .get();

/** The counter of the session's member (`<keyPrefix><id>`), counted in the session's batch when `when` holds. */
export const countMemberCallInBatch = (
  db: Database,
  input: { keyPrefix: string; member: SessionMemberSql; when: SQL; windowSeconds: number; now: number },
) =>
  db
    .insert(rateLimits)
    .select(
      db
        .select({
          key: sql<string>`${input.keyPrefix} || ${input.member.id}`.as("key"),
          windowStart: sql<number>`${input.now}`.as("window_start"),
          count: sql<number>`1`.as("count"),
        })
        .from(users)
        .where(and(eq(users.id, input.member.id), input.when)),
    )
    .onConflictDoUpdate(countingOnConflict(input.now, input.windowSeconds))
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });

/** The member's counter is within `limit`, for a later statement of the same batch (one transaction). */
export const withinLimitSql = (keyPrefix: string, member: SessionMemberSql, limit: number) =>
  sql`(select ${rateLimits.count} from ${rateLimits} where ${rateLimits.key} = ${keyPrefix} || ${member.id}) <= ${limit}`;

/** Deletes the counters whose window started at or before `deadBefore`; returns how many. */
export async function pruneRateLimitRows(db: Database, deadBefore: number) {
  const gone = await db
    .delete(rateLimits)
    .where(lte(rateLimits.windowStart, deadBefore))
    .returning({ key: rateLimits.key });
  return gone.length;
}
