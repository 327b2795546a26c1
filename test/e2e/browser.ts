// Shared browser helpers: Debian's Chromium driven by playwright-core, signing in through the dev provider.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";

export const baseUrl = () => inject("baseUrl");

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/**
 * Once React has taken over a page the worker rendered (hydrateRoot attaches its listeners to #root; what comes
 * during hydration is replayed): the HTML is painted, and clickable, before the app's scripts have run.
 */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.getElementById("rendered-page") ||
      Object.keys(document.getElementById("root") ?? {}).some((key) => key.startsWith("__reactContainer")),
  );
}

/** The context's pages' goto and reload return once the page is the app's, as a person waits for a page to load. */
export function waitingForTheApp(context: BrowserContext): BrowserContext {
  context.on("page", (page) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await appReady(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await appReady(page);
      return response;
    };
  });
  return context;
}

export async function newContext(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return waitingForTheApp(await browser.newContext({ baseURL: baseUrl(), viewport, ...options }));
}

/** Signs in as a person would: landing page, Sign In, the development provider's form, Continue. */
export async function signIn(page: Page, email: string, name: string): Promise<void> {
  await page.goto("/");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/auth\/dev/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(/\/app\/lounge/);
  await appReady(page);
}

/** A unique email per test run, so tests never depend on each other's accounts. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Buys the membership through the local Webpay emulator, as a member would, and returns to the lounge. */
export async function payThroughEmulator(page: Page): Promise<void> {
  await page.goto("/pricing");
  await page.getByRole("button", { name: /Pay \$15,000 CLP/ }).click();
  await page.waitForURL((url) => url.pathname === "/api/dev/webpay/pay");
  await page.getByRole("button", { name: "Approve payment" }).click();
  await page.waitForURL((url) => url.pathname === "/pay/return");
  await page.getByRole("heading", { name: "Welcome to the Lounge!" }).waitFor();
}

/**
 * Runs SQL on the dev server's local database, as an operator would with wrangler: the test's way to
 * move a membership's clock (there is no backdoor in the app).
 */
export function runSql(sql: string): void {
  d1Execute(sql, "ignore");
}

/**
 * Reads rows from the dev server's local database, as an operator would with wrangler: for what the app shows on no
 * API by design (a payment's buy order, which the admin's list keeps out).
 */
export function readSql<Row>(sql: string): Row[] {
  const [{ results }] = JSON.parse(d1Execute(sql, "pipe", ["--json"])) as { results: Row[] }[];
  return results;
}

function d1Execute(sql: string, stdout: "ignore" | "pipe", extra: string[] = []): string {
  const root = path.resolve(import.meta.dirname, "../..");
  const args = ["d1", "execute", "DB", "--local", "--env", "local", "--persist-to", inject("stateDir")];
  return String(
    execFileSync(path.join(root, "node_modules/.bin/wrangler"), [...args, ...extra, "--command", sql], {
      cwd: root,
      stdio: ["ignore", stdout, "ignore"],
    }) ?? "",
  );
}

/**
 * One Chromium per test file: launched before its tests, closed after them. The returned handle
 * forwards to that browser once it is running.
 */
export function useBrowser(): Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return new Proxy({} as Browser, {
    get(_, prop) {
      if (!browser) throw new Error("the browser starts in beforeAll");
      const value = Reflect.get(browser, prop);
      return typeof value === "function" ? value.bind(browser) : value;
    },
  });
}

/** A member signed in in a browser context of their own (a second person in the same test). */
export async function person(
  browser: Browser,
  email: string,
  name: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, email, name);
  return { context, page };
}

/** Opens a channel of the chat by name and waits until its live socket is open. */
export async function openChannel(page: Page, name: string): Promise<void> {
  await page.goto("/app/chat");
  await page.getByRole("button", { name, exact: true }).click();
  await expect.poll(() => page.getByRole("heading", { name: `# ${name}` }).count()).toBe(1);
  // Live: the socket is open (the polling badge shows only while it is down).
  await expect.poll(() => page.locator(".chat-offline").count()).toBe(0);
}
