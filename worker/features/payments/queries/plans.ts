// Plans as rows (migration 0032). The monthly plan is the default; when its row is absent (a database
// cleared by hand, the worker tests' empty tables) the specification's monthly plan stands in for it.
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { plans } from "../../../db/schema";
import { MEMBERSHIP, PLANS } from "../../../shared/rules";

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

/** Changes a plan (the default plan's row is written the first time it changes, if absent). */
export async function savePlan(db: Database, id: string, input: PlanInput, now = Date.now()) {
  const [row] = await db
    .insert(plans)
    .values({ id, ...input, updatedAt: new Date(now) })
    .onConflictDoUpdate({ target: plans.id, set: { ...input, updatedAt: new Date(now) } })
    .returning();
  return row;
}
