// GET /api/admin/health: the deep health check (D1, R2, chat Durable Object, payments, AI providers),
// admins only. GET /api/health stays the trivial liveness answer.

import { requireAdmin } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { deepHealth } from "./deep-health";

export const healthRoutes = createRouter().get("/admin/health", requireAdmin, async (c) => {
  const report = await deepHealth(c.env);
  // 200 either way: the report itself says what is down; the dashboard shows it.
  return c.json(report, 200, { "cache-control": "no-store" });
});
