import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "../../client/i18n/language";
import { words as esCheckout } from "../../client/pricing/words.es";
import { IDEMPOTENCY } from "../../worker/shared/rules";
import { TEXTS } from "../../worker/shared/texts";
import {
  emptyLibraryAnswer,
  type MembershipStatusAnswer,
  membershipStatus,
  monthlyPlan,
  renderApp,
  reply,
  sessionDeps,
  stubFetch,
  userFixture,
  yearlyPlan,
} from "./render";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const member = () => sessionDeps({ getMe: async () => reply(200, userFixture()) });
const confirmCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .filter(([u]) => String(u).includes("/api/payments/confirm"))
    .map(([, init]) => JSON.parse(String(init?.body)));

describe("/pay/return", () => {
  it("confirms with the server on success=true and welcomes the member", async () => {
    let answer!: () => void;
    const gate = new Promise<void>((r) => (answer = r));
    const bodies: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        expect(String(input)).toContain("/api/payments/confirm");
        bodies.push(JSON.parse(String(init?.body)));
        await gate;
        return Response.json({ membership: { status: "active", next_payment_due: "2026-07-01T00:00:00.000Z" } });
      }),
    );
    renderApp("/pay/return?success=true&amount=15000", member());
    expect(await screen.findByRole("heading", { name: "Processing Payment" })).toBeTruthy();
    await waitFor(() => expect(bodies).toEqual([{ success: true, amount: 15000 }]));
    expect(screen.queryByRole("heading", { name: "Welcome to the Lounge!" })).toBeNull();
    answer();
    expect(await screen.findByRole("heading", { name: "Welcome to the Lounge!" })).toBeTruthy();
    expect(screen.getByText(TEXTS.payment.success)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Enter the Lounge" }).getAttribute("href")).toBe("/app/lounge");
  });

  it("shows 'Payment Issue' with the verification text when the server does not confirm (success=1)", async () => {
    stubFetch((url) =>
      url === "/api/payments/confirm" ? { status: 402, body: { error: TEXTS.payment.verificationFailed } } : undefined,
    );
    renderApp("/pay/return?success=1", member());
    expect(await screen.findByRole("heading", { name: "Payment Issue" })).toBeTruthy();
    expect(screen.getByText(TEXTS.payment.verificationFailed).getAttribute("role")).toBe("alert");
    expect(screen.getByRole("link", { name: "Try Again" }).getAttribute("href")).toBe("/pricing");
    // The mark above the heading is a decorative drawing, not a "!" in the page's text.
    const mark = document.querySelector(".pay-return-icon");
    expect(mark?.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    expect(mark?.textContent).toBe("");
  });

  it("shows the network text when the confirmation cannot be made", async () => {
    const fetchMock = stubFetch(() => undefined);
    renderApp("/pay/return?success=true", member());
    expect(await screen.findByRole("heading", { name: "Payment Issue" })).toBeTruthy();
    expect(screen.getByText(TEXTS.payment.verificationNetwork).getAttribute("role")).toBe("alert");
    // Without an amount in the address, the default 15000 is sent.
    expect(confirmCalls(fetchMock)).toEqual([{ success: true, amount: 15000 }]);
  });

  it.each(["/pay/return?success=false&error=cancelled", "/pay/return?success=0", "/pay/return?error=timeout"])(
    "goes straight to the error with no call for %s",
    async (path) => {
      const fetchMock = stubFetch(() => ({ status: 200, body: {} }));
      renderApp(path, member());
      expect(await screen.findByRole("heading", { name: "Payment Issue" })).toBeTruthy();
      expect(screen.getByText(TEXTS.payment.cancelled).getAttribute("role")).toBe("alert");
      // The heading renders after the route's loader answered: any call it made is already recorded.
      expect(confirmCalls(fetchMock)).toEqual([]);
    },
  );

  it("with no parameters shows success and makes a best-effort confirmation, ignoring its failure", async () => {
    const fetchMock = stubFetch((url) =>
      url === "/api/payments/confirm" ? { status: 402, body: { error: "no" } } : undefined,
    );
    renderApp("/pay/return", member());
    expect(await screen.findByRole("heading", { name: "Welcome to the Lounge!" })).toBeTruthy();
    expect(screen.getByText(TEXTS.payment.processed)).toBeTruthy();
    await waitFor(() => expect(confirmCalls(fetchMock)).toEqual([{ success: true, amount: 15000 }]));
    // The refusal was read (its body consumed) and ignored: the page stays on success.
    const confirmAt = fetchMock.mock.calls.findIndex(([u]) => String(u).includes("/api/payments/confirm"));
    const refusal: Response = await fetchMock.mock.results[confirmAt].value;
    await waitFor(() => expect(refusal.bodyUsed).toBe(true));
    expect(screen.getByRole("heading", { name: "Welcome to the Lounge!" })).toBeTruthy();
  });
});

