// Direct messages and blocks in the client: DMs listed apart in the chat by the other
// member's name with their unread badge; a member's name opens Message (POST /api/direct, then the
// chat at that conversation) and Block; a blocked member's posts collapse with a Show button; the
// profile's who-may-message-me choice and blocked list with Unblock.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUserView } from "../../client/session/session-store";
import { TEXT } from "../../client/text";
import type { ChannelListItem } from "../../worker/shared/chat-wire";
import { FakeSocket } from "./fake-socket";
import { channelFixture, profileReadsAnswer, renderApp, reply, sessionDeps, stubFetch, userFixture } from "./render";

const NOW = new Date().toISOString();
const T = TEXT.direct;
const me = sessionDeps({ getMe: async () => reply(200, userFixture({ id: 1, name: "Luna" })) });

const dm = (patch: Partial<ChannelListItem> = {}) =>
  channelFixture({
    id: 7,
    name: "",
    is_private: true,
    created_by: null,
    is_direct: true,
    direct_with: { id: 2, name: "Sol", avatar_url: null },
    ...patch,
  });
const post = (patch: Record<string, unknown> = {}) => ({
  id: 10,
  content: "Hello cosmos",
  created_at: NOW,
  author_id: 2,
  author_name: "Sol",
  author_avatar: null,
  author_role: "member",
  likes_count: 0,
  comments_count: 0,
  is_liked: false,
  hidden: false,
  hidden_reason: null,
  edited_at: null,
  author_blocked: false,
  reactions: [],
  ...patch,
});

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
});

describe("direct messages in the chat", () => {
  it(`lists DMs apart under the other member's name with the unread badge; opening one heads it with \
that name`, async () => {
    stubFetch((url) => {
      if (url === "/api/groups")
        return { status: 200, body: [channelFixture(), dm({ unread_count: 2 }), dm({ id: 8, direct_with: null })] };
      if (url === "/api/unread")
        return {
          status: 200,
          body: [
            { group_id: 1, unread_count: 0 },
            { group_id: 7, unread_count: 2 },
            { group_id: 8, unread_count: 0 },
          ],
        };
      if (url.startsWith("/api/messages?group_id=")) return { status: 200, body: [] };
      return undefined;
    });
    renderApp("/app/chat", me);
    const direct = await screen.findByRole("list", { name: T.title }, { timeout: 10_000 });
    const channels = screen.getByRole("list", { name: TEXT.chat.channels });
    expect(within(channels).queryByRole("button", { name: /Sol/ })).toBeNull();
    const sol = within(direct).getByRole("button", { name: /Sol/ });
    await waitFor(() => expect(within(sol).getByText(TEXT.unread.badge(2))).toBeTruthy());
    // A conversation whose other member deleted their account.
    expect(within(direct).getByRole("button", { name: T.formerMember })).toBeTruthy();

    await userEvent.click(sol);
    expect(await screen.findByRole("heading", { name: "Sol" })).toBeTruthy();
    expect(screen.getByLabelText(T.messageLabel("Sol"))).toBeTruthy();
    await waitFor(() => expect(FakeSocket.all.at(-1)?.url).toMatch(/\/api\/groups\/7\/socket$/));
  });
});

describe("a member's name", () => {
  it("opens Message by keyboard: POST /api/direct, then the chat at that conversation", async () => {
    const fetchMock = stubFetch((url, init) => {
      const method = init?.method ?? "GET";
      if (method === "GET" && url.startsWith("/api/posts?")) return { status: 200, body: [post()] };
      if (url === "/api/cosmic-notices") return { status: 200, body: [] };
      if (url === "/api/blocks") return { status: 200, body: { blocks: [] } };
      if (method === "POST" && url === "/api/direct") return { status: 201, body: dm() };
      if (url === "/api/groups") return { status: 200, body: [channelFixture(), dm()] };
      if (url.startsWith("/api/messages?group_id=")) return { status: 200, body: [] };
      return undefined;
    });
    renderApp("/app/lounge", me);
    const article = await screen.findByRole("article", { name: "Sol" });
    const name = within(article).getByRole("button", { name: "Sol" });
    name.focus();
    await userEvent.keyboard("{Enter}");
    const menu = await screen.findByRole("menu", { name: T.memberActions("Sol") });
    within(menu).getByRole("menuitem", { name: TEXT.menus.message }).focus();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByRole("heading", { name: "Sol" }, { timeout: 10_000 })).toBeTruthy();
    const opened = fetchMock.mock.calls.find(
      ([u, init]) => String(u).endsWith("/api/direct") && init?.method === "POST",
    );
    expect(JSON.parse(String(opened?.[1]?.body))).toEqual({ user_id: 2 });
  });

  it("is plain text for the member's own posts; Escape closes the menu", async () => {
    stubFetch((url) => {
      if (url.startsWith("/api/posts?"))
        return { status: 200, body: [post(), post({ id: 11, author_id: 1, author_name: "Luna" })] };
      if (url === "/api/cosmic-notices") return { status: 200, body: [] };
      if (url === "/api/blocks") return { status: 200, body: { blocks: [] } };
      return undefined;
    });
    renderApp("/app/lounge", me);
    const mine = await screen.findByRole("article", { name: "Luna" });
    expect(within(mine).queryByRole("button", { name: "Luna" })).toBeNull();
    const theirs = screen.getByRole("article", { name: "Sol" });
    await userEvent.click(within(theirs).getByRole("button", { name: "Sol" }));
    expect(await screen.findByRole("menu")).toBeTruthy();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
  });
});

