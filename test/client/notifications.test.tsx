// The bell and its panel: the unread count from GET /api/notifications, every kind worded
// and linked to its item, opening one marks it read and goes there, "Mark all read", a live refresh on
// the live socket's `notification` frame, the poll while the socket is down, and the failure state.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { formatDate } from "../../client/components/format";
import { FIRST_LOAD_WAIT_MS } from "../../client/live/live-room";
import { notificationText } from "../../client/notifications/NotificationPanel";
import { TEXT } from "../../client/text";
import type { NotificationDto } from "../../worker/shared/notifications";
import { TIMING } from "../../worker/shared/rules";
import { API_ERRORS } from "../../worker/shared/texts";
import { FakeSocket, openLiveSocket } from "./fake-socket";
import { renderApp, reply, sessionDeps, stubFetch, userFixture } from "./render";

vi.setConfig({ testTimeout: 20_000 });
// The panel's code loads on first use; loaded up front so a busy machine does not time a test out.
beforeAll(() => import("../../client/notifications/NotificationPanel"));

const T = TEXT.notifications;
const NOW = new Date().toISOString();
let nextId = 1;
const item = (patch: Partial<NotificationDto>): NotificationDto => ({
  id: nextId++,
  kind: "comment",
  read: false,
  created_at: NOW,
  count: 1,
  actor_name: "Sol",
  post_id: 5,
  channel_id: null,
  channel_name: null,
  notice_title: null,
  event_id: null,
  event_title: null,
  detail: null,
  url: "/app/lounge?post=5",
  ...patch,
});

let answer: { status: number; body: unknown };
let declineAnswer: { status: number; body: unknown } = { status: 200, body: { success: true } };
function stubApi() {
  return stubFetch((url, init) => {
    if (url === "/api/notifications") return answer;
    if (url === "/api/notifications/read" && init?.method === "POST") return { status: 200, body: { unread: 0 } };
    if (url.endsWith("/decline") && init?.method === "POST") return declineAnswer;
    if (url.startsWith("/api/posts"))
      return {
        status: 200,
        body:
          url === "/api/posts/5"
            ? {
                id: 5,
                content: "Moon",
                created_at: NOW,
                author_id: 1,
                author_name: "Luna",
                author_avatar: null,
                author_role: "member",
                reactions: [],
                likes_count: 0,
                comments_count: 0,
                is_liked: false,
                hidden: false,
                hidden_reason: null,
              }
            : [],
      };
    if (url === "/api/cosmic-notices" || url.endsWith("/comments")) return { status: 200, body: [] };
    return undefined;
  });
}
const loads = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([u]) => String(u) === "/api/notifications").length;
const readCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .filter(([u, init]) => String(u) === "/api/notifications/read" && init?.method === "POST")
    .map(([, init]) => JSON.parse(String(init!.body)));
const bell = () => screen.getByRole("button", { name: /^Notifications/ });
const me = () => sessionDeps({ getMe: async () => reply(200, userFixture({ id: 1 })) });

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
});
afterEach(() => vi.useRealTimers());

