// Notifications: who gets one for what, and read marks. This module is the ONE way a
// notification is written (scripts/check-imports.mjs refuses an insert into or update of the table anywhere
// else): every writer is one INSERT … SELECT through `write`, which applies the rules every notification
// follows (nobody is told of their own action, nor of the action of someone they blocked) and, through the
// table's outbox trigger, writes each notification's pending delivery in the same statement. A handle that
// wrote tells its `onNotificationsWritten` listener, so the request or job that wrote sends them right after.
import { and, eq, getTableColumns, isNull, type SQL, sql } from "drizzle-orm";
import { blockedEitherWay, hasBlocked } from "../../../db/blocks";
import type { Database } from "../../../db/client";
import { inList, listTable } from "../../../db/lists";
import { notifications, payments } from "../../../db/schema";
import { mentionedIds } from "../../../shared/mentions";
import { NOTIFICATION_LIMITS } from "../../../shared/notification-rules";
import { AUTORENEW, type ReactionKind } from "../../../shared/rules";
import { shownInApp } from "./inbox";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The notifications a writer stored: each one's id and recipient. */
export type Notified = { id: number; userId: number }[];

const notified = (rows: { id: number; user_id: number }[]): Notified =>
  rows.map((r) => ({ id: r.id, userId: r.user_id }));

const listeners = new WeakMap<Database, () => void>();

/**
 * Registers what runs when this database handle writes notifications (the request's sender after its
 * response). Handles without a listener (scheduled jobs) leave them to the sender that runs after the jobs.
 */
export function onNotificationsWritten(db: Database, listener: () => void) {
  listeners.set(db, listener);
}

/** The columns a writer may give besides the recipient and the kind (the rest of a row is the table's defaults). */
const OPTIONAL_COLUMNS = [
  "actor_id",
  "post_id",
  "comment_id",
  "channel_id",
  "message_id",
  "notice_id",
  "event_id",
  "payment_id",
  "detail",
] as const;

/** The columns every writer's rows name, in this order. */
const COLUMNS = sql.raw(["user_id", "kind", ...OPTIONAL_COLUMNS].join(", "));

type Row = Partial<Record<(typeof OPTIONAL_COLUMNS)[number], SQL | number | string | null>>;

/**
 * One SELECT list of every column, for a writer's rows: `user_id` and `kind` given, the rest as given or null.
 * Numbers and strings are bound; SQL is used as it is (a column of the writer's FROM). A column left out is a
 * literal null, not a bound variable (D1 binds at most 100 a statement).
 */
const rowOf = (userId: SQL | number, kind: string, row: Row = {}) =>
  sql.join(
    [
      sql`${userId} as user_id`,
      sql`${kind} as kind`,
      ...OPTIONAL_COLUMNS.map((column) => sql`${row[column] ?? sql`null`} as ${sql.raw(column)}`),
    ],
    sql`, `,
  );

/** The writer's rows less the recipient's own actions and those of a member the recipient blocked. */
const allowed = (rows: SQL) =>
  sql`select ${COLUMNS} from (${rows}) r
    where r.actor_id is null or (r.user_id <> r.actor_id and not ${hasBlocked(sql`r.user_id`, sql`r.actor_id`)})`;

/** The statement every notification is written by: the allowed rows, then the writer's conflict rule. */
const statement = (rows: SQL, onConflict: SQL = sql``) =>
  sql`insert into ${notifications} (${COLUMNS}) ${allowed(rows)} ${onConflict} returning id, user_id`;

/** Writes and tells the handle's listener when anything was written. */
async function write(db: Database, rows: SQL, onConflict?: SQL): Promise<Notified> {
  const written = notified(await db.all<{ id: number; user_id: number }>(statement(rows, onConflict)));
  if (written.length > 0) listeners.get(db)?.();
  return written;
}

/**
 * The same statement for a caller's batch (a payment's settlement writes its notification in the batch that
 * settles it): the listener is told now, and sends after the response, once the batch has run.
 */
function writeInBatch(db: Database, rows: SQL) {
  listeners.get(db)?.();
  // drizzle's insert … select (the form a D1 batch takes) names every column of the table, in its order.
  const given: Record<string, SQL> = {
    id: sql`null`,
    count: sql`1`,
    read_at: sql`null`,
    created_at: sql`unixepoch('subsec') * 1000`,
  };
  const inTableOrder = Object.values(getTableColumns(notifications)).map((c) => given[c.name] ?? sql.raw(c.name));
  return db.insert(notifications).select(sql`select ${sql.join(inTableOrder, sql`, `)} from (${allowed(rows)})`);
}

