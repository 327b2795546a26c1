import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { newContext, signIn, uniqueEmail, useBrowser } from "./browser";

// A real 1x1 PNG, so the browser can decode and draw it.
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const browser = useBrowser();

async function openChat(page: Page) {
  await page.getByRole("link", { name: "Chat" }).click();
  await page.waitForURL(/\/app\/chat$/);
}

it("delivers a message and an image to another browser in the same channel without a reload", async () => {
  const channelName = `Nebula ${Date.now().toString(36)}`;
  const lunaContext = await newContext(browser);
  const luna = await lunaContext.newPage();
  await signIn(luna, uniqueEmail("luna"), "Luna Star");
  await openChat(luna);
  await luna.getByRole("button", { name: "+ New" }).click();
  const dialog = luna.getByRole("dialog", { name: "Create channel" });
  await dialog.getByLabel("Channel name").fill(channelName);
  await dialog.getByRole("button", { name: "Create channel" }).click();
  await expect.poll(() => luna.getByRole("heading", { name: `# ${channelName}` }).count()).toBe(1);

  const solContext = await newContext(browser);
  const sol = await solContext.newPage();
  await signIn(sol, uniqueEmail("sol"), "Sol Flare");
  await openChat(sol);
  await sol.getByRole("button", { name: channelName, exact: true }).click();
  await expect.poll(() => sol.getByRole("heading", { name: `# ${channelName}` }).count()).toBe(1);
  await sol.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  const text = `Hello from Luna ${Math.random().toString(36).slice(2, 8)}`;
  const composer = luna.getByLabel(`Message #${channelName}`);
  await composer.fill(text);
  await composer.press("Enter");
  await expect.poll(() => composer.inputValue()).toBe("");
  await expect.poll(() => sol.getByText(text, { exact: true }).count(), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => sol.getByTestId("chat-announcer").textContent()).toContain(text);
  // Shown once in the sender's own pane too (its POST reply and the socket copy are merged by id).
  await expect.poll(() => luna.getByText(text, { exact: true }).count()).toBe(1);

  await sol.getByTestId("chat-image-input").setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: PNG_1X1 });
  const picture = luna.getByRole("img", { name: "Image: dot.png" });
  await expect.poll(() => picture.count(), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await luna.screenshot({ path: "/tmp/chat-desktop.png" });
  expect(await sol.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  await lunaContext.close();
  await solContext.close();
});

it("refuses a non-image in the browser with the spec's text", async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, uniqueEmail("vega"), "Vega");
  await openChat(page);
  await page.getByRole("button", { name: "+ New" }).click();
  const name = `Files ${Date.now().toString(36)}`;
  await page.getByRole("dialog", { name: "Create channel" }).getByLabel("Channel name").fill(name);
  await page.getByRole("dialog", { name: "Create channel" }).getByRole("button", { name: "Create channel" }).click();
  await expect.poll(() => page.getByRole("heading", { name: `# ${name}` }).count()).toBe(1);
  await page
    .getByTestId("chat-image-input")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect.poll(() => page.getByRole("alert").filter({ hasText: "Please select an image file" }).count()).toBe(1);
  await context.close();
});

it("works at 360px wide: the channel drawer opens, selects a channel and closes", async () => {
  const context = await newContext(browser, { width: 360, height: 740 });
  const page = await context.newPage();
  await signIn(page, uniqueEmail("orion"), "Orion");
  await page.goto("/app/chat");
  await page.getByRole("button", { name: "Show channels" }).first().click();
  await page.getByRole("button", { name: "+ New" }).click();
  const name = `Tiny ${Date.now().toString(36)}`;
  await page.getByRole("dialog", { name: "Create channel" }).getByLabel("Channel name").fill(name);
  await page.getByRole("dialog", { name: "Create channel" }).getByRole("button", { name: "Create channel" }).click();
  await expect.poll(() => page.getByRole("heading", { name: `# ${name}` }).count()).toBe(1);
  const channelButton = page.getByRole("button", { name, exact: true });
  expect(await channelButton.isVisible()).toBe(false);
  await page.getByRole("button", { name: "Show channels" }).click();
  await expect.poll(() => channelButton.isVisible()).toBe(true);
  await page.screenshot({ path: "/tmp/chat-mobile-drawer.png" });
  await channelButton.click();
  await expect.poll(() => channelButton.isVisible()).toBe(false);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: "/tmp/chat-mobile.png" });
  await context.close();
});
