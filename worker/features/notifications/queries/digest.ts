// The email digest: who opted in, what is new for a member since their last digest, and the
// claim that makes each digest go once (a conditional update of digest_sent_at).
import { and, count, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { notices, notificationPreferences, notifications, posts, users } from "../../../db/schema";
import type { Digest } from "../../../shared/notification-settings";
import type { Language } from "../../../shared/rules";
import { shownInApp } from "./inbox";

/** How many unread notifications and new notices a digest names (the rest are counted). */
export const DIGEST_LISTED = 10;

export type DigestMember = {
  userId: number;
  digest: Exclude<Digest, "off">;
  sentAt: number | null;
  email: string;
  language: Language | null;
  timezone: string | null;
};

/** Every member who turned the digest on (one row each; the table holds only members who changed a choice). */
export async function digestMembers(db: Database): Promise<DigestMember[]> {
  const rows = await db
    .select({
      userId: notificationPreferences.userId,
      digest: notificationPreferences.digest,
      sentAt: notificationPreferences.digestSentAt,
      email: users.email,
      language: users.language,
      timezone: users.timezone,
    })
    .from(notificationPreferences)
    .innerJoin(users, eq(users.id, notificationPreferences.userId))
    .where(ne(notificationPreferences.digest, "off"));
  return rows.map((r) => ({ ...r, digest: r.digest as DigestMember["digest"], sentAt: r.sentAt?.getTime() ?? null }));
}

/**
 * What is new for a member since `since`: their unread notifications (of kinds shown in their bell), the
 * lounge's new posts by others (not hidden) and new notices. One round trip.
 */
export async function digestContents(db: Database, userId: number, since: number) {
  const after = new Date(since);
  const unread = and(
    eq(notifications.userId, userId),
    isNull(notifications.readAt),
    gt(notifications.createdAt, after),
    shownInApp(userId),
  );
  const [listed, [{ unreadCount }], [{ postCount }], newNotices] = await db.batch([
    db
      .select({ id: notifications.id })
      .from(notifications)
      .where(unread)
      .orderBy(desc(notifications.id))
      .limit(DIGEST_LISTED),
    db.select({ unreadCount: count() }).from(notifications).where(unread),
    db
      .select({ postCount: count() })
      .from(posts)
      .where(and(gt(posts.createdAt, after), ne(posts.authorId, userId), isNull(posts.hiddenAt))),
    db
      .select({ id: notices.id, title: notices.title })
      .from(notices)
      .where(gt(notices.createdAt, after))
      .orderBy(desc(notices.id))
      .limit(DIGEST_LISTED),
  ]);
  return { notificationIds: listed.map((n) => n.id), unreadCount, postCount, notices: newNotices };
}

/**
 * Claims this member's digest: digest_sent_at moves from what the run read to `now` only if no other run
 * moved it first, so of two racing runs exactly one sends.
 */
export async function claimDigest(db: Database, userId: number, readSentAt: number | null, now: number) {
  const claimed = await db
    .update(notificationPreferences)
    .set({ digestSentAt: new Date(now) })
    .where(
      and(
        eq(notificationPreferences.userId, userId),
        ne(notificationPreferences.digest, "off"),
        sql`${notificationPreferences.digestSentAt} is ${readSentAt}`,
      ),
    )
    .returning({ userId: notificationPreferences.userId });
  return claimed.length > 0;
}
