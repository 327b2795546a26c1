// The local outbox page in real Chromium: a member pays through the Webpay emulator; the
// receipt goes through the real local queue to the outbox, and GET /api/dev/outbox shows it to an admin
// with its HTML rendered in a sandboxed frame under the page's strict CSP (the member gets 403).
import { expect, it } from "vitest";
import { newContext, payThroughEmulator, signIn, uniqueEmail, useBrowser } from "./browser";

const browser = useBrowser();

it("shows the receipt of a payment, its headers and text, and its HTML rendered in a sandbox", async () => {
  const context = await newContext(browser);
  const contexts = [context];
  try {
    const page = await context.newPage();
    const email = uniqueEmail("outbox");
    await signIn(page, email, "Outbox Luna");
    await payThroughEmulator(page);
    // The outbox holds every member's mail: only an admin reads it, from their own session.
    const member = await context.request.get("/api/dev/outbox");
    expect(member.status()).toBe(403);
    const adminContext = await newContext(browser);
    contexts.push(adminContext);
    const outbox = await adminContext.newPage();
    await signIn(outbox, "admin@example.com", "Ada Admin");
    const receipt = outbox.locator("article", { hasText: email }).filter({ hasText: "Your payment receipt" });
    // The queue's consumer runs within a second or two of the payment.
    for (let i = 0; i < 30 && (await receipt.count()) === 0; i++) {
      await outbox.goto("/api/dev/outbox");
      if ((await receipt.count()) === 0) await outbox.waitForTimeout(500);
    }
    await expect.poll(() => receipt.count()).toBe(1);
    expect(await receipt.locator("dd").first().textContent()).toBe(email);
    await receipt.getByText("Plain text").click();
    expect(await receipt.locator("pre").textContent()).toContain("Amount: $15,000 CLP");
    const frame = receipt.frameLocator("iframe");
    await frame.getByText("Thank you: your payment is complete. This is your receipt.").waitFor();
    expect(await frame.locator("td", { hasText: "Buy order" }).count()).toBe(1);
    expect(await receipt.locator("iframe").getAttribute("sandbox")).toBe("");
  } finally {
    for (const opened of contexts) await opened.close();
  }
});
