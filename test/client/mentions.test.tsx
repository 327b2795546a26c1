// @mention autocomplete in the chat composer and the new post: `@` + letters offers
// members (from the channel's readers in chat), arrow keys move, Enter/Tab insert, Escape closes,
// and Enter sends again once the list is closed. What is sent names each picked member by id.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LinkifiedText } from "../../client/components/LinkifiedText";
import { TEXT } from "../../client/text";
import type { MessageDto } from "../../worker/shared/chat-wire";
import { mentionToken } from "../../worker/shared/mentions";
import { FakeSocket } from "./fake-socket";
import { channelFixture, renderApp, reply, sessionDeps, stubFetch, userFixture } from "./render";

vi.setConfig({ testTimeout: 20_000 });

const NOW = "2026-11-20T10:00:00.000Z";
const member = (id: number, name: string) => ({ id, name, avatar_url: null });
const me = () => sessionDeps({ getMe: async () => reply(200, userFixture({ id: 1 })) });

function stubApi() {
  return stubFetch((url, init) => {
    if (url.startsWith("/api/mentions?")) {
      const q = new URL(url, "http://x").searchParams.get("q")!.toLowerCase();
      const all = [member(3, "Paid"), member(5, "Luna Park"), member(6, "Sol")];
      return {
        status: 200,
        body: {
          members: all.filter((m) =>
            m.name
              .toLowerCase()
              .split(" ")
              .some((w) => w.startsWith(q)),
          ),
        },
      };
    }
    if (url === "/api/groups")
      return {
        status: 200,
        body: [channelFixture()],
      };
    if (url.startsWith("/api/messages?")) return { status: 200, body: [] };
    if (url === "/api/messages" && init?.method === "POST")
      return {
        status: 201,
        body: {
          id: 9,
          group_id: 1,
          sender_id: 1,
          sender_name: "Luna",
          body: JSON.parse(String(init.body)).body,
          created_at: NOW,
          image_url: null,
          hidden: false,
          hidden_reason: null,
          edited_at: null,
          deleted: false,
          reply_to: null,
          reactions: [],
        } satisfies MessageDto,
      };
    if (url.startsWith("/api/posts?")) return { status: 200, body: [] };
    if (url === "/api/cosmic-notices") return { status: 200, body: [] };
    return undefined;
  });
}
const mentionCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith("/api/mentions?"));

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
});

describe("@mention autocomplete", () => {
  it(`in the chat composer: offers the channel's members, arrows move, Enter inserts (not sends), Escape closes, then \
Enter sends`, async () => {
    const fetchMock = stubApi();
    renderApp("/app/chat", me());
    const input = (await screen.findByLabelText("Message #General", {}, { timeout: 10_000 })) as HTMLTextAreaElement;
    const user = userEvent.setup();
    await user.type(input, "hi @pa");
    const list = await screen.findByRole("listbox", { name: TEXT.mentions.suggestions });
    expect(mentionCalls(fetchMock).at(-1)).toBe("/api/mentions?q=pa&group_id=1");
    expect(input.getAttribute("role")).toBe("combobox");
    expect(input.getAttribute("aria-expanded")).toBe("true");
    const options = within(list).getAllByRole("option");
    // In the server's order, each named by the member (the avatar beside it is decorative).
    expect(options).toEqual([
      within(list).getByRole("option", { name: "Paid" }),
      within(list).getByRole("option", { name: "Luna Park" }),
    ]);
    expect(input.getAttribute("aria-activedescendant")).toBe(options[0].id);
    await user.keyboard("{ArrowDown}");
    expect(options[1].getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(input.value).toBe("hi @Luna Park "));
    expect(screen.queryByRole("listbox", { name: TEXT.mentions.suggestions })).toBeNull();
    expect(fetchMock.mock.calls.some(([u, init]) => String(u) === "/api/messages" && init?.method === "POST")).toBe(
      false,
    );

    await user.type(input, "and @so");
    await screen.findByRole("option", { name: "Sol" });
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("listbox", { name: TEXT.mentions.suggestions })).toBeNull();
    await user.keyboard("{Enter}");
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u, init]) => String(u) === "/api/messages" && init?.method === "POST")).toBe(
        true,
      ),
    );
    const sent = fetchMock.mock.calls.find(([u, init]) => String(u) === "/api/messages" && init?.method === "POST")!;
    // The member picked goes as their id (worker/shared/mentions.ts); "@so", never picked, stays text.
    expect(JSON.parse(String(sent[1]!.body)).body).toBe(`hi ${mentionToken("Luna Park", 5)} and @so`);
  });

  it("asks nothing for an e-mail address or a lone @", async () => {
    const fetchMock = stubApi();
    renderApp("/app/chat", me());
    const input = (await screen.findByLabelText("Message #General", {}, { timeout: 10_000 })) as HTMLTextAreaElement;
    await userEvent.setup().type(input, "write to luna@pa or @ ");
    expect(mentionCalls(fetchMock)).toEqual([]);
  });

  it("in the new post: Tab inserts the member's name; a click does too", async () => {
    const fetchMock = stubApi();
    renderApp("/app/lounge", me());
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: TEXT.lounge.newPostTitle }, { timeout: 10_000 }));
    const dialog = await screen.findByRole("dialog", { name: TEXT.lounge.newPostTitle });
    const area = within(dialog).getByRole("combobox", { name: TEXT.loungeDialogs.postLabel }) as HTMLTextAreaElement;
    await user.type(area, "thanks @lu");
    // Typing may outlast the pause on a slow machine ("l" asked first): wait for the question of "lu".
    await waitFor(() => expect(mentionCalls(fetchMock).at(-1)).toBe("/api/mentions?q=lu"));
    await within(dialog).findByRole("option", { name: "Luna Park" });
    await user.keyboard("{Tab}");
    await waitFor(() => expect(area.value).toBe("thanks @Luna Park "));
    await user.type(area, "and @s");
    fireEvent.mouseDown(await within(dialog).findByRole("option", { name: "Sol" }));
    await waitFor(() => expect(area.value).toBe("thanks @Luna Park and @Sol "));
    expect(within(dialog).getByText(TEXT.lounge.counter(area.value.length, 500))).toBeTruthy();
    // Posted, each pick is its member's id; a name typed by hand (not picked) stays text.
    await user.type(area, "and @Paid");
    // Escape closes the list once it is there (before that, Escape is the dialog's and closes it).
    await within(dialog).findByRole("option", { name: "Paid" });
    await user.keyboard("{Escape}");
    await user.click(within(dialog).getByRole("button", { name: TEXT.loungeDialogs.post }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u, init]) => String(u) === "/api/posts" && init?.method === "POST")).toBe(
        true,
      ),
    );
    const sent = fetchMock.mock.calls.find(([u, init]) => String(u) === "/api/posts" && init?.method === "POST")!;
    expect(JSON.parse(String(sent[1]!.body)).content).toBe(
      `thanks ${mentionToken("Luna Park", 5)} and ${mentionToken("Sol", 6)} and @Paid`,
    );
  });

  it("shows a stored mention as @Name, and older plain text as it is", async () => {
    render(<LinkifiedText text={`Hi ${mentionToken("Luna Park", 5)}, and @Sol, see https://example.com`} />);
    const mention = screen.getByText("@Luna Park");
    expect(mention.className).toBe("mention");
    expect(document.body.textContent).toBe("Hi @Luna Park, and @Sol, see https://example.com");
    expect(screen.getByRole("link", { name: "https://example.com" })).toBeTruthy();
  });
});
