import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { pdfText } from "../pdf-text";
import { newContext, payThroughEmulator, runSql, signIn, uniqueEmail, useBrowser } from "./browser";

const browser = useBrowser();

// A tiny but well-formed PDF (one empty page).
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 " +
    "obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
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

it(`an admin uploads a PDF and a markdown file; a paying member finds the markdown by search and tag and exports it \
to PDF; once the membership expires the library locks and the files answer 403`, async () => {
  const run = Date.now().toString(36);
  const mdName = `Lunar Ritual ${run}`;
  const pdfName = `Star Chart ${run}`;
  const txtName = `Evening Breath ${run}`;
  const tag = `ritual${run}`;

  const adminContext = await newContext(browser);
  const admin = await adminContext.newPage();
  await signIn(admin, "admin@example.com", "Ada Admin");
  await admin.goto("/app/resources");
  await admin.getByRole("heading", { name: "Resource Library" }).waitFor();
  await upload(admin, { name: `${pdfName}.pdf`, mimeType: "application/pdf", buffer: PDF }, "astrology");
  await upload(
    admin,
    {
      name: `${mdName}.md`,
      mimeType: "text/markdown",
      buffer: Buffer.from(
        "# Moonlit Intentions\n\nGather **selenite** crystals and whisper your Quintessence wishes, Łucja.\n",
      ),
    },
    `${tag}, moon`,
  );
  await upload(
    admin,
    { name: `${txtName}.txt`, mimeType: "text/plain", buffer: Buffer.from("Breathe in for four, out for six.") },
    "breath",
  );
  await admin.getByRole("heading", { name: mdName }).waitFor();
  await admin.getByRole("heading", { name: pdfName }).waitFor();
  await adminContext.close();

  // A member buys the membership through the Webpay emulator, then opens the library.
  const email = uniqueEmail("reader");
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, email, "Rhea Reader");
  await payThroughEmulator(page);
  await page.goto("/app/resources");
  await page.getByRole("heading", { name: "Resource Library" }).waitFor();

  // Search by title.
  await page.getByLabel("Search resources").fill(mdName);
  await expect.poll(() => page.getByTestId("resource-card").count(), { timeout: 15_000 }).toBe(1);
  expect(await page.getByTestId("resource-card").getByRole("heading").textContent()).toBe(mdName);
  await page.getByLabel("Search resources").fill("");

  // Filter by tag.
  await page
    .getByRole("group", { name: "Filter by tag" })
    .getByRole("button", { name: `#${tag}` })
    .click();
  await expect.poll(() => page.getByTestId("resource-card").count(), { timeout: 15_000 }).toBe(1);
  const card = page.getByTestId("resource-card").filter({ hasText: mdName });
  expect(await card.getByTestId("resource-type").textContent()).toContain("MD");

  // Export to PDF: a real PDF whose text carries the document's words, in the font the app fetches for it.
  const downloadPromise = page.waitForEvent("download");
  await card.getByRole("button", { name: `Download ${mdName} as PDF` }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`${mdName}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = await pdfText(pdf);
  expect(text).toContain("Quintessence");
  expect(text).toContain("Moonlit Intentions");
  expect(text).toContain("wishes, Łucja.");
  expect(text).not.toContain("**selenite**");

  // The decoded content can be shown.
  await card.getByRole("button", { name: "Show content" }).click();
  await expect
    .poll(() => card.getByTestId("resource-content").textContent())
    .toContain("whisper your Quintessence wishes");

  const list = (await (await page.request.get("/api/resources")).json()) as { title: string; file_url: string }[];
  const fileUrls = list.filter((r) => [mdName, pdfName, txtName].includes(r.title)).map((r) => r.file_url);
  expect(fileUrls).toHaveLength(3);
  for (const url of fileUrls) expect((await page.request.get(url)).status()).toBe(200);

  // The 30 days run out while the library is open: the next file read shows the locked screen.
  await page.getByRole("group", { name: "Filter by tag" }).getByRole("button", { name: "All" }).click();
  const txtCard = page.getByTestId("resource-card").filter({ hasText: txtName });
  await txtCard.waitFor();
  runSql(
    `UPDATE memberships SET next_payment_due = ${Date.now() - 60_000} WHERE user_id = (SELECT id FROM users WHERE \
email = '${email}')`,
  );
  await txtCard.getByRole("button", { name: "Show content" }).click();
  await page.getByRole("heading", { name: "Premium Resources Access Required" }).waitFor();
  expect(await page.getByText("Monthly Access: $15,000 CLP").isVisible()).toBe(true);
  // The server's own reason is shown.
  expect(await page.getByText("An active membership is required to access premium resources.").isVisible()).toBe(true);
  await page.getByRole("button", { name: "Get 30-Day Access - $15,000 CLP" }).click();
  await page.waitForURL(/\/pricing$/);
  await expect.poll(() => page.getByTestId("membership-status").textContent()).toBe("Expired");

  // The same file URLs, and the list, now answer 403; the library route sends the member to /pricing.
  for (const url of fileUrls) expect((await page.request.get(url)).status()).toBe(403);
  expect((await page.request.get("/api/resources")).status()).toBe(403);
  await page.goto("/app/resources");
  await page.waitForURL(/\/pricing$/);
  await context.close();

  // A member who never paid is kept out the same way.
  const memberContext = await newContext(browser);
  const member = await memberContext.newPage();
  await signIn(member, uniqueEmail("unpaid"), "Nova");
  await member.goto("/app/resources");
  await member.waitForURL(/\/pricing$/);
  for (const url of fileUrls) expect((await member.request.get(url)).status()).toBe(403);
  expect((await member.request.get("/api/resources")).status()).toBe(403);
  await memberContext.close();
});

it("the library loads the next page as the member scrolls, within a search, until the last resource", async () => {
  const run = Date.now().toString(36);
  const tag = `scroll${run}`;
  const count = 30; // more than one page (LIMITS.resourcesPageDefault = 24)
  runSql(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
     INSERT INTO resources (title, description, file_name, file_type, file_size, kind, tags, owner_name, created_at)
     SELECT 'Scroll ' || '${run}' || ' ' || printf('%02d', i), 'A page of the library',
       'scroll.txt', 'text/plain', 1, 'upload', '["${tag}"]', 'Ada Admin', ${Date.now()} + i FROM n`,
  );
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await signIn(page, "admin@example.com", "Ada Admin");
    await page.goto(`/app/resources?tag=${tag}`);
    const cards = page.getByTestId("resource-card");
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(24);
    // Newest first: 30 down to 07 on the first page.
    expect(await cards.first().getByRole("heading").textContent()).toBe(`Scroll ${run} 30`);
    await cards.last().scrollIntoViewIfNeeded();
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(count);
    expect(await cards.last().getByRole("heading").textContent()).toBe(`Scroll ${run} 01`);
    // The last page was short: nothing more to load.
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);
    // A text search inside the tag, on the server: one resource, and the URL keeps both.
    await page.getByLabel("Search resources").fill(`Scroll ${run} 05`);
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(1);
    expect(page.url()).toContain(`tag=${tag}`);
  } finally {
    await context.close();
  }
});
