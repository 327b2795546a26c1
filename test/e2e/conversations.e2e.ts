// Conversations end to end, in real Chromium against the dev server: two members in one
// channel; one replies to the other's message, each reacts to the other's, whose author then edits and
// deletes it from its action menu, and the other sees each change live, without reloading (the reaction,
// message_edited and message_deleted frames); the reply's quote follows. In the lounge: a reaction to a
// post, and its author editing and deleting it.
import { expect, it } from "vitest";
import { words as MENUS } from "../../client/conversations/menu-words";
import { words as CONVERSATIONS } from "../../client/conversations/words";
import { TEXT } from "../../client/text";
import { baseUrl, openChannel, person, uniqueEmail, useBrowser } from "./browser";

const browser = useBrowser();
const T = CONVERSATIONS.conversations;
const R = CONVERSATIONS.reactions;

it("one member replies; the other edits and deletes the message; each sees the changes live", async () => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const writer = await person(browser, uniqueEmail("writer"), `Writer ${suffix}`);
  const reader = await person(browser, uniqueEmail("reader"), `Reader ${suffix}`);
  try {
    const channelName = `Talk ${suffix}`;
    const created = await writer.page.request.post("/api/groups", {
      data: { name: channelName },
      headers: { origin: baseUrl() },
    });
    expect(created.status()).toBe(201);
    await openChannel(writer.page, channelName);
    await openChannel(reader.page, channelName);

    const typo = `Good mornnig ${suffix}`;
    await writer.page.getByLabel(`Message #${channelName}`).fill(typo);
    await writer.page.keyboard.press("Enter");
    await reader.page.getByText(typo, { exact: true }).waitFor();

    // The reader's menu on the writer's message offers no edit or delete.
    await reader.page.getByRole("button", { name: T.actions(`Writer ${suffix}`) }).click();
    expect(await reader.page.getByRole("button", { name: T.edit }).count()).toBe(0);
    expect(await reader.page.getByRole("button", { name: T.delete }).count()).toBe(0);
    await reader.page.keyboard.press("Escape");

    // The reader replies to it; the writer sees the reply arrive with its quote, live.
    await reader.page.getByRole("button", { name: T.actions(`Writer ${suffix}`) }).click();
    await reader.page.getByRole("button", { name: T.reply }).click();
    await reader.page.getByText(T.replyingTo(`Writer ${suffix}`)).waitFor();
    const answer = `Morning to you ${suffix}`;
    await reader.page.getByLabel(`Message #${channelName}`).fill(answer);
    await reader.page.keyboard.press("Enter");
    await writer.page.getByText(answer, { exact: true }).waitFor({ timeout: 5_000 });
    const quote = writer.page.getByRole("link", { name: `${T.quoteLabel} Writer ${suffix}` });
    expect(await quote.textContent()).toContain(typo);

    // Each reacts to the other's message from its menu; the other sees the chip arrive, live and not pressed.
    await writer.page.getByRole("button", { name: T.actions(`Reader ${suffix}`) }).click();
    await writer.page.getByRole("button", { name: MENUS.menus.reactWith("✨") }).click();
    expect(await writer.page.getByRole("button", { name: R.chip("✨", 1) }).getAttribute("aria-pressed")).toBe("true");
    const readersChip = reader.page.getByRole("button", { name: R.chip("✨", 1) });
    await readersChip.waitFor({ timeout: 5_000 });
    expect(await readersChip.getAttribute("aria-pressed")).toBe("false");
    await reader.page.getByRole("button", { name: T.actions(`Writer ${suffix}`) }).click();
    await reader.page.getByRole("button", { name: MENUS.menus.reactWith("🙏") }).click();
    await writer.page.getByRole("button", { name: R.chip("🙏", 1) }).waitFor({ timeout: 5_000 });
    // The reader adds theirs to the writer's ✨ from the chip: both see two.
    await readersChip.click();
    await writer.page.getByRole("button", { name: R.chip("✨", 2) }).waitFor({ timeout: 5_000 });

    // The writer edits it from the keyboard: the menu, Edit, the new text, Save.
    await writer.page.getByRole("button", { name: T.actions(`Writer ${suffix}`) }).focus();
    await writer.page.keyboard.press("Enter");
    await writer.page.getByRole("button", { name: T.edit }).click();
    const fixed = `Good morning ${suffix}`;
    await writer.page.getByLabel(T.editLabel).fill(fixed);
    await writer.page.getByRole("button", { name: T.save }).click();
    await writer.page.locator(".chat-text").getByText(fixed, { exact: true }).waitFor();

    // The reader sees the new text, marked edited, without a reload; the reply's quote follows it.
    await reader.page.locator(".chat-text").getByText(fixed, { exact: true }).waitFor({ timeout: 5_000 });
    expect(await reader.page.getByText(typo, { exact: true }).count()).toBe(0);
    expect(await reader.page.getByText(`(${T.edited})`).count()).toBe(1);
    expect(await reader.page.getByRole("link", { name: `${T.quoteLabel} Writer ${suffix}` }).textContent()).toContain(
      fixed,
    );

    // The writer deletes it; the reader sees the placeholder in its place.
    await writer.page.getByRole("button", { name: T.actions(`Writer ${suffix}`) }).click();
    await writer.page.getByRole("button", { name: T.delete }).click();
    await writer.page.getByRole("dialog").getByRole("button", { name: TEXT.common.delete }).click();
    await writer.page.getByTestId("message-deleted").waitFor();
    await reader.page.getByTestId("message-deleted").waitFor({ timeout: 5_000 });
    expect(await reader.page.getByText(fixed).count()).toBe(0);
    // Its reactions went with it; the reply keeps its own.
    expect(await reader.page.getByRole("button", { name: R.chip("🙏", 1) }).count()).toBe(0);
    expect(await reader.page.getByRole("button", { name: R.chip("✨", 2) }).count()).toBe(1);

    // The reply stays; its quote now reads as deleted.
    expect(await reader.page.getByText(answer, { exact: true }).count()).toBe(1);
    expect(await reader.page.getByRole("link", { name: `${T.quoteLabel} Writer ${suffix}` }).textContent()).toContain(
      T.deleted,
    );

    // After a reload the placeholder stays (D1 is the truth).
    await openChannel(reader.page, channelName);
    await reader.page.getByTestId("message-deleted").waitFor();
  } finally {
    await writer.context.close();
    await reader.context.close();
  }
});

