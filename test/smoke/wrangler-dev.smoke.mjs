// Smoke test of the README's `npx wrangler dev`: starts it from the repository root (the [build] step
// builds the client and applies the local migrations), then, as a visitor would, loads the page, signs
// in with the dev sign-in, writes a post and reads it back. The state is filled by `npm run db:seed` first
// (the sample community is usable by any harness through COSMIC_STATE_DIR), and its posts must show in the
// feed next to the new one. Then Chromium walks the built app as that member: the lounge shows the feed, the
// navigation's links move between screens and mark the current one, a chat channel shows its messages, and
// no page error is thrown (the production bundle is what `npm run dev` and the e2e suite never load: React
// Router's production build as vite.config.ts trims it, hono's client without its cookie code).
// Uses a throwaway state directory (COSMIC_STATE_DIR, for the build step and wrangler alike) and port
// SMOKE_PORT (default 8787).
// Run by .ci/run after the suites; exits non-zero on any failure.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const root = path.resolve(import.meta.dirname, "../..");
const port = Number(process.env.SMOKE_PORT ?? 8787);
const inspectorPort = Number(process.env.SMOKE_INSPECTOR_PORT ?? port + 1);
const base = `http://localhost:${port}`;
const stateDir = mkdtempSync(path.join(tmpdir(), "cosmic-smoke-"));
const START_TIMEOUT_MS = 180_000;

// The seed applies the local migrations itself and refuses anything but a local state.
execFileSync("node", ["--disable-warning=ExperimentalWarning", "scripts/seed.mjs"], {
  cwd: root,
  env: { ...process.env, COSMIC_STATE_DIR: stateDir },
  stdio: "inherit",
});
const SEEDED_POSTS = 6;

// `npm run dev:wrangler` is `wrangler dev` on COSMIC_STATE_DIR (its [build] step migrates the same directory).
const server = spawn(
  "npm",
  ["run", "dev:wrangler", "--", "--port", String(port), "--inspector-port", String(inspectorPort)],
  {
    cwd: root,
    env: { ...process.env, COSMIC_STATE_DIR: stateDir, WRANGLER_SEND_METRICS: "false" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  },
);
let output = "";
server.stdout.on("data", (d) => (output += d));
server.stderr.on("data", (d) => (output += d));

function stop() {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    /* already gone */
  }
  rmSync(stateDir, { recursive: true, force: true });
}

function check(condition, what) {
  if (!condition) throw new Error(`smoke: ${what}`);
  console.log(`ok - ${what}`);
}

/** Waits until the server answers /api/health, or fails when it exits or takes too long. */
async function ready() {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`wrangler dev was not ready within ${START_TIMEOUT_MS / 1000} s`);
}

const cookieOf = (response, name) => {
  const line = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return line?.split(";")[0];
};

/** The built app in Chromium, signed in with `sessionCookie` ("session=…"). */
async function walkTheApp(sessionCookie) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const context = await browser.newContext({ baseURL: base, locale: "en-US" });
    const [name, value] = sessionCookie.split("=");
    await context.addCookies([{ name, value, url: base }]);
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    const nav = page.getByRole("navigation", { name: "Main" });
    /** The navigation's links marked current (the brand links to the lounge too). */
    const current = async () =>
      (await nav.locator('a[aria-current="page"]').allTextContents())
        .map((t) => t.trim())
        .sort()
        .join(", ");

    await page.goto("/app/lounge");
    await page.getByText("Luna Fernández").first().waitFor();
    // The feed is in the worker's HTML before the app's scripts run: the links are the app's once React has taken
    // the page over (hydrateRoot on #root), as in the e2e harness (test/e2e/browser.ts appReady).
    await page.waitForFunction(() =>
      Object.keys(document.getElementById("root") ?? {}).some((key) => key.startsWith("__reactContainer")),
    );
    const onLounge = await current();
    check(
      onLounge === "Cosmic Lounge, Lounge",
      `the built app shows the lounge's feed, its links marked current (${onLounge})`,
    );

    // A mark on this document: a link that reloaded the page would lose it.
    await page.evaluate(() => (window.smokeWalk = true));
    await nav.getByRole("link", { name: /^Chat/ }).click();
    await page.waitForURL("**/app/chat");
    await page
      .getByRole("button", { name: /Bienvenida \/ Welcome/ })
      .first()
      .click();
    await page.getByText("just starting my meditation journey").waitFor();
    const onChat = await current();
    check(
      // "Chat" and its unread count's badge, only.
      onChat.startsWith("Chat") && !onChat.includes(",") && (await page.evaluate(() => window.smokeWalk === true)),
      `its navigation link opens the chat in the page, marked current (${onChat}), and a channel shows its messages`,
    );
    check(errors.length === 0, `no page error in the built app${errors.length ? `: ${errors.join("; ")}` : ""}`);
  } finally {
    await browser.close();
  }
}

