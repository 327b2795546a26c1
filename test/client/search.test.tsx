// The search dialog: Ctrl/Cmd+K and the header button open it; debounced queries with a
// kind filter; results with their kind, a highlighted snippet rendered as text (never HTML), a date;
// arrow keys and Enter open the item in context, and the screens honour those links.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { TEXT } from "../../client/text";
import type { SearchResult } from "../../worker/shared/search";
import { channelFixture, renderApp, reply, sessionDeps, stubFetch, userFixture } from "./render";

vi.setConfig({ testTimeout: 20_000 });
// The dialog's code loads on first use; loaded up front here so a busy machine does not time the first test out.
beforeAll(() => import("../../client/search/SearchDialog"));

const NOW = "2026-11-20T10:00:00.000Z";
const result = (patch: Partial<SearchResult> = {}): SearchResult => ({
  kind: "post",
  id: 5,
  title: "Moon circle tonight",
  snippet: "the <mark>moon</mark> rises",
  created_at: NOW,
  url: "/app/lounge?post=5",
  ...patch,
});
const post = (patch: Record<string, unknown> = {}) => ({
  id: 5,
  content: "Moon circle tonight",
  created_at: NOW,
  author_id: 2,
  author_name: "Sol",
  author_avatar: null,
  author_role: "member",
  reactions: [],
  likes_count: 0,
  comments_count: 2,
  is_liked: false,
  hidden: false,
  hidden_reason: null,
  ...patch,
});
const comment = (id: number, content: string) => ({
  id,
  post_id: 5,
  content,
  created_at: NOW,
  author_id: 3,
  author_name: "Ada",
  author_avatar: null,
  author_role: "member",
  reactions: [],
  hidden: false,
  hidden_reason: null,
});

const asMember = () => sessionDeps({ getMe: async () => reply(200, userFixture()) });

type Answer = { status: number; body: unknown } | undefined;
function stubApi(search: (params: URLSearchParams) => Answer, extra: (url: string) => Answer = () => undefined) {
  return stubFetch((url) => {
    if (url.startsWith("/api/search?")) return search(new URL(url, "http://x").searchParams);
    const answer = extra(url);
    if (answer) return answer;
    if (url.startsWith("/api/posts?")) return { status: 200, body: [] };
    if (url === "/api/cosmic-notices") return { status: 200, body: [] };
    return undefined;
  });
}
const searches = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .map(([u]) => String(u))
    .filter((u) => u.startsWith("/api/search?"))
    .map((u) => Object.fromEntries(new URL(u, "http://x").searchParams));

async function openLounge() {
  const view = renderApp("/app/lounge", asMember());
  await screen.findByRole("heading", { name: TEXT.lounge.feedTitle }, { timeout: 10_000 });
  return view;
}