/** Grouped kinds (likes, reactions): a new one on an unread row counts one more and shows the latest actor. */
const regroup = (target: SQL) =>
  sql`on conflict ${target} do update set count = count + 1, actor_id = excluded.actor_id,
    created_at = unixepoch('subsec') * 1000`;

/** A comment on a post: its author hears of it. */
export function notifyComment(db: Database, input: { postId: number; commentId: number; actorId: number }) {
  return write(
    db,
    sql`select ${rowOf(sql`author_id`, "comment", { actor_id: input.actorId, post_id: sql`id`, comment_id: input.commentId })}
      from posts where id = ${input.postId}`,
  );
}

/** A like: grouped into the author's one unread like notification for that post (counted, latest liker shown). */
export function notifyLike(db: Database, input: { postId: number; actorId: number }) {
  return write(
    db,
    sql`select ${rowOf(sql`author_id`, "like", { actor_id: input.actorId, post_id: sql`id` })}
      from posts where id = ${input.postId}`,
    regroup(sql`(user_id, post_id) where kind = 'like' and read_at is null`),
  );
}

/** A pinned notice: every member but its author. */
export function notifyPinnedNotice(db: Database, input: { noticeId: number; authorId: number }) {
  return write(
    db,
    sql`select ${rowOf(sql`id`, "notice", { actor_id: input.authorId, notice_id: input.noticeId })} from users`,
  );
}

/**
 * Added to a private channel. Between a blocked pair (either way) an invitation never joins, so it tells nobody
 * either (worker/features/chat/queries/invitations.ts drops it at binding).
 */
export function notifyChannelInvite(db: Database, input: { userId: number; channelId: number; actorId: number }) {
  return write(
    db,
    sql`select ${rowOf(input.userId, "channel_invite", { channel_id: input.channelId, actor_id: input.actorId })}
      where not ${blockedEitherWay(input.userId, input.actorId)}`,
  );
}

/**
 * Binding invitations: notifies a member of the private channels their pending invitations are about
 * to join them to, unless they were notified already (known accounts are notified when invited) or
 * invited themselves. Running it twice notifies once.
 */
export function notifyInvitationsBinding(db: Database, input: { userId: number; email: string }) {
  return write(
    db,
    sql`select ${rowOf(input.userId, "channel_invite", { actor_id: sql`i.invited_by`, channel_id: sql`i.channel_id` })}
      from channel_invitations i join channels c on c.id = i.channel_id
      where i.email = ${input.email} and c.is_private = 1
        and not exists (select 1 from notifications n where n.user_id = ${input.userId} and n.kind = 'channel_invite'
          and n.channel_id = i.channel_id)`,
  );
}

/**
 * @mentions in a post, a comment or a chat message: the members its mention tokens name by id
 * (mentionedIds, the first NOTIFICATION_LIMITS.mentionsMax) who exist.
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
  const item = { postId: input.postId ?? null, commentId: input.commentId ?? null, messageId: input.messageId ?? null };
  const notYetTold =
    input.before === undefined
      ? sql``
      : sql`and not exists (select 1 from notifications n where n.user_id = u.id and n.kind = 'mention'
          and n.post_id is ${item.postId} and n.comment_id is ${item.commentId} and n.message_id is ${item.messageId})`;
  return write(
    db,
    sql`select ${rowOf(sql`u.id`, "mention", {
      actor_id: input.actorId,
      post_id: item.postId,
      comment_id: item.commentId,
      channel_id: input.channelId ?? null,
      message_id: item.messageId,
    })}
      from ${listTable(ids)} m join users u on u.id = m.value
      where true ${input.readers ? sql`and ${inList(sql`u.id`, input.readers)}` : sql``} ${notYetTold}`,
  );
}

/**
 * A chat reply: the author of the message it answers, unless (private channel) they are no longer among its
 * `readers`. The notification leads to the reply.
 */
export function notifyReply(
  db: Database,
  input: { repliedTo: number; replyId: number; actorId: number; channelId: number; readers?: number[] },
) {
  return write(
    db,
    sql`select ${rowOf(sql`m.sender_id`, "reply", {
      actor_id: input.actorId,
      channel_id: input.channelId,
      message_id: input.replyId,
    })}
      from messages m where m.id = ${input.repliedTo}
      ${input.readers ? sql`and ${inList(sql`m.sender_id`, input.readers)}` : sql``}`,
  );
}