describe("blocked members in the lounge", () => {
  it("collapses their posts with a Show button that shows the post once", async () => {
    stubFetch((url) => {
      if (url.startsWith("/api/posts?"))
        return {
          status: 200,
          body: [post({ content: "From a blocked member", author_blocked: true }), post({ id: 11, author_id: 3 })],
        };
      if (url === "/api/cosmic-notices") return { status: 200, body: [] };
      return undefined;
    });
    renderApp("/app/lounge", me);
    expect(await screen.findByText(T.hiddenBlocked)).toBeTruthy();
    expect(screen.queryByText("From a blocked member")).toBeNull();
    expect(screen.getAllByRole("article")).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: T.showOnce }));
    expect(screen.getByText("From a blocked member")).toBeTruthy();
    expect(screen.queryByText(T.hiddenBlocked)).toBeNull();
  });
});

describe("the privacy settings' direct messages", () => {
  it("saves who may message me and unblocks a blocked member", async () => {
    let policy: SessionUserView["direct_messages"] = "everyone";
    let blocks = [{ user_id: 5, name: "Orion", avatar: null, created_at: NOW }];
    const fetchMock = stubFetch((url, init) => {
      const method = init?.method ?? "GET";
      if (url === "/api/profile" && method === "PUT") {
        policy = JSON.parse(String(init?.body)).direct_messages;
        return {
          status: 200,
          body: {
            user: userFixture({ direct_messages: policy }),
            profile: { goals: "[]", interests: "[]", socials: "{}" },
          },
        };
      }
      if (url === "/api/profile")
        return {
          status: 200,
          body: {
            user: userFixture({ direct_messages: policy }),
            profile: { goals: "[]", interests: "[]", socials: "{}" },
          },
        };
      if (url === "/api/blocks/5" && method === "DELETE") {
        blocks = [];
        return { status: 200, body: { success: true } };
      }
      if (url === "/api/blocks") return { status: 200, body: { blocks } };
      if (url === "/api/sessions") return { status: 200, body: [] };
      if (url === "/api/membership/payments") return { status: 200, body: [] };
      if (url === "/api/profile/calendar") return { status: 200, body: { active: false } };
      return profileReadsAnswer(url) ?? undefined;
    });
    renderApp("/app/settings/privacy", me);
    const card = await screen.findByRole("region", { name: TEXT.profile.directTitle }, { timeout: 10_000 });
    const everyone = within(card).getByRole("radio", { name: TEXT.profile.directEveryone }) as HTMLInputElement;
    expect(everyone.checked).toBe(true);
    await userEvent.click(within(card).getByRole("radio", { name: TEXT.profile.directNobody }));
    await waitFor(() => expect(policy).toBe("nobody"));
    await waitFor(() =>
      expect((within(card).getByRole("radio", { name: TEXT.profile.directNobody }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );

    const blocked = within(card).getByRole("list", { name: TEXT.profile.blockedTitle });
    expect(within(blocked).getByText("Orion")).toBeTruthy();
    await userEvent.click(within(blocked).getByRole("button", { name: TEXT.profile.unblockLabel("Orion") }));
    expect(await within(card).findByText(TEXT.profile.blockedNone)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u, i]) => String(u).endsWith("/api/blocks/5") && i?.method === "DELETE")).toBe(
      true,
    );
  });
});
