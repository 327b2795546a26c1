// Delivery outside the app: members' notification choices, their browsers' push
// subscriptions, what one notification needs to be delivered, and the dead letters' count.
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { inList } from "../../../db/lists";
import {
  deadLetters,
  notificationDeliveries,
  notificationPreferences,
  notifications,
  payments,
  pushSubscriptions,
  users,
} from "../../../db/schema";
import { NOTIFICATION_LIMITS } from "../../../shared/notification-rules";
import {
  type Digest,
  type Preferences,
  type PreferencesDto,
  resolvePreferences,
} from "../../../shared/notification-settings";
import type { NotificationKind, NotificationRow } from "../../../shared/notifications";
import type { Language } from "../../../shared/rules";

const parseChoices = (json: string | null | undefined) => (json ? JSON.parse(json) : null);

export async function getPreferences(db: Database, userId: number): Promise<PreferencesDto> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return { preferences: resolvePreferences(parseChoices(row?.choices)), digest: row?.digest ?? "off" };
}

/** Stores the member's whole grid (resolved, so fixed choices stay fixed) and digest. */
export async function savePreferences(
  db: Database,
  userId: number,
  input: { preferences: Partial<Preferences>; digest: Digest },
): Promise<PreferencesDto> {
  const preferences = resolvePreferences(input.preferences);
  const choices = JSON.stringify(preferences);
  await db
    .insert(notificationPreferences)
    .values({ userId, choices, digest: input.digest })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { choices, digest: input.digest } });
  return { preferences, digest: input.digest };
}

/**
 * Subscribes a browser (its endpoint normalised) as the member's newest device: an endpoint already known
 * moves to this member with its new keys (one row), and past NOTIFICATION_LIMITS.pushDevicesMax the
 * member's oldest device is forgotten. One batch, so two subscribes at once cannot both keep an extra row.
 */
export async function savePushSubscription(
  db: Database,
  input: { userId: number; endpoint: string; p256dh: string; auth: string; userAgent: string | null },
) {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, input.userId))
    .orderBy(desc(pushSubscriptions.id))
    .limit(NOTIFICATION_LIMITS.pushDevicesMax);
  await db.batch([
    // Deleted and inserted again, not updated: a new id makes it the newest, whose turn to go comes last.
    db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, input.endpoint)),
    db.insert(pushSubscriptions).values(input),
    db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, input.userId), notInArray(pushSubscriptions.id, newest))),
  ]);
}