/** The item a reaction names, with the notification columns that point at it. */
function reactedItem(kind: ReactionKind, id: number) {
  if (kind === "post")
    return sql`select author_id as user_id, id as post_id, null as comment_id, null as channel_id,
      null as message_id from posts where id = ${id}`;
  if (kind === "comment")
    return sql`select author_id as user_id, post_id, id as comment_id, null as channel_id, null as message_id
      from comments where id = ${id}`;
  return sql`select sender_id as user_id, null as post_id, null as comment_id, channel_id, id as message_id
    from messages where id = ${id}`;
}

/**
 * A reaction tells the item's author, grouped like likes: one unread notification per member and item
 * (the partial unique index on (user, detail), detail naming the item as "<kind>:<id>"), counted, the
 * latest reactor shown. For a message in a private channel only while its author can still read it (`readers`).
 */
export function notifyReaction(
  db: Database,
  input: { kind: ReactionKind; targetId: number; actorId: number; readers?: number[] },
) {
  return write(
    db,
    sql`select ${rowOf(sql`item.user_id`, "reaction", {
      actor_id: input.actorId,
      post_id: sql`item.post_id`,
      comment_id: sql`item.comment_id`,
      channel_id: sql`item.channel_id`,
      message_id: sql`item.message_id`,
      detail: `${input.kind}:${input.targetId}`,
    })}
      from (${reactedItem(input.kind, input.targetId)}) item
      where true ${input.readers ? sql`and ${inList(sql`item.user_id`, input.readers)}` : sql``}`,
    regroup(sql`(user_id, detail) where kind = 'reaction' and read_at is null`),
  );
}

/** "You have a seat": one notification per promoted member (one bound list, however many). */
export function notifyPromoted(db: Database, input: { eventId: number; userIds: number[] }) {
  if (input.userIds.length === 0) return Promise.resolve([] as Notified);
  return write(
    db,
    sql`select ${rowOf(sql`p.value`, "event_promoted", { event_id: input.eventId })} from ${listTable(input.userIds)} p`,
  );
}

/**
 * "A new lesson opened": the given members (one bound list) of the lesson's program, once each (the partial unique
 * index on (member, kind, "<program>:<lesson>") makes a second run, or a racing one, write nothing).
 */
export function notifyLessonOpened(db: Database, input: { programId: number; lessonId: number; userIds: number[] }) {
  if (input.userIds.length === 0) return Promise.resolve([] as Notified);
  return write(
    db,
    sql`select ${rowOf(sql`p.value`, "lesson_opened", { detail: `${input.programId}:${input.lessonId}` })}
      from ${listTable(input.userIds)} p`,
    sql`on conflict do nothing`,
  );
}

/** "Your cohort starts tomorrow": every member enrolled in the program, once each. */
export function notifyCohortStarting(db: Database, programId: number) {
  return write(
    db,
    sql`select ${rowOf(sql`user_id`, "cohort_starting", { detail: String(programId) })}
      from program_enrolments where program_id = ${programId}`,
    sql`on conflict do nothing`,
  );
}

/** Everyone who answered the event (but `actorId`) hears of its cancellation or move. */
export function notifyAnswerers(
  db: Database,
  input: { eventId: number; kind: "event_cancelled" | "event_moved"; actorId: number; detail?: string },
) {
  return write(
    db,
    sql`select ${rowOf(sql`user_id`, input.kind, { actor_id: input.actorId, event_id: input.eventId, detail: input.detail ?? null })}
      from event_rsvps where event_id = ${input.eventId}`,
  );
}

/**
 * Reminders to the members going to an event (or one occurrence of a series): `key` is "<window>:<start ms>",
 * and the partial unique index on (member, event, key) makes a second run, or a racing one, write nothing.
 * `single` reminds every event without repeats whose start is within (from, to], in one statement.
 */
