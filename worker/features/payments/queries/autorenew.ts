// Automatic renewal's rows: enrolments, inscriptions on their way back from Transbank, and
// one charge per member and period. Every state change is conditional on the state it leaves, so two
// runs racing change it once; the UNIQUE indexes decide who makes a charge or an attempt.
import { and, asc, eq, lt, lte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { rowInTableOrder } from "../../../db/insert-select";
import {
  autorenewCharges,
  autorenewEnrolments,
  coupons,
  membershipPauses,
  memberships,
  oneclickInscriptions,
  payments,
  plans,
  users,
} from "../../../db/schema";
import { AUTORENEW } from "../../../shared/rules";
import { notifyRenewalRefused } from "../../notifications/index";
import type { Price } from "../pricing";
import { type Coupon, couponPaymentsSql } from "./coupons";
import type { Plan } from "./plans";

const DAY_MS = 24 * 60 * 60 * 1000;

export type Enrolment = typeof autorenewEnrolments.$inferSelect;
export type Charge = typeof autorenewCharges.$inferSelect;

export const findEnrolment = async (db: Database, userId: number): Promise<Enrolment | undefined> =>
  (await db.select().from(autorenewEnrolments).where(eq(autorenewEnrolments.userId, userId)).limit(1))[0];

/**
 * Records a started inscription unless the member has another one pending (younger than
 * AUTORENEW.inscriptionPendingMs): one conditional INSERT, so of starts racing exactly one is recorded.
 * An older one no longer counts but stays, so its return still finds it (Transbank decides whether it
 * can still be finished). False: another is pending.
 */
export async function recordInscriptionStart(
  db: Database,
  token: string,
  userId: number,
  trial: TrialIntent | null = null,
  now = Date.now(),
) {
  const fresh = now - AUTORENEW.inscriptionPendingMs;
  const recorded = await db.all<{ token: string }>(sql`insert into oneclick_inscriptions
      (token, user_id, created_at, trial_plan, trial_coupon)
    select ${token}, ${userId}, ${now}, ${trial?.plan ?? null}, ${trial?.coupon ?? null}
    where not exists (select 1 from oneclick_inscriptions where user_id = ${userId} and created_at > ${fresh})
    returning token`);
  return recorded.length > 0;
}

/** A card enrolled to begin a trial: the plan, and the coupon its first charge applies. */
export type TrialIntent = { plan: string; coupon: string | null };

/** Takes the inscription a return points at, once: a replayed return finds nothing. */
export async function takeInscription(
  db: Database,
  token: string,
): Promise<{ userId: number; trial: TrialIntent | null } | undefined> {
  const [row] = await db.delete(oneclickInscriptions).where(eq(oneclickInscriptions.token, token)).returning({
    userId: oneclickInscriptions.userId,
    plan: oneclickInscriptions.trialPlan,
    coupon: oneclickInscriptions.trialCoupon,
  });
  return row && { userId: row.userId, trial: row.plan ? { plan: row.plan, coupon: row.coupon } : null };
}

/**
 * Stores a finished enrolment, active, only over the one the caller read (`replacing`, undefined when it
 * read none): two finishes racing cannot both believe their card is the stored one. False: another
 * finish stored its card first, and this one is not stored.
 */
export async function saveEnrolment(
  db: Database,
  input: {
    userId: number;
    username: string;
    tbkUserEncrypted: string;
    cardType: string | null;
    cardNumber: string | null;
  },
  replacing: Enrolment | undefined,
  now = Date.now(),
): Promise<boolean> {
  const values = { ...input, status: "active" as const, updatedAt: new Date(now) };
  const saved = replacing
    ? await db
        .update(autorenewEnrolments)
        .set(values)
        .where(
          and(
            eq(autorenewEnrolments.userId, input.userId),
            eq(autorenewEnrolments.tbkUserEncrypted, replacing.tbkUserEncrypted),
          ),
        )
        .returning({ userId: autorenewEnrolments.userId })
    : await db
        .insert(autorenewEnrolments)
        .values(values)
        .onConflictDoNothing()
        .returning({ userId: autorenewEnrolments.userId });
  return saved.length > 0;
}

/** Stops automatic renewal: the enrolment goes, and a pause it was in ends now (the member left rather than paused). */
export async function deleteEnrolment(db: Database, userId: number, now = Date.now()): Promise<boolean> {
  const [gone] = await db.batch([
    db
      .delete(autorenewEnrolments)
      .where(eq(autorenewEnrolments.userId, userId))
      .returning({ userId: autorenewEnrolments.userId }),
    endPauseRecord(db, userId, now),
  ]);
  return gone.length > 0;
}

/** The member's pause record still running at `now` ends then (a pause that had not begun yet ends where it began). */
const endPauseRecord = (db: Database, userId: number, now: number) =>
  db
    .update(membershipPauses)
    .set({ endsAt: sql`max(${membershipPauses.startsAt}, ${now})` })
    .where(and(eq(membershipPauses.userId, userId), sql`${membershipPauses.endsAt} > ${now}`));

/**
 * Opens the charge of every member with auto-renew on whose membership ends within the charge window
 * (one set-based statement; the UNIQUE (user, period) makes a second run open nothing).
 */
export async function openDueCharges(db: Database, now: number): Promise<number> {
  const until = now + AUTORENEW.chargeWindowHours * 60 * 60 * 1000;
  // A paused renewal (resume_at after the due date) is charged on its resume date instead, even a day late (a
  // membership that lapsed during the pause, or a resume asked after it lapsed); the charge renews from that date.
  const opened = await db.all(sql`insert into autorenew_charges (user_id, period_due, state, next_attempt_at)
    select m.user_id, case when e.resume_at > m.next_payment_due then e.resume_at else m.next_payment_due end,
      'waiting', ${now} from memberships m
    join autorenew_enrolments e on e.user_id = m.user_id and e.status = 'active'
    join users u on u.id = m.user_id and u.role = 'member'
    where (coalesce(e.resume_at, 0) <= m.next_payment_due
        and m.next_payment_due > ${now} and m.next_payment_due <= ${until})
      or (e.resume_at > m.next_payment_due and e.resume_at > ${now - DAY_MS} and e.resume_at <= ${until})
    on conflict do nothing
    returning id`);
  return opened.length;
}

/** The membership's due date, plan and kind (a pause counts its periods in the plan's days; a trial cannot pause). */
export const membershipDue = async (db: Database, userId: number) =>
  (
    await db
      .select({ due: memberships.nextPaymentDue, plan: memberships.plan, kind: memberships.kind })
      .from(memberships)
      .where(eq(memberships.userId, userId))
      .limit(1)
  )[0];

/**
 * Pauses an active enrolment from the due date `startsAt` until `resumeAt`, and records the pause (the same pause,
 * changed, when one from that due date was recorded); false when there is no active enrolment.
 */
export async function setPause(db: Database, userId: number, startsAt: number, resumeAt: number, now = Date.now()) {
  const [paused] = await db.batch([
    db
      .update(autorenewEnrolments)
      .set({ resumeAt: new Date(resumeAt), updatedAt: new Date(now) })
      .where(and(eq(autorenewEnrolments.userId, userId), eq(autorenewEnrolments.status, "active")))
      .returning({ userId: autorenewEnrolments.userId }),
    // changes(): the rows the statement just before changed, in this same transaction.
    db
      .insert(membershipPauses)
      .select(
        sql`select ${rowInTableOrder(membershipPauses, { userId, startsAt, endsAt: resumeAt, createdAt: now })}
          where changes() = 1`,
      )
      .onConflictDoUpdate({
        target: [membershipPauses.userId, membershipPauses.startsAt],
        set: { endsAt: new Date(resumeAt) },
      }),
  ]);
  return paused.length > 0;
}

/**
 * Ends a pause early: the renewal is charged on the due date again, or, when the membership lapsed meanwhile, on the
 * next daily run (resume_at = now). False when it was not paused.
 */
export async function endPause(db: Database, userId: number, now = Date.now()) {
  const [resumed] = await db.batch([
    db
      .update(autorenewEnrolments)
      .set({
        resumeAt: sql`case when (select ${memberships.nextPaymentDue} from ${memberships}
        where ${memberships.userId} = ${userId}) < ${now} then ${now} else null end`,
        updatedAt: new Date(now),
      })
      .where(
        and(
          eq(autorenewEnrolments.userId, userId),
          sql`${autorenewEnrolments.resumeAt} > coalesce((select ${memberships.nextPaymentDue} from ${memberships}
          where ${memberships.userId} = ${userId}), 0)`,
        ),
      )
      .returning({ userId: autorenewEnrolments.userId }),
    endPauseRecord(db, userId, now),
  ]);
  return resumed.length > 0;
}

/** Charges whose next attempt is due, with what the attempt needs (active enrolments only; one member's, or all). */
export const chargesToAttempt = (db: Database, now: number, limit: number, userId?: number) =>
  db
    .select({
      charge: autorenewCharges,
      username: autorenewEnrolments.username,
      tbkUserEncrypted: autorenewEnrolments.tbkUserEncrypted,
      email: users.email,
    })
    .from(autorenewCharges)
    .innerJoin(
      autorenewEnrolments,
      and(eq(autorenewEnrolments.userId, autorenewCharges.userId), eq(autorenewEnrolments.status, "active")),
    )
    .innerJoin(users, eq(users.id, autorenewCharges.userId))
    .where(
      and(
        eq(autorenewCharges.state, "waiting"),
        lte(autorenewCharges.nextAttemptAt, new Date(now)),
        userId === undefined ? undefined : eq(autorenewCharges.userId, userId),
      ),
    )
    .orderBy(asc(autorenewCharges.nextAttemptAt))
    .limit(limit);

/**
 * What a member's next renewal is priced from, in one statement: the membership's due date and plan (undefined
 * without a membership row), the plan's row (null when none: the specification's plan stands in), its coupon with how
 * many of the member's payments that coupon priced already (completed or refunded: the next one's period index), and
 * a price kept after a raise with when the member was told.
 */
export async function renewalTermsOf(db: Database, userId: number) {
  const [row] = await db
    .select({
      due: memberships.nextPaymentDue,
      planId: memberships.plan,
      plan: plans,
      coupon: coupons,
      couponPayments: couponPaymentsSql(memberships.userId, memberships.couponCode),
      keptPriceClp: memberships.keptPriceClp,
      priceToldAt: memberships.priceToldAt,
    })
    .from(memberships)
    .leftJoin(plans, eq(plans.id, memberships.plan))
    .leftJoin(coupons, eq(coupons.code, memberships.couponCode))
    .where(eq(memberships.userId, userId))
    .limit(1);
  return row;
}

/** What renewalPrice reads (autorenew.ts): a membership's terms as renewalTermsOf or the dashboard's upcoming read them. */
export type RenewalTerms = {
  plan: Pick<Plan, "id" | "name" | "amountClp" | "periodDays"> | null;
  coupon: Pick<Coupon, "code" | "percentOff" | "amountOffClp" | "periods"> | null;
  couponPayments: number;
  keptPriceClp: number | null;
  priceToldAt: Date | null;
};

/** Charges with an attempt out for longer than `settleAfterMs`: their outcome is still unknown to us. */
export const chargesToSettle = (db: Database, now: number, limit: number) =>
  db
    .select({ charge: autorenewCharges, payment: payments })
    .from(autorenewCharges)
    .innerJoin(payments, eq(payments.id, autorenewCharges.paymentId))
    .where(and(eq(autorenewCharges.state, "charging"), lt(payments.createdAt, new Date(now - AUTORENEW.settleAfterMs))))
    .orderBy(asc(payments.createdAt))
    .limit(limit);

/** The parent and child buy orders of attempt `n` of a member's period: the same inputs always give the same orders. */
export function chargeBuyOrders(userId: number, periodDue: Date, n: number) {
  const base = `R${userId}-${periodDue.getTime().toString(36).toUpperCase()}-${n}`;
  return { buyOrder: base, detailBuyOrder: `${base}C` };
}

/**
 * Starts attempt `attempts + 1` of a charge: its payment (pending) is inserted under the derived buy
 * order, and only the run whose insert wins (UNIQUE buy_order) moves the charge to `charging`.
 * Returns the payment, or undefined when another run holds this attempt.
 */
export async function beginAttempt(
  db: Database,
  charge: Charge,
  member: { email: string },
  price: Pick<Price, "planId" | "amountClp" | "periodDays" | "couponCode" | "discountClp">,
  isTest: boolean,
  now = Date.now(),
): Promise<typeof payments.$inferSelect | undefined> {
  const n = charge.attempts + 1;
  const orders = chargeBuyOrders(charge.userId, charge.periodDue, n);
  const [payment] = await db
    .insert(payments)
    .values({
      userId: charge.userId,
      userEmail: member.email,
      plan: price.planId,
      periodDays: price.periodDays,
      couponCode: price.couponCode,
      discountClp: price.discountClp,
      provider: AUTORENEW.provider,
      amountClp: price.amountClp,
      status: "pending",
      isTest,
      buyOrder: orders.buyOrder,
      detailBuyOrder: orders.detailBuyOrder,
      sessionId: `autorenew-${charge.id}`,
      createdAt: new Date(now),
    })
    .onConflictDoNothing({ target: payments.buyOrder })
    .returning();
  if (!payment) return undefined;
  await db
    .update(autorenewCharges)
    .set({ state: "charging", attempts: n, paymentId: payment.id })
    .where(
      and(
        eq(autorenewCharges.id, charge.id),
        eq(autorenewCharges.state, "waiting"),
        eq(autorenewCharges.attempts, charge.attempts),
      ),
    );
  return payment;
}

const stillCharging = (charge: Pick<Charge, "id" | "attempts">) =>
  and(
    eq(autorenewCharges.id, charge.id),
    eq(autorenewCharges.state, "charging"),
    eq(autorenewCharges.attempts, charge.attempts),
  );

/** Paid: a charge Transbank refused before is marked recovered (the revenue dashboard counts that mark). */
export async function markChargePaid(db: Database, charge: Pick<Charge, "id" | "attempts">, now: number) {
  await db
    .update(autorenewCharges)
    .set({ state: "paid", recoveredAt: sql`case when ${autorenewCharges.refusals} > 0 then ${now} else null end` })
    .where(stillCharging(charge));
}

/**
 * A new card enrolled during a refused renewal's grace: the charge that gave up on the membership's due date waits
 * again, due now, so the next attempt (made at once by the enrolment) charges the new card. False: no such charge.
 */
export async function reopenGraceCharge(db: Database, userId: number, now: number) {
  const reopened = await db
    .update(autorenewCharges)
    .set({ state: "waiting", nextAttemptAt: new Date(now) })
    .where(
      and(
        eq(autorenewCharges.userId, userId),
        eq(autorenewCharges.state, "gave_up"),
        sql`exists (select 1 from ${memberships} where ${memberships.userId} = ${userId}
          and ${memberships.nextPaymentDue} = ${autorenewCharges.periodDue} and ${memberships.graceUntil} > ${now})`,
      ),
    )
    .returning({ id: autorenewCharges.id });
  return reopened.length > 0;
}

/**
 * Transbank refused the attempt: the next one waits for the schedule (1, 3, 7 days after the charge
 * opened); after the last, the charge gives up, the member's auto-renew pauses, and the member keeps access for
 * AUTORENEW.graceDays and is told so with the link to enrol a new card, in one batch.
 */
export async function markChargeRefused(db: Database, charge: Charge, now: number): Promise<"retry" | "gave_up"> {
  const refusals = charge.refusals + 1;
  const retryDays = AUTORENEW.retryAfterDays[refusals - 1];
  if (retryDays !== undefined) {
    await db
      .update(autorenewCharges)
      .set({ state: "waiting", refusals, nextAttemptAt: new Date(charge.createdAt.getTime() + retryDays * DAY_MS) })
      .where(stillCharging(charge));
    return "retry";
  }
  const graceUntil = new Date(now + AUTORENEW.graceDays * DAY_MS);
  await db.batch([
    db.update(autorenewCharges).set({ state: "gave_up", refusals }).where(stillCharging(charge)),
    notifyRenewalRefused(db, charge.id),
    // The grace: access while the member can enrol a new card (the guard, worker/db/memberships.ts, reads it).
    db
      .update(memberships)
      .set({ graceUntil })
      .where(
        and(
          eq(memberships.userId, charge.userId),
          eq(memberships.nextPaymentDue, charge.periodDue),
          // Once per period: a new card refused in the grace does not lengthen it.
          sql`(${memberships.graceUntil} is null or ${memberships.graceUntil} < ${charge.periodDue.getTime()})`,
          sql`exists (select 1 from ${autorenewCharges} where ${autorenewCharges.id} = ${charge.id}
            and ${autorenewCharges.state} = 'gave_up')`,
        ),
      ),
    db
      .update(autorenewEnrolments)
      .set({ status: "paused", updatedAt: new Date() })
      .where(
        and(
          eq(autorenewEnrolments.userId, charge.userId),
          sql`exists (select 1 from ${autorenewCharges} where ${autorenewCharges.id} = ${charge.id}
            and ${autorenewCharges.state} = 'gave_up')`,
        ),
      ),
  ]);
  return "gave_up";
}

/** Transbank never received the attempt: the next run makes a new one at once (not a refusal). */
export async function markChargeNotReceived(db: Database, charge: Charge, now: number) {
  await db
    .update(autorenewCharges)
    .set({ state: "waiting", nextAttemptAt: new Date(now) })
    .where(stillCharging(charge));
}

/** Whether the member has auto-renew on, with the card as Transbank described it, and a pause they chose. */
export async function autoRenewOf(db: Database, userId: number) {
  const [row, membership] = await Promise.all([findEnrolment(db, userId), membershipDue(db, userId)]);
  const pausedUntil =
    row?.resumeAt && membership && row.resumeAt.getTime() > membership.due.getTime() ? row.resumeAt : null;
  return {
    enabled: row?.status === "active",
    paused: row?.status === "paused",
    /** The member's own pause: the date the renewal is charged again (null when not paused). */
    resumes_at: pausedUntil,
    card_type: row?.cardType ?? null,
    card_number: row?.cardNumber ?? null,
  };
}