describe("search dialog", () => {
  it("opens with Ctrl+K (and Cmd+K), focused on its field, and closes with Escape", async () => {
    stubApi(() => ({ status: 200, body: { results: [] } }));
    await openLounge();
    fireEvent.keyDown(document, { key: "k", ctrlKey: true });
    const dialog = await screen.findByRole("dialog", { name: TEXT.searchDialog.title });
    const field = within(dialog).getByRole("combobox", { name: TEXT.searchDialog.label });
    await waitFor(() => expect(document.activeElement).toBe(field));
    // Escape is the native dialog's `cancel` event.
    fireEvent(dialog, new Event("cancel", { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.keyDown(document, { key: "K", metaKey: true });
    expect(await screen.findByRole("dialog", { name: TEXT.searchDialog.title })).toBeTruthy();
  });

  it(`asks once per pause in typing, shows kind, title, highlighted snippet (as text) and date, and filters by \
kind`, async () => {
    const fetchMock = stubApi((params) => ({
      status: 200,
      body: {
        results:
          params.get("kind") === "message"
            ? [
                result({
                  kind: "message",
                  id: 30,
                  title: "General",
                  snippet: "<mark>moon</mark> over the hills",
                  url: "/app/chat?group=1&message=30",
                }),
              ]
            : [
                result(),
                result({
                  kind: "comment",
                  id: 9,
                  title: "Moon circle tonight",
                  snippet: "&lt;script&gt;alert(1)&lt;/script&gt; <mark>moon</mark>",
                  url: "/app/lounge?post=5&comment=9",
                }),
              ],
      },
    }));
    await openLounge();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: new RegExp(TEXT.search.open) }));
    const dialog = await screen.findByRole("dialog", { name: TEXT.searchDialog.title });
    await user.type(within(dialog).getByRole("combobox"), "moon");
    const list = await within(dialog).findByRole("listbox", { name: TEXT.searchDialog.results });
    const options = await within(list).findAllByRole("option");
    // One request for the whole word, not one per letter.
    expect(searches(fetchMock)).toEqual([{ q: "moon" }]);
    expect(options).toHaveLength(2);
    expect(options[0].textContent).toContain(`${TEXT.searchDialog.kindOne.post}:`);
    expect(options[0].textContent).toContain("Moon circle tonight");
    expect(options[0].querySelector("mark")?.textContent).toBe("moon");
    expect(options[0].querySelector("time")?.getAttribute("dateTime")).toBe(NOW);
    // The escaped markup of a snippet is shown as the text it is; no element is made from it.
    expect(options[1].textContent).toContain("<script>alert(1)</script>");
    expect(dialog.querySelector("script")).toBeNull();
    expect(options[0].getAttribute("aria-selected")).toBe("true");

    await user.click(within(dialog).getByRole("button", { name: TEXT.searchDialog.kinds.message }));
    await waitFor(() =>
      expect(within(dialog).getAllByRole("option")[0].textContent).toContain(TEXT.searchDialog.inChannel("General")),
    );
    expect(searches(fetchMock).at(-1)).toEqual({ q: "moon", kind: "message" });
    expect(
      within(dialog).getByRole("button", { name: TEXT.searchDialog.kinds.message }).getAttribute("aria-pressed"),
    ).toBe("true");
  });

  it(`moves with the arrow keys and opens the active result with Enter: the post with its comments, the linked \
comment marked`, async () => {
    stubApi(
      () => ({
        status: 200,
        body: {
          results: [
            result(),
            result({
              kind: "comment",
              id: 9,
              snippet: "a <mark>moon</mark> comment",
              url: "/app/lounge?post=5&comment=9",
            }),
          ],
        },
      }),
      (url) =>
        url === "/api/posts/5"
          ? { status: 200, body: post() }
          : url === "/api/posts/5/comments"
            ? { status: 200, body: [comment(8, "first"), comment(9, "a moon comment")] }
            : undefined,
    );
    const { router } = await openLounge();
    const user = userEvent.setup();
    fireEvent.keyDown(document, { key: "k", ctrlKey: true });
    const field = within(await screen.findByRole("dialog", { name: TEXT.searchDialog.title })).getByRole("combobox");
    await user.type(field, "moon");
    // Read the options afresh at each step: on a slow machine typing may outlast the debounce, and a
    // later answer re-renders the list.
    const options = async () =>
      within(await screen.findByRole("listbox", { name: TEXT.searchDialog.results })).findAllByRole("option");
    await waitFor(async () => expect(await options()).toHaveLength(2));
    expect(field.getAttribute("aria-activedescendant")).toBe((await options())[0].id);
    await user.keyboard("{ArrowDown}");
    expect((await options())[1].getAttribute("aria-selected")).toBe("true");
    expect(field.getAttribute("aria-activedescendant")).toBe((await options())[1].id);
    await user.keyboard("{ArrowDown}");
    expect((await options())[0].getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{ArrowUp}{Enter}");

    await waitFor(() => expect(router.state.location.search).toBe("?post=5&comment=9"));
    const comments = await screen.findByRole("dialog", { name: TEXT.lounge.commentsTitle });
    expect(within(comments).getByLabelText(TEXT.loungeDialogs.postPreview).textContent).toContain(
      "Moon circle tonight",
    );
    const linked = await within(comments).findByText("a moon comment");
    expect(linked.closest("li")?.className).toContain("linked");
    expect(within(comments).getByText("first").closest("li")?.className).not.toContain("linked");
    // Closing the comments leaves the link: the lounge is plain again.
    await user.click(within(comments).getByRole("button", { name: "Close dialog" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says when nothing matched and when the search failed; nothing is asked for blank text", async () => {
    let fail = false;
    const fetchMock = stubApi(() =>
      fail ? { status: 500, body: { error: "boom" } } : { status: 200, body: { results: [] } },
    );
    await openLounge();
    const user = userEvent.setup();
    fireEvent.keyDown(document, { key: "k", ctrlKey: true });
    const dialog = await screen.findByRole("dialog", { name: TEXT.searchDialog.title });
    const field = within(dialog).getByRole("combobox");
    await user.type(field, "   ");
    expect(within(dialog).getByText(TEXT.searchDialog.hint)).toBeTruthy();
    await user.type(field, "zzz");
    expect(await within(dialog).findByText(TEXT.searchDialog.empty("zzz"))).toBeTruthy();
    fail = true;
    await user.type(field, "q");
    expect(await within(dialog).findByRole("alert")).toHaveProperty("textContent", TEXT.searchDialog.failed);
    expect(searches(fetchMock).map((s) => s.q)).toEqual(["zzz", "zzzq"]);
  });
});

describe("links in context", () => {
  it(`/app/chat?group=&message= opens that channel and marks the message; an older one is loaded from it \
on`, async () => {
    const msg = (id: number, body: string) => ({
      id,
      group_id: 2,
      sender_id: 2,
      sender_name: "Sol",
      body,
      created_at: NOW,
      image_url: null,
      hidden: false,
      hidden_reason: null,
      edited_at: null,
      deleted: false,
      reply_to: null,
      reactions: [],
    });
    vi.stubGlobal(
      "WebSocket",
      class {
        close() {}
      },
    );
    const fetchMock = stubFetch((url) => {
      if (url === "/api/groups")
        return {
          status: 200,
          body: [channelFixture(), channelFixture({ id: 2, name: "Stars" })],
        };
      if (url === "/api/messages?group_id=2") return { status: 200, body: [msg(40, "latest")] };
      if (url === "/api/messages?group_id=2&after=29")
        return { status: 200, body: [msg(30, "the linked one"), msg(31, "after it")] };
      if (url.startsWith("/api/messages")) return { status: 200, body: [] };
      return undefined;
    });
    renderApp("/app/chat?group=2&message=30", asMember());
    expect(await screen.findByRole("heading", { name: "# Stars" }, { timeout: 10_000 })).toBeTruthy();
    const linked = await screen.findByText("the linked one");
    expect(linked.closest("li")?.className).toContain("linked");
    expect(screen.getByText("latest").closest("li")?.className).not.toContain("linked");
    expect(fetchMock.mock.calls.filter(([u]) => String(u) === "/api/messages?group_id=2&after=29")).toHaveLength(1);
  });

  it("/app/resources?resource= marks that resource's card", async () => {
    const resource = (id: number, title: string) => ({
      id,
      title,
      description: "d",
      file_url: `/api/resources/${id}/file`,
      file_type: "text/plain",
      file_name: "a.txt",
      tags: "[]",
      created_at: NOW,
      uploaded_by: 1,
      storage_method: "r2",
    });
    stubFetch((url) => {
      if (url.startsWith("/api/resources/tags")) return { status: 200, body: { tags: [], total: 2 } };
      if (url.startsWith("/api/resources")) return { status: 200, body: [resource(1, "First"), resource(2, "Second")] };
      if (url === "/api/membership")
        return { status: 200, body: { status: "active", next_payment_due: "2099-01-01T00:00:00.000Z" } };
      return undefined;
    });
    renderApp(
      "/app/resources?resource=2",
      sessionDeps({ getMe: async () => reply(200, userFixture({ role: "admin" })) }),
    );
    const second = await screen.findByRole("article", { name: "Second" }, { timeout: 10_000 });
    expect(second.className).toContain("linked");
    expect(screen.getByRole("article", { name: "First" }).className).not.toContain("linked");
  });
});
