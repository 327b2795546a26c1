// The revenue dashboard: the figures of queries/revenue.ts shaped for the admin tab, and each table as CSV.
import type { Database } from "../../db/client";
import { toCsv } from "../../shared/csv";
import { renewalPrice } from "./autorenew";
import type { RenewalTerms } from "./queries/autorenew";
import {
  cohorts,
  goneQuiet,
  movementsByMonth,
  mrrByDay,
  type Range,
  revenueByMonth,
  upcomingRenewals,
} from "./queries/revenue";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function revenueReport(db: Database, range: Range, now: number) {
  const [mrr, moves, cohortRows, revenue, upcoming, quiet] = await Promise.all([
    mrrByDay(db, range),
    movementsByMonth(db, range, now),
    cohorts(db, range),
    revenueByMonth(db, range),
    upcomingRenewals(db, now),
    goneQuiet(db, now),
  ]);
  const byCohort = new Map<string, { cohort: string; members: number; retained: number[] }>();
  for (const row of cohortRows) {
    const entry = byCohort.get(row.cohort) ?? { cohort: row.cohort, members: row.members, retained: [] };
    entry.retained[row.k - 1] = row.still_paying;
    byCohort.set(row.cohort, entry);
  }
  return {
    from: day(range.from),
    to: day(range.to),
    mrr: mrr.map((r) => ({
      day: day(r.day),
      mrr_clp: r.mrr_clp,
      paying: r.paying,
      trials: r.trials,
      paused: r.paused,
    })),
    churn: moves.map((m) => ({
      ...m,
      /** Recovered out of refused (null when none was refused that month). */
      recovery_rate: m.renewals_refused ? m.renewals_recovered / m.renewals_refused : null,
    })),
    cohorts: [...byCohort.values()],
    revenue: revenue.map((r) => ({ ...r, net_clp: r.charged_clp - r.refunded_clp })),
    upcoming: upcoming.map((u) => ({
      user_id: u.user_id,
      email: u.email,
      due: iso(u.due),
      plan: u.plan,
      amount_clp: renewalPrice(upcomingTerms(u), u.due).amountClp,
    })),
    quiet: quiet.map((q) => ({ ...q, last_sign_in: iso(q.last_sign_in), due: iso(q.due) })),
  };
}

/** An upcoming renewal's row as the terms renewalPrice reads: the dashboard shows what the charge will really be. */
const upcomingTerms = (u: Awaited<ReturnType<typeof upcomingRenewals>>[number]): RenewalTerms => ({
  plan:
    u.plan_id === null
      ? null
      : {
          id: u.plan_id,
          name: u.plan_name ?? u.plan_id,
          amountClp: u.plan_amount_clp ?? 0,
          periodDays: u.plan_period_days ?? 0,
        },
  coupon:
    u.coupon_code === null
      ? null
      : {
          code: u.coupon_code,
          percentOff: u.percent_off,
          amountOffClp: u.amount_off_clp,
          periods: u.coupon_periods,
        },
  couponPayments: u.coupon_payments,
  keptPriceClp: u.kept_price_clp,
  priceToldAt: u.price_told_at === null ? null : new Date(u.price_told_at),
});

export type RevenueReport = Awaited<ReturnType<typeof revenueReport>>;
export const REVENUE_TABLES = ["mrr", "churn", "cohorts", "revenue", "upcoming", "quiet"] as const;
export type RevenueTable = (typeof REVENUE_TABLES)[number];

/** One of the report's tables as CSV (worker/shared/csv.ts), with a header row. */
export function revenueCsv(report: RevenueReport, table: RevenueTable): string {
  if (table === "cohorts")
    return toCsv(
      ["cohort", "members", ...Array.from({ length: 12 }, (_, i) => `month_${i + 1}`)],
      report.cohorts.map((c) => [c.cohort, c.members, ...Array.from({ length: 12 }, (_, i) => c.retained[i] ?? null)]),
    );
  const rows: Record<string, string | number | null>[] = report[table];
  const header = rows.length ? Object.keys(rows[0]) : [];
  return toCsv(
    header,
    rows.map((r) => header.map((h) => r[h])),
  );
}
