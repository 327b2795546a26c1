// A plan's free trial on the client: "Try N days free" on /pricing under a plan with a trial (for a member without a
// running membership), which posts TBK_TOKEN to the bank's card form or, begun on a card on file, lands on the membership
// settings; a refusal shows the server's reason; the membership settings say when the trial ends, what is charged then,
// the plan by name, how the bank's enrolment went; and all of it in Spanish.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatClp, formatDate } from "../../client/components/format";
import { autorenew as esAutorenew } from "../../client/i18n/es";
import { setLanguage } from "../../client/i18n/language";
import { words as esCheckout } from "../../client/pricing/words.es";
import { words as esSettings } from "../../client/settings/words.es";
import { TEXT } from "../../client/text";
import {
  AUTO_RENEW_OFF,
  type AutoRenewAnswer,
  membershipStatus,
  monthlyPlan,
  profileReadsAnswer,
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
const PLANS = { plans: [monthlyPlan({ trial_days: 7 }), yearlyPlan()], gifts: [] };
const ENDS = "2026-06-08T12:00:00.000Z";
const CARD: AutoRenewAnswer = { ...AUTO_RENEW_OFF, enabled: true, card_type: "Visa", card_number: "XXXXXXXXXXXX6623" };
const YEARLY_RENEWAL = { plan_id: "yearly", plan_name: "Yearly", period_days: 365, amount_clp: 120000 };

const statusReply = (status: "none" | "expired" | "active" | "trial", patch = {}) => ({
  status: 200,
  body: membershipStatus({ status, next_payment_due: status === "none" ? null : ENDS, ...patch }),
});

/** The trial's POST as the page sent it. */
const trialPost = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.find(([u, init]) => String(u).endsWith("/api/membership/trial") && init?.method === "POST");

describe("/pricing", () => {
  it("offers the trial under a plan that has one; without a card on file it posts TBK_TOKEN to the bank's form", async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    const fetchMock = stubFetch((url) =>
      url === "/api/plans"
        ? { status: 200, body: PLANS }
        : url === "/api/membership/status"
          ? statusReply("none")
          : url === "/api/membership/trial"
            ? { status: 200, body: { url: "https://webpay3gint.transbank.cl/bp_inscription.cgi", token: "tr1al" } }
            : undefined,
    );
    renderApp("/pricing", member());
    const monthly = await screen.findByRole("region", { name: "Monthly Membership" });
    const yearly = screen.getByRole("region", { name: "Yearly Membership" });
    // Only the plan with a trial offers one, with its terms.
    expect(within(yearly).queryByRole("button", { name: /free/ })).toBeNull();
    const tryIt = within(monthly).getByRole("button", { name: TEXT.payment.tryFree(7) });
    expect(within(monthly).getByText(TEXT.payment.trialTerms(7, formatClp(15000), 30))).toBeTruthy();
    expect(tryIt.getAttribute("aria-describedby")).toBe("trial-terms-monthly");
    fireEvent.click(tryIt);
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect([form.id, form.method, form.action]).toEqual([
      "oneclick-form",
      "post",
      "https://webpay3gint.transbank.cl/bp_inscription.cgi",
    ]);
    expect((form.elements.namedItem("TBK_TOKEN") as HTMLInputElement).value).toBe("tr1al");
    expect(JSON.parse(String(trialPost(fetchMock)?.[1]?.body))).toEqual({ plan_id: "monthly" });
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes("/api/payments/initiate"))).toBe(false);
  });

  it("begun on a card on file with the coupon applied: says so and goes to the membership settings", async () => {
    const fetchMock = stubFetch((url) => {
      if (url === "/api/plans") return { status: 200, body: PLANS };
      if (url === "/api/membership/status") return statusReply("expired");
      if (url === "/api/coupons/check")
        return {
          status: 200,
          body: { plan_id: "monthly", amount_clp: 7500, discount_clp: 7500, full_clp: 15000, periods: 1 },
        };
      if (url === "/api/membership/trial")
        return { status: 201, body: { trial: { plan: "monthly", ends_at: ENDS }, auto_renew: CARD } };
      return profileReadsAnswer(url) ?? { status: 200, body: [] };
    });
    const { router } = renderApp("/pricing", member());
    fireEvent.change(await screen.findByRole("textbox", { name: "Coupon code" }), { target: { value: "half" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    // The terms name what the first charge after the trial will be, the coupon applied.
    expect(await screen.findByText(TEXT.payment.trialTerms(7, formatClp(7500), 30))).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: TEXT.payment.tryFree(7) }));
    expect(await screen.findByText(TEXT.payment.trialStarted)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/settings/membership"));
    expect(JSON.parse(String(trialPost(fetchMock)?.[1]?.body))).toEqual({ plan_id: "monthly", coupon: "HALF" });
  });

  it("a refused trial shows the server's reason and posts nothing to the bank", async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    const used = "The free trial has been used already, by this account or with this card";
    stubFetch((url) =>
      url === "/api/plans"
        ? { status: 200, body: PLANS }
        : url === "/api/membership/status"
          ? statusReply("none")
          : url === "/api/membership/trial"
            ? { status: 409, body: { error: used, code: "trial_used" } }
            : undefined,
    );
    renderApp("/pricing", member());
    fireEvent.click(await screen.findByRole("button", { name: TEXT.payment.tryFree(7) }));
    expect((await screen.findByText(used)).getAttribute("role")).toBe("alert");
    expect(submit).not.toHaveBeenCalled();
  });

  it("is not offered to a member whose membership runs, paid or tried", async () => {
    for (const status of ["active", "trial"] as const) {
      stubFetch((url) =>
        url === "/api/plans"
          ? { status: 200, body: PLANS }
          : url === "/api/membership/status"
            ? statusReply(status)
            : undefined,
      );
      const { unmount } = renderApp("/pricing", member());
      expect(await screen.findByRole("region", { name: "Monthly Membership" })).toBeTruthy();
      expect(screen.queryByRole("button", { name: TEXT.payment.tryFree(7) })).toBeNull();
      unmount();
      vi.unstubAllGlobals();
    }
  });
});

