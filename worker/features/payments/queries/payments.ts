import { and, asc, desc, eq, isNotNull, lt, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { memberships, payments, plans } from "../../../db/schema";
import { GIFTS, MEMBERSHIP } from "../../../shared/rules";
import { paymentResult } from "../../notifications/index";
import { releaseRedemption } from "./coupons";
import { PRICE_NOTICE_MS } from "./plans";

export const findPaymentById = async (db: Database, id: number): Promise<Payment | undefined> =>
  (await db.select().from(payments).where(eq(payments.id, id)).limit(1))[0];

/** A member's own payments, newest first, as the profile lists them (no other member's, no tokens). */
export const paymentsOfMember = (db: Database, userId: number) =>
  db
    .select({
      id: payments.id,
      created_at: payments.createdAt,
      amount_clp: payments.amountClp,
      /** The plan paid for (its name, null for the default plan's row missing) and its period, for the receipt. */
      plan_name: plans.name,
      period_days: payments.periodDays,
      status: payments.status,
      card_last4: payments.cardLast4,
      authorization_code: payments.authorizationCode,
      refund_type: payments.refundType,
      refunded_amount_clp: payments.refundedAmountClp,
      refunded_at: payments.refundedAt,
      /** Taken in Transbank's integration environment or the emulator: no real money. */
      is_test: payments.isTest,
    })
    .from(payments)
    .leftJoin(plans, eq(plans.id, payments.plan))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.id));

export type Payment = typeof payments.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The specification's period; a payment's own is its period_days (the plan's when it was opened). */
export const PERIOD_MS = MEMBERSHIP.periodDays * DAY_MS;

/** A Webpay Plus payment opened for a plan's price and period (worker/features/payments/pricing.ts priceOf). */
export async function createPendingPayment(
  db: Database,
  input: {
    userId: number;
    userEmail: string;
    amountClp: number;
    buyOrder: string;
    sessionId: string;
    isTest: boolean;
    plan?: string;
    periodDays?: number;
  },
): Promise<Payment> {
  const [row] = await db
    .insert(payments)
    .values({
      plan: MEMBERSHIP.plan,
      periodDays: MEMBERSHIP.periodDays,
      ...input,
      provider: MEMBERSHIP.provider,
      status: "pending",
    })
    .returning();
  return row;
}

export async function setPaymentToken(db: Database, id: number, token: string) {
  await db.update(payments).set({ token }).where(eq(payments.id, id));
}

export async function findPaymentByToken(db: Database, token: string): Promise<Payment | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.token, token)).limit(1);
  return row;
}

export async function findPaymentByBuyOrder(db: Database, buyOrder: string): Promise<Payment | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.buyOrder, buyOrder)).limit(1);
  return row;
}

/**
 * Pending Webpay Plus payments created before `cutoff`, oldest first (payments_status_created_idx).
 * Automatic (Oneclick) charges are settled by their own job, by buy order.
 */
export const pendingPaymentsCreatedBefore = (db: Database, cutoff: Date, limit: number): Promise<Payment[]> =>
  db
    .select()
    .from(payments)
    .where(
      and(eq(payments.status, "pending"), lt(payments.createdAt, cutoff), eq(payments.provider, MEMBERSHIP.provider)),
    )
    .orderBy(asc(payments.createdAt))
    .limit(limit);

export async function latestPaymentOf(db: Database, userId: number): Promise<Payment | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.id)).limit(1);
  return row;
}

const keptStill = (now: number) =>
  sql`excluded.plan = ${memberships.plan} and ${memberships.priceToldAt} > ${now - PRICE_NOTICE_MS}`;

const stillPending = (id: number) => and(eq(payments.id, id), eq(payments.status, "pending"));

/**
 * Marks a still-pending payment failed, with the member's notification in the same batch; a settled one is never
 * touched.
 */
export async function failPayment(
  db: Database,
  id: number,
  reason: string,
  responseCode: number | null = null,
  now = Date.now(),
): Promise<void> {
  await db.batch([
    paymentResult(db, id, "failed"),
    releaseRedemption(db, id),
    db
      .update(payments)
      .set({ status: "failed", failureReason: reason, responseCode, settledAt: new Date(now) })
      .where(stillPending(id)),
  ]);
}

/**
 * Approves a pending payment: in ONE batch (one transaction) the membership is extended by the payment's
 * period (its period_days) from max(now, current due date) and the payment is completed. An automatic charge renews the period
 * it was made for: from max(`periodDue`, current due date), so a charge approved on a retry days after
 * the due date still extends from that date. The membership statement only acts
 * while the payment is still pending, and runs before the payment leaves that state, so a replayed
 * or concurrent approval of the same payment extends nothing. The member's notification (the receipt) is
 * written in the same batch, and the payment keeps the end of the period it paid for. Returns whether this
 * call approved it.
 */
