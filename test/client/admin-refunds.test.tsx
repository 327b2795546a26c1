// The admin Payments tab's refund: only on completed payments, after a confirmation naming the amount.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Member, Payment } from "../../client/admin/types";
import { TEXT } from "../../client/text";
import { TEXTS } from "../../worker/shared/texts";
import { renderApp, reply, sessionDeps, stubAdminFetch, userFixture } from "./render";

const payment = (patch: Partial<Payment>): Payment => ({
  id: 1,
  user_email: "mira@example.com",
  plan: "monthly",
  amount_clp: 15000,
  status: "completed",
  created_at: "2026-02-02T10:00:00.000Z",
  failure_reason: null,
  is_test: false,
  automatic: false,
  refund_type: null,
  refunded_at: null,
  ...patch,
});
const MEMBERS: Member[] = [
  {
    id: 1,
    name: "Ada",
    email: "admin@example.com",
    role: "admin",
    created_at: "2026-01-01T00:00:00.000Z",
    status: "active",
    plan: null,
    muted_until: null,
    auto_renew: null,
  },
];
const adminSession = () => sessionDeps({ getMe: async () => reply(200, userFixture({ id: 1, role: "admin" })) });

function serve(refundAnswer: { status: number; body: unknown }) {
  let payments = [
    payment({ id: 7 }),
    payment({ id: 8, status: "pending" }),
    payment({ id: 9, status: "refunded", refund_type: "REVERSED" }),
  ];
  const refundCalls: string[] = [];
  stubAdminFetch((url, init) => {
    if (url.endsWith("/refund") && init?.method === "POST") {
      refundCalls.push(url);
      if (refundAnswer.status === 200)
        payments = payments.map((p) => (p.id === 7 ? { ...p, status: "refunded", refund_type: "REVERSED" } : p));
      return refundAnswer;
    }
    if (url === "/api/admin/payments") return { status: 200, body: payments };
    if (url === "/api/admin/members") return { status: 200, body: MEMBERS };
    if (url === "/api/payments/mode") return { status: 200, body: { mode: "emulator", configured: true, missing: [] } };
    return undefined;
  });
  return refundCalls;
}

async function openPayments() {
  renderApp("/admin", adminSession());
  fireEvent.click(await screen.findByRole("tab", { name: TEXT.admin.tabs.payments }));
  return screen.findAllByTestId("payment-row");
}

describe("admin refunds", () => {
  it("offers Refund on completed payments only", async () => {
    serve({ status: 200, body: {} });
    const rows = await openPayments();
    expect(
      within(rows[0]).getByRole("button", { name: TEXT.payments.refundLabel(7, "mira@example.com") }),
    ).toBeTruthy();
    expect(within(rows[1]).queryByRole("button", { name: /Refund/ })).toBeNull();
    expect(within(rows[2]).queryByRole("button", { name: /Refund/ })).toBeNull();
    expect(rows[2].textContent).toContain("REVERSED");
  });

  it("cancelling the confirmation sends nothing", async () => {
    const calls = serve({ status: 200, body: {} });
    const rows = await openPayments();
    fireEvent.click(within(rows[0]).getByRole("button", { name: /Refund payment 7/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls).toEqual([]);
  });

  it("confirms with the amount, refunds, says so and reloads the list", async () => {
    const calls = serve({
      status: 200,
      body: {
        id: 7,
        status: "refunded",
        refund_type: "REVERSED",
        refund_authorization_code: "123456",
        refunded_amount_clp: 15000,
        refunded_at: "2026-02-02T11:00:00.000Z",
      },
    });
    const rows = await openPayments();
    fireEvent.click(within(rows[0]).getByRole("button", { name: /Refund payment 7/ }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain(TEXT.payments.refundConfirm("$15,000 CLP", "mira@example.com"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund $15,000 CLP" }));
    expect(await screen.findByText(TEXT.payments.refunded("$15,000 CLP", "REVERSED"))).toBeTruthy();
    expect(calls).toEqual(["/api/admin/payments/7/refund"]);
    await waitFor(() =>
      expect(within(screen.getAllByTestId("payment-row")[0]).queryByRole("button", { name: /Refund/ })).toBeNull(),
    );
    expect(screen.getAllByTestId("payment-row")[0].textContent).toContain("refunded");
  });

  it("shows the server's error when the refund is refused", async () => {
    serve({ status: 409, body: { error: TEXTS.admin.alreadyRefunded, code: "payment_already_refunded" } });
    const rows = await openPayments();
    fireEvent.click(within(rows[0]).getByRole("button", { name: /Refund payment 7/ }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: /^Refund \$/ }));
    expect(await screen.findByText(TEXTS.admin.alreadyRefunded)).toBeTruthy();
    expect(
      within(screen.getAllByTestId("payment-row")[0]).getByRole("button", { name: /Refund payment 7/ }),
    ).toBeTruthy();
  });

  it("shows the fallback text when the network fails", async () => {
    stubAdminFetch((url, init) => {
      if (url.endsWith("/refund") && init?.method === "POST") return undefined;
      if (url === "/api/admin/payments") return { status: 200, body: [payment({ id: 7 })] };
      if (url === "/api/admin/members") return { status: 200, body: MEMBERS };
      return undefined;
    });
    const rows = await openPayments();
    fireEvent.click(within(rows[0]).getByRole("button", { name: /Refund payment 7/ }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: /^Refund \$/ }));
    expect(await screen.findByText(TEXT.payments.refundFailed)).toBeTruthy();
  });
});
