import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { toNoticeDraft } from "../../client/lounge/notice-ai";
import { TEXT } from "../../client/text";
import { LIMITS } from "../../worker/shared/rules";
import { ICON_GLYPH, renderApp, reply, sessionDeps, stubFetch, userFixture } from "./render";

const NOW = new Date().toISOString();
const postFixture = (patch: Record<string, unknown> = {}) => ({
  id: 10,
  content: "Hello cosmos, see https://example.com",
  created_at: NOW,
  author_id: 2,
  author_name: "Sol",
  author_avatar: null,
  author_role: "member",
  reactions: [],
  likes_count: 3,
  comments_count: 1,
  is_liked: false,
  ...patch,
});
const noticeFixture = (patch: Record<string, unknown> = {}) => ({
  id: 1,
  title: "Full moon circle",
  content: "<p>Tonight at <strong>9pm</strong></p>",
  image_url: null,
  is_pinned: true,
  author_name: "Ada",
  created_at: NOW,
  ...patch,
});

type Route = { status: number; body: unknown };
function lounge({
  posts = [postFixture()],
  notices = [noticeFixture()],
  extra,
}: {
  posts?: unknown[];
  notices?: unknown[];
  extra?: (url: string, method: string, init?: RequestInit) => Route | undefined;
} = {}) {
  return stubFetch((url, init) => {
    const method = init?.method ?? "GET";
    const custom = extra?.(url, method, init);
    if (custom) return custom;
    if (method === "GET" && url.startsWith("/api/posts?")) return { status: 200, body: posts };
    if (method === "GET" && url === "/api/cosmic-notices") return { status: 200, body: notices };
    return undefined;
  });
}

const asMember = (patch = {}) => sessionDeps({ getMe: async () => reply(200, userFixture(patch)) });

