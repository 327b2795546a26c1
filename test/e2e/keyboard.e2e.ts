// A keyboard-only run: sign in, post, open and close a dialog, send a chat message. No clicks.
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { newContext, uniqueEmail, useBrowser } from "./browser";

const browser = useBrowser();

/** The accessible name (aria-label or text) of the focused element. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const label = el && "labels" in el ? (el as HTMLInputElement).labels?.[0]?.textContent : null;
    return (el?.getAttribute("aria-label") || label || el?.textContent || "").trim();
  });

/** Presses Tab until the focused element's name matches, as a keyboard user would. */
async function tabTo(page: Page, name: string | RegExp, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const current = await focusedName(page);
    if (typeof name === "string" ? current === name : name.test(current)) return;
  }
  throw new Error(`could not reach "${name}" with Tab`);
}

it("signs in, posts, opens and closes a dialog, and sends a chat message with the keyboard alone", async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const text = `Keyboard light ${Date.now()}`;

  await page.goto("/");
  await page.getByRole("button", { name: "Sign In" }).waitFor();
  await tabTo(page, "Sign In");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/auth\/dev/);
  // The form focuses its Email field.
  await page.getByLabel("Email").waitFor();
  await page.keyboard.type(uniqueEmail("keys"));
  await page.keyboard.press("Tab");
  await page.keyboard.type("Kai Keys");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/app\/lounge/);

  // Post through the new-post dialog.
  await page.getByRole("heading", { name: /Welcome to the Cosmic Lounge/ }).waitFor();
  await tabTo(page, "Share with the community");
  await page.keyboard.press("Enter");
  await page.getByRole("dialog").waitFor();
  await page.keyboard.type(text);
  await tabTo(page, "Post");
  await page.keyboard.press("Enter");
  await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
  await page.getByText(text).waitFor();

  // Open the comments dialog, then close it with Escape: focus returns to its trigger.
  await tabTo(page, /^0 comments$/);
  await page.keyboard.press("Enter");
  await page.getByRole("dialog").waitFor();
  await page.keyboard.press("Escape");
  await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
  // Focus returns from the dialog's effect cleanup, which may land just after the node leaves.
  await expect.poll(() => focusedName(page)).toBe("0 comments");

  // Chat: create a channel, then send a message with Enter.
  // The Chat item's text ends with its unread count when there is one ("Chat" + "2" + "2 unread messages").
  await tabTo(page, /^\W*Chat(\d.*)?$/);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/app\/chat/);
  await page.locator("#chat-channels-title").waitFor();
  await tabTo(page, "+ New");
  await page.keyboard.press("Enter");
  await page.getByRole("dialog").waitFor();
  await page.keyboard.type(`keys-${Date.now().toString(36)}`);
  await page.keyboard.press("Enter");
  await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
  await tabTo(page, /^Message #keys-/);
  await page.keyboard.type("hello from the keyboard");
  await page.keyboard.press("Enter");
  await page.locator(".chat-messages, [aria-label*='Messages']").getByText("hello from the keyboard").first().waitFor();
  await context.close();
});
