// Moderation end to end, in real Chromium against the dev server: a member's chat message is
// reported by another member, an admin hides it from the Moderation tab, and it leaves both members'
// open chats at once, without a reload (the message_hidden frame; polling never re-reads old messages).
import { readFile } from "node:fs/promises";
import { expect, it } from "vitest";
import { words as ADMIN_PARTS } from "../../client/admin/tabs-words";
import { words as ADMIN } from "../../client/admin/words";
import { words as CONVERSATIONS } from "../../client/conversations/words";
import { words as LANDING } from "../../client/landing/words";
import { words as REPORT_WORDS } from "../../client/moderation/report-words";
import { words as DATA_RIGHTS } from "../../client/profile/data-rights-words";
import { words as SETTINGS } from "../../client/settings/words";
import { TEXT } from "../../client/text";
import { baseUrl, openChannel, person, uniqueEmail, useBrowser } from "./browser";

const browser = useBrowser();

it("report -> hide -> the message leaves both members' open chats live", async () => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const author = await person(browser, uniqueEmail("author"), `Author ${suffix}`);
  const reporter = await person(browser, uniqueEmail("reporter"), `Reporter ${suffix}`);
  const admin = await person(browser, "admin@example.com", "Ada Admin");
  try {
    const channelName = `Care ${suffix}`;
    const created = await author.page.request.post("/api/groups", {
      data: { name: channelName },
      headers: { origin: baseUrl() },
    });
    expect(created.status()).toBe(201);
    await openChannel(author.page, channelName);
    await openChannel(reporter.page, channelName);

    // The author writes in the chat; the reporter sees it arrive.
    const text = `Buy my stars ${suffix}`;
    await author.page.getByLabel(`Message #${channelName}`).fill(text);
    await author.page.keyboard.press("Enter");
    await reporter.page.getByText(text, { exact: true }).waitFor();

    // The reporter reports it with a reason, from the message's action menu.
    await reporter.page.getByRole("button", { name: CONVERSATIONS.conversations.actions(`Author ${suffix}`) }).click();
    await reporter.page.getByRole("button", { name: TEXT.moderation.reportMessage(`Author ${suffix}`) }).click();
    const dialog = reporter.page.getByRole("dialog", { name: REPORT_WORDS.reportDialog.reportTitle.message });
    await dialog.getByRole("radio", { name: REPORT_WORDS.reportDialog.reasonOptions.spam }).check();
    await dialog.getByLabel(REPORT_WORDS.reportDialog.detailsLabel).fill("selling in the chat");
    await dialog.getByRole("button", { name: REPORT_WORDS.reportDialog.sendReport }).click();
    await reporter.page.getByText(REPORT_WORDS.reportDialog.reportSent).waitFor();
    expect(await dialog.count()).toBe(0);

    // The admin finds it in the Moderation tab, with its channel and reason, and hides it.
    await admin.page.goto("/admin");
    await admin.page.getByRole("tab", { name: ADMIN.moderating.tab }).click();
    const item = admin.page.getByTestId("report-item").filter({ hasText: text });
    await item.waitFor();
    expect(await item.getByText(ADMIN_PARTS.moderatingParts.inChannel(channelName)).count()).toBe(1);
    expect(await item.getByText("selling in the chat", { exact: false }).count()).toBe(1);
    await item
      .getByRole("button", {
        name: ADMIN_PARTS.moderatingParts.hideLabel(ADMIN_PARTS.moderatingParts.kindLabels.message, `Author ${suffix}`),
      })
      .click();
    await admin.page.getByText(ADMIN_PARTS.moderatingParts.hiddenToast).waitFor();
    await expect.poll(() => item.count()).toBe(0);

    // Both open chats drop the text at once, with no reload; the placeholder stands in its place.
    for (const { page } of [reporter, author]) {
      await expect.poll(() => page.getByText(text, { exact: true }).count(), { timeout: 5_000 }).toBe(0);
      expect(await page.getByTestId("removed-content").count()).toBe(1);
    }
    expect(await reporter.page.getByTestId("removed-content").textContent()).toBe(TEXT.moderation.removed);

    // On its next load the author is told why; the reporter still is not.
    await openChannel(author.page, channelName);
    await author.page.getByText(TEXT.moderation.removedReason(TEXT.moderation.reasonLabels.spam)).waitFor();
    await openChannel(reporter.page, channelName);
    await expect.poll(() => reporter.page.getByTestId("removed-content").textContent()).toBe(TEXT.moderation.removed);
  } finally {
    await author.context.close();
    await reporter.context.close();
    await admin.context.close();
  }
});

it("a member downloads their data as JSON, then deletes their account and lands signed out", async () => {
  const email = uniqueEmail("leaver");
  const { context, page } = await person(browser, email, "Leaving Soul");
  try {
    const posted = await page.request.post("/api/posts", {
      data: { content: "A last light before I go" },
      headers: { origin: baseUrl() },
    });
    expect(posted.status()).toBe(201);
    await page.goto("/app/settings/data");
    const section = page.getByRole("region", { name: SETTINGS.settings.sections.data.name });

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      section.getByRole("link", { name: DATA_RIGHTS.dataRights.download }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("cosmic-lounge-my-data.json");
    const exported = JSON.parse(await readFile((await download.path())!, "utf8"));
    expect(exported.user.email).toBe(email);
    expect(exported.posts.map((p: { content: string }) => p.content)).toEqual(["A last light before I go"]);
    expect(Object.keys(exported)).toEqual(
      expect.arrayContaining(["profile", "posts", "comments", "messages", "likes", "payments", "sessions"]),
    );

    await section.getByRole("button", { name: DATA_RIGHTS.dataRights.deleteButton }).click();
    const dialog = page.getByRole("dialog", { name: DATA_RIGHTS.dataRights.deleteTitle });
    await dialog.getByText(DATA_RIGHTS.account.deletionSummary.kept).waitFor();
    await dialog.getByLabel(DATA_RIGHTS.dataRights.confirmLabel(email)).fill(email);
    await dialog.getByRole("button", { name: DATA_RIGHTS.dataRights.confirmButton }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("button", { name: LANDING.landing.signIn }).waitFor();
    expect((await page.request.get("/api/users/me")).status()).toBe(401);
  } finally {
    await context.close();
  }
});
