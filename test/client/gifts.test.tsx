// Gifts on the client: buying one on /pricing, the gift link's page (/gift#code=...) and the return.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { membershipStatus, monthlyPlan, renderApp, reply, sessionDeps, stubFetch, userFixture } from "./render";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = "";
  sessionStorage.clear();
});

const CODE = "A".repeat(43);
const member = () => sessionDeps({ getMe: async () => reply(200, userFixture()) });
const OFFER = {
  plans: [monthlyPlan()],
  gifts: [
    { months: 1, amount_clp: 15000 },
    { months: 3, amount_clp: 45000 },
    { months: 12, amount_clp: 150000 },
  ],
};

describe("buying a gift on /pricing", () => {
  it("sends the length, the address and the message, then posts the Webpay form", async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    const fetchMock = stubFetch((url) =>
      url === "/api/plans"
        ? { status: 200, body: OFFER }
        : url === "/api/membership/status"
          ? { status: 200, body: membershipStatus({ status: "none", next_payment_due: null }) }
          : url === "/api/gifts"
            ? { status: 200, body: { url: "https://webpay.example/init", token: "g1ft" } }
            : undefined,
    );
    renderApp("/pricing", member());
    const length = await screen.findByRole("combobox", { name: "Length" });
    fireEvent.change(length, { target: { value: "3" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Their email address" }), {
      target: { value: "sol@example.com" },
    });
    fireEvent.change(screen.getByRole("textbox", { name: "Your message (optional)" }), {
      target: { value: "Happy birthday" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send the gift ($45,000 CLP, paid with Webpay)" }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const sent = fetchMock.mock.calls.find(([u]) => String(u).includes("/api/gifts"));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      plan_months: 3,
      recipient_email: "sol@example.com",
      message: "Happy birthday",
    });
    expect(
      ((submit.mock.contexts[0] as HTMLFormElement).elements.namedItem("token_ws") as HTMLInputElement).value,
    ).toBe("g1ft");
  });
});

describe("/gift", () => {
  it("redeems the link's code for a signed-in member", async () => {
    window.location.hash = `#code=${CODE}`;
    const fetchMock = stubFetch((url) =>
      url === "/api/gifts/redeem" ? { status: 200, body: { months: 3, period_days: 90 } } : undefined,
    );
    renderApp("/gift", member());
    expect(await screen.findByText("Your gift is active: 3 months of Cosmic Lounge were added.")).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([u]) => String(u).includes("/api/gifts/redeem"));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ code: CODE });
  });

  it("shows why a code is refused", async () => {
    window.location.hash = `#code=${CODE}`;
    stubFetch((url) =>
      url === "/api/gifts/redeem"
        ? { status: 409, body: { error: "That gift has been used already", code: "gift_redeemed" } }
        : undefined,
    );
    renderApp("/gift", member());
    expect((await screen.findByText("That gift has been used already")).getAttribute("role")).toBe("alert");
  });

  it("signs a signed-out visitor in, keeping the code for when they come back", async () => {
    window.location.hash = `#code=${CODE}`;
    stubFetch(() => undefined);
    const deps = sessionDeps();
    renderApp("/gift", deps);
    await waitFor(() => expect(deps.navigate).toHaveBeenCalledWith("/auth/dev?state=s"));
    expect(sessionStorage.getItem("cosmic:gift-code")).toBe(CODE);
  });

  it("the payment return of a gift says it was emailed, without asking for the buyer's membership", async () => {
    const fetchMock = stubFetch(() => undefined);
    renderApp("/pay/return?success=true&gift=1&amount=45000", member());
    expect(await screen.findByText("Your gift is paid: we have emailed it to its recipient.")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes("/api/payments/confirm"))).toBe(false);
  });
});
