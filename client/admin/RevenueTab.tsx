// The revenue dashboard: MRR by day (a chart with the month ends in a table beside it), members coming and
// going, retention cohorts, revenue by month and plan, upcoming renewals and members gone quiet. Every figure is the
// server's (GET /api/admin/revenue); every table downloads as CSV. Its code and words load only with this tab.
import type { InferResponseType } from "hono/client";
import { type ReactNode, useEffect, useState } from "react";
import { api, errorText, unwrap } from "../api";
import { formatClp, formatDate } from "../components/format";
import { Spinner } from "../components/Spinner";
import { TEXT } from "../text";
import { LineChart } from "./LineChart";

// The JSON answer (the same route answers one table as CSV when asked).
type Report = Exclude<InferResponseType<typeof api.admin.revenue.$get, 200>, string>;
type State = { phase: "loading" } | { phase: "done"; report: Report } | { phase: "error"; error: string };

const csvHref = (table: string) => `/api/admin/revenue?format=csv&table=${table}`;

/** A captioned table in a keyboard-scrollable region, with its CSV download. */
function Table({
  id,
  title,
  table,
  head,
  rows,
}: {
  id: string;
  title: string;
  table: string;
  head: string[];
  rows: ReactNode[][];
}) {
  return (
    <section className="stack" aria-labelledby={`${id}-caption`}>
      <div className="spread">
        <h3 id={`${id}-caption`} className="admin-section-title">
          {title}
        </h3>
        <a className="btn btn-sm" href={csvHref(table)} download>
          {TEXT.revenue.downloadCsv}
        </a>
      </div>
      {rows.length === 0 ? (
        <p className="muted">{TEXT.revenue.none}</p>
      ) : (
        // biome-ignore lint/a11y: focusable so the keyboard can scroll it (axe: scrollable-region-focusable).
        <div className="table-wrap card card-tight" tabIndex={0} role="region" aria-labelledby={`${id}-caption`}>
          <table className="admin-table" data-testid={`revenue-${table}`}>
            <thead>
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((cells, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional figures, never reordered.
                <tr key={i}>
                  {cells.map((cell, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
                    <td key={j}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function RevenueTab() {
  const [state, setState] = useState<State>({ phase: "loading" });
  useEffect(() => {
    let live = true;
    unwrap(api.admin.revenue.$get({ query: {} })).then(
      (report) => live && setState({ phase: "done", report: report as Report }),
      (err) => live && setState({ phase: "error", error: errorText(err, TEXT.revenue.loadFailed) }),
    );
    return () => {
      live = false;
    };
  }, []);
  if (state.phase === "loading") return <Spinner label={TEXT.revenue.loading} />;
  if (state.phase === "error")
    return (
      <p className="alert alert-error" role="alert">
        {state.error}
      </p>
    );
  const { report } = state;
  const c = TEXT.revenue.columns;
  const points = report.mrr.map((d) => ({
    label: d.day,
    value: d.mrr_clp,
    note: TEXT.revenue.point(formatDate(`${d.day}T12:00:00Z`), formatClp(d.mrr_clp), d.paying, d.trials, d.paused),
  }));
  const monthStarts = report.mrr.flatMap((d, i) => (d.day.endsWith("-01") ? [i] : []));
  const monthEnds = report.mrr.filter((_, i) => report.mrr[i + 1]?.day.endsWith("-01") || i === report.mrr.length - 1);
  const last = report.mrr[report.mrr.length - 1];
  const planName = (plan: string) => (plan === "gift" ? TEXT.revenue.giftPlan : plan);
  return (
    <div className="stack">
      <h2 className="admin-section-title">{TEXT.revenue.title}</h2>
      <p className="muted">{TEXT.revenue.intro}</p>
      <div className="revenue-pair">
        <div className="card">
          <h3 className="admin-section-title">{TEXT.revenue.mrrTitle}</h3>
          <LineChart
            title={TEXT.revenue.mrrTitle}
            description={TEXT.revenue.mrrDescription(report.from, report.to, formatClp(last?.mrr_clp ?? 0))}
            help={TEXT.revenue.chartHelp}
            points={points}
            formatValue={formatClp}
            xLabels={monthStarts}
          />
        </div>
        <Table
          id="revenue-mrr"
          title={TEXT.revenue.monthEnds}
          table="mrr"
          head={[c.day, c.mrr, c.paying, c.trials, c.paused]}
          rows={monthEnds.map((d) => [d.day, formatClp(d.mrr_clp), d.paying, d.trials, d.paused])}
        />
      </div>
      <Table
        id="revenue-churn"
        title={TEXT.revenue.movementsTitle}
        table="churn"
        head={[c.month, c.newMembers, c.returning, c.churnedChosen, c.churnedFailed, c.recovery, c.trialsConverted]}
        rows={report.churn.map((m) => [
          m.month,
          m.new_members,
          m.returning_members,
          m.churned_chosen,
          m.churned_failed,
          TEXT.revenue.rate(m.renewals_recovered, m.renewals_refused),
          TEXT.revenue.trialRate(m.trials_converted, m.trials_started),
        ])}
      />
      <Table
        id="revenue-cohorts"
        title={TEXT.revenue.cohortsTitle}
        table="cohorts"
        head={[c.cohort, c.members, ...Array.from({ length: 12 }, (_, i) => c.monthN(i + 1))]}
        rows={report.cohorts.map((k) => [
          k.cohort,
          k.members,
          ...Array.from({ length: 12 }, (_, i) => k.retained[i] ?? ""),
        ])}
      />
      <Table
        id="revenue-revenue"
        title={TEXT.revenue.revenueTitle}
        table="revenue"
        head={[c.month, c.plan, c.charged, c.refunded, c.net, c.coupons, c.discount]}
        rows={report.revenue.map((r) => [
          r.month,
          planName(r.plan),
          formatClp(r.charged_clp),
          formatClp(r.refunded_clp),
          formatClp(r.net_clp),
          r.coupon_payments,
          formatClp(r.discount_clp),
        ])}
      />
      <Table
        id="revenue-upcoming"
        title={TEXT.revenue.upcomingTitle}
        table="upcoming"
        head={[c.member, c.due, c.plan, c.amount]}
        rows={report.upcoming.map((u) => [u.email, u.due ? formatDate(u.due) : "", u.plan, formatClp(u.amount_clp)])}
      />
      <Table
        id="revenue-quiet"
        title={TEXT.revenue.quietTitle}
        table="quiet"
        head={[c.member, c.lastSignIn, c.due]}
        rows={report.quiet.map((q) => [
          q.name ? `${q.name} <${q.email}>` : q.email,
          q.last_sign_in ? formatDate(q.last_sign_in) : TEXT.revenue.never,
          q.due ? formatDate(q.due) : "",
        ])}
      />
    </div>
  );
}
