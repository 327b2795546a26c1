// Gifts' rows (migration 0034). Every change is conditional on the state it leaves, so a redeem racing another (or an
// admin's refund) changes a gift once; the redeem extends the membership in the same batch as it marks the gift.
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { gifts, memberships, payments, users } from "../../../db/schema";
import { PLANS } from "../../../shared/rules";

export type Gift = typeof gifts.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

export async function insertGift(db: Database, gift: typeof gifts.$inferInsert): Promise<Gift> {
  const [row] = await db.insert(gifts).values(gift).returning();
  return row;
}

export const findGiftByPayment = async (db: Database, paymentId: number): Promise<Gift | undefined> =>
  (await db.select().from(gifts).where(eq(gifts.paymentId, paymentId)).limit(1))[0];

export const findGiftByCodeHash = async (db: Database, codeHash: string): Promise<Gift | undefined> =>
  (await db.select().from(gifts).where(eq(gifts.codeHash, codeHash)).limit(1))[0];

/** The language of the account with this address, if there is one (a gift's email is written in it). */
export const languageOfAddress = async (db: Database, email: string) =>
  (await db.select({ language: users.language }).from(users).where(eq(users.email, email)).limit(1))[0]?.language ??
  null;

/** Unpaid gifts whose payment has settled (completed or failed), oldest first (gifts_status_idx). */
export const settledPendingGifts = (db: Database, limit: number) =>
  db
    .select({ gift: gifts, paymentStatus: payments.status })
    .from(gifts)
    .innerJoin(payments, eq(payments.id, gifts.paymentId))
    // bounded: two constant statuses
    .where(and(eq(gifts.status, "pending"), inArray(payments.status, ["completed", "failed"])))
    .orderBy(asc(gifts.id))
    .limit(limit);

/** Moves a gift on from the state `from`; false when another call moved it first. */
export async function moveGift(db: Database, id: number, from: Gift["status"][], to: Gift["status"]) {
  const moved = await db
    .update(gifts)
    .set({ status: to })
    // bounded: at most the five gift states
    .where(and(eq(gifts.id, id), inArray(gifts.status, from)))
    .returning({ id: gifts.id });
  return moved.length > 0;
}

/**
 * Redeems a paid, unexpired gift for `userId`, once: in ONE batch the membership gains the gift's days from
 * max(now, its due date) while the gift is still paid, then the gift is marked redeemed. A gift enrols no automatic
 * renewal. Returns whether this call redeemed it.
 */
export async function redeemGift(db: Database, giftId: number, userId: number, now = Date.now()) {
  const redeemable = and(eq(gifts.id, giftId), eq(gifts.status, "paid"), gt(gifts.expiresAt, new Date(now)));
  const [, redeemed] = await db.batch([
    db
      .insert(memberships)
      .select(
        db
          .select({
            userId: sql<number>`${userId}`.as("user_id"),
            plan: sql<string>`${PLANS.defaultId}`.as("plan"),
            kind: sql<"paid">`'paid'`.as("kind"),
            nextPaymentDue: sql<Date>`${now} + ${gifts.periodDays} * ${DAY_MS}`.as("next_payment_due"),
            updatedAt: sql<Date>`${now}`.as("updated_at"),
            couponCode: sql<string | null>`null`.as("coupon_code"),
            keptPriceClp: sql<number | null>`null`.as("kept_price_clp"),
            priceToldAt: sql<Date | null>`null`.as("price_told_at"),
            graceUntil: sql<Date | null>`null`.as("grace_until"),
          })
          .from(gifts)
          .where(redeemable),
      )
      .onConflictDoUpdate({
        target: memberships.userId,
        set: {
          // excluded's due date is now + the gift's days: those days added to the later of now and the due date.
          nextPaymentDue: sql`MAX(${now}, ${memberships.nextPaymentDue}) + (excluded.next_payment_due - ${now})`,
          kind: "paid",
          updatedAt: new Date(now),
        },
      }),
    db
      .update(gifts)
      .set({ status: "redeemed", redeemedBy: userId, redeemedAt: new Date(now) })
      .where(redeemable)
      .returning({ id: gifts.id }),
  ]);
  return redeemed.length > 0;
}
