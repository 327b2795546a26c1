// Unread counts: the Chat navigation item shows the total and the channel list each
// channel's count, from GET /api/unread (their store's own read), kept live by the member's live socket
// (activity and read frames), read again when the socket reconnects and polled while it is down;
// opening a channel clears its badge, and messages arriving in the open channel move its read marker
// (POST /api/groups/:id/read).
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TEXT } from "../../client/text";
import { LIMITS, TIMING } from "../../worker/shared/rules";
import { FakeSocket, openLiveSocket } from "./fake-socket";
import { channelFixture, renderApp, reply, sessionDeps, stubFetch, userFixture } from "./render";

vi.setConfig({ testTimeout: 20_000 });

const NOW = "2026-11-20T10:00:00.000Z";
const channel = (id: number, name: string, unread_count: number) =>
  channelFixture({ id, name, unread_count, created_by: 9, created_at: NOW });
const message = (id: number, group_id: number, sender_id = 2) => ({
  id,
  group_id,
  sender_id,
  sender_name: "Sol",
  body: `message ${id}`,
  created_at: NOW,
  image_url: null,
  hidden: false,
  hidden_reason: null,
  edited_at: null,
  deleted: false,
  reply_to: null,
  reactions: [],
});

const me = () => sessionDeps({ getMe: async () => reply(200, userFixture({ id: 1 })) });

let groups = [channel(1, "General", 2), channel(2, "Stars", 3)];
function stubApi() {
  return stubFetch((url, init) => {
    if (url === "/api/groups") return { status: 200, body: groups };
    if (url === "/api/unread")
      return { status: 200, body: groups.map((c) => ({ group_id: c.id, unread_count: c.unread_count })) };
    if (url.startsWith("/api/messages?group_id=")) return { status: 200, body: [] };
    if (init?.method === "POST" && /^\/api\/groups\/\d+\/read$/.test(url))
      return { status: 200, body: { success: true } };
    if (url.startsWith("/api/posts?")) return { status: 200, body: [] };
    if (url === "/api/cosmic-notices") return { status: 200, body: [] };
    return undefined;
  });
}
const unreadLoads = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([u]) => String(u) === "/api/unread").length;
const navTotal = () => screen.queryByTestId("chat-unread-total")?.textContent ?? null;
const live = () => FakeSocket.last("/api/live/socket")!;

beforeEach(() => {
  FakeSocket.all = [];
  groups = [channel(1, "General", 2), channel(2, "Stars", 3)];
  vi.stubGlobal("WebSocket", FakeSocket);
});
afterEach(() => vi.useRealTimers());

