// Search, notifications, unread counts and mentions in real Chromium, two members:
// Luna mentions Sol in a channel through the composer's autocomplete; Sol's bell shows it (the live
// socket's notification frame), the panel's link opens the channel at that message; the channel's
// unread badge clears when Sol opens it; Ctrl+K finds Luna's post and opens it with its comments.
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { words as LOUNGE_DIALOGS } from "../../client/lounge/dialog-words";
import { words as LOUNGE } from "../../client/lounge/words";
import { words as NOTIFICATIONS } from "../../client/notifications/words";
import { words as SEARCH } from "../../client/search/words";
import { TEXT } from "../../client/text";
import { baseUrl, newContext, signIn, uniqueEmail, useBrowser } from "./browser";

const browser = useBrowser();
const suffix = () => Math.random().toString(36).slice(2, 7);

async function member(prefix: string, name: string) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, uniqueEmail(prefix), name);
  return { context, page };
}

const post = async (page: Page, path: string, data: unknown) => {
  const res = await page.request.post(path, { data, headers: { origin: baseUrl() } });
  expect(res.status(), path).toBe(201);
  return res.json();
};

it(`a mention reaches the bell and its link opens the message; a channel's unread badge clears on open; Ctrl+K opens \
a post in context`, async () => {
  const solName = `Sol${suffix()}`;
  const lunaName = `Luna${suffix()}`;
  const luna = await member("luna-sn", lunaName);
  const sol = await member("sol-sn", solName);
  try {
    // Sol's own channel comes first in the list (ids ascending), so opening Chat does not open Luna's.
    await post(sol.page, "/api/groups", { name: `Corner ${suffix()}` });
    const channel: { id: number } = await post(luna.page, "/api/groups", { name: `Meteor ${suffix()}` });
    const channelName = (await (await luna.page.request.get("/api/groups")).json()).find(
      (c: { id: number }) => c.id === channel.id,
    ).name;

    // Sol waits in the lounge with the bell quiet.
    await sol.page.getByRole("button", { name: NOTIFICATIONS.notifications.open, exact: true }).waitFor();

    // Luna writes in the channel, picking Sol from the @mention suggestions.
    await luna.page.goto(`/app/chat?group=${channel.id}`);
    const composer = luna.page.getByRole("combobox", { name: `Message #${channelName}` });
    await composer.click();
    await composer.pressSequentially(`Look up tonight @${solName.slice(0, 5)}`);
    await luna.page.getByRole("option", { name: solName }).waitFor();
    await composer.press("Enter");
    expect(await composer.inputValue()).toBe(`Look up tonight @${solName} `);
    await composer.pressSequentially("the sky is clear");
    await composer.press("Enter");
    const text = `Look up tonight @${solName} the sky is clear`;
    await luna.page.getByText(text, { exact: true }).waitFor();

    // Sol: the bell counts it, live; the Chat item and the channel count the message.
    await sol.page
      .getByRole("button", { name: NOTIFICATIONS.notifications.openWithCount(1) })
      .waitFor({ timeout: 10_000 });
    await sol.page.getByRole("button", { name: NOTIFICATIONS.notifications.openWithCount(1) }).click();
    const panel = sol.page.getByRole("dialog", { name: NOTIFICATIONS.notifications.title });
    const link = panel.getByRole("link", { name: NOTIFICATIONS.notifications.mentionChat(lunaName, channelName) });
    await link.waitFor();
    await link.click();
    await sol.page.waitForURL(
      (url) =>
        url.pathname === "/app/chat" &&
        url.searchParams.get("group") === String(channel.id) &&
        url.searchParams.has("message"),
    );
    const message = sol.page.locator("li.chat-message.linked");
    await message.getByText(text, { exact: true }).waitFor();
    expect(await message.isVisible()).toBe(true);
    // Opening it marked the notification read.
    await sol.page.getByRole("button", { name: NOTIFICATIONS.notifications.open, exact: true }).waitFor();

    // A new message while Sol is in the lounge: the channel's badge shows it, opening the channel clears it.
    await sol.page.goto("/app/lounge");
    await sol.page.getByRole("heading", { name: LOUNGE.lounge.feedTitle }).waitFor();
    await post(luna.page, "/api/messages", { group_id: channel.id, body: "One more shooting star" });
    await sol.page.getByRole("link", { name: "Chat" }).click();
    const badged = sol.page.getByRole("button", { name: new RegExp(`^${channelName}\\s*${TEXT.unread.badge(1)}$`) });
    await badged.waitFor({ timeout: 10_000 });
    await badged.click();
    await sol.page.getByRole("heading", { name: `# ${channelName}` }).waitFor();
    await sol.page.getByRole("button", { name: channelName, exact: true }).waitFor();
    // The server agrees: the channel is read.
    await expect
      .poll(
        async () =>
          (await (await sol.page.request.get("/api/groups")).json()).find((c: { id: number }) => c.id === channel.id)
            .unread_count,
      )
      .toBe(0);

    // Ctrl+K: Luna's post, found by a word in it, opens with its comments.
    const word = `nebula${suffix()}`;
    const lunaPost: { id: number } = await post(luna.page, "/api/posts", {
      content: `A ${word} over the hills tonight`,
    });
    await sol.page.keyboard.press("Control+k");
    const search = sol.page.getByRole("dialog", { name: SEARCH.searchDialog.title });
    await search.getByRole("combobox").fill(word);
    const option = search.getByRole("option").filter({ hasText: word });
    await option.first().waitFor();
    await sol.page.keyboard.press("Enter");
    await sol.page.waitForURL(
      (url) => url.pathname === "/app/lounge" && url.searchParams.get("post") === String(lunaPost.id),
    );
    const comments = sol.page.getByRole("dialog", { name: LOUNGE.lounge.commentsTitle });
    await comments.getByText(`A ${word} over the hills tonight`).waitFor();
    await comments.getByText(LOUNGE_DIALOGS.loungeDialogs.noComments).waitFor();
  } finally {
    await luna.context.close();
    await sol.context.close();
  }
});
