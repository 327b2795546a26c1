#!/usr/bin/env node
// Bundle sizes of the production build: the gzipped JavaScript and CSS that a first visit to a route
// loads (index.html's entry and its static imports, plus the route's lazily loaded screen chunk and
// ITS static imports; never dynamic imports such as jspdf or marked, which load only when used), and
// the gzipped worker bundle. Also checks the static-asset rules: hashed names and no external URLs.
// Budgets (gzipped JS of a first visit): 50 KB on the landing page `/`, 120 KB on any other route.
// It exits non-zero when a route is over its budget or an asset rule is broken, printing the figures.
//
//   npm run bench:bundles            # builds, then prints the table
//   node test/bench/bundles.mjs --no-build
//   npm run bench:bundles -- --packages   # also: what a first visit's JS is made of, per package (builds with
// sourcemaps)
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { bin, root } from "./lib.mjs";

const dist = path.join(root, "dist");
/** Gzipped JS budgets of a first visit: the landing page, and every other route (the project's targets). */
export const JS_BUDGETS_KB = { landing: 50, app: 120 };
export const budgetOf = (route) => (route === "/" ? JS_BUDGETS_KB.landing : JS_BUDGETS_KB.app);

/**
 * First-visit routes and the modules (manifest keys, relative to client/) each one loads besides the
 * entry: the landing page's code (plain DOM, no React), which the entry imports on `/` only, or the
 * React app's shell (`app.tsx`, which the entry imports on any other path), the screen and its English
 * words (the groups of `SCREENS`, client/screens.ts). A module
 * the build did not split into its own chunk (no such key in the manifest) is part of the entry.
 */
const APP_SHELL = "app.tsx";
export const ROUTES = {
  "/": ["landing/landing.ts", "landing/words.ts"],
  "/pricing": [APP_SHELL, "pricing/PricingPage.tsx", "autorenew/words.ts", "pricing/words.ts"],
  "/app/lounge": [APP_SHELL, "lounge/LoungePage.tsx", "lounge/words.ts", "conversations/words.ts"],
  "/app/chat": [APP_SHELL, "chat/ChatPage.tsx", "chat/words.ts", "conversations/words.ts"],
  "/app/resources": [APP_SHELL, "resources/ResourcesPage.tsx", "resources/words.ts"],
  "/app/profile": [APP_SHELL, "profile/ProfilePage.tsx", "profile/words.ts"],
  "/admin": [APP_SHELL, "admin/AdminPage.tsx", "admin/words.ts"],
};

const gz = (file) => gzipSync(readFileSync(path.join(dist, "client", file)), { level: 9 }).length;

export function build({ sourcemap = false } = {}) {
  execFileSync(bin("vite"), ["build", ...(sourcemap ? ["--sourcemap"] : [])], { cwd: root, stdio: "ignore" });
}

/** Base64 VLQ of source maps: one segment's numbers. */
function decodeVlq(segment) {
  const out = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".indexOf(ch);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >> 1) : value >> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** The package (node_modules) or client folder a source of the map belongs to. */
function ownerOf(source) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1];
  const own = /\/(client|worker)\/(.+)$/.exec(source);
  return own ? `${own[1]}/${own[2].split("/").length > 1 ? own[2].split("/")[0] : own[2]}` : "(bundler)";
}

/**
 * What the given built files are made of: each file's minified text cut by its source map into the
 * package (or client folder) each piece came from, gzipped per owner. Needs a build with sourcemaps.
 */
export function packagesOf(files) {
  const text = new Map();
  for (const file of files.filter((f) => f.endsWith(".js"))) {
    const code = readFileSync(path.join(dist, "client", file), "utf8").split("\n");
    // The bundler's own runtime helper has no map.
    if (!existsSync(path.join(dist, "client", `${file}.map`))) {
      text.set("(bundler)", (text.get("(bundler)") ?? "") + code.join("\n"));
      continue;
    }
    const map = JSON.parse(readFileSync(path.join(dist, "client", `${file}.map`), "utf8"));
    let source = 0;
    map.mappings.split(";").forEach((line, row) => {
      let col = 0;
      let from = null;
      let owner = null;
      const add = (to) => from !== null && text.set(owner, (text.get(owner) ?? "") + code[row].slice(from, to));
      for (const segment of line ? line.split(",") : []) {
        const [dcol, dsource] = decodeVlq(segment);
        col += dcol;
        add(col);
        if (dsource !== undefined) source += dsource;
        from = col;
        owner = ownerOf(map.sources[source] ?? "");
      }
      add(undefined);
    });
  }
  return [...text].map(([owner, t]) => ({ owner, gz: gzipSync(t, { level: 9 }).length })).sort((a, b) => b.gz - a.gz);
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
  for (const f of assets)
    if (!/-[\w-]{8}\.(js|css|woff2?|ttf|png|svg|jpg|webp)$/.test(f)) problems.push(`not hashed: assets/${f}`);
  const texts = [["index.html", readFileSync(path.join(dist, "client/index.html"), "utf8")]];
  for (const f of assets.filter((a) => a.endsWith(".css")))
    texts.push([`assets/${f}`, readFileSync(path.join(dist, "client/assets", f), "utf8")]);
  for (const [name, text] of texts) {
    for (const m of text.matchAll(/(?:url\(\s*["']?|(?:href|src)=["'])(https?:)?\/\/[^"')\s]+/g))
      problems.push(`external URL in ${name}: ${m[0]}`);
    if (/@import\s+(url\()?["']?https?:/.test(text)) problems.push(`external @import in ${name}`);
  }
  const headers = readFileSync(path.join(dist, "client/_headers"), "utf8");
  if (!/\/assets\/\*\s*\n\s*Cache-Control: public, max-age=31536000, immutable/.test(headers))
    problems.push("_headers: /assets/* is not immutable");
  if (!/\/index\.html\s*\n\s*Cache-Control: no-cache/.test(headers))
    problems.push("_headers: /index.html is cacheable");
  return { assets: assets.length, problems };
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const packages = process.argv.includes("--packages");
  if (!process.argv.includes("--no-build")) build({ sourcemap: packages });
  const bundles = measureBundles();
  let ok = true;
  for (const [route, b] of Object.entries(bundles)) {
    const budget = budgetOf(route);
    const within = b.js <= budget * 1024;
    ok &&= within;
    const verdict = within ? "ok" : "OVER BUDGET";
    console.log(
      `${route.padEnd(16)} JS ${kb(b.js).padStart(9)} (budget ${budget} KB: ${verdict})  CSS ` +
        `${kb(b.css).padStart(8)}  (${b.files.length} files)`,
    );
  }
  console.log(`worker bundle    ${kb(workerBundle())} gzipped`);
  if (packages) {
    // Each owner's share gzipped alone (so the parts add up to a little more than the files).
    for (const route of ["/", "/app/lounge", "/app/chat"]) {
      console.log(`${route}: what its JS is made of (gzipped per package or client folder)`);
      for (const { owner, gz } of packagesOf(bundles[route].files).filter((p) => p.gz >= 512))
        console.log(`  ${kb(gz).padStart(9)}  ${owner}`);
    }
    // The maps were for this analysis only: never deployed.
    for (const f of readdirSync(path.join(dist, "client/assets")))
      if (f.endsWith(".map")) rmSync(path.join(dist, "client/assets", f));
  }
  const checks = staticAssetChecks();
  console.log(
    `static assets: ${checks.assets} files, ` +
      `${checks.problems.length ? checks.problems.join("; ") : "all hashed, no external URLs, caching headers ok"}`,
  );
  process.exit(ok && checks.problems.length === 0 ? 0 : 1);
}
