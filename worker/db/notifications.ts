// Notifications (issue 19): who gets one for what, the member's list and read marks. Each writer is
// ONE statement (an INSERT … SELECT that finds the recipients itself) and returns the recipients, so
// the caller can tell their live sockets and queue their delivery. Nobody is notified of their own action.
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { mentionedIds } from "../shared/mentions";
import { NOTIFICATION_LIMITS } from "../shared/notification-rules";
import { type NotificationDto, type NotificationList, notificationUrl } from "../shared/notifications";
import { AUTORENEW } from "../shared/rules";
import { hasBlocked } from "./blocks";
import type { Database } from "./client";
import { inList, listTable } from "./lists";
import {
  channelInvitations,
  channelMembers,
  channels,
  events,
  notices,
  notificationPreferences,
  notifications,
  users,
} from "./schema";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The notifications a writer stored: each one's id (for delivery) and recipient (for live sockets). */
export type Notified = { id: number; userId: number }[];

export const notified = (rows: { id: number; user_id: number }[]): Notified =>
  rows.map((r) => ({ id: r.id, userId: r.user_id }));

/** A comment on a post: its author hears of it. */
export async function notifyComment(
  db: Database,
  input: { postId: number; commentId: number; actorId: number },
): Promise<Notified> {
  return notified(
    await db.all(sql`insert into notifications (user_id, kind, actor_id, post_id, comment_id)
      select author_id, 'comment', ${input.actorId}, id, ${input.commentId} from posts where id = ${input.postId}
        and author_id <> ${input.actorId}
      returning id, user_id`),
  );
}

/** A like: grouped into the author's one unread like notification for that post (counted, latest liker shown). */
export async function notifyLike(db: Database, input: { postId: number; actorId: number }): Promise<Notified> {
  return notified(
    await db.all(sql`insert into notifications (user_id, kind, actor_id, post_id)
      select author_id, 'like', ${input.actorId}, id from posts where id = ${input.postId}
        and author_id <> ${input.actorId}
      on conflict (user_id, post_id) where kind = 'like' and read_at is null
      do update set count = count + 1, actor_id = excluded.actor_id, created_at = excluded.created_at
      returning id, user_id`),
  );
}

/** A pinned notice: every member but its author. */
export async function notifyPinnedNotice(
  db: Database,
  input: { noticeId: number; authorId: number },
): Promise<Notified> {
  return notified(
    await db.all(sql`insert into notifications (user_id, kind, actor_id, notice_id)
      select id, 'notice', ${input.authorId}, ${input.noticeId} from users where id <> ${input.authorId}
      returning id, user_id`),
  );
}

/** Added to a private channel. */
export async function notifyChannelInvite(
  db: Database,
  input: { userId: number; channelId: number; actorId: number },
): Promise<Notified> {
  if (input.userId === input.actorId) return [];
  return db
    .insert(notifications)
    .values({ userId: input.userId, kind: "channel_invite", channelId: input.channelId, actorId: input.actorId })
    .returning({ id: notifications.id, userId: notifications.userId });
}

/**
 * Binding invitations: notifies a member of the private channels their pending invitations are about
 * to join them to, unless they were notified already (known accounts are notified when invited) or
 * invited themselves. Running it twice notifies once.
 */
export async function notifyInvitationsBinding(
  db: Database,
  input: { userId: number; email: string },
): Promise<Notified> {
  return notified(
    await db.all(sql`insert into notifications (user_id, kind, actor_id, channel_id)
      select ${input.userId}, 'channel_invite', i.invited_by, i.channel_id from channel_invitations i join channels c
        on c.id = i.channel_id
      where i.email = ${input.email} and c.is_private = 1 and (i.invited_by is null or i.invited_by <> ${input.userId})
        and not exists (select 1 from notifications n where n.user_id = ${input.userId} and n.kind = 'channel_invite'
          and n.channel_id = i.channel_id)
      returning id, user_id`),
  );
}

/**
 * @mentions in a post, a comment or a chat message: the members its mention tokens name by id
 * (mentionedIds, the first NOTIFICATION_LIMITS.mentionsMax), who exist, are not the writer and have not blocked them.
 * `readers`: for a private channel, the only people who may be notified (they alone can read it);
 * undefined for posts and public channels. After an edit, `before` is the replaced text: only members it
 * did not mention are notified, and never twice for the same item.
 */
