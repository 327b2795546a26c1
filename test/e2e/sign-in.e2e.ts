import { expect, it } from "vitest";
import { newContext, signIn, uniqueEmail, useBrowser } from "./browser";

const browser = useBrowser();

it("signs in through the development provider, shows the name in the sidebar, and signs out", async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, uniqueEmail("stella"), "Stella Maris");
  expect(new URL(page.url()).pathname).toBe("/app/lounge");
  await expect.poll(() => page.getByTestId("sidebar-name").textContent()).toBe("Stella Maris");
  expect(await page.getByRole("link", { name: "Admin" }).count()).toBe(0);

  await page.getByRole("button", { name: "Sign Out" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  // The session is gone on the server: a guarded route sends the browser back to the landing page.
  await page.goto("/app/lounge");
  await page.waitForURL((url) => url.pathname === "/");
  // The worker's redirect lands on the landing page, whose button comes with its script.
  await page.getByRole("button", { name: "Sign In" }).waitFor();
  await context.close();
});

it("gives admin@example.com the Admin item and keeps members out of /admin", async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, "admin@example.com", "Ada Admin");
  await page.getByRole("link", { name: "Admin" }).click();
  await page.waitForURL(/\/admin$/);
  await context.close();

  const memberContext = await newContext(browser);
  const member = await memberContext.newPage();
  await signIn(member, uniqueEmail("member"), "Mira");
  await member.goto("/admin");
  await member.waitForURL(/\/app\/lounge$/);
  await member.goto("/app/resources");
  await member.waitForURL(/\/pricing$/);
  await memberContext.close();
});
