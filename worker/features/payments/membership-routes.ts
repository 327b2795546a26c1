import { getMembership } from "../../db/memberships";
import { requireUser } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { renewalOf } from "./autorenew";
import { autoRenewOf } from "./queries/autorenew";
import { paymentsOfMember } from "./queries/payments";

export const membershipRoutes = createRouter()
  .get("/status", requireUser, async (c) => {
    const [{ status, next_payment_due }, auto_renew, renews] = await Promise.all([
      getMembership(c.var.db, c.var.user),
      autoRenewOf(c.var.db, c.var.user.id),
      renewalOf(c.var.db, c.var.user.id),
    ]);
    return c.json({ status, next_payment_due, auto_renew, renews });
  })
  // The signed-in member's own payments (date, amount, status, card's last four, authorization, refund).
  .get("/payments", requireUser, async (c) => c.json(await paymentsOfMember(c.var.db, c.var.user.id)));