export async function notifyMentions(
  db: Database,
  input: {
    text: string;
    actorId: number;
    postId?: number;
    commentId?: number;
    channelId?: number;
    messageId?: number;
    readers?: number[];
    before?: string;
  },
): Promise<Notified> {
  const earlier = new Set(input.before === undefined ? [] : mentionedIds(input.before));
  const ids = mentionedIds(input.text)
    .slice(0, NOTIFICATION_LIMITS.mentionsMax)
    .filter((id) => !earlier.has(id));
  if (ids.length === 0) return [];
  const mentioned = listTable(ids);
  const item = { postId: input.postId ?? null, commentId: input.commentId ?? null, messageId: input.messageId ?? null };
  const notYetTold =
    input.before === undefined
      ? sql``
      : sql`and not exists (select 1 from notifications n where n.user_id = u.id and n.kind = 'mention'
          and n.post_id is ${item.postId} and n.comment_id is ${item.commentId} and n.message_id is ${item.messageId})`;
  return notified(
    await db.all(sql`insert into notifications (user_id, kind, actor_id, post_id, comment_id, channel_id, message_id)
      select u.id, 'mention', ${input.actorId}, ${item.postId}, ${item.commentId}, ${input.channelId ?? null},
        ${item.messageId}
      from ${mentioned} m join users u on u.id = m.value
      where u.id <> ${input.actorId} and not ${hasBlocked(sql`u.id`, input.actorId)}
        ${input.readers ? sql`and ${inList(sql`u.id`, input.readers)}` : sql``}
        ${notYetTold}
      returning id, user_id`),
  );
}

/**
 * A chat reply: the author of the message it answers, unless they wrote the reply, blocked its writer or
 * (private channel) are no longer among its `readers`. The notification leads to the reply.
 */
export async function notifyReply(
  db: Database,
  input: { repliedTo: number; replyId: number; actorId: number; channelId: number; readers?: number[] },
): Promise<Notified> {
  return notified(
    await db.all(sql`insert into notifications (user_id, kind, actor_id, channel_id, message_id)
      select m.sender_id, 'reply', ${input.actorId}, ${input.channelId}, ${input.replyId}
      from messages m where m.id = ${input.repliedTo} and m.sender_id <> ${input.actorId}
        and not ${hasBlocked(sql`m.sender_id`, input.actorId)}
      ${input.readers ? sql`and ${inList(sql`m.sender_id`, input.readers)}` : sql``}
      returning user_id`),
  );
}

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

/**
 * The daily reminder: members whose membership ends within NOTIFICATION_LIMITS.membershipReminderDays get one
 * notification per due date (the partial unique index on (user, due date) makes re-runs and missed
 * days harmless). Returns the members reminded now.
 */
export async function remindMembershipsEnding(db: Database, now: number): Promise<Notified> {
  const until = now + NOTIFICATION_LIMITS.membershipReminderDays * DAY_MS;
  return notified(
    await db.all(sql`insert into notifications (user_id, kind, detail)
      select m.user_id, 'membership_ending', cast(m.next_payment_due as text) from memberships m join users u
        on u.id = m.user_id
      where m.next_payment_due > ${now} and m.next_payment_due <= ${until} and u.role = 'member'
        and not exists (select 1 from autorenew_enrolments e where e.user_id = m.user_id and e.status = 'active')
      on conflict do nothing
      returning user_id`),
  );
}

/**
 * Members with auto-renew on are told instead that the card will be charged (issue 34), with the amount
 * and how to stop, once per due date, AUTORENEW.noticeDays before it.
 */
export async function noticeAutorenewCharges(db: Database, now: number): Promise<Notified> {
  const until = now + AUTORENEW.noticeDays * DAY_MS;
  return notified(
    await db.all(sql`insert into notifications (user_id, kind, detail)
      select m.user_id, 'autorenew_notice', cast(m.next_payment_due as text)
        from memberships m join users u on u.id = m.user_id
      join autorenew_enrolments e on e.user_id = m.user_id and e.status = 'active'
      where m.next_payment_due > ${now} and m.next_payment_due <= ${until} and u.role = 'member'
      on conflict do nothing
      returning id, user_id`),
  );
}

type ListRow = {
  id: number;
  kind: NotificationDto["kind"];
  readAt: Date | null;
  createdAt: Date;
  count: number;
  actorName: string | null;
  postId: number | null;
  commentId: number | null;
  channelId: number | null;
  channelName: string | null;
  messageId: number | null;
  noticeTitle: string | null;
  eventId: number | null;
  eventTitle: string | null;
  detail: string | null;
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
 * Kinds the member turned off in the app (issue 33) stay stored (push and email are planned from the
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

/** Marks the member's notifications read (these ids, or all); returns the unread count left. */
export async function markNotificationsRead(
  db: Database,
  userId: number,
  ids: number[] | undefined,
  now = Date.now(),
): Promise<number> {
  const mine = and(
    eq(notifications.userId, userId),
    isNull(notifications.readAt),
    ids ? inList(notifications.id, ids) : undefined,
  );
  const [, [{ unread }]] = await db.batch([
    db
      .update(notifications)
      .set({ readAt: new Date(now) })
      .where(mine),
    db
      .select({ unread: sql<number>`count(*)` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), shownInApp(userId))),
  ]);
  return unread;
}
