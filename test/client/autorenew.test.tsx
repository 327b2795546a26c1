// "Renew automatically" on /pricing and the profile: starting an enrolment posts TBK_TOKEN to
// the bank's form, an enrolled card shows with its next charge and can be stopped, the profile says how
// the enrolment went, the charge notice's words, the admin tabs' marks, and all of it in Spanish.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatClp, formatDate } from "../../client/components/format";
import { autorenew as esAutorenew } from "../../client/i18n/es";
import { setLanguage } from "../../client/i18n/language";
import { notificationText } from "../../client/notifications/NotificationPanel";
import { TEXT } from "../../client/text";
import {
  AUTO_RENEW_OFF,
  type AutoRenewAnswer,
  membershipStatus,
  profileReadsAnswer,
  renderApp,
  reply,
  sessionDeps,
  stubAdminFetch,
  stubFetch,
  userFixture,
} from "./render";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const member = () => sessionDeps({ getMe: async () => reply(200, userFixture()) });
const admin = () => sessionDeps({ getMe: async () => reply(200, userFixture({ role: "admin" })) });
const DUE = "2026-12-01T00:00:00.000Z";
const ON: AutoRenewAnswer = {
  enabled: true,
  paused: false,
  resumes_at: null,
  card_type: "Visa",
  card_number: "XXXXXXXXXXXX6623",
};
const statusOf = (auto_renew: AutoRenewAnswer) => ({
  status: 200,
  body: membershipStatus({ status: "active", next_payment_due: DUE, auto_renew }),
});
const profileReply = {
  status: 200,
  body: { user: userFixture(), profile: { goals: "[]", interests: "[]", socials: "{}" } },
};

describe("/pricing", () => {
  it("starts the enrolment and posts TBK_TOKEN to the bank's form; the member keeps their days", async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    const fetchMock = stubFetch((url, init) =>
      url === "/api/membership/status"
        ? statusOf(AUTO_RENEW_OFF)
        : url === "/api/membership/autorenew" && init?.method === "POST"
          ? {
              status: 200,
              body: { url: "https://webpay3gint.transbank.cl/webpayserver/bp_inscription.cgi", token: "tok3n" },
            }
          : undefined,
    );
    renderApp("/pricing", member());
    const card = await screen.findByTestId("autorenew");
    expect(within(card).getByText(TEXT.autorenew.offText(formatClp(15000), 30))).toBeTruthy();
    expect(within(card).getByText(TEXT.autorenew.keepDays)).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: TEXT.autorenew.enrol }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.id).toBe("oneclick-form");
    expect(form.method).toBe("post");
    expect(form.action).toBe("https://webpay3gint.transbank.cl/webpayserver/bp_inscription.cgi");
    expect((form.elements.namedItem("TBK_TOKEN") as HTMLInputElement).value).toBe("tok3n");
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes("/api/payments/initiate"))).toBe(false);
  });

  it("a refused start shows the server's reason and posts nothing", async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    stubFetch((url, init) =>
      url === "/api/membership/status"
        ? statusOf(AUTO_RENEW_OFF)
        : url === "/api/membership/autorenew" && init?.method === "POST"
          ? { status: 503, body: { error: "not configured", code: "payments_not_configured" } }
          : undefined,
    );
    renderApp("/pricing", member());
    fireEvent.click(await screen.findByRole("button", { name: TEXT.autorenew.enrol }));
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });
});

