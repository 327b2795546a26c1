import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { showTestModeBanner } from "../../client/components/test-mode-banner";
import { TEXT } from "../../client/text";
import { TEXTS } from "../../worker/shared/texts";
import { renderApp, reply, sessionDeps, stubAdminFetch, userFixture } from "./render";

const mode = (m: string, configured = true, missing: string[] = []) => ({
  status: 200,
  body: { mode: m, configured, missing },
});

describe("test-mode banner", () => {
  afterEach(() => {
    document.querySelector(".test-mode-banner")?.remove();
    document.documentElement.classList.remove("test-mode");
  });

  for (const m of ["integration", "emulator"]) {
    it(`is shown when payments go to the ${m}`, async () => {
      stubAdminFetch((url) => (url === "/api/payments/mode" ? mode(m) : undefined));
      await showTestModeBanner();
      expect(screen.getByRole("note").textContent).toBe(TEXTS.payment.testModeBanner);
      // Out of the flow (fixed at the bottom, theme.css html.test-mode): its late arrival moves nothing.
      expect(document.body.lastElementChild).toBe(screen.getByRole("note"));
      expect(document.documentElement.classList.contains("test-mode")).toBe(true);
      // Asked again (the app starting after the landing), it stays one banner.
      await showTestModeBanner();
      expect(screen.getAllByRole("note")).toHaveLength(1);
    });
  }

  it("is not shown in production, nor when the mode cannot be read", async () => {
    const fetchMock = stubAdminFetch((url) => (url === "/api/payments/mode" ? mode("production") : undefined));
    await showTestModeBanner();
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.queryByRole("note")).toBeNull();
    expect(document.documentElement.classList.contains("test-mode")).toBe(false);
    stubAdminFetch((url) => (url === "/api/payments/mode" ? { status: 503, body: { error: "down" } } : undefined));
    await showTestModeBanner();
    expect(screen.queryByRole("note")).toBeNull();
  });
});

describe("admin dashboard and payment configuration", () => {
  const admin = () => sessionDeps({ getMe: async () => reply(200, userFixture({ id: 1, role: "admin" })) });
  const PAYMENT = {
    id: 7,
    user_email: "mira@example.com",
    plan: "monthly",
    amount_clp: 15000,
    status: "failed",
    created_at: "2026-02-02T10:00:00.000Z",
    failure_reason: "expired",
    is_test: true,
    refund_type: null,
    refunded_at: null,
  };

  it("says what is missing when production payments are not configured", async () => {
    stubAdminFetch((url) =>
      url === "/api/payments/mode"
        ? mode("production", false, ["WEBPAY_COMMERCE_CODE", "WEBPAY_API_SECRET"])
        : { status: 200, body: [] },
    );
    renderApp("/admin", admin());
    expect((await screen.findByText(/Payments are not configured/)).textContent).toBe(
      TEXTS.admin.paymentsNotConfigured(["WEBPAY_COMMERCE_CODE", "WEBPAY_API_SECRET"]),
    );
  });

  it("marks test payments and shows why a payment failed", async () => {
    stubAdminFetch((url) =>
      url === "/api/payments/mode"
        ? mode("integration")
        : url === "/api/admin/payments"
          ? { status: 200, body: [PAYMENT] }
          : { status: 200, body: [] },
    );
    renderApp("/admin", admin());
    fireEvent.click(await screen.findByRole("tab", { name: TEXT.admin.tabs.payments }));
    // The tab loads its code when opened.
    const row = await screen.findByTestId("payment-row");
    expect(row.textContent).toContain("failed (expired)");
    expect(row.textContent).toContain(TEXTS.admin.testPayment);
    expect(screen.queryByText(/Payments are not configured/)).toBeNull();
  });
});
