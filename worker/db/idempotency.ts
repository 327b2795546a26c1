// The idempotency_keys table's SQL (worker/platform/idempotency.ts decides what is answered): a key is claimed with
// one conditional INSERT (the primary key makes a second claim impossible), its outcome is written once the write
// ran, a claim whose write failed is released, and keys past their 24 hours are pruned.
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { IDEMPOTENCY } from "../shared/rules";
import type { Database } from "./client";
import { idempotencyKeys, users } from "./schema";
import type { SessionMemberSql } from "./sessions";

export type StoredOutcome = { requestHash: string; status: number | null; responseBody: string | null };

export type Claim =
  /** The key is this request's: run the write, then saveOutcome or releaseClaim. */
  | { kind: "claimed"; userId: number }
  /** An earlier request holds the key (running while status is null). */
  | { kind: "held"; userId: number; stored: StoredOutcome }
  /** The member's keys are all still running (IDEMPOTENCY.keysPerMemberMax). */
  | { kind: "full" }
  /** No live session. */
  | { kind: "no_member" };

/**
 * Claims `key` for the session's member in one D1 batch (one round trip, one transaction): their oldest finished
 * keys past the bound make room, then the claim is an INSERT that does nothing when the key is held (an expired
 * key is taken over), then the holder's row and the member are read back.
 */
export async function claimKey(
  db: Database,
  input: { member: SessionMemberSql; key: string; requestHash: string; now: number },
): Promise<Claim> {
  const { member, key, requestHash, now } = input;
  const expiredBefore = now - IDEMPOTENCY.keptMs;
  const max = IDEMPOTENCY.keysPerMemberMax;
  const k = idempotencyKeys;
  const [, claimed, [held], [found]] = await db.batch([
    // Room for one more: the member's finished keys older than their newest max - 1 go.
    db.delete(k).where(
      and(
        eq(k.userId, member.id),
        sql`${k.status} is not null`,
        sql`${k.createdAt} <= (select ${k.createdAt} from ${k} where ${k.userId} = ${member.id}
            order by ${k.createdAt} desc limit 1 offset ${max - 1})`,
      ),
    ),
    db
      .insert(k)
      .select(
        db
          .select({
            userId: sql<number>`${member.id}`.as("user_id"),
            key: sql<string>`${key}`.as("key"),
            requestHash: sql<string>`${requestHash}`.as("request_hash"),
            status: sql<null>`null`.as("status"),
            responseBody: sql<null>`null`.as("response_body"),
            createdAt: sql<number>`${now}`.as("created_at"),
          })
          .from(users)
          .where(
            and(eq(users.id, member.id), sql`(select count(*) from ${k} where ${k.userId} = ${member.id}) < ${max}`),
          ),
      )
      .onConflictDoUpdate({
        target: [k.userId, k.key],
        set: {
          requestHash: sql`excluded.request_hash`,
          status: sql`null`,
          responseBody: sql`null`,
          createdAt: sql`excluded.created_at`,
        },
        // Only a key past its 24 hours is taken over; a held one stays as it is, even one whose request died
        // mid-way: whether its write happened is unknown, and a second row is never an answer.
        setWhere: lte(k.createdAt, expiredBefore),
      })
      .returning({ userId: k.userId }),
    db
      .select({ requestHash: k.requestHash, status: k.status, responseBody: k.responseBody })
      .from(k)
      .where(and(eq(k.userId, member.id), eq(k.key, key))),
    db.select({ id: users.id }).from(users).where(eq(users.id, member.id)),
  ]);
  if (!found) return { kind: "no_member" };
  if (claimed.length) return { kind: "claimed", userId: found.id };
  if (held) return { kind: "held", userId: found.id, stored: held };
  return { kind: "full" };
}

/** The write ran: its outcome answers every repeat of the key. */
export async function saveOutcome(
  db: Database,
  input: { userId: number; key: string; status: number; responseBody: string },
) {
  await db
    .update(idempotencyKeys)
    .set({ status: input.status, responseBody: input.responseBody })
    .where(
      and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.key, input.key), isNull(idempotencyKeys.status)),
    );
}

/** The write did not run to an outcome worth keeping (5xx, 429): the key is free for a retry. */
export async function releaseClaim(db: Database, input: { userId: number; key: string }) {
  await db
    .delete(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.key, input.key), isNull(idempotencyKeys.status)),
    );
}

/** Deletes the keys claimed at or before `expiredBefore`; returns how many. */
export async function pruneIdempotencyKeys(db: Database, expiredBefore: number) {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.createdAt, expiredBefore))
    .returning({ userId: idempotencyKeys.userId });
  return gone.length;
}
