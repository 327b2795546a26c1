// The dev server of the e2e run talks to the fake AI providers (global-setup): an admin's key check
// reaches all three and reports them available, with masked keys.
import { expect, it } from "vitest";
import { newContext, signIn, useBrowser } from "./browser";

const browser = useBrowser();

it("checks the three AI keys against the fake providers", async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, "admin@example.com", "Ada Admin");
  const result = await page.evaluate(async () => {
    const res = await fetch("/api/ai/validate-keys", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    return { status: res.status, body: await res.json() };
  });
  expect(result).toEqual({
    status: 200,
    body: {
      results: {
        openai: { available: true, keyFormat: "fake…-key (15 chars)", error: null },
        gemini: { available: true, keyFormat: "fake…-key (15 chars)", error: null },
        straico: { available: true, keyFormat: "fake…-key (16 chars)", error: null },
      },
    },
  });
  await context.close();
});
