// The settings by topic (/app/settings/<section>): the list of sections and the way into each, every section
// rendered from its loader, saving through its action and showing its errors; the focus on the section's heading;
// the grouped notification settings; the paged payment history; the profile's old links going on to their sections.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatDate } from "../../client/components/format";
import { setLanguage } from "../../client/i18n/language";
import { words as esSettings } from "../../client/settings/words.es";
import { TEXT } from "../../client/text";
import { DEFAULT_PREFERENCES, type PreferencesDto } from "../../worker/shared/notification-settings";
import { SETTINGS_SECTIONS } from "../../worker/shared/settings";
import {
  memberPayment,
  membershipStatus,
  profileReadsAnswer,
  renderApp,
  reply,
  sessionDeps,
  stubFetch,
  userFixture,
} from "./render";

vi.setConfig({ testTimeout: 20_000 });

const session = () => sessionDeps({ getMe: async () => reply(200, userFixture()) });
const N = () => TEXT.notificationSettings;
const section = (name: string) => screen.findByRole("region", { name }, { timeout: 10_000 });
const failing = { status: 500, body: { error: "The stars are silent" } };
/** The bodies the app sent to `url` with `method`. */
const sent = (fetchMock: ReturnType<typeof stubFetch>, url: string, method: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => String(u) === url && init?.method === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : null));

afterEach(() => setLanguage("en"));

