#!/usr/bin/env node
// Bundle sizes of the production build: the gzipped JavaScript and CSS that a first visit to a route
// loads (index.html's entry and its static imports, plus the route's lazily loaded screen chunk and
// ITS static imports; never dynamic imports such as jspdf or marked, which load only when used), and
// the gzipped worker bundle. Also checks the static-asset rules: hashed names and no external URLs.
// Budgets (gzipped JS of a first visit): 50 KB on the landing page `/`, 100 KB on any other route.
// It exits non-zero when a route is over its budget or an asset rule is broken, printing the figures.
//
//   npm run bench:bundles            # builds, then prints the table
//   node test/bench/bundles.mjs --no-build
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { bin, root } from "./lib.mjs";

const dist = path.join(root, "dist");
/** Gzipped JS budgets of a first visit: the landing page, and every other route. */
export const JS_BUDGETS_KB = { landing: 50, app: 100 };
export const budgetOf = (route) => (route === "/" ? JS_BUDGETS_KB.landing : JS_BUDGETS_KB.app);

/**
 * First-visit routes and the modules (manifest keys, relative to client/) each one loads besides the
 * entry: the React app's shell (`app.tsx`, which the entry imports on any path but `/`) and the
 * screen. The landing page is part of the entry (plain DOM, no React). A module the build did not
 * split into its own chunk (no such key in the manifest) is part of the entry.
 */
const APP_SHELL = "app.tsx";
export const ROUTES = {
  "/": [],
  "/pricing": [APP_SHELL, "pricing/PricingPage.tsx"],
  "/app/lounge": [APP_SHELL, "lounge/LoungePage.tsx"],
  "/app/chat": [APP_SHELL, "chat/ChatPage.tsx"],
  "/app/resources": [APP_SHELL, "resources/ResourcesPage.tsx"],
  "/app/profile": [APP_SHELL, "profile/ProfilePage.tsx"],
  "/admin": [APP_SHELL, "admin/AdminPage.tsx"],
};

const gz = (file) => gzipSync(readFileSync(path.join(dist, "client", file)), { level: 9 }).length;

export function build() {
  execFileSync(bin("vite"), ["build"], { cwd: root, stdio: "ignore" });
}

/** { route: { js, css, files } } in bytes (gzipped), following static imports only. */
export function measureBundles() {
  const manifest = JSON.parse(readFileSync(path.join(dist, "client/.vite/manifest.json"), "utf8"));
  const closure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const dep of manifest[key].imports ?? []) visit(dep);
    };
    keys.forEach(visit);
    return seen;
  };
  // What index.html itself loads (its entry script and stylesheet), cross-checked against the manifest.
  const html = readFileSync(path.join(dist, "client/index.html"), "utf8");
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!html.includes(manifest[entry].file)) throw new Error("index.html does not load the manifest's entry");
  const out = {};
  for (const [route, modules] of Object.entries(ROUTES)) {
    const chunks = closure([entry, ...modules.filter((key) => manifest[key])]);
    const js = new Set();
    const css = new Set();
    for (const key of chunks) {
      js.add(manifest[key].file);
      for (const c of manifest[key].css ?? []) css.add(c);
    }
    out[route] = {
      js: [...js].reduce((n, f) => n + gz(f), 0),
      css: [...css].reduce((n, f) => n + gz(f), 0),
      files: [...js, ...css],
    };
  }
  return out;
}

/** Gzipped size of the worker bundle (every .js the build wrote for the worker). */
export function workerBundle() {
  const dir = path.join(dist, "cosmic_lounge");
  const files = readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith(".js"));
  return files.reduce((n, f) => n + gzipSync(readFileSync(path.join(dir, String(f))), { level: 9 }).length, 0);
}

/** Static-asset rules: every built asset has a content hash in its name; no external URL in HTML/CSS. */
export function staticAssetChecks() {
  const problems = [];
  const assets = readdirSync(path.join(dist, "client/assets"));
  for (const f of assets) if (!/-[\w-]{8}\.(js|css|woff2?|png|svg|jpg|webp)$/.test(f)) problems.push(`not hashed: assets/${f}`);
  const texts = [["index.html", readFileSync(path.join(dist, "client/index.html"), "utf8")]];
  for (const f of assets.filter((a) => a.endsWith(".css"))) texts.push([`assets/${f}`, readFileSync(path.join(dist, "client/assets", f), "utf8")]);
  for (const [name, text] of texts) {
    for (const m of text.matchAll(/(?:url\(\s*["']?|(?:href|src)=["'])(https?:)?\/\/[^"')\s]+/g)) problems.push(`external URL in ${name}: ${m[0]}`);
    if (/@import\s+(url\()?["']?https?:/.test(text)) problems.push(`external @import in ${name}`);
  }
  const headers = readFileSync(path.join(dist, "client/_headers"), "utf8");
  if (!/\/assets\/\*\s*\n\s*Cache-Control: public, max-age=31536000, immutable/.test(headers)) problems.push("_headers: /assets/* is not immutable");
  if (!/\/index\.html\s*\n\s*Cache-Control: no-cache/.test(headers)) problems.push("_headers: /index.html is cacheable");
  return { assets: assets.length, problems };
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!process.argv.includes("--no-build")) build();
  const bundles = measureBundles();
  let ok = true;
  for (const [route, b] of Object.entries(bundles)) {
    const budget = budgetOf(route);
    const over = b.js > budget * 1024;
    ok &&= !over;
    console.log(`${route.padEnd(16)} JS ${kb(b.js).padStart(9)} (budget ${budget} KB: ${over ? "OVER BUDGET" : "ok"})  CSS ${kb(b.css).padStart(8)}  (${b.files.length} files)`);
  }
  console.log(`worker bundle    ${kb(workerBundle())} gzipped`);
  const checks = staticAssetChecks();
  console.log(`static assets: ${checks.assets} files, ${checks.problems.length ? checks.problems.join("; ") : "all hashed, no external URLs, caching headers ok"}`);
  process.exit(ok && checks.problems.length === 0 ? 0 : 1);
}
