// The plans tab: the admin changes a plan's price in place and adds a coupon; the server's answers rule.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TEXT } from "../../client/text";
import { renderApp, reply, sessionDeps, stubAdminFetch, userFixture, yearlyPlan } from "./render";

const admin = () => sessionDeps({ getMe: async () => reply(200, userFixture({ id: 1, role: "admin" })) });
const plan = (amount: number) => yearlyPlan({ amount_clp: amount, saving_clp: null });
const coupon = {
  code: "WELCOME",
  percent_off: 10,
  amount_off_clp: null,
  periods: 1,
  plan_ids: null,
  expires_at: null,
  max_redemptions: null,
  redemptions: 0,
  reason: null,
  scholarship: false,
};

describe("admin plans tab", () => {
  it("saves a plan's new price and adds a coupon", async () => {
    const fetchMock = stubAdminFetch((url, init) => {
      if (url === "/api/admin/plans") return { status: 200, body: { plans: [plan(150000)] } };
      if (url === "/api/admin/plans/yearly") return { status: 200, body: { plans: [plan(140000)] } };
      if (url === "/api/admin/coupons")
        return {
          status: init?.method === "POST" ? 201 : 200,
          body: { coupons: init?.method === "POST" ? [coupon] : [] },
        };
      return { status: 200, body: [] };
    });
    renderApp("/admin", admin());
    fireEvent.click(await screen.findByRole("tab", { name: TEXT.admin.tabs.plans }));
    const price = await screen.findByRole("spinbutton", { name: "Price (CLP) yearly" });
    fireEvent.change(price, { target: { value: "140000" } });
    fireEvent.click(screen.getByRole("button", { name: "Save yearly" }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u, i]) => String(u).endsWith("/api/admin/plans/yearly") && i?.method === "PUT"),
      ).toBe(true),
    );
    const put = fetchMock.mock.calls.find(
      ([u, i]) => String(u).endsWith("/api/admin/plans/yearly") && i?.method === "PUT",
    );
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      name: "Yearly",
      amount_clp: 140000,
      period_days: 365,
      trial_days: 0,
      active: true,
    });
    fireEvent.change(screen.getByRole("textbox", { name: "Code" }), { target: { value: "WELCOME" } });
    fireEvent.change(screen.getByRole("spinbutton", { name: "Percent off" }), { target: { value: "10" } });
    fireEvent.change(screen.getByRole("spinbutton", { name: "Payments" }), { target: { value: "1" } });
    fireEvent.click(screen.getByRole("button", { name: "Add coupon" }));
    expect(await within(screen.getByTestId("coupons")).findByText("WELCOME")).toBeTruthy();
    const post = fetchMock.mock.calls.find(
      ([u, i]) => String(u).endsWith("/api/admin/coupons") && i?.method === "POST",
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ code: "WELCOME", percent_off: 10, periods: 1 });
  });
});