describe("/pricing", () => {
  const statusReply = (status: MembershipStatusAnswer["status"], due: string | null = null) => ({
    status: 200,
    body: membershipStatus({ status, next_payment_due: due }),
  });

  it("asks signed-out visitors to sign in", async () => {
    stubFetch(() => undefined);
    const deps = sessionDeps();
    renderApp("/pricing", deps);
    expect(await screen.findByRole("heading", { name: "Unlock Premium Resources" })).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Sign In to Continue" }));
    await waitFor(() => expect(deps.navigate).toHaveBeenCalledWith("/auth/dev?state=s"));
    expect(screen.getByText("$15,000 CLP")).toBeTruthy();
    expect(screen.getByText(/30 days/, { selector: ".muted" })).toBeTruthy();
  });

  it("sends admins to /app/resources", async () => {
    stubFetch((url) => emptyLibraryAnswer(url) ?? undefined);
    const { router } = renderApp(
      "/pricing",
      sessionDeps({ getMe: async () => reply(200, userFixture({ role: "admin" })) }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/resources"));
  });

  it.each([
    ["active", "badge-active", "Active"],
    ["expired", "badge-other", "Expired"],
    ["trial", "badge-other", "Trial"],
  ] as const)("shows a %s membership in its colour", async (status, cls, label) => {
    stubFetch((url) =>
      url === "/api/membership/status" ? statusReply(status, "2026-07-01T00:00:00.000Z") : undefined,
    );
    renderApp("/pricing", member());
    const badge = await screen.findByTestId("membership-status");
    expect(badge.textContent).toBe(label);
    expect(badge.className).toContain(cls);
  });

  it("shows no status when there is none", async () => {
    const fetchMock = stubFetch((url) => (url === "/api/membership/status" ? statusReply("none") : undefined));
    renderApp("/pricing", member());
    await screen.findByRole("button", { name: /Pay \$15,000 CLP/ });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // The pay button and the status come from the same loader answer: the button shown means it was read.
    expect(screen.queryByTestId("membership-status")).toBeNull();
  });

  it("starts the payment and submits the hidden form with token_ws to the provider", async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    const fetchMock = stubFetch((url) =>
      url === "/api/membership/status"
        ? statusReply("none")
        : url === "/api/payments/initiate"
          ? {
              status: 200,
              body: {
                url: "https://webpay3gint.transbank.cl/webpayserver/initTransaction",
                token: "t0k3n",
                provider: "webpay_form",
              },
            }
          : undefined,
    );
    renderApp("/pricing", member());
    fireEvent.click(await screen.findByRole("button", { name: /Pay \$15,000 CLP/ }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.id).toBe("webpay-form");
    expect(form.method).toBe("post");
    expect(form.action).toBe("https://webpay3gint.transbank.cl/webpayserver/initTransaction");
    expect((form.elements.namedItem("token_ws") as HTMLInputElement).value).toBe("t0k3n");
    const initiate = fetchMock.mock.calls.find(([u]) => String(u).includes("/api/payments/initiate"));
    expect(JSON.parse(String(initiate?.[1]?.body))).toEqual({ amount: 15000, provider: "webpay_form" });
  });

  it("tells an already-active member so and goes to /app/resources", async () => {
    // The server found the membership active when asked to start a payment: the guard of
    // /app/resources then asks again and lets the member in.
    let status: MembershipStatusAnswer["status"] = "none";
    stubFetch((url) => {
      if (url === "/api/membership/status") return statusReply(status);
      if (url !== "/api/payments/initiate") return emptyLibraryAnswer(url) ?? undefined;
      status = "active";
      return { status: 200, body: { membership: { status: "active", next_payment_due: "2026-07-01T00:00:00.000Z" } } };
    });
    const { router } = renderApp("/pricing", member());
    fireEvent.click(await screen.findByRole("button", { name: /Pay \$15,000 CLP/ }));
    expect((await screen.findAllByText(TEXTS.payment.alreadyActive)).length).toBeGreaterThan(0);
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/resources"), { timeout: 4000 });
  });

  it.each([
    [
      "the server's error",
      { status: 400, body: { error: "amount: amount must be 15000" } },
      "amount: amount must be 15000",
      1,
    ],
    ["the fallback", { status: 502, body: {} }, TEXTS.payment.initiateFailed, IDEMPOTENCY.clientRetry.attempts],
    ["the network text", undefined, TEXTS.payment.initiateNetwork, IDEMPOTENCY.clientRetry.attempts],
  ])(
    "shows %s when the payment cannot start (a lost answer after its retries, with one key)",
    async (_label, answer, text, sends) => {
      vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
      try {
        const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
        const fetchMock = stubFetch((url) =>
          url === "/api/membership/status"
            ? statusReply("none")
            : url === "/api/payments/initiate"
              ? answer
              : undefined,
        );
        renderApp("/pricing", member());
        fireEvent.click(await screen.findByRole("button", { name: /Pay \$15,000 CLP/ }));
        await act(() => vi.advanceTimersByTimeAsync(60_000));
        await waitFor(() => expect(screen.getAllByRole("alert").some((a) => a.textContent === text)).toBe(true));
        const keys = fetchMock.mock.calls
          .filter(([u]) => String(u).includes("/api/payments/initiate"))
          .map(([, init]) => new Headers(init?.headers).get("idempotency-key"));
        expect(keys).toHaveLength(sends);
        expect(new Set(keys).size).toBe(1);
        expect(submit).not.toHaveBeenCalled();
        expect((screen.getByRole("button", { name: /Pay \$15,000 CLP/ }) as HTMLButtonElement).disabled).toBe(false);
      } finally {
        vi.useRealTimers();
      }
    },
  );

  const PLANS = { plans: [monthlyPlan(), yearlyPlan()] };

  it("offers the server's plans side by side, with the yearly saving, and pays for the one chosen at its price", async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    const fetchMock = stubFetch((url) =>
      url === "/api/plans"
        ? { status: 200, body: PLANS }
        : url === "/api/membership/status"
          ? statusReply("none")
          : url === "/api/payments/initiate"
            ? { status: 200, body: { url: "https://webpay.example/init", token: "t0k3n", provider: "webpay_form" } }
            : undefined,
    );
    renderApp("/pricing", member());
    const yearly = await screen.findByRole("region", { name: "Yearly Membership" });
    expect(screen.getByRole("region", { name: "Monthly Membership" })).toBeTruthy();
    expect(yearly.textContent).toContain("You save $30,000 CLP");
    expect(yearly.textContent).toContain("365 days of access");
    fireEvent.click(screen.getByRole("button", { name: "Pay $150,000 CLP with Webpay" }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const initiate = fetchMock.mock.calls.find(([u]) => String(u).includes("/api/payments/initiate"));
    expect(JSON.parse(String(initiate?.[1]?.body))).toEqual({
      amount: 150000,
      plan_id: "yearly",
      provider: "webpay_form",
    });
  });

  it("a coupon the server accepts reprices the plans it is for, and the payment carries it; a refused one says why", async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    const fetchMock = stubFetch((url, init) => {
      if (url === "/api/plans") return { status: 200, body: PLANS };
      if (url === "/api/membership/status") return statusReply("none");
      if (url === "/api/coupons/check") {
        const { code, plan_id } = JSON.parse(String(init?.body));
        if (code === "nope")
          return { status: 404, body: { error: "That coupon code does not exist", code: "coupon_not_found" } };
        return plan_id === "yearly"
          ? { status: 200, body: { plan_id, amount_clp: 120000, discount_clp: 30000, full_clp: 150000, periods: 1 } }
          : { status: 409, body: { error: "That coupon is not for this plan", code: "coupon_not_for_plan" } };
      }
      if (url === "/api/payments/initiate")
        return { status: 200, body: { url: "https://webpay.example/init", token: "t0k3n", provider: "webpay_form" } };
      return undefined;
    });
    renderApp("/pricing", member());
    const field = await screen.findByRole("textbox", { name: "Coupon code" });
    fireEvent.change(field, { target: { value: "nope" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("That coupon code does not exist")).toBeTruthy();
    fireEvent.change(screen.getByRole("textbox", { name: "Coupon code" }), { target: { value: "year20" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("Coupon YEAR20 applied: the prices below include it.")).toBeTruthy();
    expect(screen.getByText("Instead of $150,000 CLP")).toBeTruthy();
    // The monthly plan keeps its price: the coupon is not for it.
    expect(screen.getByRole("button", { name: "Pay $15,000 CLP with Webpay" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Pay $120,000 CLP with Webpay" }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const initiate = fetchMock.mock.calls.find(([u]) => String(u).includes("/api/payments/initiate"));
    expect(JSON.parse(String(initiate?.[1]?.body))).toEqual({
      amount: 120000,
      plan_id: "yearly",
      coupon: "YEAR20",
      provider: "webpay_form",
    });
  });

  it("speaks Spanish when Spanish is active: status, plan, benefits and the pay button", async () => {
    await setLanguage("es");
    try {
      stubFetch((url) =>
        url === "/api/membership/status" ? statusReply("expired", "2026-07-01T00:00:00.000Z") : undefined,
      );
      renderApp("/pricing", member());
      expect((await screen.findByTestId("membership-status")).textContent).toBe(esCheckout.payment.statusNames.expired);
      expect(screen.getByText(esCheckout.payment.expiredOn("1 jul 2026"))).toBeTruthy();
      expect(screen.getByRole("heading", { name: esCheckout.payment.planNames.monthly })).toBeTruthy();
      expect(screen.getByText(esCheckout.payment.benefitAccess(30))).toBeTruthy();
      expect(screen.getByRole("button", { name: esCheckout.payment.payWith("$15.000") })).toBeTruthy();
      expect(screen.queryByText(/Monthly Membership|Membership status|with Webpay/)).toBeNull();
    } finally {
      await setLanguage("en");
    }
  });
});
