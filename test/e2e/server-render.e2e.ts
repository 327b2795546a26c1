// The first screen the worker renders (worker/pages.ts, client/server-render.tsx), in Chromium: the lounge's
// posts and notice board are in the first HTML response, before any script runs (and with JavaScript off);
// the browser hydrates it without a warning and without asking for the lounge's data again, and a like and a
// comment work right after; a Spanish-speaking browser gets Spanish from the server.
import type { ConsoleMessage, Page } from "playwright-core";
import { expect, it } from "vitest";
import { baseUrl, newContext, signIn, uniqueEmail, useBrowser } from "./browser";

const browser = useBrowser();
const tag = () => Math.random().toString(36).slice(2, 8);

/** Every console error or warning and uncaught error of the page (React's hydration warnings among them). */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error" || message.type() === "warning")
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

it("the lounge's posts and notice board are in the first HTML, also with JavaScript off", async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, uniqueEmail("ssr"), "Ssr Nova");
  const text = `Rendered at the edge ${tag()}`;
  expect(
    (await context.request.post("/api/posts", { data: { content: text }, headers: { Origin: baseUrl() } })).status(),
  ).toBe(201);

  // The document as it arrives, before any script could run.
  const response = await context.request.get("/app/lounge");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(text);
  expect(html).toContain("Cosmic Notice Board");
  expect(html).toContain('href="/app/chat"');

  // JavaScript off: the same member sees the posts, the board and the navigation, read-only.
  const noScript = await browser.newContext({
    baseURL: baseUrl(),
    javaScriptEnabled: false,
    storageState: await context.storageState(),
  });
  const still = await noScript.newPage();
  await still.goto("/app/lounge");
  expect(await still.locator("article", { hasText: text }).isVisible()).toBe(true);
  expect(await still.getByRole("region", { name: /Cosmic Notice Board/ }).isVisible()).toBe(true);
  expect(await still.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Chat" }).isVisible()).toBe(
    true,
  );
  await noScript.close();
  await context.close();
});

it("hydrates without a warning or a second fetch of the lounge's data; a like and a comment work at once", async () => {
  const context = await newContext(browser);
  const setup = await context.newPage();
  await signIn(setup, uniqueEmail("hydra"), "Hydra Nova");
  const text = `Hydrated ${tag()}`;
  expect(
    (await context.request.post("/api/posts", { data: { content: text }, headers: { Origin: baseUrl() } })).status(),
  ).toBe(201);
  await setup.close();

  const page = await context.newPage();
  const problems = problemsOf(page);
  const dataRequests: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path === "/api/posts" || path === "/api/cosmic-notices" || path === "/api/users/me") dataRequests.push(path);
  });
  // Hydrated once its scripts are in and nothing more is asked for.
  await page.goto("/app/lounge", { waitUntil: "networkidle" });
  // The HTML carried the feed, the board and the user: none of them is asked for again, and React took the
  // HTML over without a warning.
  expect(dataRequests).toEqual([]);
  expect(problems).toEqual([]);
  const post = page.locator("article", { hasText: text });
  await post.getByRole("button", { name: "0 likes", pressed: false }).click();
  await post.getByRole("button", { name: "1 like", pressed: true }).waitFor();

  await post.getByRole("button", { name: "0 comments" }).click();
  const comments = page.getByRole("dialog", { name: "Comments" });
  await comments.getByLabel("Add a comment").fill("Right after hydration");
  await comments.getByRole("button", { name: "Comment" }).click();
  await comments.getByText("Right after hydration").waitFor();
  await comments.getByRole("button", { name: "Close dialog" }).click();
  await post.getByRole("button", { name: "1 comment" }).waitFor();

  expect(problems).toEqual([]);
  await context.close();
});

it("a Spanish-speaking browser gets the lounge in Spanish from the server", async () => {
  const spanish = await newContext(browser);
  const page = await spanish.newPage();
  await signIn(page, uniqueEmail("estrella"), "Estrella");
  const response = await spanish.request.get("/app/lounge", { headers: { "Accept-Language": "es-CL,es;q=0.9" } });
  const html = await response.text();
  expect(html).toMatch(/<html[^>]* lang="es"/);
  expect(html).toContain("Tablón cósmico de avisos");
  expect(html).not.toContain("Cosmic Notice Board");
  await spanish.close();
});