describe("the list of sections", () => {
  it("lists every section; choosing one opens it at its address with the focus on its heading", async () => {
    stubFetch((url) => profileReadsAnswer(url) ?? { status: 200, body: [] });
    const { router } = renderApp("/app/settings", session());
    const list = await screen.findByRole("navigation", { name: "Settings sections" }, { timeout: 10_000 });
    const links = within(list).getAllByRole("link");
    expect(links.map((l) => l.getAttribute("href"))).toEqual(SETTINGS_SECTIONS.map((s) => `/app/settings/${s}`));
    expect(screen.getByRole("heading", { level: 1, name: "Settings" })).toBeTruthy();
    await userEvent.click(within(list).getByRole("link", { name: /^Notifications/ }));
    const heading = await screen.findByRole("heading", { level: 2, name: "Notifications" }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe("/app/settings/notifications");
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // The section's way back to the list (a phone shows one or the other).
    expect(screen.getByRole("link", { name: "All settings" }).getAttribute("href")).toBe("/app/settings");
    expect(
      within(list)
        .getByRole("link", { name: /^Notifications/ })
        .getAttribute("aria-current"),
    ).toBe("page");
  });

  it("is reached from the navigation and from the avatar's menu", async () => {
    stubFetch((url) => profileReadsAnswer(url) ?? { status: 200, body: [] });
    renderApp("/app/settings", session());
    const nav = await screen.findByRole("navigation", { name: TEXT.nav.main }, { timeout: 10_000 });
    expect(within(nav).getByRole("link", { name: TEXT.nav.settings }).getAttribute("href")).toBe("/app/settings");
    const avatar = screen.getByRole("button", { name: TEXT.nav.accountMenu });
    expect(avatar.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(avatar);
    expect(avatar.getAttribute("aria-expanded")).toBe("true");
    // The menu's links load when it first opens.
    await waitFor(() => expect(document.getElementById(avatar.getAttribute("aria-controls")!)).not.toBeNull());
    const menu = document.getElementById(avatar.getAttribute("aria-controls")!)!;
    expect(within(menu).getByRole("link", { name: TEXT.nav.settings }).getAttribute("href")).toBe("/app/settings");
    expect(within(menu).getByRole("link", { name: TEXT.nav.profile }).getAttribute("href")).toBe("/app/profile");
    await userEvent.keyboard("{Escape}");
    expect(avatar.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(avatar);
  });
});

describe("the profile's old links", () => {
  it("/app/profile?autorenew=<outcome> (the bank's return) goes on to the membership section with its query", async () => {
    stubFetch((url) => profileReadsAnswer(url) ?? { status: 200, body: [] });
    for (const outcome of ["enrolled", "refused", "abandoned", "failed"] as const) {
      const { router, unmount } = renderApp(`/app/profile?autorenew=${outcome}`, session());
      expect(await screen.findByText(TEXT.autorenew.outcome[outcome], {}, { timeout: 10_000 })).toBeTruthy();
      expect(router.state.location.pathname + router.state.location.search).toBe(
        `/app/settings/membership?autorenew=${outcome}`,
      );
      unmount();
    }
  });

  it("/app/profile alone stays the profile", async () => {
    stubFetch((url) =>
      url === "/api/profile"
        ? { status: 200, body: { user: userFixture(), profile: { goals: "[]", interests: "[]", socials: "{}" } } }
        : { status: 200, body: [] },
    );
    const { router } = renderApp("/app/profile", session());
    expect(
      await screen.findByRole("heading", { level: 1, name: TEXT.profile.title }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe("/app/profile");
  });
});

describe("notifications", () => {
  function serve(put: (body: PreferencesDto) => { status: number; body: unknown } = (body) => ({ status: 200, body })) {
    let stored: PreferencesDto = { preferences: DEFAULT_PREFERENCES, digest: "off" };
    let load: { status: number; body: unknown } | null = null;
    const fetchMock = stubFetch((url, init) => {
      if (url !== "/api/notifications/preferences") return profileReadsAnswer(url) ?? undefined;
      if (init?.method === "PUT") {
        const answer = put(JSON.parse(String(init.body)));
        if (answer.status === 200) stored = answer.body as PreferencesDto;
        return answer;
      }
      return load ?? { status: 200, body: stored };
    });
    const failLoad = (answer: typeof load) => {
      load = answer;
    };
    return { fetchMock, failLoad };
  }
  const groupSwitch = (group: string, channel: string) => screen.getByLabelText(`${group}: ${channel}`);

  it(`shows a switch per group and channel from the loader (mixed where the kinds differ), the kinds on demand, the \
receipt email fixed with why, and the digest`, async () => {
    serve();
    renderApp("/app/settings/notifications", session());
    await section("Notifications");
    const conversations = TEXT.settings.groups.conversations.name;
    // Mentions, replies and invitations by push, reactions not: mixed.
    const push = groupSwitch(conversations, N().channels.push) as HTMLInputElement;
    expect(push.indeterminate).toBe(true);
    expect((groupSwitch(conversations, N().channels.in_app) as HTMLInputElement).checked).toBe(true);
    expect((groupSwitch(conversations, N().channels.email) as HTMLInputElement).checked).toBe(false);
    expect((groupSwitch(conversations, N().channels.email) as HTMLInputElement).indeterminate).toBe(false);
    // The kinds are inside a disclosure, closed at first.
    const mentionEmail = screen.getByLabelText(N().choice(N().kinds.mention, N().channels.email));
    expect(mentionEmail.closest("details")?.open).toBe(false);
    const receipt = screen.getByLabelText(N().choice(N().kinds.payment, N().channels.email)) as HTMLInputElement;
    expect(receipt.checked).toBe(true);
    expect(receipt.disabled).toBe(true);
    const membership = screen.getByRole("region", { name: TEXT.settings.groups.membership.name });
    expect(within(membership).getByText(N().fixed)).toBeTruthy();
    // Every kind is in exactly one group.
    const kinds = Object.keys(DEFAULT_PREFERENCES).map((kind) =>
      screen.getAllByLabelText(N().choice(N().kinds[kind as keyof typeof DEFAULT_PREFERENCES], N().channels.push)),
    );
    expect(kinds.every((found) => found.length === 1)).toBe(true);
    expect(screen.getByLabelText(N().digest)).toHaveProperty("value", "off");
  });

  it("saves a group's switch through the action as every kind of the group, and a single kind, and the digest", async () => {
    const { fetchMock } = serve();
    renderApp("/app/settings/notifications", session());
    await section("Notifications");
    const conversations = TEXT.settings.groups.conversations.name;
    fireEvent.click(groupSwitch(conversations, N().channels.email));
    await waitFor(() => expect(sent(fetchMock, "/api/notifications/preferences", "PUT")).toHaveLength(1));
    const emailOn = { ...DEFAULT_PREFERENCES };
    for (const kind of ["mention", "reply", "reaction", "channel_invite"] as const)
      emailOn[kind] = { ...emailOn[kind], email: true };
    expect(sent(fetchMock, "/api/notifications/preferences", "PUT")[0]).toEqual({
      preferences: emailOn,
      digest: "off",
    });
    await waitFor(() =>
      expect((groupSwitch(conversations, N().channels.email) as HTMLInputElement).checked).toBe(true),
    );
    expect(await screen.findByText(N().saved)).toBeTruthy();

    fireEvent.click(screen.getByLabelText(N().choice(N().kinds.mention, N().channels.email)));
    await waitFor(() => expect(sent(fetchMock, "/api/notifications/preferences", "PUT")).toHaveLength(2));
    expect(sent(fetchMock, "/api/notifications/preferences", "PUT")[1].preferences.mention).toEqual({
      in_app: true,
      push: true,
      email: false,
    });
    await waitFor(() =>
      expect((groupSwitch(conversations, N().channels.email) as HTMLInputElement).indeterminate).toBe(true),
    );

    fireEvent.change(screen.getByLabelText(N().digest), { target: { value: "weekly" } });
    await waitFor(() => expect(sent(fetchMock, "/api/notifications/preferences", "PUT")).toHaveLength(3));
    expect(sent(fetchMock, "/api/notifications/preferences", "PUT")[2].digest).toBe("weekly");
  });

  it("shows a refused save and the choice as it was; a failed load with a retry", async () => {
    const { failLoad } = serve(() => failing);
    failLoad(failing);
    renderApp("/app/settings/notifications", session());
    const region = await section("Notifications");
    expect((await within(region).findByRole("alert")).textContent).toContain("The stars are silent");
    failLoad(null);
    fireEvent.click(within(region).getByRole("button", { name: TEXT.common.tryAgain }));
    const community = TEXT.settings.groups.community.name;
    const email = (await screen.findByLabelText(`${community}: ${N().channels.email}`)) as HTMLInputElement;
    fireEvent.click(email);
    expect((await within(region).findByRole("alert")).textContent).toBe("The stars are silent");
    await waitFor(() => expect(email.checked).toBe(false));
  });
});

describe("membership", () => {
  const DUE = "2026-12-01T00:00:00.000Z";
  const serve = (payments: { status: number; body: unknown }, status = { status: 200, body: {} as unknown }) =>
    stubFetch((url) =>
      url === "/api/membership/payments"
        ? payments
        : url === "/api/membership/status"
          ? status.status === 200
            ? { status: 200, body: membershipStatus({ status: "active", next_payment_due: DUE }) }
            : status
          : (profileReadsAnswer(url) ?? undefined),
    );

  it("shows the plan, automatic renewal and the payment history a page at a time", async () => {
    serve({ status: 200, body: Array.from({ length: 12 }, (_, i) => memberPayment({ id: 100 - i })) });
    renderApp("/app/settings/membership", session());
    const region = await section("Membership");
    expect(within(region).getByText(TEXT.settings.plan.active(formatDate(DUE)))).toBeTruthy();
    expect(within(region).getByTestId("autorenew")).toBeTruthy();
    expect(await within(region).findAllByTestId("my-payment-row")).toHaveLength(10);
    expect(within(region).getByText(TEXT.settings.history.showing(10, 12))).toBeTruthy();
    fireEvent.click(within(region).getByRole("button", { name: TEXT.settings.history.more }));
    expect(within(region).getAllByTestId("my-payment-row")).toHaveLength(12);
    expect(within(region).queryByRole("button", { name: TEXT.settings.history.more })).toBeNull();
  });

  it("shows each part's failure on its own, with a retry", async () => {
    serve({ status: 200, body: [memberPayment()] }, failing);
    renderApp("/app/settings/membership", session());
    const region = await section("Membership");
    expect((await within(region).findByRole("alert")).textContent).toContain("The stars are silent");
    expect(within(region).getAllByTestId("my-payment-row")).toHaveLength(1);
    expect(within(region).getByRole("button", { name: TEXT.common.tryAgain })).toBeTruthy();
  });
});

describe("privacy", () => {
  it("shows that who may message the member could not be loaded, with a retry", async () => {
    stubFetch((url) => (url === "/api/profile" ? failing : (profileReadsAnswer(url) ?? undefined)));
    renderApp("/app/settings/privacy", session());
    const region = await section("Privacy");
    expect((await within(region).findByRole("alert")).textContent).toContain("The stars are silent");
    expect(within(region).getByRole("button", { name: TEXT.common.tryAgain })).toBeTruthy();
  });
});

describe("devices", () => {
  const SESSIONS = [
    {
      id: "a",
      user_agent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/120",
      created_at: "2026-11-01T00:00:00.000Z",
      expires_at: "2026-12-01T00:00:00.000Z",
      current: true,
    },
    {
      id: "b",
      user_agent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604.1",
      created_at: "2026-11-02T00:00:00.000Z",
      expires_at: "2026-12-02T00:00:00.000Z",
      current: false,
    },
  ];
  it("lists push devices and sessions from the loader; removes a device and signs out elsewhere through the action", async () => {
    let devices = [
      {
        endpoint: "https://fcm.googleapis.com/fcm/send/a",
        user_agent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/120",
        created_at: "2026-11-20T10:00:00.000Z",
      },
    ];
    let sessions = SESSIONS;
    const fetchMock = stubFetch((url, init) => {
      if (url === "/api/push/subscriptions" && init?.method === "DELETE") {
        devices = [];
        return { status: 200, body: { endpoint: devices } };
      }
      if (url === "/api/push/subscriptions") return { status: 200, body: { devices } };
      if (url === "/api/sessions/others" && init?.method === "DELETE") {
        sessions = [SESSIONS[0]];
        return { status: 200, body: { signed_out: 1 } };
      }
      if (url === "/api/sessions") return { status: 200, body: sessions };
      return undefined;
    });
    renderApp("/app/settings/devices", session());
    const region = await section("Devices");
    expect(within(region).getByText("Safari on iOS")).toBeTruthy();
    fireEvent.click(within(region).getByRole("button", { name: N().removeDeviceLabel("Chrome on Linux") }));
    expect(await within(region).findByText(N().noDevices)).toBeTruthy();
    expect(sent(fetchMock, "/api/push/subscriptions", "DELETE")).toEqual([
      { endpoint: "https://fcm.googleapis.com/fcm/send/a" },
    ]);
    fireEvent.click(within(region).getByRole("button", { name: TEXT.profile.signOutOthers }));
    expect(await screen.findByText(TEXT.profile.signedOutOthers(1))).toBeTruthy();
    await waitFor(() => expect(within(region).queryByText("Safari on iOS")).toBeNull());
  });

  it("shows the sessions' failure with a retry, the devices with push still listed", async () => {
    stubFetch((url) =>
      url === "/api/push/subscriptions"
        ? { status: 200, body: { devices: [] } }
        : url === "/api/sessions"
          ? failing
          : undefined,
    );
    renderApp("/app/settings/devices", session());
    const region = await section("Devices");
    expect((await within(region).findByRole("alert")).textContent).toContain("The stars are silent");
    expect(within(region).getByText(N().noDevices)).toBeTruthy();
  });
});

describe("turning push on for this browser", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, "serviceWorker");
  });

  it("asks the browser from the click; a refusal subscribes nothing and the devices load again", async () => {
    const requestPermission = vi.fn(async () => "denied" as const);
    vi.stubGlobal("Notification", { permission: "default", requestPermission });
    vi.stubGlobal("PushManager", class {});
    Object.defineProperty(navigator, "serviceWorker", { value: {}, configurable: true });
    const fetchMock = stubFetch((url) =>
      url === "/api/push/subscriptions"
        ? { status: 200, body: { devices: [] } }
        : url === "/api/sessions"
          ? { status: 200, body: [] }
          : undefined,
    );
    renderApp("/app/settings/devices", session());
    const region = await section("Devices");
    const loads = () => fetchMock.mock.calls.filter(([u]) => String(u) === "/api/push/subscriptions").length;
    const before = loads();
    fireEvent.click(within(region).getByRole("button", { name: N().enablePush }));
    await waitFor(() => expect(requestPermission).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(loads()).toBe(before + 1));
    expect(sent(fetchMock, "/api/push/subscriptions", "POST")).toEqual([]);
    expect(screen.queryByText(N().pushEnabled)).toBeNull();
  });
});

describe("calendar", () => {
  it("shows the link's state from the loader, makes one through the action, and says when that fails", async () => {
    let post = {
      status: 200,
      body: { active: true, url: "https://cosmic.example/api/calendar/secret.ics" } as unknown,
    };
    const fetchMock = stubFetch((url, init) =>
      url === "/api/profile/calendar"
        ? init?.method === "POST"
          ? post
          : { status: 200, body: { active: true, created_at: "2026-11-01T00:00:00.000Z" } }
        : undefined,
    );
    renderApp("/app/settings/calendar", session());
    const region = await section("Calendar");
    expect(within(region).getByText(TEXT.events.feed.active(formatDate("2026-11-01T00:00:00.000Z")))).toBeTruthy();
    post = failing;
    fireEvent.click(within(region).getByRole("button", { name: TEXT.events.feed.renew }));
    expect((await within(region).findByRole("alert")).textContent).toContain("The stars are silent");
    post = { status: 200, body: { active: true, url: "https://cosmic.example/api/calendar/secret.ics" } };
    fireEvent.click(within(region).getByRole("button", { name: TEXT.events.feed.renew }));
    expect(((await within(region).findByLabelText(TEXT.events.feed.linkLabel)) as HTMLInputElement).value).toBe(
      "https://cosmic.example/api/calendar/secret.ics",
    );
    expect(sent(fetchMock, "/api/profile/calendar", "POST")).toHaveLength(2);
  });

  it("shows a failed load", async () => {
    stubFetch((url) => (url === "/api/profile/calendar" ? failing : undefined));
    renderApp("/app/settings/calendar", session());
    const region = await section("Calendar");
    expect((await within(region).findByRole("alert")).textContent).toContain("The stars are silent");
  });
});

describe("in Spanish", () => {
  it("the list and a section come from the Spanish catalogue", async () => {
    await act(() => setLanguage("es"));
    stubFetch((url) => profileReadsAnswer(url) ?? undefined);
    renderApp("/app/settings/notifications", session());
    const es = esSettings.settings;
    await section(es.sections.notifications.name);
    expect(screen.getByRole("heading", { level: 1, name: es.title })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: es.sectionsLabel })).toBeTruthy();
    expect(screen.getByRole("heading", { name: es.groups.membership.name })).toBeTruthy();
    expect(screen.queryByText(/Conversations|Settings|Notifications|Choose each/)).toBeNull();
  });
});
