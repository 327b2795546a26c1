// Trials' rows (migration 0038). ONE batch (one transaction) begins a trial: the trial row is inserted unless the
// member or the card had one (UNIQUE) or the member is covered now; its coupon's redemption is taken only if the row
// went in, and the row is taken back if the redemption was not; the membership becomes a trial only if the row
// stayed. Two starts racing, for one member or one card, begin one trial.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { rowInTableOrder } from "../../../db/insert-select";
import { membershipCoversSql } from "../../../db/memberships";
import { coupons, membershipPauses, memberships, trials } from "../../../db/schema";
import { usable } from "./coupons";
import type { Plan } from "./plans";

const DAY_MS = 24 * 60 * 60 * 1000;

export type Trial = typeof trials.$inferSelect;

/** The member's trial, running or past (one per member). */
export const trialOf = async (db: Database, userId: number): Promise<Trial | undefined> =>
  (await db.select().from(trials).where(eq(trials.userId, userId)).limit(1))[0];

/** A member's trial and pauses as their data export shows them (the card as Transbank described it). */
export async function trialAndPausesOf(db: Database, userId: number) {
  const [trial] = await db
    .select({
      plan: trials.plan,
      started_at: trials.startedAt,
      ends_at: trials.endsAt,
      card_type: trials.cardType,
      card_number: trials.cardNumber,
      coupon: trials.couponCode,
    })
    .from(trials)
    .where(eq(trials.userId, userId))
    .limit(1);
  const pauses = await db
    .select({ from: membershipPauses.startsAt, until: membershipPauses.endsAt, asked_at: membershipPauses.createdAt })
    .from(membershipPauses)
    .where(eq(membershipPauses.userId, userId))
    .orderBy(asc(membershipPauses.startsAt));
  return { trial: trial ?? null, pauses };
}

/** Whether a card (type and masked number, as Transbank answers them) has had a trial. */
export async function cardHadTrial(db: Database, card: { type: string; number: string }) {
  const [row] = await db
    .select({ id: trials.id })
    .from(trials)
    .where(and(eq(trials.cardType, card.type), eq(trials.cardNumber, card.number)))
    .limit(1);
  return row !== undefined;
}

/** A member covered at `now` (the membership guard's rule, membershipCoversSql). */
const coveredAt = (userId: number, now: number) => sql`exists (select 1 from ${memberships}
  where ${memberships.userId} = ${userId} and ${membershipCoversSql(now)})`;

/**
 * Begins a trial of `plan` on the enrolled card: the membership is a trial of the plan until now + its trial days,
 * with the coupon its first charge applies. Undefined: not begun (the member or the card had a trial, the member is
 * covered, or the coupon's last redemption went to another checkout).
 */
export async function beginTrial(
  db: Database,
  input: {
    userId: number;
    plan: Pick<Plan, "id" | "trialDays">;
    couponCode: string | null;
    card: { type: string; number: string };
  },
  now = Date.now(),
): Promise<Trial | undefined> {
  const id = crypto.randomUUID();
  const endsAt = now + input.plan.trialDays * DAY_MS;
  const insertTrial = db
    .insert(trials)
    .select(
      sql`select ${rowInTableOrder(trials, {
        id,
        userId: input.userId,
        plan: input.plan.id,
        cardType: input.card.type,
        cardNumber: input.card.number,
        couponCode: input.couponCode,
        startedAt: now,
        endsAt,
      })} where not ${coveredAt(input.userId, now)}`,
    )
    .onConflictDoNothing();
  const couponSteps = input.couponCode
    ? [
        // changes(): the rows the statement just before changed, in this same transaction.
        db
          .update(coupons)
          .set({ redemptions: sql`${coupons.redemptions} + 1` })
          .where(and(usable(input.couponCode, now), sql`changes() = 1`)),
        db.delete(trials).where(and(eq(trials.id, id), sql`changes() = 0`)),
      ]
    : [];
  const becomeTrial = db
    .insert(memberships)
    .select(
      sql`select ${rowInTableOrder(memberships, {
        userId: input.userId,
        plan: input.plan.id,
        kind: "trial",
        nextPaymentDue: endsAt,
        updatedAt: now,
        couponCode: input.couponCode,
      })} where exists (select 1 from ${trials} where ${trials.id} = ${id})`,
    )
    .onConflictDoUpdate({
      target: memberships.userId,
      set: {
        plan: input.plan.id,
        kind: "trial",
        nextPaymentDue: new Date(endsAt),
        updatedAt: new Date(now),
        couponCode: input.couponCode,
        keptPriceClp: null,
        priceToldAt: null,
        graceUntil: null,
      },
    });
  await db.batch([insertTrial, ...couponSteps, becomeTrial]);
  return (await db.select().from(trials).where(eq(trials.id, id)).limit(1))[0];
}