describe("notification texts", () => {
  it("words every kind from its facts", () => {
    expect(notificationText(item({ kind: "comment" }))).toBe(T.comment("Sol"));
    expect(notificationText(item({ kind: "like", count: 1 }))).toBe("Sol liked your post");
    expect(notificationText(item({ kind: "like", count: 3 }))).toBe("Sol and 2 more liked your post");
    expect(notificationText(item({ kind: "mention" }))).toBe("Sol mentioned you in a post");
    expect(notificationText(item({ kind: "mention", post_id: null, channel_id: 2, channel_name: "Stars" }))).toBe(
      "Sol mentioned you in #Stars",
    );
    expect(notificationText(item({ kind: "notice", actor_name: "Ada", notice_title: "Full moon" }))).toBe(
      "New pinned notice: Full moon",
    );
    expect(notificationText(item({ kind: "payment", actor_name: null, detail: "completed" }))).toBe(T.paymentCompleted);
    expect(notificationText(item({ kind: "payment", actor_name: null, detail: "failed" }))).toBe(T.paymentFailed);
    expect(notificationText(item({ kind: "payment", actor_name: null, detail: "renewal_refused" }))).toBe(
      "Your automatic renewal was refused. You keep access for 3 days: enrol a new card to renew.",
    );
    const due = "2026-12-01T12:00:00.000Z";
    expect(notificationText(item({ kind: "membership_ending", actor_name: null, detail: due }))).toBe(
      T.membershipEnding(formatDate(due)),
    );
    expect(notificationText(item({ kind: "channel_invite", channel_id: 3, channel_name: "Circle" }))).toBe(
      "Sol invited you to the private channel #Circle",
    );
    // A channel the reader can no longer read is not named (the server sends no name).
    expect(notificationText(item({ kind: "channel_invite", channel_id: 3, channel_name: null }))).toBe(
      "Sol invited you to a private channel",
    );
    expect(notificationText(item({ kind: "mention", post_id: null, channel_id: 2, channel_name: null }))).toBe(
      "Sol mentioned you in a private channel",
    );
    // A deleted account's action still reads well.
    expect(notificationText(item({ kind: "comment", actor_name: null }))).toBe(T.comment(T.someone));
  });
});