export function notifyEventReminders(
  db: Database,
  input: { single: { window: string; from: number; to: number } } | { eventId: number; key: string },
) {
  if ("single" in input) {
    const w = input.single;
    return write(
      db,
      sql`select ${rowOf(sql`r.user_id`, "event_reminder", { event_id: sql`e.id`, detail: sql`${w.window} || ':' || e.starts_at` })}
        from events e join event_rsvps r on r.event_id = e.id and r.status = 'going'
        where e.repeat is null and e.cancelled_at is null and e.starts_at > ${w.from} and e.starts_at <= ${w.to}`,
      sql`on conflict do nothing`,
    );
  }
  return write(
    db,
    sql`select ${rowOf(sql`user_id`, "event_reminder", { event_id: input.eventId, detail: input.key })}
      from event_rsvps where event_id = ${input.eventId} and status = 'going'`,
    sql`on conflict do nothing`,
  );
}

/**
 * A payment's result for its member, written only while the payment is still pending: it runs in the batch
 * that settles the payment, before the status changes, so only the settling call writes it.
 */
export const paymentResult = (db: Database, paymentId: number, detail: "completed" | "failed") =>
  writeInBatch(
    db,
    sql`select ${rowOf(sql`user_id`, "payment", { payment_id: sql`id`, detail })} from ${payments}
      where id = ${paymentId} and status = 'pending' and user_id is not null`,
  );

/**
 * The daily reminder: members whose membership ends within NOTIFICATION_LIMITS.membershipReminderDays get one
 * notification per due date (the partial unique index on (user, due date) makes re-runs and missed
 * days harmless). Members with auto-renew on are told of the charge instead (autorenewChargeNotices).
 */
export function remindMembershipsEnding(db: Database, now: number) {
  const until = now + NOTIFICATION_LIMITS.membershipReminderDays * DAY_MS;
  return write(
    db,
    sql`select ${rowOf(sql`m.user_id`, "membership_ending", { detail: sql`cast(m.next_payment_due as text)` })}
      from memberships m join users u on u.id = m.user_id
      where m.next_payment_due > ${now} and m.next_payment_due <= ${until} and u.role = 'member'
        and not exists (select 1 from autorenew_enrolments e where e.user_id = m.user_id and e.status = 'active')`,
    sql`on conflict do nothing`,
  );
}

/**
 * Members with auto-renew on are told instead that the card will be charged, with the amount
 * and how to stop, once per due date, AUTORENEW.noticeDays before it.
 */
export function noticeAutorenewCharges(db: Database, now: number) {
  const until = now + AUTORENEW.noticeDays * DAY_MS;
  return write(
    db,
    sql`select ${rowOf(sql`m.user_id`, "autorenew_notice", { detail: sql`cast(m.next_payment_due as text)` })}
      from memberships m join users u on u.id = m.user_id
      join autorenew_enrolments e on e.user_id = m.user_id and e.status = 'active'
      where m.next_payment_due > ${now} and m.next_payment_due <= ${until} and u.role = 'member'`,
    sql`on conflict do nothing`,
  );
}

/**
 * A plan's price rose: each member whose enrolled renewal keeps its price was marked told at `toldAt` in the same
 * batch (worker/features/payments/queries/plans.ts), and hears, once per raise, the plan, the price they keep, the
 * new one and the date it applies from (`appliesAt`).
 */
export const notifyPriceChange = (
  db: Database,
  input: { planId: string; planName: string; newClp: number; toldAt: number; appliesAt: number },
) =>
  writeInBatch(
    db,
    sql`select ${rowOf(sql`m.user_id`, "price_change", {
      detail: sql`json_object('plan', ${input.planName}, 'old_clp', m.kept_price_clp, 'new_clp', ${input.newClp},
        'applies_at', ${input.appliesAt})`,
    })}
      from memberships m
      where m.plan = ${input.planId} and m.price_told_at = ${input.toldAt} and m.kept_price_clp is not null`,
  );

/**
 * Automatic renewal gave up on a charge (its batch, right after the UPDATE that gave up, so only the run whose update
 * changed it writes; the first give-up only, not a new card refused in the grace): the member hears that access lasts
 * AUTORENEW.graceDays, with the link to enrol a new card.
 */
export const notifyRenewalRefused = (db: Database, chargeId: number) =>
  writeInBatch(
    db,
    sql`select ${rowOf(sql`user_id`, "payment", { payment_id: sql`payment_id`, detail: "renewal_refused" })}
      from autorenew_charges where id = ${chargeId} and state = 'gave_up' and changes() = 1
        and refusals = ${AUTORENEW.retryAfterDays.length + 1}`,
  );

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