describe("the membership settings", () => {
  const settingsWith = (status: ReturnType<typeof statusReply>) =>
    stubFetch((url) =>
      url === "/api/membership/status" ? status : (profileReadsAnswer(url) ?? { status: 200, body: [] }),
    );

  it("a trial on a card: the plan by name, when the trial ends and what is charged then; no pause", async () => {
    settingsWith(statusReply("trial", { auto_renew: CARD, renews: YEARLY_RENEWAL }));
    renderApp("/app/settings/membership?autorenew=trial", member());
    expect(await screen.findByText(TEXT.autorenew.outcome.trial)).toBeTruthy();
    const plan = screen.getByTestId("plan-summary");
    expect(within(plan).getByText("Yearly Membership")).toBeTruthy();
    expect(plan.textContent).toContain(TEXT.settings.plan.price(formatClp(120000), 365));
    expect(within(plan).getByText(TEXT.settings.plan.trial(formatDate(ENDS)))).toBeTruthy();
    const card = screen.getByTestId("autorenew");
    expect(within(card).getByText(TEXT.autorenew.trialEnds(formatDate(ENDS), formatClp(120000)))).toBeTruthy();
    expect(within(card).queryByRole("button", { name: TEXT.autorenew.pause })).toBeNull();
    expect(within(card).getByRole("button", { name: TEXT.autorenew.stop })).toBeTruthy();
  });

  it("a trial stopped: nothing will be charged; a card already tried says the trial was used", async () => {
    settingsWith(statusReply("trial", { renews: YEARLY_RENEWAL }));
    renderApp("/app/settings/membership?autorenew=trial_refused", member());
    expect(await screen.findByText(TEXT.autorenew.outcome.trial_refused)).toBeTruthy();
    expect(screen.getByText(TEXT.autorenew.trialStopped(formatDate(ENDS)))).toBeTruthy();
    // Enrolling again keeps the trial going into the plan, at its price.
    expect(screen.getByText(TEXT.autorenew.offText(formatClp(120000), 365))).toBeTruthy();
  });

  describe("in Spanish", () => {
    afterEach(() => setLanguage("en"));

    it("the trial's words come from the Spanish catalogue", async () => {
      await setLanguage("es");
      settingsWith(statusReply("trial", { auto_renew: CARD, renews: YEARLY_RENEWAL }));
      renderApp("/app/settings/membership?autorenew=trial", member());
      expect(await screen.findByText(esAutorenew.outcome.trial)).toBeTruthy();
      expect(screen.getByText(esCheckout.payment.planNames.yearly)).toBeTruthy();
      expect(screen.getByText(esSettings.settings.plan.trial(formatDate(ENDS)))).toBeTruthy();
      expect(screen.getByText(esAutorenew.trialEnds(formatDate(ENDS), "$120.000"))).toBeTruthy();
      expect(screen.queryByText(/free trial|Free trial|charged/)).toBeNull();
    });
  });
});
