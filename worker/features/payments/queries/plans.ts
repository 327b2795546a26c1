// Plans as rows (migration 0032). The monthly plan is the default; when its row is absent (a database
// cleared by hand, the worker tests' empty tables) the specification's monthly plan stands in for it.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { autorenewEnrolments, memberships, plans, users } from "../../../db/schema";
import { MEMBERSHIP, PLANS } from "../../../shared/rules";
import { notifyPriceChange } from "../../notifications/index";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a raised price waits, after the member was told, before it reaches their automatic renewal. */
export const PRICE_NOTICE_MS = PLANS.priceNoticeDays * DAY_MS;

export type Plan = typeof plans.$inferSelect;

/** The specification's plan: 15,000 CLP for 30 days. */
export const SPEC_PLAN: Plan = {
  id: PLANS.defaultId,
  name: "Monthly",
  amountClp: MEMBERSHIP.priceClp,
  periodDays: MEMBERSHIP.periodDays,
  trialDays: 0,
  active: true,
  position: 0,
  updatedAt: new Date(0),
};

/** Every plan (the admin's list), or only those offered, in their order; a handful of rows. */
export async function listPlans(db: Database, options: { activeOnly: boolean }): Promise<Plan[]> {
  const rows = await db.select().from(plans).orderBy(asc(plans.position), asc(plans.id)).limit(100);
  const all = rows.some((p) => p.id === SPEC_PLAN.id) ? rows : [SPEC_PLAN, ...rows];
  return options.activeOnly ? all.filter((p) => p.active) : all;
}

/** A plan by id, offered or retired (a renewal keeps paying for a retired plan it enrolled in). */
export async function findPlan(db: Database, id: string): Promise<Plan | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return row ?? (id === SPEC_PLAN.id ? SPEC_PLAN : undefined);
}

export type PlanInput = Pick<Plan, "name" | "amountClp" | "periodDays" | "trialDays" | "active" | "position">;

/** A new plan; false when the id is taken. */
export async function insertPlan(db: Database, id: string, input: PlanInput, now = Date.now()): Promise<boolean> {
  const inserted = await db
    .insert(plans)
    .values({ id, ...input, updatedAt: new Date(now) })
    .onConflictDoNothing()
    .returning({ id: plans.id });
  return inserted.length > 0;
}

/**
 * Changes a plan (the default plan's row is written the first time it changes, if absent). A raised price (above
 * `before`'s) never surprises an enrolled member, in the same batch: every member with automatic renewal on (a member,
 * not an admin) whose membership renews this plan keeps the price they pay (the oldest kept one while an earlier
 * raise's notice is still running, else the price before this raise), is marked told now, and is told. A lowered price
 * needs no notice: renewalPrice never charges more than the plan's current price.
 */
export async function savePlan(db: Database, id: string, input: PlanInput, before: Plan, now = Date.now()) {
  const save = db
    .insert(plans)
    .values({ id, ...input, updatedAt: new Date(now) })
    .onConflictDoUpdate({ target: plans.id, set: { ...input, updatedAt: new Date(now) } });
  if (input.amountClp <= before.amountClp) return void (await save);
  const stillKept = sql`${memberships.keptPriceClp} is not null and ${memberships.priceToldAt} > ${now - PRICE_NOTICE_MS}`;
  await db.batch([
    save,
    db
      .update(memberships)
      .set({
        keptPriceClp: sql`case when ${stillKept} then ${memberships.keptPriceClp} else ${before.amountClp} end`,
        priceToldAt: new Date(now),
      })
      .where(
        and(
          eq(memberships.plan, id),
          sql`exists (select 1 from ${autorenewEnrolments} e join ${users} u on u.id = e.user_id
            where e.user_id = ${memberships.userId} and e.status = 'active' and u.role = 'member')`,
        ),
      ),
    notifyPriceChange(db, {
      planId: id,
      planName: input.name,
      newClp: input.amountClp,
      toldAt: now,
      appliesAt: now + PRICE_NOTICE_MS,
    }),
  ]);
}
