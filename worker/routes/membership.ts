import { getMembership } from "../db/memberships";
import { paymentsOfMember } from "../db/payments";
import { createRouter } from "../lib/create-app";
import { requireUser } from "../middleware/auth";

export const membershipRoutes = createRouter()
  .get("/status", requireUser, async (c) => {
    const { status, next_payment_due } = await getMembership(c.var.db, c.var.user);
    return c.json({ status, next_payment_due });
  })
  // The signed-in member's own payments (date, amount, status, card's last four, authorization, refund).
  .get("/payments", requireUser, async (c) => c.json(await paymentsOfMember(c.var.db, c.var.user.id)));
