import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchBrowser, newContext, signIn, uniqueEmail } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// A tiny but well-formed PDF (one empty page).
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, tags: string) {
  await page.getByRole("button", { name: /Upload/ }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Resource" });
  await dialog.getByLabel("Choose file").setInputFiles(file);
  // The title is prefilled from the file name without its extension.
  await expect.poll(() => dialog.getByLabel("Title").inputValue()).toBe(file.name.replace(/\.[^.]+$/, ""));
  await dialog.getByLabel("Tags (comma separated)").fill(tags);
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await dialog.waitFor({ state: "detached" });
}

it("an admin uploads a PDF and a markdown file, finds the markdown by search and tag, and exports it to PDF; members without a membership are kept out", async () => {
  const run = Date.now().toString(36);
  const mdName = `Lunar Ritual ${run}`;
  const pdfName = `Star Chart ${run}`;
  const tag = `ritual${run}`;

  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, "admin@example.com", "Ada Admin");
  await page.goto("/app/resources");
  await page.getByRole("heading", { name: "Resource Library" }).waitFor();

  await upload(page, { name: `${pdfName}.pdf`, mimeType: "application/pdf", buffer: PDF }, "astrology");
  await upload(
    page,
    { name: `${mdName}.md`, mimeType: "text/markdown", buffer: Buffer.from("# Moonlit Intentions\n\nGather **selenite** crystals and whisper your Quintessence wishes.\n") },
    `${tag}, moon`,
  );
  await page.getByRole("heading", { name: mdName }).waitFor();
  await page.getByRole("heading", { name: pdfName }).waitFor();

  // Search by title.
  await page.getByLabel("Search resources").fill(mdName);
  await expect.poll(() => page.getByTestId("resource-card").count()).toBe(1);
  expect(await page.getByTestId("resource-card").getByRole("heading").textContent()).toBe(mdName);
  await page.getByLabel("Search resources").fill("");

  // Filter by tag.
  await page.getByRole("group", { name: "Filter by tag" }).getByRole("button", { name: `#${tag}` }).click();
  await expect.poll(() => page.getByTestId("resource-card").count()).toBe(1);
  const card = page.getByTestId("resource-card").filter({ hasText: mdName });
  expect(await card.getByTestId("resource-type").textContent()).toContain("MD");

  // Export to PDF: a real PDF whose (uncompressed) text carries the document's words.
  const downloadPromise = page.waitForEvent("download");
  await card.getByRole("button", { name: `Download ${mdName} as PDF` }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`${mdName}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = pdf.toString("latin1");
  expect(text).toContain("Quintessence");
  expect(text).toContain("Moonlit Intentions");
  expect(text).not.toContain("**selenite**");

  // The decoded content can be shown.
  await card.getByRole("button", { name: "Show content" }).click();
  await expect.poll(() => card.getByTestId("resource-content").textContent()).toContain("whisper your Quintessence wishes");

  const list = (await (await page.request.get("/api/resources")).json()) as { title: string; file_url: string }[];
  const fileUrls = list.filter((r) => r.title === mdName || r.title === pdfName).map((r) => r.file_url);
  expect(fileUrls).toHaveLength(2);
  for (const url of fileUrls) expect((await page.request.get(url)).status()).toBe(200);
  await context.close();

  // A signed-in member without a membership: the route sends them to /pricing and the files answer 403.
  const memberContext = await newContext(browser);
  const member = await memberContext.newPage();
  await signIn(member, uniqueEmail("unpaid"), "Nova");
  await member.goto("/app/resources");
  await member.waitForURL(/\/pricing$/);
  for (const url of fileUrls) expect((await member.request.get(url)).status()).toBe(403);
  expect((await member.request.get("/api/resources")).status()).toBe(403);
  await memberContext.close();
});