describe("the membership settings", () => {
  it("shows the enrolled card and the next charge, and stops automatic renewal", async () => {
    let autoRenew = ON;
    const fetchMock = stubFetch((url, init) => {
      if (url === "/api/profile") return profileReply;
      if (url === "/api/membership/status") return statusOf(autoRenew);
      if (url === "/api/membership/autorenew" && init?.method === "DELETE") {
        autoRenew = AUTO_RENEW_OFF;
        return { status: 200, body: { auto_renew: AUTO_RENEW_OFF } };
      }
      return profileReadsAnswer(url) ?? { status: 200, body: [] };
    });
    renderApp("/app/settings/membership", member());
    const card = await screen.findByTestId("autorenew");
    expect(within(card).getByText(TEXT.autorenew.onText("Visa XXXXXXXXXXXX6623"))).toBeTruthy();
    expect(within(card).getByText(TEXT.autorenew.nextCharge(formatClp(15000), formatDate(DUE)))).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: TEXT.autorenew.stop }));
    expect(await screen.findByText(TEXT.autorenew.stopped)).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByTestId("autorenew")).getByRole("button", { name: TEXT.autorenew.enrol })).toBeTruthy(),
    );
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "DELETE")).toHaveLength(1);
  });

  it("offers a pause before stopping; a paused renewal says when it starts again and resumes now", async () => {
    let autoRenew = ON;
    const RESUME = "2027-02-01T00:00:00.000Z";
    const fetchMock = stubFetch((url, init) => {
      if (url === "/api/membership/status") return statusOf(autoRenew);
      if (url === "/api/membership/pause" && init?.method === "POST") {
        autoRenew = { ...ON, resumes_at: RESUME };
        return { status: 200, body: { auto_renew: autoRenew } };
      }
      if (url === "/api/membership/pause" && init?.method === "DELETE") {
        autoRenew = ON;
        return { status: 200, body: { auto_renew: autoRenew } };
      }
      // The plans cannot be read here: the page offers the specification's plan.
      return undefined;
    });
    renderApp("/pricing", member());
    const card = await screen.findByTestId("autorenew");
    const buttons = within(card)
      .getAllByRole("button")
      .map((b) => b.textContent);
    expect(buttons.indexOf(TEXT.autorenew.pause)).toBeLessThan(buttons.indexOf(TEXT.autorenew.stop));
    fireEvent.change(within(card).getByRole("combobox", { name: TEXT.autorenew.pauseLength }), {
      target: { value: "2" },
    });
    fireEvent.click(within(card).getByRole("button", { name: TEXT.autorenew.pause }));
    expect(await screen.findByText(TEXT.autorenew.pausedUntil(formatDate(RESUME)))).toBeTruthy();
    const posted = fetchMock.mock.calls.find(
      ([u, i]) => String(u).endsWith("/api/membership/pause") && i?.method === "POST",
    );
    expect(JSON.parse(String(posted?.[1]?.body))).toEqual({ periods: 2 });
    fireEvent.click(within(screen.getByTestId("autorenew")).getByRole("button", { name: TEXT.autorenew.resume }));
    expect(await screen.findByText(TEXT.autorenew.resumed)).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByTestId("autorenew")).getByRole("button", { name: TEXT.autorenew.pause })).toBeTruthy(),
    );
  });

  it("says how the bank's enrolment went, and what a pause means", async () => {
    stubFetch((url) =>
      url === "/api/profile"
        ? profileReply
        : url === "/api/membership/status"
          ? statusOf({ ...AUTO_RENEW_OFF, paused: true })
          : (profileReadsAnswer(url) ?? { status: 200, body: [] }),
    );
    // The bank's return of old came to the profile: it goes on to the membership section with its outcome.
    const { router } = renderApp("/app/profile?autorenew=refused", member());
    expect(await screen.findByText(TEXT.autorenew.outcome.refused)).toBeTruthy();
    expect(screen.getByText(TEXT.autorenew.paused)).toBeTruthy();
    expect(screen.getByRole("button", { name: TEXT.autorenew.enrolAgain })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      "/app/settings/membership?autorenew=refused",
    );
  });

  describe("in Spanish", () => {
    afterEach(() => setLanguage("en"));

    it("every word of the card and the outcome comes from the Spanish catalogue", async () => {
      await setLanguage("es");
      stubFetch((url) =>
        url === "/api/profile"
          ? profileReply
          : url === "/api/membership/status"
            ? statusOf(ON)
            : (profileReadsAnswer(url) ?? { status: 200, body: [] }),
      );
      renderApp("/app/settings/membership?autorenew=enrolled", member());
      expect(await screen.findByText(esAutorenew.outcome.enrolled)).toBeTruthy();
      const card = screen.getByTestId("autorenew");
      expect(within(card).getByRole("heading", { name: esAutorenew.title })).toBeTruthy();
      expect(within(card).getByText(esAutorenew.onText("Visa XXXXXXXXXXXX6623"))).toBeTruthy();
      expect(within(card).getByText(esAutorenew.nextCharge("$15.000", formatDate(DUE)))).toBeTruthy();
      expect(within(card).getByRole("button", { name: esAutorenew.stop })).toBeTruthy();
      expect(screen.queryByText(/Renew automatically|automatic charge|Stop automatic/)).toBeNull();
    });
  });
});