/** Removes the member's own subscription of that endpoint; true when there was one. */
export async function deletePushSubscription(db: Database, userId: number, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** A push service said the endpoint is gone (404 or 410): whoever it belonged to, it goes. */
export async function forgetPushEndpoint(db: Database, endpoint: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

export function listPushSubscriptions(db: Database, userId: number) {
  return db
    .select({
      endpoint: pushSubscriptions.endpoint,
      user_agent: pushSubscriptions.userAgent,
      created_at: pushSubscriptions.createdAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.id));
}

export async function pushKeysOf(db: Database, endpoint: string) {
  const [row] = await db
    .select({ p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));
  return row ?? null;
}

/** A notification to deliver, with its recipient's address, language, zone, choices and push endpoints. */
export type DeliveryTarget = NotificationRow & {
  userId: number;
  email: string;
  language: Language | null;
  timezone: string | null;
  /** A payment's notification: the payment whose receipt its email is. */
  paymentId: number | null;
  choices: string | null;
  endpoints: string | null;
};

/**
 * What delivering these notifications needs, in one query: the recipient's address, language and
 * choices, the facts the texts name, and the recipient's push endpoints (a JSON array). A direct
 * message has no channel name of its own: the texts say "a private channel".
 */
export async function deliveryTargets(db: Database, ids: number[]): Promise<DeliveryTarget[]> {
  return db.all<DeliveryTarget>(sql`select n.id, n.kind, n.user_id as userId, u.email, u.language, u.timezone,
      a.name as actorName, n.post_id as postId, n.comment_id as commentId, n.channel_id as channelId,
      case when c.direct_key is null then c.name end as channelName, n.message_id as messageId,
      n.event_id as eventId, ev.title as eventTitle, n.payment_id as paymentId, n.detail, p.choices,
      (select json_group_array(s.endpoint) from ${pushSubscriptions} s where s.user_id = n.user_id) as endpoints
    from ${notifications} n join ${users} u on u.id = n.user_id
      left join ${users} a on a.id = n.actor_id
      left join channels c on c.id = n.channel_id
      left join events ev on ev.id = n.event_id
      left join ${notificationPreferences} p on p.user_id = n.user_id
    where ${inList(sql`n.id`, ids)}`);
}

export const choicesOf = (target: Pick<DeliveryTarget, "choices">) => resolvePreferences(parseChoices(target.choices));

export async function recordDeadLetter(db: Database, input: { body: unknown; attempts: number }) {
  await db.insert(deadLetters).values({ body: JSON.stringify(input.body), attempts: input.attempts });
}

export async function countDeadLetters(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(deadLetters);
  return row?.n ?? 0;
}

/** One-click unsubscribe: that kind's email choice off (a fixed choice, the receipt, stays on), or the digest off. */
export async function unsubscribeFromEmail(db: Database, userId: number, topic: NotificationKind | "digest") {
  // The member may have deleted their account since the email went out: nothing to change then.
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!member) return;
  const current = await getPreferences(db, userId);
  if (topic === "digest") current.digest = "off";
  else current.preferences[topic] = { ...current.preferences[topic], email: false };
  await savePreferences(db, userId, current);
}

/** How many pending deliveries one sender claims at a time (one UPDATE, a bounded RETURNING). */
export const DELIVERIES_PER_CLAIM = 500;

/**
 * Claims the deliveries still pending (all, or those written at or before `writtenBefore`; the oldest first) for one sender: they become
 * `queued` in the same statement that reads them, so two senders racing (the one after a response, the sweep)
 * never queue the same delivery twice. Returns each claimed delivery's notification and recipient.
 */
export async function claimPendingDeliveries(
  db: Database,
  input: { writtenBefore?: number; now: number },
): Promise<{ notificationId: number; userId: number }[]> {
  const rows = await db.all<{ notification_id: number; user_id: number }>(sql`update ${notificationDeliveries}
    set state = 'queued', updated_at = ${input.now}
    where id in (select id from ${notificationDeliveries} where state = 'pending'
      ${input.writtenBefore === undefined ? sql`` : sql`and created_at <= ${input.writtenBefore}`}
      order by created_at limit ${DELIVERIES_PER_CLAIM})
    returning notification_id, user_id`);
  return rows.map((r) => ({ notificationId: r.notification_id, userId: r.user_id }));
}

/**
 * Deliveries claimed (`queued`) at or before `claimedBefore` that the queue's consumer never marked: their sender
 * stopped between the claim and the queue taking them. Back to `pending`, for the sweep to send; returns how many.
 */
export async function requeueStaleDeliveries(db: Database, claimedBefore: number): Promise<number> {
  const rows = await db
    .update(notificationDeliveries)
    .set({ state: "pending" })
    .where(
      and(eq(notificationDeliveries.state, "queued"), sql`${notificationDeliveries.updatedAt} <= ${claimedBefore}`),
    )
    .returning({ id: notificationDeliveries.id });
  return rows.length;
}

/**
 * Moves the deliveries of these notifications from `from` to `to`: `queued` back to `pending` when the queue
 * refused them (the sweep tries again), `queued` to `delivered` once planned, any state to `dead`.
 */
export async function markDeliveries(
  db: Database,
  notificationIds: number[],
  from: "queued" | null,
  to: "pending" | "delivered" | "dead",
  now = Date.now(),
) {
  if (notificationIds.length === 0) return;
  await db
    .update(notificationDeliveries)
    .set({ state: to, updatedAt: new Date(now) })
    .where(
      and(
        inList(notificationDeliveries.notificationId, notificationIds),
        from ? eq(notificationDeliveries.state, from) : undefined,
      ),
    );
}

/** What a completed payment's receipt email states, with the member's name. */
export async function receiptOf(db: Database, paymentId: number) {
  const [row] = await db
    .select({
      id: payments.id,
      memberName: users.name,
      amountClp: payments.amountClp,
      buyOrder: payments.buyOrder,
      provider: payments.provider,
      settledAt: payments.settledAt,
      createdAt: payments.createdAt,
      periodEndsAt: payments.periodEndsAt,
      cardLast4: payments.cardLast4,
      authorizationCode: payments.authorizationCode,
      isTest: payments.isTest,
    })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, paymentId));
  return row;
}
