// The bell: a member's newest notifications and unread count (the kinds they turned off in the app left out), and
// the members an @mention may name.
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { inList } from "../../../db/lists";
import {
  channelInvitations,
  channelMembers,
  channels,
  events,
  notices,
  notificationPreferences,
  notifications,
  users,
} from "../../../db/schema";
import { NOTIFICATION_LIMITS } from "../../../shared/notification-rules";
import {
  type NotificationDto,
  type NotificationList,
  type NotificationRow,
  notificationUrl,
} from "../../../shared/notifications";

/**
 * @mention autocomplete: members (not the caller) whose name, or a word of it, starts with `prefix`
 * (case-insensitive for ASCII letters, SQLite's lower()), by name. `instr`, not LIKE: D1 caps LIKE
 * patterns at 50 bytes, and the member's text holds no wildcards. `readers` limits the answer to
 * those who may read a private channel.
 */
export function mentionableMembers(db: Database, input: { prefix: string; viewerId: number; readers?: number[] }) {
  return db
    .select({ id: users.id, name: sql<string>`${users.name}`, avatar_url: users.avatarUrl })
    .from(users)
    .where(
      and(
        ne(users.id, input.viewerId),
        sql`${users.name} <> ''`,
        sql`instr(' ' || lower(${users.name}), ' ' || lower(${input.prefix})) > 0`,
        input.readers ? inList(users.id, input.readers) : undefined,
      ),
    )
    .orderBy(users.name)
    .limit(NOTIFICATION_LIMITS.mentionSuggestions);
}

/** A row of the bell: the notification and what its list item shows besides. */
type ListRow = NotificationRow & {
  readAt: Date | null;
  createdAt: Date;
  count: number;
  noticeTitle: string | null;
};

function detailOf(row: ListRow): string | null {
  if (!row.detail) return null;
  if (row.kind === "membership_ending" || row.kind === "autorenew_notice")
    return new Date(Number(row.detail)).toISOString();
  // A reminder's detail is "<window>:<start ms>" (the key that sends it once); the member needs the window.
  if (row.kind === "event_reminder") return row.detail.split(":")[0];
  // A reaction's detail is "<kind>:<id>" (the key that groups it); the member needs what was reacted to.
  if (row.kind === "reaction") return row.detail.split(":")[0];
  return row.detail;
}

const toDto = (row: ListRow): NotificationDto => ({
  id: row.id,
  kind: row.kind,
  read: row.readAt !== null,
  created_at: row.createdAt.toISOString(),
  count: row.count,
  actor_name: row.actorName,
  post_id: row.postId,
  channel_id: row.channelId,
  channel_name: row.channelName,
  notice_title: row.noticeTitle,
  event_id: row.eventId,
  event_title: row.eventTitle,
  detail: detailOf(row),
  url: notificationUrl(row),
});

/**
 * Kinds the member turned off in the app stay stored (push and email are planned from the
 * row) but the bell neither lists nor counts them. Every kind is on in the app by default.
 */
export const shownInApp = (userId: number) =>
  sql`not exists (select 1 from ${notificationPreferences} p where p.user_id = ${userId}
    and json_extract(p.choices, '$.' || ${notifications.kind} || '.in_app') = 0)`;

/** The newest notifications and the unread count, in one round trip. */
export async function listNotifications(db: Database, userId: number): Promise<NotificationList> {
  const [rows, [{ unread }]] = await db.batch([
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
        count: notifications.count,
        // Aliased: in a D1 batch, rows come back keyed by column name, and users.name would meet channels.name.
        actorName: sql<string | null>`${users.name}`.as("actor_name"),
        postId: notifications.postId,
        commentId: notifications.commentId,
        channelId: notifications.channelId,
        // Only while the reader may read the channel or is invited to it (else the client says "a private channel");
        // never a direct message's (it has no name of its own: it reads as a private channel too).
        channelName: sql<string | null>`case when ${channels.directKey} is not null then null
          when ${channels.isPrivate} = 0 or ${channels.createdBy} = ${userId}
          or exists (select 1 from ${channelMembers} m where m.channel_id = ${channels.id} and m.user_id = ${userId})
          or exists (select 1 from ${channelInvitations} i where i.channel_id = ${channels.id}
            and i.email = (select ${users.email} from ${users} where ${users.id} = ${userId}))
          or (select ${users.role} from ${users} where ${users.id} = ${userId}) = 'admin' then ${channels.name} end`.as(
          "channel_name",
        ),
        messageId: notifications.messageId,
        noticeTitle: sql<string | null>`${notices.title}`.as("notice_title"),
        eventId: notifications.eventId,
        eventTitle: sql<string | null>`${events.title}`.as("event_title"),
        detail: notifications.detail,
      })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.actorId))
      .leftJoin(channels, eq(channels.id, notifications.channelId))
      .leftJoin(notices, eq(notices.id, notifications.noticeId))
      .leftJoin(events, eq(events.id, notifications.eventId))
      .where(and(eq(notifications.userId, userId), shownInApp(userId)))
      .orderBy(desc(notifications.id))
      .limit(NOTIFICATION_LIMITS.notificationsListMax),
    db
      .select({ unread: sql<number>`count(*)` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), shownInApp(userId))),
  ]);
  return { items: rows.map(toDto), unread: unread };
}