export async function approvePayment(
  db: Database,
  payment: Pick<Payment, "id">,
  details: { authorizationCode: string | null; responseCode: number; cardLast4: string | null },
  now = Date.now(),
  periodDue?: number,
): Promise<{ approved: boolean }> {
  const from = periodDue ?? now;
  const [, , completed] = await db.batch([
    db
      .insert(memberships)
      .select(
        db
          .select({
            userId: sql<number>`${payments.userId}`.as("user_id"),
            plan: sql<string>`${payments.plan}`.as("plan"),
            kind: sql<"paid">`'paid'`.as("kind"),
            nextPaymentDue: sql<Date>`${from} + ${payments.periodDays} * ${DAY_MS}`.as("next_payment_due"),
            updatedAt: sql<Date>`${now}`.as("updated_at"),
            couponCode: sql<string | null>`${payments.couponCode}`.as("coupon_code"),
            keptPriceClp: sql<number | null>`null`.as("kept_price_clp"),
            priceToldAt: sql<Date | null>`null`.as("price_told_at"),
            graceUntil: sql<Date | null>`null`.as("grace_until"),
          })
          .from(payments)
          // A gift's payment extends no membership of the buyer's (the recipient's redeem does).
          .where(
            and(
              eq(payments.id, payment.id),
              eq(payments.status, "pending"),
              isNotNull(payments.userId),
              ne(payments.plan, GIFTS.planId),
            ),
          ),
      )
      .onConflictDoUpdate({
        target: memberships.userId,
        set: {
          // excluded's due date is from + the payment's period: the period added to the later of the two.
          nextPaymentDue: sql`MAX(${from}, ${memberships.nextPaymentDue}) + (excluded.next_payment_due - ${from})`,
          kind: "paid",
          plan: sql`excluded.plan`,
          couponCode: sql`excluded.coupon_code`,
          // A price kept after a raise lasts while its notice runs, on its plan: the first payment approved after
          // (the renewal at the new price) or for another plan clears it.
          keptPriceClp: sql`case when ${keptStill(now)} then ${memberships.keptPriceClp} end`,
          priceToldAt: sql`case when ${keptStill(now)} then ${memberships.priceToldAt} end`,
          // Paid: a refused renewal's grace is over.
          graceUntil: null,
          updatedAt: new Date(now),
        },
      }),
    paymentResult(db, payment.id, "completed"),
    db
      .update(payments)
      .set({
        status: "completed",
        // The membership row was extended just above, in this transaction: its due date ends this period.
        periodEndsAt: sql`case when ${payments.plan} = ${GIFTS.planId} then null
          else (select ${memberships.nextPaymentDue} from ${memberships} where ${memberships.userId} = ${payments.userId})
          end`,
        authorizationCode: details.authorizationCode,
        responseCode: details.responseCode,
        cardLast4: details.cardLast4,
        settledAt: new Date(now),
      })
      .where(stillPending(payment.id))
      .returning({ id: payments.id }),
  ]);
  return { approved: completed.length > 0 };
}

/**
 * Records a refund Transbank accepted, in ONE batch: the membership loses the period the payment
 * bought, then the payment becomes `refunded`. Both statements act only while the payment is still
 * `completed`, so a second refund of it changes nothing. Returns whether this call recorded it.
 */
export async function recordRefund(
  db: Database,
  payment: Pick<Payment, "id" | "userId">,
  refund: { type: "REVERSED" | "NULLIFIED"; authorizationCode: string | null; amountClp: number; refundedBy: number },
  now = Date.now(),
): Promise<boolean> {
  const stillCompleted = and(eq(payments.id, payment.id), eq(payments.status, "completed"));
  const [, refunded] = await db.batch([
    db
      .update(memberships)
      .set({
        nextPaymentDue: sql`${memberships.nextPaymentDue} - (select ${payments.periodDays} * ${DAY_MS} from ${payments}
          where ${payments.id} = ${payment.id})`,
        updatedAt: new Date(now),
      })
      .where(
        and(
          eq(memberships.userId, payment.userId ?? -1),
          sql`exists (select 1 from ${payments} where ${stillCompleted} and ${payments.plan} <> ${GIFTS.planId})`,
        ),
      ),
    db
      .update(payments)
      .set({
        status: "refunded",
        refundType: refund.type,
        refundAuthorizationCode: refund.authorizationCode,
        refundedAmountClp: refund.amountClp,
        refundedAt: new Date(now),
        refundedBy: refund.refundedBy,
      })
      .where(stillCompleted)
      .returning({ id: payments.id }),
  ]);
  return (refunded as { id: number }[]).length > 0;
}
