// Coupons (migration 0033). A checkout takes one redemption with ONE conditional UPDATE ... RETURNING, in the same
// batch (one transaction) as the payment it opens: the payment is written only when the redemption was taken, so two
// checkouts racing for the last one cannot both have it. A payment that fails gives its redemption back
// (failPayment, queries/payments.ts).
import { and, desc, eq, getTableColumns, isNull, or, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { coupons, payments } from "../../../db/schema";
import { MEMBERSHIP } from "../../../shared/rules";

type Payment = typeof payments.$inferSelect;

export type Coupon = typeof coupons.$inferSelect;

/** Codes are compared in upper case, as members type them in any case. */
export const couponCodeOf = (typed: string) => typed.trim().toUpperCase();

export const findCoupon = async (db: Database, code: string): Promise<Coupon | undefined> =>
  (await db.select().from(coupons).where(eq(coupons.code, code)).limit(1))[0];

/** The newest coupons first, for the admin (bounded). */
export const listCoupons = (db: Database, limit = 200) =>
  db.select().from(coupons).orderBy(desc(coupons.createdAt)).limit(limit);

/** A new coupon; false when the code is taken. */
export async function insertCoupon(db: Database, coupon: typeof coupons.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(coupons).values(coupon).onConflictDoNothing().returning({ code: coupons.code });
  return inserted.length > 0;
}

/** A coupon still usable at `now`: not expired, redemptions left. */
export const usable = (code: string, now: number) =>
  and(
    eq(coupons.code, code),
    or(isNull(coupons.expiresAt), sql`${coupons.expiresAt} > ${now}`),
    or(isNull(coupons.maxRedemptions), sql`${coupons.redemptions} < ${coupons.maxRedemptions}`),
  );

export type CheckoutInput = {
  userId: number;
  userEmail: string;
  amountClp: number;
  discountClp: number;
  plan: string;
  periodDays: number;
  buyOrder: string;
  sessionId: string;
  isTest: boolean;
  /** webpay_form, or "coupon" for a scholarship's zero payment (no Transbank transaction). */
  provider: string;
};

/**
 * Every column of payments, as drizzle's insert-select asks, selected as the value given (the coupon's code for
 * coupon_code; null for the others, all nullable, and for the id, which SQLite assigns).
 */
const paymentColumns = (given: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(getTableColumns(payments)).map(([key, column]) => [
      key,
      key === "couponCode" ? coupons.code : sql`${given[key] ?? null}`.as(column.name),
    ]),
  );

/**
 * Opens a checkout's pending payment with a coupon: in ONE batch, the coupon's redemption is taken (only while it is
 * usable) and the payment inserted only if that statement changed a row. Undefined: the coupon was not usable (expired,
 * or its last redemption taken by another checkout).
 */
export async function openPaymentWithCoupon(
  db: Database,
  code: string,
  input: CheckoutInput,
  now = Date.now(),
): Promise<Payment | undefined> {
  const [taken] = await db.batch([
    db
      .update(coupons)
      .set({ redemptions: sql`${coupons.redemptions} + 1` })
      .where(usable(code, now))
      .returning({ code: coupons.code }),
    db.insert(payments).select(
      db
        .select(paymentColumns({ ...input, isTest: input.isTest ? 1 : 0, createdAt: now, status: "pending" }))
        .from(coupons)
        // changes(): the rows the statement just above changed, in this same transaction.
        .where(and(eq(coupons.code, code), sql`changes() = 1`)) as never,
    ),
  ]);
  if (taken.length === 0) return undefined;
  return (await db.select().from(payments).where(eq(payments.buyOrder, input.buyOrder)).limit(1))[0];
}

/**
 * The statement that gives a failing payment's redemption back: only for a checkout by hand (renewals never took
 * one) still pending, so it runs once whatever races it. It must run before the payment leaves `pending`.
 */
export const releaseRedemption = (db: Database, paymentId: number) =>
  db
    .update(coupons)
    .set({ redemptions: sql`max(${coupons.redemptions} - 1, 0)` })
    .where(
      sql`${coupons.code} = (select ${payments.couponCode} from ${payments} where ${payments.id} = ${paymentId}
        and ${payments.status} = 'pending' and ${payments.provider} = ${MEMBERSHIP.provider})`,
    );

/**
 * How many of a member's payments a coupon priced already (completed or refunded): the next one's period index. SQL
 * over the member and code columns of the statement it stands in.
 */
export const couponPaymentsSql = (userId: SQLWrapper, code: SQLWrapper) =>
  sql<number>`(select count(*) from ${payments} where ${payments.userId} = ${userId}
    and ${payments.couponCode} = ${code} and ${payments.status} in ('completed', 'refunded'))`;
