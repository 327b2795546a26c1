import { getMembership } from "../db/memberships";
import { createRouter } from "../lib/create-app";
import { requireUser } from "../middleware/auth";

export const membershipRoutes = createRouter().get("/membership/status", requireUser, async (c) => {
  const { status, next_payment_due } = await getMembership(c.var.db, c.var.user);
  return c.json({ status, next_payment_due });
});