describe("unread counts", () => {
  it(`the Chat navigation item shows the total, live: others' new messages add, mine do not, a read elsewhere \
clears`, async () => {
    const fetchMock = stubApi();
    renderApp("/app/lounge", me());
    // The first render also loads the shell's code: slow on a busy machine. The socket stays closed:
    // the first load goes ahead after FIRST_LOAD_WAIT_MS (client/live/live-room.ts).
    await waitFor(() => expect(navTotal()).toBe(`5${TEXT.unread.badge(5)}`), { timeout: 10_000 });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: new RegExp(`Chat.*${TEXT.unread.badge(5)}`) })).toBeTruthy();

    // (Re)connecting reloads the counts: nothing was missed while the socket was down.
    groups = [channel(1, "General", 4), channel(2, "Stars", 3)];
    act(() => live().open());
    await waitFor(() => expect(navTotal()).toBe(`7${TEXT.unread.badge(7)}`));
    expect(unreadLoads(fetchMock)).toBe(2);
    act(() => live().receive({ type: "activity", group_id: 1, message_id: 50, sender_id: 2 }));
    expect(navTotal()).toBe(`8${TEXT.unread.badge(8)}`);
    act(() => live().receive({ type: "activity", group_id: 1, message_id: 51, sender_id: 1 }));
    expect(navTotal()).toBe(`8${TEXT.unread.badge(8)}`);
    act(() => live().receive({ type: "read", group_id: 2 }));
    expect(navTotal()).toBe(`5${TEXT.unread.badge(5)}`);
    act(() => live().receive({ type: "read", group_id: 1 }));
    expect(navTotal()).toBeNull();
  });

  it("shows the server's cap as 100+", async () => {
    groups = [channel(1, "General", LIMITS.unreadCountMax)];
    stubApi();
    renderApp("/app/lounge", me());
    await openLiveSocket();
    await waitFor(() =>
      expect(navTotal()).toBe(`${LIMITS.unreadCountMax}+${TEXT.unread.badge(LIMITS.unreadCountMax)}`),
    );
  });

  it(`the store is the counts' one owner: the chat's channel list does not copy them, nor is it read for \
them`, async () => {
    const fetchMock = stubApi();
    // The channel list's counts say otherwise; the badges follow GET /api/unread.
    const listed = [channel(1, "General", 0), channel(2, "Stars", 9)];
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === "/api/groups") return new Response(JSON.stringify(listed), { status: 200 });
      if (url === "/api/unread")
        return new Response(
          JSON.stringify([
            { group_id: 1, unread_count: 0 },
            { group_id: 2, unread_count: 4 },
          ]),
        );
      if (url.startsWith("/api/messages?group_id=")) return new Response("[]", { status: 200 });
      throw new TypeError("network error");
    });
    renderApp("/app/chat", me());
    const list = await screen.findByRole("navigation", { name: "Channels" }, { timeout: 10_000 });
    await within(list).findByRole(
      "button",
      { name: new RegExp(`Stars.*${TEXT.unread.badge(4)}`) },
      { timeout: 10_000 },
    );
    await waitFor(() => expect(navTotal()).toBe(`4${TEXT.unread.badge(4)}`));
    expect(within(list).queryByRole("button", { name: new RegExp(TEXT.unread.badge(9)) })).toBeNull();
    // The counts' reads never go through the channel list (which accepts invitations).
    const listLoads = fetchMock.mock.calls.filter(([u]) => String(u) === "/api/groups").length;
    act(() => live().open());
    await waitFor(() => expect(unreadLoads(fetchMock)).toBe(2));
    expect(fetchMock.mock.calls.filter(([u]) => String(u) === "/api/groups")).toHaveLength(listLoads);
  });

  it("polls while the live socket is down, and not while it is up", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubApi();
    renderApp("/app/lounge", me());
    // The first render also loads the shell's code: slow on a busy machine.
    await waitFor(() => expect(navTotal()).toBe(`5${TEXT.unread.badge(5)}`), { timeout: 10_000 });
    const before = unreadLoads(fetchMock);
    groups = [channel(1, "General", 0), channel(2, "Stars", 1)];
    await act(() => vi.advanceTimersByTimeAsync(TIMING.unreadPollMs));
    await waitFor(() => expect(navTotal()).toBe(`1${TEXT.unread.badge(1)}`));
    expect(unreadLoads(fetchMock)).toBe(before + 1);

    act(() => live().open());
    await waitFor(() => expect(unreadLoads(fetchMock)).toBe(before + 2));
    await act(() => vi.advanceTimersByTimeAsync(TIMING.unreadPollMs * 2));
    expect(unreadLoads(fetchMock)).toBe(before + 2);
  });

  it(`the channel list shows each count; opening a channel clears its badge, and messages arriving there mark it \
read`, async () => {
    const fetchMock = stubApi();
    renderApp("/app/chat", me());
    const list = await screen.findByRole("navigation", { name: "Channels" }, { timeout: 10_000 });
    // The first channel is open: read. The other shows its count.
    const stars = await within(list).findByRole("button", { name: new RegExp(`Stars.*${TEXT.unread.badge(3)}`) });
    expect(within(list).getByRole("button", { name: "General" })).toBeTruthy();
    await waitFor(() => expect(navTotal()).toBe(`3${TEXT.unread.badge(3)}`));

    // Activity in the open channel does not count; elsewhere it does.
    act(() => live().receive({ type: "activity", group_id: 1, message_id: 60, sender_id: 2 }));
    expect(navTotal()).toBe(`3${TEXT.unread.badge(3)}`);

    await userEvent.setup().click(stars);
    await waitFor(() =>
      expect(within(list).getByRole("button", { name: "Stars" }).getAttribute("aria-current")).toBe("true"),
    );
    expect(navTotal()).toBeNull();
    act(() => live().receive({ type: "activity", group_id: 1, message_id: 61, sender_id: 2 }));
    expect(within(list).getByRole("button", { name: new RegExp(`General.*${TEXT.unread.badge(1)}`) })).toBeTruthy();

    // A message arriving in the open channel moves its read marker (once per burst).
    await waitFor(() => expect(FakeSocket.last("/api/groups/2/socket")).toBeTruthy());
    const socket = FakeSocket.last("/api/groups/2/socket")!;
    act(() => socket.open());
    act(() => {
      socket.receive({ type: "message", message: message(70, 2) });
      socket.receive({ type: "message", message: message(71, 2) });
    });
    const reads = () =>
      fetchMock.mock.calls.filter(([u, init]) => String(u) === "/api/groups/2/read" && init?.method === "POST");
    await waitFor(() => expect(reads()).toHaveLength(1), { timeout: TIMING.markReadDelayMs + 2000 });
    // My own message does not need it: on a clock the test drives, the whole delay passes and no mark
    // is sent; a message from someone else on the same clock is marked (so the first check can fail).
    vi.useFakeTimers();
    try {
      act(() => socket.receive({ type: "message", message: message(72, 2, 1) }));
      await act(() => vi.advanceTimersByTimeAsync(TIMING.markReadDelayMs * 2));
      expect(reads()).toHaveLength(1);
      act(() => socket.receive({ type: "message", message: message(73, 2) }));
      await act(() => vi.advanceTimersByTimeAsync(TIMING.markReadDelayMs * 2));
      expect(reads()).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
