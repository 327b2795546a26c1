// Plans: what /pricing offers (public) and the admin's editing. A plan is retired (active false),
// never deleted: payments and memberships name it.
import { z } from "zod";
import { recordAudit } from "../../db/audit";
import { requireAdmin } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { conflict, notFound } from "../../platform/errors";
import { limited } from "../../platform/rate-limit";
import { oneLineNameInput, validate } from "../../platform/validate";
import { GIFTS, PLANS } from "../../shared/rules";
import { errorText } from "../../shared/texts";
import { giftPriceFrom, savingOf } from "./pricing";
import { insertPlan, listPlans, type Plan, savePlan } from "./queries/plans";

const planId = z
  .string()
  .regex(PLANS.idPattern, "A plan id is 2 to 30 lower-case letters, digits or dashes")
  .refine((id) => id !== GIFTS.planId, "That plan id is reserved for gifts");

const planBody = z.object({
  name: oneLineNameInput(PLANS.nameMax, {
    required: "A plan needs a name",
    tooLong: `A plan name is at most ${PLANS.nameMax} characters`,
    invalid: "A plan name is one line of visible text",
  }),
  amount_clp: z.number().int().min(PLANS.amountMinClp).max(PLANS.amountMaxClp),
  period_days: z.number().int().min(1).max(PLANS.periodDaysMax),
  trial_days: z.number().int().min(0).max(PLANS.trialDaysMax).default(0),
  active: z.boolean().default(true),
  position: z.number().int().min(0).max(1000).default(0),
});

const toInput = (b: z.infer<typeof planBody>) => ({
  name: b.name,
  amountClp: b.amount_clp,
  periodDays: b.period_days,
  trialDays: b.trial_days,
  active: b.active,
  position: b.position,
});

/** A plan as the API shows it; `saving_clp` is what it saves against the shortest plan, period after period. */
const planDto = (p: Plan, offered: readonly Plan[]) => ({
  id: p.id,
  name: p.name,
  amount_clp: p.amountClp,
  period_days: p.periodDays,
  trial_days: p.trialDays,
  active: p.active,
  saving_clp: p.active ? savingOf(p, offered) : null,
});

/** Every plan, offered or retired (the admin's list). */
async function allPlans(db: Parameters<typeof listPlans>[0]) {
  const all = await listPlans(db, { activeOnly: false });
  const offered = all.filter((p) => p.active);
  return { plans: all.map((p) => planDto(p, offered)) };
}

export const planRoutes = createRouter()
  // Public: /pricing and the landing page read it before anyone signs in; with the gifts' prices (pricing.ts).
  .get("/plans", async (c) => {
    const offered = await listPlans(c.var.db, { activeOnly: true });
    return c.json({
      plans: offered.map((p) => planDto(p, offered)),
      gifts: GIFTS.months.map((months) => ({ months, amount_clp: giftPriceFrom(offered, months).amountClp })),
    });
  })
  .get("/admin/plans", requireAdmin, async (c) => c.json(await allPlans(c.var.db)))
  .post(
    "/admin/plans",
    requireAdmin,
    limited("adminWrites"),
    validate("json", planBody.extend({ id: planId })),
    async (c) => {
      const body = c.req.valid("json");
      if (!(await insertPlan(c.var.db, body.id, toInput(body)))) throw conflict(errorText("plan_exists"));
      await recordAudit(c.var.db, {
        actorId: c.var.user.id,
        action: "plan.create",
        targetType: "plan",
        targetId: body.id,
        before: null,
        after: { id: body.id, ...toInput(body) },
      });
      return c.json(await allPlans(c.var.db), 201);
    },
  )
  .put(
    "/admin/plans/:id",
    requireAdmin,
    limited("adminWrites"),
    validate("param", z.object({ id: planId })),
    validate("json", planBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const body = c.req.valid("json");
      const before = (await listPlans(c.var.db, { activeOnly: false })).find((p) => p.id === id);
      if (!before) throw notFound(errorText("plan_not_found"));
      await savePlan(c.var.db, id, toInput(body), before);
      await recordAudit(c.var.db, {
        actorId: c.var.user.id,
        action: "plan.update",
        targetType: "plan",
        targetId: id,
        before: { amount_clp: before.amountClp, period_days: before.periodDays, active: before.active },
        after: { id, ...toInput(body) },
      });
      return c.json(await allPlans(c.var.db));
    },
  );
