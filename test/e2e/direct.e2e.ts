// Direct messages end to end, in real Chromium against the dev server: member A opens a
// conversation with B from B's name in the lounge (by keyboard), sends a message; B, already in the chat,
// sees the conversation appear with its unread badge live, opens it and answers; A sees the answer live.
import { expect, it } from "vitest";
import { words as MENUS } from "../../client/conversations/menu-words";
import { words as CONVERSATIONS } from "../../client/conversations/words";
import { TEXT } from "../../client/text";
import { baseUrl, person, uniqueEmail, useBrowser } from "./browser";

const browser = useBrowser();
const T = CONVERSATIONS.direct;

it("A opens a DM with B from B's name; B sees it live with an unread badge and answers", async () => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const nameA = `Aster ${suffix}`;
  const nameB = `Bellatrix ${suffix}`;
  const a = await person(browser, uniqueEmail("dm-a"), nameA);
  const b = await person(browser, uniqueEmail("dm-b"), nameB);
  try {
    const origin = { origin: baseUrl() };
    // B has a channel of their own to wait in.
    const lobby = await b.page.request.post("/api/groups", { data: { name: `Lobby ${suffix}` }, headers: origin });
    expect(lobby.status()).toBe(201);
    const postText = `Stargazing tonight ${suffix}`;
    const posted = await b.page.request.post("/api/posts", { data: { content: postText }, headers: origin });
    expect(posted.status()).toBe(201);

    // B waits in the chat, on their own channel: no conversation yet.
    const { id: lobbyId } = (await lobby.json()) as { id: number };
    await b.page.goto(`/app/chat?group=${lobbyId}`);
    await b.page.getByRole("heading", { name: `# Lobby ${suffix}` }).waitFor();
    await expect.poll(() => b.page.locator(".chat-offline").count()).toBe(0);
    const directList = b.page.getByRole("list", { name: T.title });
    expect(await directList.count()).toBe(0);

    // A finds B's post in the lounge and opens the conversation from B's name, with the keyboard.
    await a.page.goto("/app/lounge");
    const post = a.page.locator("article.post-card", { hasText: postText });
    const name = post.getByRole("button", { name: nameB, exact: true });
    await name.focus();
    await a.page.keyboard.press("Enter");
    await a.page.getByRole("menuitem", { name: MENUS.menus.message }).focus();
    await a.page.keyboard.press("Enter");
    await a.page.waitForURL(/\/app\/chat\?group=\d+/);
    await a.page.getByRole("heading", { name: nameB, exact: true }).waitFor();
    await expect.poll(() => a.page.locator(".chat-offline").count()).toBe(0);

    const hello = `Hello from Aster ${suffix}`;
    await a.page.getByLabel(T.messageLabel(nameB)).fill(hello);
    await a.page.keyboard.press("Enter");
    await a.page.getByText(hello, { exact: true }).waitFor();

    // Live, without a reload: the conversation appears under Direct messages by A's name, with its unread badge.
    const conversation = directList.getByRole("button", { name: new RegExp(nameA) });
    await conversation.getByText(TEXT.unread.badge(1)).waitFor({ timeout: 10_000 });

    await conversation.click();
    await b.page.getByRole("heading", { name: nameA, exact: true }).waitFor();
    await b.page.getByText(hello, { exact: true }).waitFor();
    const answer = `Hello back from Bellatrix ${suffix}`;
    await b.page.getByLabel(T.messageLabel(nameA)).fill(answer);
    await b.page.keyboard.press("Enter");
    await a.page.getByText(answer, { exact: true }).waitFor({ timeout: 5_000 });
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