describe("the price-change notice", () => {
  afterEach(() => setLanguage("en"));
  const appliesAt = Date.UTC(2026, 11, 28, 12);
  const priceChange = (detail: string | null) =>
    notificationText({
      id: 2,
      kind: "price_change",
      read: false,
      created_at: DUE,
      count: 1,
      actor_name: null,
      post_id: null,
      channel_id: null,
      channel_name: null,
      notice_title: null,
      event_id: null,
      event_title: null,
      detail,
      url: "/app/settings/membership",
    });
  const detail = JSON.stringify({ plan: "Monthly", old_clp: 15000, new_clp: 20000, applies_at: appliesAt });

  it("names the plan, the price kept, the new price and the date it applies from, in English and Spanish", async () => {
    expect(priceChange(detail)).toBe(
      `The Monthly plan's price rises from $15,000 CLP to $20,000 CLP: your automatic renewal pays the new price from ${formatDate(new Date(appliesAt))}.`,
    );
    await setLanguage("es");
    expect(priceChange(detail)).toBe(
      `El precio del plan Monthly sube de $15.000 a $20.000: tu renovación automática pagará el nuevo precio desde el ${formatDate(new Date(appliesAt))}.`,
    );
  });

  it("a detail it cannot read still says the plan's price changes", () => {
    expect(priceChange("not json")).toBe("The price of your plan changes.");
  });
});

describe("the charge notice and the admin tabs", () => {
  it("the notice names the amount, the date and how to stop", () => {
    const text = notificationText({
      id: 1,
      kind: "autorenew_notice",
      read: false,
      created_at: DUE,
      count: 1,
      actor_name: null,
      post_id: null,
      channel_id: null,
      channel_name: null,
      notice_title: null,
      event_id: null,
      event_title: null,
      detail: DUE,
      url: "/app/settings/membership",
    });
    expect(text).toBe(TEXT.autorenew.notice(formatClp(15000), formatDate(DUE)));
    expect(text).toContain("turn off automatic renewal");
  });

  it("the payments tab marks automatic charges and the members tab shows who has auto-renew", async () => {
    stubAdminFetch((url) =>
      url === "/api/admin/payments"
        ? {
            status: 200,
            body: [
              {
                id: 1,
                user_email: "mira@example.com",
                plan: "monthly",
                amount_clp: 15000,
                status: "completed",
                created_at: DUE,
                failure_reason: null,
                is_test: false,
                automatic: true,
                refund_type: null,
                refunded_at: null,
              },
              {
                id: 2,
                user_email: "sol@example.com",
                plan: "monthly",
                amount_clp: 15000,
                status: "completed",
                created_at: DUE,
                failure_reason: null,
                is_test: false,
                automatic: false,
                refund_type: null,
                refunded_at: null,
              },
            ],
          }
        : url === "/api/admin/members"
          ? {
              status: 200,
              body: ["active", "paused", null].map((auto_renew, i) => ({
                id: i + 2,
                name: `M${i}`,
                email: `m${i}@example.com`,
                role: "member",
                created_at: DUE,
                status: "active",
                plan: "monthly",
                muted_until: null,
                auto_renew,
              })),
            }
          : (profileReadsAnswer(url) ?? { status: 200, body: [] }),
    );
    renderApp("/admin", admin());
    const cells = await screen.findAllByTestId("member-autorenew");
    expect(cells.map((c) => c.textContent)).toEqual(["On", "Paused", "Off"]);
    fireEvent.click(screen.getByRole("tab", { name: /Payments/ }));
    await waitFor(() => expect(screen.getAllByTestId("payment-automatic")).toHaveLength(1));
    expect(screen.getByTestId("payment-automatic").textContent).toBe(TEXT.autorenew.automaticMarker);
  });
});
