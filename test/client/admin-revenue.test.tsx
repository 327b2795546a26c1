// The revenue tab: loaded only when opened; the MRR chart is an SVG named for screen readers and read day
// by day with the arrow keys, with the month ends in a table beside it; every table has its CSV download.
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TEXT } from "../../client/text";
import { renderApp, reply, sessionDeps, stubAdminFetch, userFixture } from "./render";

const admin = () => sessionDeps({ getMe: async () => reply(200, userFixture({ id: 1, role: "admin" })) });

const REPORT = {
  from: "2026-01-30",
  to: "2026-02-02",
  mrr: [
    { day: "2026-01-30", mrr_clp: 15000, paying: 1, trials: 0, paused: 0 },
    { day: "2026-01-31", mrr_clp: 27500, paying: 2, trials: 1, paused: 0 },
    { day: "2026-02-01", mrr_clp: 42500, paying: 3, trials: 2, paused: 1 },
  ],
  churn: [
    {
      month: "2026-01",
      new_members: 2,
      returning_members: 0,
      churned_chosen: 1,
      churned_failed: 1,
      renewals_refused: 2,
      renewals_recovered: 1,
      recovery_rate: 0.5,
      trials_started: 3,
      trials_converted: 2,
    },
  ],
  cohorts: [{ cohort: "2026-01", members: 2, retained: [2, 1] }],
  revenue: [
    {
      month: "2026-01",
      plan: "gift",
      charged_clp: 45000,
      refunded_clp: 0,
      net_clp: 45000,
      payments: 1,
      coupon_payments: 0,
      discount_clp: 0,
    },
  ],
  upcoming: [],
  quiet: [],
};

describe("admin revenue tab", () => {
  it("asks for the figures only when opened, and shows the chart, its table and the others", async () => {
    const fetchMock = stubAdminFetch((url) =>
      url.startsWith("/api/admin/revenue") ? { status: 200, body: REPORT } : { status: 200, body: [] },
    );
    renderApp("/admin", admin());
    const tab = await screen.findByRole("tab", { name: TEXT.admin.tabs.revenue });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/api/admin/revenue"))).toBe(false);
    fireEvent.click(tab);
    const chart = await screen.findByRole("img", { name: /Monthly recurring revenue/ });
    expect(chart.querySelectorAll("path.chart-line")).toHaveLength(1);
    expect(chart.textContent).toContain("$40,000 CLP");
    // The arrow keys read the days.
    fireEvent.keyDown(chart, { key: "ArrowRight" });
    fireEvent.keyDown(chart, { key: "ArrowRight" });
    expect(screen.getByText(/: \$27,500 CLP, 2 paying, 1 on a free trial, 0 paused$/)).toBeTruthy();
    fireEvent.keyDown(chart, { key: "End" });
    expect(screen.getByText(/: \$42,500 CLP, 3 paying, 2 on a free trial, 1 paused$/)).toBeTruthy();
    // The month ends beside it.
    const mrrTable = screen.getByTestId("revenue-mrr");
    expect(within(mrrTable).getByText("2026-01-31")).toBeTruthy();
    expect(within(mrrTable).getByText("2026-02-01")).toBeTruthy();
    expect(within(mrrTable).queryByText("2026-01-30")).toBeNull();
    // Paying, on a trial and paused at each month's end.
    expect(
      within(mrrTable)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual([
      TEXT.revenue.columns.day,
      TEXT.revenue.columns.mrr,
      TEXT.revenue.columns.paying,
      TEXT.revenue.columns.trials,
      TEXT.revenue.columns.paused,
    ]);
    const february = within(mrrTable).getByText("2026-02-01").closest("tr") as HTMLElement;
    expect([...february.querySelectorAll("td, th")].map((c) => c.textContent)).toEqual([
      "2026-02-01",
      "$42,500 CLP",
      "3",
      "2",
      "1",
    ]);
    expect(within(screen.getByTestId("revenue-churn")).getByText("1 of 2")).toBeTruthy();
    // Free trials that month: 2 paid at their end, of 3 started.
    expect(within(screen.getByTestId("revenue-churn")).getByText("2 / 3")).toBeTruthy();
    expect(
      within(screen.getByTestId("revenue-churn")).getByRole("columnheader", {
        name: TEXT.revenue.columns.trialsConverted,
      }),
    ).toBeTruthy();
    expect(within(screen.getByTestId("revenue-revenue")).getByText("Gifts")).toBeTruthy();
    const csv = screen.getAllByRole("link", { name: TEXT.revenue.downloadCsv }).map((a) => a.getAttribute("href"));
    expect(csv).toEqual([
      "/api/admin/revenue?format=csv&table=mrr",
      "/api/admin/revenue?format=csv&table=churn",
      "/api/admin/revenue?format=csv&table=cohorts",
      "/api/admin/revenue?format=csv&table=revenue",
      "/api/admin/revenue?format=csv&table=upcoming",
      "/api/admin/revenue?format=csv&table=quiet",
    ]);
  });
});