describe("the bell", () => {
  it(`shows the unread count; the panel lists each notification with its time, opening one marks it read and goes to \
its item`, async () => {
    const mention = item({
      kind: "mention",
      post_id: null,
      channel_id: 2,
      channel_name: "Stars",
      url: "/app/lounge?post=5",
    });
    const old = item({ kind: "like", count: 2, read: true });
    answer = { status: 200, body: { items: [mention, old], unread: 1 } };
    const fetchMock = stubApi();
    const { router } = renderApp("/app/profile", me());
    // The first load comes as the live socket opens (then nothing is missed).
    await openLiveSocket();
    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe(T.openWithCount(1)));
    expect(screen.getByTestId("notification-count").textContent).toBe("1");

    const user = userEvent.setup();
    await user.click(bell());
    const panel = await screen.findByRole("dialog", { name: T.title });
    const links = within(panel).getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual([
      `${T.unreadMark}: Sol mentioned you in #StarsJust now`,
      "Sol and 1 more liked your postJust now",
    ]);
    expect(links[0].getAttribute("href")).toBe("/app/lounge?post=5");
    expect(links[0].className).toContain("unread");
    expect(links[1].className).not.toContain("unread");

    answer = { status: 200, body: { items: [{ ...mention, read: true }, old], unread: 0 } };
    await user.click(links[0]);
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe("/app/lounge?post=5"),
    );
    expect(screen.queryByRole("dialog", { name: T.title })).toBeNull();
    await waitFor(() => expect(readCalls(fetchMock)).toEqual([{ ids: [mention.id] }]));
    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe(T.open));
    expect(screen.queryByTestId("notification-count")).toBeNull();
  });

  it("offers Decline on a channel invitation: declined, it leaves the list; a refusal says why", async () => {
    const invite = item({
      kind: "channel_invite",
      post_id: null,
      channel_id: 3,
      channel_name: "Circle",
      url: "/app/chat?group=3",
    });
    const lost = item({
      kind: "channel_invite",
      post_id: null,
      channel_id: 4,
      channel_name: null,
      url: "/app/chat?group=4",
    });
    answer = { status: 200, body: { items: [invite, lost, item({})], unread: 3 } };
    const fetchMock = stubApi();
    renderApp("/app/profile", me());
    await openLiveSocket();
    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe(T.openWithCount(3)));
    const user = userEvent.setup();
    await user.click(bell());
    const panel = await screen.findByRole("dialog", { name: T.title });
    // Only the invitation whose channel the reader may still see offers it (by its channel's name).
    expect(within(panel).getAllByRole("button", { name: /^Decline/ })).toHaveLength(1);
    const declines = () =>
      fetchMock.mock.calls
        .filter(([u, init]) => String(u).endsWith("/decline") && init?.method === "POST")
        .map(([u]) => String(u));

    declineAnswer = {
      status: 404,
      body: { error: "There is no invitation to this channel to decline", code: "invitation_not_found" },
    };
    await user.click(within(panel).getByRole("button", { name: T.declineLabel("Circle") }));
    expect((await within(panel).findByRole("alert")).textContent).toBe(API_ERRORS.invitation_not_found);

    declineAnswer = { status: 200, body: { success: true } };
    answer = { status: 200, body: { items: [lost, item({})], unread: 2 } };
    await user.click(within(panel).getByRole("button", { name: T.declineLabel("Circle") }));
    await waitFor(() => expect(declines()).toEqual(["/api/groups/3/decline", "/api/groups/3/decline"]));
    await waitFor(() => expect(within(panel).queryByRole("button", { name: T.declineLabel("Circle") })).toBeNull());
    expect(within(panel).queryByRole("alert")).toBeNull();
    expect(within(panel).getAllByRole("link")[0].textContent).toContain("Sol invited you to a private channel");
  });

  it("marks all read", async () => {
    answer = { status: 200, body: { items: [item({}), item({ kind: "like" })], unread: 2 } };
    const fetchMock = stubApi();
    renderApp("/app/profile", me());
    await openLiveSocket();
    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe(T.openWithCount(2)));
    const user = userEvent.setup();
    await user.click(bell());
    const panel = await screen.findByRole("dialog", { name: T.title });
    answer = { status: 200, body: { items: [item({ read: true })], unread: 0 } };
    await user.click(within(panel).getByRole("button", { name: T.markAllRead }));
    await waitFor(() => expect(readCalls(fetchMock)).toEqual([{}]));
    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe(T.open));
    expect(within(panel).queryByRole("button", { name: T.markAllRead })).toBeNull();
  });

  it("refreshes when the live socket says there is a new notification, and polls gently while it is down", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer = { status: 200, body: { items: [], unread: 0 } };
    const fetchMock = stubApi();
    renderApp("/app/profile", me());
    // A socket that does not open: the first load waits FIRST_LOAD_WAIT_MS for it, then goes ahead.
    await waitFor(() => expect(FakeSocket.last("/api/live/socket")).toBeTruthy(), { timeout: 10_000 });
    expect(loads(fetchMock)).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(FIRST_LOAD_WAIT_MS));
    await waitFor(() => expect(loads(fetchMock)).toBe(1));
    // Socket down: one poll per TIMING.notificationsPollMs.
    answer = { status: 200, body: { items: [item({})], unread: 1 } };
    await act(() => vi.advanceTimersByTimeAsync(TIMING.notificationsPollMs));
    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe(T.openWithCount(1)));
    expect(loads(fetchMock)).toBe(2);

    const live = FakeSocket.last("/api/live/socket")!;
    act(() => live.open());
    await waitFor(() => expect(loads(fetchMock)).toBe(3));
    // Socket up: no polling, a frame refreshes.
    await act(() => vi.advanceTimersByTimeAsync(TIMING.notificationsPollMs * 2));
    expect(loads(fetchMock)).toBe(3);
    answer = { status: 200, body: { items: [item({}), item({})], unread: 2 } };
    act(() => live.receive({ type: "notification" }));
    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe(T.openWithCount(2)));
    expect(loads(fetchMock)).toBe(4);
  });

  it("shows an empty panel, and a failure with a retry", async () => {
    answer = { status: 500, body: { error: "boom" } };
    stubApi();
    renderApp("/app/profile", me());
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: T.open }));
    const panel = await screen.findByRole("dialog", { name: T.title });
    expect((await within(panel).findByRole("alert")).textContent).toContain(T.failed);
    answer = { status: 200, body: { items: [], unread: 0 } };
    await user.click(within(panel).getByRole("button", { name: TEXT.common.tryAgain }));
    expect(await within(panel).findByText(T.empty)).toBeTruthy();
  });
});