it("in the lounge: a member reacts to a post; its author edits it, then deletes it", async () => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const author = await person(browser, uniqueEmail("author"), `Author ${suffix}`);
  const reader = await person(browser, uniqueEmail("reader"), `Reader ${suffix}`);
  try {
    const text = `Full moon tonight ${suffix}`;
    const created = await author.page.request.post("/api/posts", {
      data: { content: text },
      headers: { origin: baseUrl() },
    });
    expect(created.status()).toBe(201);
    await reader.page.goto("/app/lounge");
    const readersPost = reader.page.getByRole("article", { name: `Author ${suffix}` });
    await readersPost.getByText(text).waitFor();
    await readersPost.getByRole("button", { name: TEXT.moderation.postOptions }).click();
    await readersPost.getByRole("button", { name: MENUS.menus.reactWith("❤️") }).click();
    const chip = readersPost.getByRole("button", { name: R.chip("❤️", 1) });
    await chip.waitFor();
    expect(await chip.getAttribute("aria-pressed")).toBe("true");

    // The author sees it on the feed's next load, not as theirs.
    await author.page.goto("/app/lounge");
    const authorsPost = author.page.getByRole("article", { name: `Author ${suffix}` });
    const authorsChip = authorsPost.getByRole("button", { name: R.chip("❤️", 1) });
    await authorsChip.waitFor();
    expect(await authorsChip.getAttribute("aria-pressed")).toBe("false");

    // Edit in place from the menu: the counter, the new text, "(edited)".
    await authorsPost.getByRole("button", { name: TEXT.moderation.postOptions }).click();
    await authorsPost.getByRole("button", { name: T.edit }).click();
    const fixed = `Full moon tonight at nine ${suffix}`;
    await authorsPost.getByLabel(T.editPostLabel).fill(fixed);
    await authorsPost.getByRole("button", { name: T.save }).click();
    await authorsPost.getByText(fixed).waitFor();
    await authorsPost.getByText(`(${T.edited})`).waitFor();
    await reader.page.reload();
    await readersPost.getByText(fixed).waitFor();

    // Delete, confirmed: gone for both.
    await authorsPost.getByRole("button", { name: TEXT.moderation.postOptions }).click();
    await authorsPost.getByRole("button", { name: TEXT.moderation.deletePost }).click();
    await author.page.getByRole("dialog").getByRole("button", { name: TEXT.common.delete }).click();
    await expect.poll(() => authorsPost.count()).toBe(0);
    await reader.page.reload();
    await reader.page.getByRole("heading", { name: /Welcome to the Cosmic Lounge/ }).waitFor();
    expect(await reader.page.getByText(fixed).count()).toBe(0);
  } finally {
    await author.context.close();
    await reader.context.close();
  }
});
