import { expect, it } from "vitest";
import { newContext, signIn, uniqueEmail, useBrowser } from "./browser";

const browser = useBrowser();

it("an admin adds a member, sees them in the table, exports members.csv, and deletes them", async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, "admin@example.com", "Ada Admin");
  await page.getByRole("link", { name: "Admin" }).click();
  await page.waitForURL(/\/admin$/);
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();

  const email = uniqueEmail("nova");
  const name = `Nova, "the" Star ${Date.now().toString(36)}`;
  await page.getByRole("button", { name: "+ Add Member" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Member" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Display name (optional)").fill(name);
  await dialog.getByLabel("Role").selectOption("member");
  await dialog.getByRole("button", { name: "Add Member" }).click();
  await dialog.waitFor({ state: "detached" });

  const row = page.getByTestId("member-row").filter({ hasText: email });
  await row.waitFor();
  expect(await row.textContent()).toContain(name);
  expect(await row.textContent()).toContain("inactive");
  expect(await row.textContent()).toContain("None");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("members.csv");
  const decoder = new TextDecoder();
  let csv = "";
  for await (const chunk of await download.createReadStream())
    csv += decoder.decode(chunk as Uint8Array, { stream: true });
  csv += decoder.decode();
  expect(csv.startsWith("Name,Email,Role,Status,Plan,Joined\r\n")).toBe(true);
  expect(csv).toContain(`"Nova, ""the"" Star ${name.split(" ").pop()}",${email},member,inactive,None,`);
  expect(csv).toContain("admin@example.com,admin,active");

  await row.getByRole("button", { name: `Delete ${email}` }).click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  expect(await confirm.textContent()).toContain(
    "Are you sure you want to delete this member? This action cannot be undone.",
  );
  await confirm.getByRole("button", { name: "Delete" }).click();
  await row.waitFor({ state: "detached" });
  // Gone on the server too.
  await page.reload();
  await page.getByTestId("member-row").first().waitFor();
  expect(await page.getByTestId("member-row").filter({ hasText: email }).count()).toBe(0);
  await context.close();
});

it("a member edits goals and interests and sees them after reload", async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, uniqueEmail("orion"), "Orion");
  await page.getByRole("link", { name: "Profile" }).click();
  await page.waitForURL(/\/app\/profile$/);
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.getByLabel("New goal").fill("Meditate at dawn");
  await page.getByRole("button", { name: "Add goal" }).click();
  await page.getByLabel("New goal").fill("Journal nightly");
  await page.getByLabel("New goal").press("Enter");
  await page.getByLabel("New interest").fill("Astronomy, stars & sky");
  await page.getByRole("button", { name: "Add interest" }).click();
  await page.getByLabel("Goals 2").fill("Journal every night");
  await page.getByLabel("Timezone").fill("America/Santiago");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await page.getByRole("button", { name: "Edit Profile" }).waitFor();

  await page.reload();
  const goals = page.getByTestId("goal-list");
  await goals.waitFor();
  expect(await goals.locator("li").allTextContents()).toEqual(["Meditate at dawn", "Journal every night"]);
  expect(await page.getByTestId("interest-list").locator("li").allTextContents()).toEqual(["Astronomy, stars & sky"]);
  expect(await page.getByText("America/Santiago").count()).toBe(1);
  // The member's settings are a screen of their own, reached from the profile: the sessions are the devices'.
  await page.getByRole("main").getByRole("link", { name: "Settings" }).click();
  await page.getByRole("link", { name: /^Devices/ }).click();
  await page.waitForURL(/\/app\/settings\/devices$/);
  await page.getByRole("heading", { name: "Active sessions" }).waitFor();
  await context.close();
});
