import { expect, it } from "vitest";
import { baseUrl, newContext, signIn, uniqueEmail, useBrowser } from "./browser";

const browser = useBrowser();

const tag = () => Math.random().toString(36).slice(2, 8);

it("a member posts, likes, comments, copies the share link and deletes their own post", async () => {
  const context = await newContext(browser);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
  const page = await context.newPage();
  const name = `Nova ${tag()}`;
  await signIn(page, uniqueEmail("nova"), name);

  const text = `First light ${tag()} at https://example.com/moon`;
  await page.getByRole("button", { name: "Share with the community" }).click();
  const composer = page.getByRole("dialog", { name: "Share with the community" });
  await composer.getByLabel("What's on your mind?").fill(text);
  await expect.poll(() => composer.getByText(`${text.length}/500 characters`).count()).toBe(1);
  await composer.getByRole("button", { name: "Post" }).click();
  await composer.waitFor({ state: "detached" });

  const post = page.locator("article", { hasText: text });
  await post.waitFor();
  const postId = await post.getAttribute("id");
  expect(postId).toMatch(/^post-\d+$/);
  expect(await post.getByRole("link", { name: "https://example.com/moon" }).getAttribute("target")).toBe("_blank");

  // Like: the count moves +1 and the button is pressed.
  await post.getByRole("button", { name: "0 likes", pressed: false }).click();
  await post.getByRole("button", { name: "1 like", pressed: true }).waitFor();

  // Comment.
  await post.getByRole("button", { name: "0 comments" }).click();
  const comments = page.getByRole("dialog", { name: "Comments" });
  await comments.getByLabel("Add a comment").fill("Beautiful, thank you");
  await comments.getByRole("button", { name: "Comment" }).click();
  await comments.getByText("Beautiful, thank you").waitFor();
  await comments.getByRole("button", { name: "Close dialog" }).click();
  await post.getByRole("button", { name: "1 comment" }).waitFor();

  // The server kept the like and the comment.
  await page.reload();
  await post.getByRole("button", { name: "1 like", pressed: true }).waitFor();
  await post.getByRole("button", { name: "1 comment" }).waitFor();

  // Share: copy link with the 2-second confirmation.
  await post.getByRole("button", { name: "Share" }).click();
  const share = page.getByRole("dialog", { name: "Share post" });
  for (const network of ["Facebook", "X", "WhatsApp", "LinkedIn"])
    await share.getByRole("button", { name: `Share on ${network}` }).waitFor();
  await share.getByRole("button", { name: "Copy link" }).click();
  await share.getByRole("button", { name: "Copied!" }).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${baseUrl()}/app/lounge#${postId}`);
  await share.getByRole("button", { name: "Copy link" }).waitFor({ timeout: 5000 });
  await share.getByRole("button", { name: "Close dialog" }).click();

  // Delete through the in-app confirmation.
  await post.getByRole("button", { name: "Post options" }).click();
  await page.getByRole("button", { name: "Delete post" }).click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await confirm.getByText("Are you sure you want to delete this post? This action cannot be undone.").waitFor();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await post.waitFor({ state: "detached" });
  await page.reload();
  await page.getByRole("region", { name: "Community" }).waitFor();
  await page.getByRole("heading", { name: /Welcome to the Cosmic Lounge/ }).waitFor();
  expect(await page.locator("article", { hasText: text }).count()).toBe(0);
  await context.close();
});

it("an admin creates a pinned notice that shows first with the 'Pinned' badge", async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, "admin@example.com", "Ada Admin");

  const create = async (title: string, pinned: boolean) => {
    await page.getByRole("button", { name: "+ New Notice" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Cosmic Notice" });
    await dialog.getByLabel("Title").fill(title);
    await dialog
      .getByLabel("Content")
      .fill(`<p>Gather under the <strong>full moon</strong>.</p><img src=x onerror="document.title='pwned'">`);
    if (pinned) await dialog.getByLabel("Pin this notice").check();
    await dialog.getByRole("button", { name: "Create Notice" }).click();
    await dialog.waitFor({ state: "detached" });
  };
  const pinnedTitle = `Full moon circle ${tag()}`;
  const laterTitle = `Later news ${tag()}`;
  await create(pinnedTitle, true);
  await create(laterTitle, false);

  const cards = page.getByTestId("notice-card");
  await cards.filter({ hasText: laterTitle }).waitFor();
  const first = cards.first();
  expect(await first.getByRole("heading").textContent()).toBe(pinnedTitle);
  await first.locator(".badge", { hasText: "Pinned" }).waitFor();
  expect(await first.locator("strong", { hasText: "full moon" }).count()).toBe(1);
  expect(await first.locator("img").count()).toBe(0);
  expect(await cards.filter({ hasText: laterTitle }).locator(".badge", { hasText: "Pinned" }).count()).toBe(0);
  expect(await page.title()).not.toBe("pwned");

  // Members see it too, first, with the badge.
  const memberContext = await newContext(browser);
  const member = await memberContext.newPage();
  await signIn(member, uniqueEmail("reader"), "Reader");
  const memberFirst = member.getByTestId("notice-card").first();
  await memberFirst.waitFor();
  expect(await memberFirst.getByRole("heading").textContent()).toBe(pinnedTitle);
  expect(await member.getByRole("button", { name: "+ New Notice" }).count()).toBe(0);
  await memberContext.close();
  await context.close();
});