describe("lounge", () => {
  it(`shows the notice board first (Pinned badge, sanitised HTML), then the feed with linked URLs and ADMIN \
tags`, async () => {
    lounge({
      posts: [
        postFixture({ id: 11, author_name: "Ada", author_role: "admin", content: "Admin says hi" }),
        postFixture(),
      ],
    });
    renderApp("/app/lounge", asMember());
    const board = await screen.findByRole("region", { name: /Cosmic Notice Board/ });
    const notice = await within(board).findByRole("article", { name: "Full moon circle" });
    expect(within(notice).getByText(/Pinned/)).toBeTruthy();
    expect(within(notice).getByText("9pm").tagName).toBe("STRONG");

    const feed = screen.getByRole("region", { name: "Community" });
    expect(board.compareDocumentPosition(feed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const admin = await within(feed).findByRole("article", { name: "Ada" });
    expect(within(admin).getByText(TEXT.lounge.adminTag)).toBeTruthy();
    expect(within(admin).getByRole("img", { name: TEXT.lounge.adminCrown })).toBeTruthy();
    const member = within(feed).getByRole("article", { name: "Sol" });
    expect(member.id).toBe("post-10");
    expect(within(member).queryByText(TEXT.lounge.adminTag)).toBeNull();
    const link = within(member).getByRole("link", { name: "https://example.com" });
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(within(member).getByText("Just now")).toBeTruthy();
    // Members see no notice controls, and on someone else's post reactions, "Report" and "Copy link" in its menu
    // (no edit, no delete).
    expect(screen.queryByRole("button", { name: "+ New Notice" })).toBeNull();
    await userEvent.setup().click(within(member).getByRole("button", { name: "Post options" }));
    await within(member).findByRole("button", { name: "Report post" });
    expect(Array.from(member.querySelectorAll(".item-menu-list > button"), (item) => item.textContent?.trim())).toEqual(
      ["Report post", "Copy link"],
    );
    expect(within(member).getAllByRole("button", { name: /^React with / })).toHaveLength(6);
    expect(screen.getByRole("heading", { name: /Welcome to the Cosmic Lounge/ })).toBeTruthy();
  });

  it(`draws its icons as SVG, never as font glyphs (their look depends on the device; some turn into \
emoji)`, async () => {
    lounge({
      posts: [postFixture({ id: 11, author_name: "Ada", author_role: "admin", is_liked: true }), postFixture()],
    });
    renderApp("/app/lounge", sessionDeps({ getMe: async () => reply(200, userFixture({ role: "admin" })) }));
    const post = await screen.findByRole("article", { name: "Ada" });
    // A liked post's heart is filled and a post not liked has the outline (the button's name is the same),
    // the crown is drawn inside its labelled image, the navigation has its marks.
    expect(
      within(post).getByRole("button", { name: "3 likes", pressed: true }).querySelector("svg")?.getAttribute("fill"),
    ).toBe("currentColor");
    const notLiked = screen.getByRole("article", { name: "Sol" });
    expect(
      within(notLiked)
        .getByRole("button", { name: "3 likes", pressed: false })
        .querySelector("svg")
        ?.getAttribute("fill"),
    ).toBe("none");
    expect(within(post).getByRole("img", { name: TEXT.lounge.adminCrown }).querySelector("svg")).toBeTruthy();
    for (const name of ["Lounge", "Chat", "Resources", "Profile", "Admin"])
      expect(screen.getByRole("link", { name }).querySelector("svg")).toBeTruthy();
    expect(
      within(screen.getByRole("region", { name: /Cosmic Notice Board/ }))
        .getByText(TEXT.lounge.pinned)
        .querySelector("svg"),
    ).toBeTruthy();
    // Arrows, geometric shapes, symbols and dingbats, emoji: none left in the page's text.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const withGlyphs: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (ICON_GLYPH.test(node.textContent ?? "")) withGlyphs.push(node.textContent!);
    expect(withGlyphs).toEqual([]);
  });

  it("counts characters live and allows only 1..500 non-blank characters in a new post", async () => {
    // The stub keeps what was posted: the feed the router loads again after the write shows it.
    const posts: unknown[] = [];
    const fetchMock = lounge({
      posts,
      extra: (url, method, init) => {
        if (method !== "POST" || url !== "/api/posts") return undefined;
        const post = postFixture({
          id: 99,
          author_id: 1,
          author_name: "Luna",
          content: JSON.parse(String(init!.body)).content,
        });
        posts.unshift(post);
        return { status: 201, body: post };
      },
    });
    const user = userEvent.setup();
    renderApp("/app/lounge", asMember());
    await screen.findByText("No posts yet");
    await user.click(screen.getByRole("button", { name: "Share with the community" }));
    const dialog = await screen.findByRole("dialog", { name: "Share with the community" });
    const box = within(dialog).getByLabelText("What's on your mind?");
    const submit = within(dialog).getByRole("button", { name: "Post" });
    expect(within(dialog).getByText("0/500 characters")).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await user.type(box, "   ");
    expect(within(dialog).getByText("3/500 characters")).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await user.clear(box);
    await user.click(box);
    await user.paste("a".repeat(501));
    expect(within(dialog).getByText("501/500 characters").className).toContain("over");
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.type(box, "{Backspace}");
    expect(within(dialog).getByText("500/500 characters")).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(false);

    await user.clear(box);
    await user.type(box, "  Good morning, souls  ");
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(call![1]!.body))).toEqual({ content: "Good morning, souls" });
    const mine = await screen.findByRole("article", { name: "Luna" });
    expect(mine.textContent).toContain("Good morning, souls");
    expect(within(mine).getByRole("button", { name: "Post options" })).toBeTruthy();
  });

  it("toggles a like with the server's answer, moving the count +1 then -1", async () => {
    let liked = false;
    const fetchMock = lounge({
      extra: (url, method) => {
        if (method === "POST" && url === "/api/posts/10/like") {
          liked = !liked;
          return { status: 200, body: { liked } };
        }
      },
    });
    const user = userEvent.setup();
    renderApp("/app/lounge", asMember());
    const post = await screen.findByRole("article", { name: "Sol" });
    const like = within(post).getByRole("button", { name: "3 likes", pressed: false });
    expect(like.getAttribute("aria-pressed")).toBe("false");

    await user.click(like);
    const unlike = await within(post).findByRole("button", { name: "4 likes", pressed: true });
    expect(unlike.getAttribute("aria-pressed")).toBe("true");
    expect(within(post).getByTestId("likes-count").textContent).toBe("4");

    await user.click(unlike);
    await within(post).findByRole("button", { name: "3 likes", pressed: false });
    expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith("/api/posts/10/like"))).toHaveLength(2);
  });

  it("names the lounge in the document's title", async () => {
    lounge();
    renderApp("/app/lounge", asMember());
    await screen.findByRole("article", { name: "Sol" });
    expect(document.title).toBe("Lounge · Cosmic Lounge");
  });

  it("opens a fresh dialog after a post: the new post dialog opened again does not get the last answer", async () => {
    // A fetcher's key is React Router's useId(): new for each mount, or the dialog opened again at the
    // same place would read the last success and close at once.
    const posts: unknown[] = [];
    lounge({
      posts,
      extra: (url, method, init) => {
        if (method !== "POST" || url !== "/api/posts") return undefined;
        const post = postFixture({
          id: 50 + posts.length,
          author_id: 1,
          author_name: "Luna",
          content: JSON.parse(String(init!.body)).content,
        });
        posts.unshift(post);
        return { status: 201, body: post };
      },
    });
    const user = userEvent.setup();
    renderApp("/app/lounge", asMember());
    await screen.findByText("No posts yet");
    for (const text of ["First light", "Second light"]) {
      await user.click(screen.getByRole("button", { name: "Share with the community" }));
      const dialog = await screen.findByRole("dialog", { name: "Share with the community" });
      const box = within(dialog).getByLabelText("What's on your mind?") as HTMLTextAreaElement;
      expect(box.value).toBe("");
      await user.type(box, text);
      expect(screen.getByRole("dialog", { name: "Share with the community" })).toBe(dialog);
      await user.click(within(dialog).getByRole("button", { name: "Post" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      await screen.findByText(text);
    }
    expect(posts).toHaveLength(2);
  });

  it("fills the heart and counts the like at once, before the server answers", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const stubbed = lounge({
      extra: (url, method) =>
        method === "POST" && url === "/api/posts/10/like" ? { status: 200, body: { liked: true } } : undefined,
    });
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith("/like")) await answered;
      return stubbed(input, init);
    });
    const user = userEvent.setup();
    renderApp("/app/lounge", asMember());
    const post = await screen.findByRole("article", { name: "Sol" });
    await user.click(within(post).getByRole("button", { name: "3 likes", pressed: false }));
    // The request is still waiting for its answer.
    await within(post).findByRole("button", { name: "4 likes", pressed: true });
    expect(stubbed.mock.calls.some(([u]) => String(u).endsWith("/like"))).toBe(false);
    answer();
    await waitFor(() => expect(stubbed.mock.calls.some(([u]) => String(u).endsWith("/like"))).toBe(true));
    const liked = await within(post).findByRole("button", { name: "4 likes", pressed: true });
    await waitFor(() => expect((liked as HTMLButtonElement).disabled).toBe(false));
  });

  it("takes the like back and says why when the call fails", async () => {
    lounge({
      extra: (url, method) =>
        method === "POST" && url.endsWith("/like") ? { status: 500, body: { error: "The stars are busy" } } : undefined,
    });
    const user = userEvent.setup();
    renderApp("/app/lounge", asMember());
    const post = await screen.findByRole("article", { name: "Sol" });
    await user.click(within(post).getByRole("button", { name: "3 likes", pressed: false }));
    // The toasts' alert region is always there; the error is the toast inside it.
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("The stars are busy"));
    await waitFor(() =>
      expect(
        (within(post).getByRole("button", { name: "3 likes", pressed: false }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
  });

  it("previews the post cut at 150 characters and allows comments of 1..300 characters", async () => {
    const long = "x".repeat(200);
    // The stub keeps what was commented: the list and the feed the router loads again show it.
    const comments: unknown[] = [];
    const posts = [postFixture({ content: long })];
    const fetchMock = lounge({
      posts,
      extra: (url, method, init) => {
        if (method === "GET" && url === "/api/posts/10/comments") return { status: 200, body: comments };
        if (method === "POST" && url === "/api/posts/10/comments") {
          const comment = {
            id: 5,
            content: JSON.parse(String(init!.body)).content,
            created_at: NOW,
            author_name: "Luna",
            author_avatar: null,
            author_role: "member",
            reactions: [],
          };
          comments.push(comment);
          posts[0] = { ...posts[0], comments_count: posts[0].comments_count + 1 };
          return { status: 201, body: comment };
        }
      },
    });
    const user = userEvent.setup();
    renderApp("/app/lounge", asMember());
    const post = await screen.findByRole("article", { name: "Sol" });
    await user.click(within(post).getByRole("button", { name: "1 comment" }));
    const dialog = await screen.findByRole("dialog", { name: "Comments" });
    expect(within(dialog).getByLabelText("Post preview").textContent).toBe(`${"x".repeat(150)}...`);
    await within(dialog).findByText(/No comments yet/);

    const box = within(dialog).getByLabelText("Add a comment");
    const send = within(dialog).getByRole("button", { name: "Comment" }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.click(box);
    await user.paste("c".repeat(301));
    expect(within(dialog).getByText("301/300 characters")).toBeTruthy();
    expect(send.disabled).toBe(true);
    await user.clear(box);
    await user.type(box, "So true");
    expect(within(dialog).getByText("7/300 characters")).toBeTruthy();
    await user.click(send);
    await within(dialog).findByText("So true");
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(""));
    expect(
      fetchMock.mock.calls.some(([u, i]) => String(u).endsWith("/api/posts/10/comments") && i?.method === "POST"),
    ).toBe(true);
    expect(
      await within(screen.getByRole("article", { name: "Sol" })).findByRole("button", { name: "2 comments" }),
    ).toBeTruthy();
  });

  it("asks with the spec's text before deleting a post and shows 'Failed to delete post' on failure", async () => {
    lounge({
      posts: [postFixture({ author_id: 1, author_name: "Luna" })],
      extra: (url, method) =>
        method === "DELETE" && url === "/api/posts/10" ? { status: 500, body: { error: "x" } } : undefined,
    });
    const user = userEvent.setup();
    renderApp("/app/lounge", asMember());
    const post = await screen.findByRole("article", { name: "Luna" });
    await user.click(within(post).getByRole("button", { name: "Post options" }));
    await user.click(screen.getByRole("button", { name: "Delete post" }));
    // The confirmation loads its code on the first confirm().
    const confirm = await screen.findByRole("dialog", { name: "Please confirm" });
    expect(confirm.textContent).toContain("Are you sure you want to delete this post? This action cannot be undone.");
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Failed to delete post")).toBeTruthy();
    expect(screen.getByRole("article", { name: "Luna" })).toBeTruthy();
  });

  it("edits the member's own post in place with its counter, then shows it edited", async () => {
    const posts: Record<string, unknown>[] = [postFixture({ author_id: 1, author_name: "Luna", content: "Helo" })];
    const fetchMock = lounge({
      posts,
      extra: (url, method, init) => {
        if (method !== "PATCH" || url !== "/api/posts/10") return undefined;
        posts[0] = { ...posts[0], content: JSON.parse(String(init!.body)).content, edited_at: NOW };
        return { status: 200, body: posts[0] };
      },
    });
    const user = userEvent.setup();
    renderApp("/app/lounge", asMember());
    const post = await screen.findByRole("article", { name: "Luna" });
    await user.click(within(post).getByRole("button", { name: "Post options" }));
    await user.click(within(post).getByRole("button", { name: TEXT.conversations.edit }));
    // The edit form loads its code when Edit is chosen.
    const box = await within(post).findByLabelText(TEXT.conversations.editPostLabel);
    expect(within(post).getByText(TEXT.lounge.counter(4, LIMITS.postMax))).toBeTruthy();
    await user.clear(box);
    await user.type(box, "Hello");
    await user.click(within(post).getByRole("button", { name: TEXT.conversations.save }));
    expect(await within(post).findByText("Hello")).toBeTruthy();
    expect(within(post).getByText(`(${TEXT.conversations.edited})`)).toBeTruthy();
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === "PATCH");
    expect(patches.map(([, init]) => JSON.parse(String(init!.body)))).toEqual([{ content: "Hello" }]);
  });

  it("toggles a post's reaction from its chip, pressed when the member's own", async () => {
    lounge({
      posts: [postFixture({ reactions: [{ emoji: "🙏", count: 1, mine: false }] })],
      extra: (url, method) =>
        method === "POST" && url === "/api/posts/10/reactions"
          ? { status: 200, body: { reactions: [{ emoji: "🙏", count: 2, mine: true }] } }
          : undefined,
    });
    const user = userEvent.setup();
    renderApp("/app/lounge", asMember());
    const post = await screen.findByRole("article", { name: "Sol" });
    const chip = within(post).getByRole("button", { name: TEXT.reactions.chip("🙏", 1) });
    expect(chip.getAttribute("aria-pressed")).toBe("false");
    await user.click(chip);
    const after = await within(post).findByRole("button", { name: TEXT.reactions.chip("🙏", 2) });
    expect(after.getAttribute("aria-pressed")).toBe("true");
  });

  it("deletes the member's own comment after confirming", async () => {
    const comments = [
      {
        id: 5,
        content: "Oops",
        created_at: NOW,
        author_id: 1,
        author_name: "Luna",
        author_avatar: null,
        author_role: "member",
        hidden: false,
        hidden_reason: null,
        edited_at: null,
        reactions: [],
      },
    ];
    const fetchMock = lounge({
      extra: (url, method) => {
        if (method === "GET" && url === "/api/posts/10/comments") return { status: 200, body: comments };
        if (method === "DELETE" && url === "/api/comments/5") {
          comments.length = 0;
          return { status: 200, body: { success: true } };
        }
      },
    });
    const user = userEvent.setup();
    renderApp("/app/lounge", asMember());
    const post = await screen.findByRole("article", { name: "Sol" });
    await user.click(within(post).getByRole("button", { name: /comment/ }));
    const dialog = await screen.findByRole("dialog", { name: TEXT.lounge.commentsTitle });
    await within(dialog).findByText("Oops");
    await user.click(within(dialog).getByRole("button", { name: TEXT.conversations.commentActions("Luna") }));
    await user.click(within(dialog).getByRole("button", { name: TEXT.conversations.delete }));
    const confirm = screen.getByRole("dialog", { name: "Please confirm" });
    expect(confirm.textContent).toContain(TEXT.conversations.confirmDeleteComment);
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(within(dialog).queryByText("Oops")).toBeNull());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "DELETE")).toHaveLength(1);
  });

  it(`lets admins open the notice modal; the AI tabs show the spec's errors and gemini images are 'Coming \
Soon'`, async () => {
    lounge({
      extra: (url) =>
        url === "/api/ai/capabilities"
          ? {
              status: 200,
              body: {
                images: { openai: true, gemini: false, straico: true },
                text: { openai: true, gemini: true, straico: true },
              },
            }
          : undefined,
    });
    const user = userEvent.setup();
    renderApp("/app/lounge", asMember({ role: "admin" }));
    await user.click(await screen.findByRole("button", { name: "+ New Notice" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Cosmic Notice" });
    const create = within(dialog).getByRole("button", { name: TEXT.loungeDialogs.createNotice }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(TEXT.loungeDialogs.noticeTitle), "   ");
    await user.type(within(dialog).getByLabelText(TEXT.loungeDialogs.noticeContent), "<p>hi</p>");
    expect(create.disabled).toBe(true);

    await user.click(within(dialog).getByRole("tab", { name: TEXT.loungeDialogs.noticeTabs["ai-text"] }));
    const generate = within(dialog).getByRole("button", { name: TEXT.noticeAi.generateText }) as HTMLButtonElement;
    expect(generate.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(TEXT.noticeAi.aiPrompt), "A welcome note");
    await user.click(generate);
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Failed to generate content");

    await user.click(within(dialog).getByRole("tab", { name: TEXT.loungeDialogs.noticeTabs["ai-image"] }));
    await user.selectOptions(within(dialog).getByLabelText("Model"), "gemini");
    expect((within(dialog).getByRole("button", { name: "Coming Soon" }) as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(within(dialog).getByLabelText("Model"), "openai");
    await user.type(within(dialog).getByLabelText(TEXT.noticeAi.aiImagePrompt), "A nebula");
    await user.click(within(dialog).getByRole("button", { name: TEXT.noticeAi.generateImage }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Failed to generate image");

    // The Manual draft survives the tab switches.
    await user.click(within(dialog).getByRole("tab", { name: TEXT.loungeDialogs.noticeTabs.manual }));
    expect((within(dialog).getByLabelText(TEXT.loungeDialogs.noticeContent) as HTMLTextAreaElement).value).toBe(
      "<p>hi</p>",
    );
  });
});

describe("creating a notice", () => {
  it(`fills the form from an AI draft, keeps the server's error in the dialog, then creates, closes and shows the new \
notice`, async () => {
    const notices = [noticeFixture()];
    const posted: unknown[] = [];
    let fail = true;
    lounge({
      notices,
      extra: (url, method, init) => {
        if (url === "/api/ai/generate-notice-text" && method === "POST")
          return { status: 200, body: { title: "Solstice", content: "Gather at dusk" } };
        if (url !== "/api/cosmic-notices" || method !== "POST") return undefined;
        posted.push(JSON.parse(String(init?.body)));
        if (fail) return { status: 400, body: { error: "Title is too long", code: "validation_failed" } };
        notices.unshift(
          noticeFixture({ id: 2, title: "Solstice", content: "<p>Gather at dusk</p>", is_pinned: false }),
        );
        return { status: 201, body: notices[0] };
      },
    });
    const user = userEvent.setup();
    renderApp("/app/lounge", asMember({ role: "admin" }));
    await user.click(await screen.findByRole("button", { name: "+ New Notice" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Cosmic Notice" });
    await user.click(within(dialog).getByRole("tab", { name: TEXT.loungeDialogs.noticeTabs["ai-text"] }));
    await user.type(within(dialog).getByLabelText(TEXT.noticeAi.aiPrompt), "Solstice note");
    await user.click(within(dialog).getByRole("button", { name: TEXT.noticeAi.generateText }));
    // The draft lands in the Manual tab.
    await waitFor(() =>
      expect((within(dialog).getByLabelText(TEXT.loungeDialogs.noticeTitle) as HTMLInputElement).value).toBe(
        "Solstice",
      ),
    );
    expect((within(dialog).getByLabelText(TEXT.loungeDialogs.noticeContent) as HTMLTextAreaElement).value).toBe(
      "<p>Gather at dusk</p>",
    );

    await user.click(within(dialog).getByRole("button", { name: TEXT.loungeDialogs.createNotice }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Title is too long");
    fail = false;
    await user.click(within(dialog).getByRole("button", { name: TEXT.loungeDialogs.createNotice }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByRole("article", { name: "Solstice" })).toBeTruthy();
    expect(posted).toHaveLength(2);
    expect(posted[1]).toEqual({
      title: "Solstice",
      content: "<p>Gather at dusk</p>",
      image_url: null,
      is_pinned: false,
    });
  });
});

describe("AI notice drafts", () => {
  it("cuts the title at 60, defaults it, wraps plain text in paragraphs and refuses empty or invalid answers", () => {
    expect(toNoticeDraft({ title: "t".repeat(80), content: "one\ntwo\n\nthree" })).toEqual({
      title: "t".repeat(60),
      content: "<p>one<br>two</p><p>three</p>",
    });
    expect(toNoticeDraft({ content: "<h2>Hi</h2><p>x</p>" })).toEqual({
      title: "AI Generated Notice",
      content: "<h2>Hi</h2><p>x</p>",
    });
    expect(() => toNoticeDraft({ title: "x", content: "   " })).toThrow(
      "AI generated empty content. Please try with a different prompt.",
    );
    expect(() => toNoticeDraft({ title: 5, content: "x" })).toThrow(
      "Invalid response from AI service. Please try again.",
    );
    expect(() => toNoticeDraft(null)).toThrow("Invalid response from AI service. Please try again.");
  });
});
