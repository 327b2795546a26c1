// Buying a membership end to end, through the local Webpay emulator (the same adapter as Transbank).
import { expect, it } from "vitest";
import { newContext, signIn, uniqueEmail, useBrowser } from "./browser";

const browser = useBrowser();

it("a new member is sent from Resources to /pricing, pays through Webpay and opens the library", async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, uniqueEmail("payer"), "Paz Payer");

  await page.getByRole("link", { name: "Resources" }).click();
  await page.waitForURL((url) => url.pathname === "/pricing");
  await page.getByRole("heading", { name: "Unlock Premium Resources" }).waitFor();

  await page.getByRole("button", { name: /Pay \$15,000 CLP/ }).click();
  await page.waitForURL((url) => url.pathname === "/api/dev/webpay/pay");
  expect(await page.getByText("$15,000 CLP").isVisible()).toBe(true);
  await page.getByRole("button", { name: "Approve payment" }).click();

  await page.waitForURL((url) => url.pathname === "/pay/return");
  expect(new URL(page.url()).search).toBe("?success=true&amount=15000");
  await page.getByRole("heading", { name: "Welcome to the Lounge!" }).waitFor();
  await page.getByRole("link", { name: "Enter the Lounge" }).click();
  await page.waitForURL((url) => url.pathname === "/app/lounge");

  await page.getByRole("link", { name: "Resources" }).click();
  await page.getByRole("heading", { name: "Resource Library" }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/app/resources");

  // Paid: /pricing now shows the active status in green.
  await page.goto("/pricing");
  await expect.poll(() => page.getByTestId("membership-status").textContent()).toBe("Active");
  await context.close();
});

it("a member who cancels at Webpay sees 'Payment Issue' and stays outside the library", async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, uniqueEmail("canceller"), "Cai Cancel");
  await page.goto("/app/resources");
  await page.waitForURL((url) => url.pathname === "/pricing");

  await page.getByRole("button", { name: /Pay \$15,000 CLP/ }).click();
  await page.waitForURL((url) => url.pathname === "/api/dev/webpay/pay");
  await page.getByRole("button", { name: "Cancel payment" }).click();

  await page.waitForURL((url) => url.pathname === "/pay/return");
  await page.getByRole("heading", { name: "Payment Issue" }).waitFor();
  expect(await page.getByText("Payment was cancelled or failed. Please try again.").isVisible()).toBe(true);
  await page.getByRole("link", { name: "Try Again" }).click();
  await page.waitForURL((url) => url.pathname === "/pricing");

  await page.goto("/app/resources");
  await page.waitForURL((url) => url.pathname === "/pricing");
  await context.close();
});
