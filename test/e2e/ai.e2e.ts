// AI generation against the fake providers (global-setup points the dev server at them): an admin
// generates a notice text, sees it fill the Manual form, publishes it and finds it on the board; and
// generates an AI text resource that appears in the library.
import { expect, it } from "vitest";
import { newContext, signIn, useBrowser } from "./browser";

const browser = useBrowser();

it(`an admin generates a notice text, sees it fill the manual form, publishes it and sees it on the \
board`, async () => {
  const run = Date.now().toString(36);
  const prompt = `Moon circle ${run}`;
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, "admin@example.com", "Ada Admin");
  await page.getByRole("button", { name: "+ New Notice" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Cosmic Notice" });
  await dialog.getByRole("tab", { name: "AI Text" }).click();
  await dialog.getByLabel("Prompt").fill(prompt);
  await dialog.getByLabel("Type").selectOption("event");
  await dialog.getByRole("button", { name: "Generate Text" }).click();

  // The Manual tab is selected again, holding the generated title and the wrapped, sanitised content.
  await expect.poll(() => dialog.getByRole("tab", { name: "Manual" }).getAttribute("aria-selected")).toBe("true");
  expect(await dialog.getByLabel("Title").inputValue()).toBe(prompt);
  expect(await dialog.getByLabel("Content").inputValue()).toBe(
    `<p>A message from OpenAI about ${prompt}.<br>May the stars guide you.</p>`,
  );

  await dialog.getByRole("button", { name: "Create Notice" }).click();
  await dialog.waitFor({ state: "detached" });
  const board = page.getByRole("region", { name: /Cosmic Notice Board/ });
  const notice = board.getByRole("article", { name: prompt });
  await notice.waitFor();
  expect(await notice.textContent()).toContain(`A message from OpenAI about ${prompt}.`);
  await context.close();
});

it("an admin generates an AI text resource and sees it in the library", async () => {
  const run = Date.now().toString(36);
  const prompt = `Star guide ${run}`;
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, "admin@example.com", "Ada Admin");
  await page.goto("/app/resources");
  await page.getByRole("heading", { name: "Resource Library" }).waitFor();
  await page.getByRole("button", { name: /AI Generate/ }).click();
  const dialog = page.getByRole("dialog", { name: "AI Generate" });
  await dialog.getByLabel("What should the content be about?").fill(prompt);
  await dialog.getByLabel("Content type").selectOption("guide");
  await dialog.getByLabel("AI model").selectOption("straico");
  await dialog.getByLabel("Tags (comma separated)").fill(`stars${run}`);
  await dialog.getByRole("button", { name: "Generate Content" }).click();
  await dialog.waitFor({ state: "detached" });

  // The title was generated (the answer's first line); the card is an AI Text by the admin.
  const card = page.getByTestId("resource-card").filter({ has: page.getByRole("heading", { name: prompt }) });
  await card.waitFor();
  expect(await card.getByTestId("resource-type").textContent()).toContain("AI Text");
  expect(await card.textContent()).toContain(`#stars${run}`);
  expect(await card.textContent()).toContain("By Ada Admin");
  await context.close();
});

it(`an admin generates a notice image (downloaded from the provider into R2), publishes it and the board shows \
it`, async () => {
  const title = `Nebula ${Date.now().toString(36)}`;
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, "admin@example.com", "Ada Admin");
  await page.getByRole("button", { name: "+ New Notice" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Cosmic Notice" });
  await dialog.getByRole("tab", { name: "AI Image" }).click();
  await dialog.getByLabel("Image prompt").fill("A violet nebula");
  await dialog.getByLabel("Model").selectOption("straico");
  await dialog.getByRole("button", { name: "Generate Image" }).click();
  await expect.poll(() => dialog.getByRole("tab", { name: "Manual" }).getAttribute("aria-selected")).toBe("true");
  const imageUrl = await dialog.getByLabel("Image URL (optional)").inputValue();
  expect(new URL(imageUrl).pathname).toMatch(/^\/api\/ai\/images\/\d{4}-\d{2}\/[A-Za-z0-9_-]{24}$/);
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Content").fill("<p>Look up tonight.</p>");
  await dialog.getByRole("button", { name: "Create Notice" }).click();
  await dialog.waitFor({ state: "detached" });
  const image = page.getByRole("article", { name: title }).locator("img.notice-image");
  await image.waitFor();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await context.close();
});
