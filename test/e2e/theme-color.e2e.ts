// The browser's theme colour (the title bar, the installed app's splash) is one value: the page's
// <meta name="theme-color"> is the web manifest's theme_color.
import { expect, it } from "vitest";
import { newContext, useBrowser } from "./browser";

const browser = useBrowser();

it("the page's theme-color is the manifest's theme_color, and the page has one", async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto("/");
  const metas = await page
    .locator('meta[name="theme-color"]')
    .evaluateAll((tags) => tags.map((tag) => tag.getAttribute("content")));
  const manifest = (await (await page.request.get("/manifest.webmanifest")).json()) as { theme_color: string };
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(metas).toEqual([manifest.theme_color]);
  await context.close();
});
