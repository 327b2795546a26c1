// The revenue dashboard's API, admins only: every figure, or one table as CSV.
import { z } from "zod";
import { requireAdmin } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { badRequest } from "../../platform/errors";
import { validate } from "../../platform/validate";
import { REVENUE_TABLES, revenueCsv, revenueReport } from "./revenue";

const DAY = 24 * 60 * 60 * 1000;
const date = z.iso.date("from and to are dates like 2026-06-01");

const revenueQuery = z.object({
  from: date.optional(),
  to: date.optional(),
  format: z.enum(["json", "csv"]).default("json"),
  table: z.enum(REVENUE_TABLES).optional(),
});

export const revenueRoutes = createRouter().get(
  "/admin/revenue",
  requireAdmin,
  validate("query", revenueQuery),
  async (c) => {
    const q = c.req.valid("query");
    const now = Date.now();
    // Whole UTC days: the last 12 months up to today by default.
    const to = q.to ? Date.parse(q.to) : Math.floor(now / DAY) * DAY + DAY;
    const from = q.from ? Date.parse(q.from) : to - 365 * DAY;
    if (!(from < to) || to - from > 3 * 366 * DAY) throw badRequest("from must be before to, at most 3 years apart");
    const report = await revenueReport(c.var.db, { from, to }, now);
    if (q.format === "json") return c.json(report);
    if (!q.table) throw badRequest(`table is one of ${REVENUE_TABLES.join(", ")}`);
    return c.body(revenueCsv(report, q.table), 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="revenue-${q.table}-${report.from}-${report.to}.csv"`,
    });
  },
);