try {
  const started = Date.now();
  await ready();
  console.log(`wrangler dev ready on ${base} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const page = await fetch(`${base}/app/lounge`);
  check(
    page.status === 200 && (await page.text()).includes('id="root"'),
    "the client bundle is served (SPA route /app/lounge)",
  );

  // The landing page is in the HTML (every language), written by the worker (worker/pages.ts): its inline script is
  // the only one that runs (the screens' file list is a JSON block), and the CSP allows it by this response's nonce.
  const landing = await fetch(`${base}/`);
  const html = await landing.text();
  const scriptSrc = /script-src ([^;]*)/.exec(landing.headers.get("content-security-policy") ?? "")?.[1] ?? "";
  const nonce = /^'self' 'nonce-([A-Za-z0-9+/=]+)'$/.exec(scriptSrc)?.[1];
  const inline = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes, text]) => !/\bsrc=|application\/json/.test(attributes) && text.trim(),
  );
  check(
    html.includes('<template id="landing-en">') && html.includes('<template id="landing-es">'),
    "the landing page is prerendered in index.html in every language",
  );
  check(
    nonce !== undefined && inline.length === 1 && inline[0][1].includes(`nonce="${nonce}"`),
    `the CSP allows exactly the landing's inline script, by its nonce (script-src ${scriptSrc})`,
  );

  const redirect = await fetch(`${base}/api/oauth/google/redirect_url`);
  check(
    redirect.status === 200 && /^[0-9a-f-]{36}$/.test(redirect.headers.get("x-request-id") ?? ""),
    "the API answers with an X-Request-Id (local D1 migrated)",
  );
  const stateCookie = cookieOf(redirect, "oauth_state");
  const state = new URL((await redirect.json()).redirectUrl, base).searchParams.get("state");
  const authorize = await fetch(
    `${base}/api/auth/dev/authorize?email=smoke@example.com&name=Smoke%20Test&state=${encodeURIComponent(state)}`,
    { redirect: "manual" },
  );
  const code = new URL(authorize.headers.get("location"), base).searchParams.get("code");
  const session = await fetch(`${base}/api/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie: stateCookie },
    body: JSON.stringify({ code, state }),
  });
  const sessionCookie = cookieOf(session, "session");
  check(session.status === 200 && sessionCookie, "dev sign-in gives a session");

  const content = `Smoke test post ${Date.now()}`;
  const created = await fetch(`${base}/api/posts`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie: sessionCookie },
    body: JSON.stringify({ content }),
  });
  check(created.status === 201, "a signed-in member posts");
  const feed = await fetch(`${base}/api/posts`, { headers: { cookie: sessionCookie } });
  const posts = await feed.json();
  check(feed.status === 200 && posts.some((p) => p.content === content), "the post reads back from the feed");
  check(
    posts.length >= SEEDED_POSTS + 1 && posts.some((p) => p.author_name === "Luna Fernández"),
    "the seeded community shows in the feed",
  );
  // The built worker renders the lounge with the built client (worker/pages.ts): the post is in the HTML, and the
  // screen's stylesheet and chunk are linked in its head.
  const rendered = await (await fetch(`${base}/app/lounge`, { headers: { cookie: sessionCookie } })).text();
  check(
    rendered.includes(content) &&
      /<link rel="stylesheet" href="\/assets\/LoungePage-[\w-]+\.css">/.test(rendered) &&
      /<link rel="modulepreload" href="\/assets\/LoungePage-[\w-]+\.js">/.test(rendered),
    "the lounge's HTML holds the new post and links its screen's stylesheet and chunk",
  );
  await walkTheApp(sessionCookie);
  console.log("smoke: wrangler dev works");
} catch (err) {
  console.error(String(err));
  console.error(`---- wrangler dev output ----\n${output.slice(-4000)}`);
  process.exitCode = 1;
} finally {
  stop();
}
