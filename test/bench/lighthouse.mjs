#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse (mobile defaults: emulated phone, simulated slow 4G and CPU
// slowdown) on /, /pricing and /app/lounge signed in, against the production bundle served by `vite preview`
// (the built worker and assets). The bundle is built with the local configuration, so the preview's
// worker offers the development sign-in; the client bundle is the same as the production one.
// Two servers of the same build side by side, each on its own state: the pages rendered by the worker
// ("server-rendered", worker/pages.ts) and the client-rendered shell as before (SERVER_RENDERING=off), audited
// interleaved (one page on one, then on the other: one machine, one load). `--modes server` or `--modes client`
// runs one only.
// Chromium is the system one (CHROME_PATH, default /usr/bin/chromium); nothing is downloaded.
// Prints the performance and accessibility scores of each run (5 by default, `--runs N`: Lighthouse's
// advice for its run-to-run variance), their median, and what costs points. Targets, judged on the
// median of the server-rendered pages: performance 100 on `/` and `/pricing` and >= 98 on /app/lounge,
// accessibility 100 on each (figures only: it exits 0 when they are missed).
//
//   npm run bench:lighthouse -- --port 5189 --runs 3
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { bin, root, runBench, signIn, sleep } from "./lib.mjs";

const { values: args } = parseArgs({
  options: {
    port: { type: "string", default: process.env.LIGHTHOUSE_PORT ?? "5189" },
    "preview-port": { type: "string", default: process.env.LIGHTHOUSE_PREVIEW_PORT ?? "5179" },
    /** A folder to write each page's full Lighthouse report (JSON) into. */
    save: { type: "string" },
    /** Runs of every page, back to back; the targets are judged on the median (one run moves by several points). */
    runs: { type: "string", default: "5" },
    /** Which servers: the worker's rendered pages (`server`) and the client-rendered shell as before (`client`). */
    modes: { type: "string", default: "server,client" },
  },
});
// Lighthouse talks to a small compressing proxy per server (as Cloudflare's edge gzips/brotlis text responses;
// `vite preview` sends them uncompressed), which forwards to the preview server. The two servers are on two host
// names, so their session cookies stay apart in Chromium's jar.
const MODES = {
  server: { label: "server-rendered", host: "localhost", offset: 0, env: {} },
  client: {
    label: "client-rendered",
    host: "127.0.0.1",
    offset: 1,
    env: { CLOUDFLARE_INCLUDE_PROCESS_ENV: "true", SERVER_RENDERING: "off" },
  },
};
const modes = args.modes.split(",").map((name) => {
  const mode = MODES[name];
  if (!mode) throw new Error(`--modes: unknown mode ${name} (server, client)`);
  const port = Number(args.port) + mode.offset;
  const previewPort = Number(args["preview-port"]) + mode.offset;
  return {
    ...mode,
    base: `http://${mode.host}:${port}`,
    port,
    previewPort,
    previewBase: `http://localhost:${previewPort}`,
    stateDir: mkdtempSync(path.join(tmpdir(), "cosmic-lighthouse-")),
  };
});

let ready = false;
let chrome;

function cleanup() {
  try {
    chrome?.kill();
  } catch {
    /* gone */
  }
  for (const mode of modes) {
    mode.proxy?.close();
    if (mode.preview?.pid) {
      try {
        process.kill(-mode.preview.pid, "SIGTERM");
      } catch {
        /* gone */
      }
    }
    rmSync(mode.stateDir, { recursive: true, force: true });
  }
}

/** The build both servers serve (the local configuration: dev sign-in, the Webpay emulator). */
function build() {
  execFileSync(bin("vite"), ["build"], {
    cwd: root,
    env: { ...process.env, CLOUDFLARE_ENV: "local" },
    stdio: "ignore",
  });
}

async function startPreview(mode) {
  const { base, previewBase, stateDir } = mode;
  const env = { ...process.env, CLOUDFLARE_ENV: "local", COSMIC_STATE_DIR: stateDir, ...mode.env };
  execFileSync(
    bin("wrangler"),
    ["d1", "migrations", "apply", "DB", "--local", "--env", "local", "--persist-to", stateDir],
    { cwd: root, stdio: "ignore" },
  );
  const preview = spawn(bin("vite"), ["preview", "--port", String(mode.previewPort), "--strictPort"], {
    cwd: root,
    env,
    stdio: "ignore",
    detached: true,
  });
  mode.preview = preview;
  const proxy = http.createServer(async (req, res) => {
    try {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const headers = { ...req.headers };
      delete headers["accept-encoding"];
      delete headers.host;
      // The proxy is transparent: the worker sees its own origin (its same-origin check passes).
      if (headers.origin === base) headers.origin = previewBase;
      const upstream = await fetch(previewBase + req.url, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
        redirect: "manual",
      });
      let body = Buffer.from(await upstream.arrayBuffer());
      const out = {};
      upstream.headers.forEach((value, key) => {
        if (!["content-encoding", "content-length", "transfer-encoding", "connection", "set-cookie"].includes(key))
          out[key] = value;
      });
      if (out.location?.startsWith(previewBase)) out.location = base + out.location.slice(previewBase.length);
      const setCookie = upstream.headers.getSetCookie();
      if (setCookie.length) out["set-cookie"] = setCookie;
      const type = upstream.headers.get("content-type") ?? "";
      if (
        /gzip/.test(req.headers["accept-encoding"] ?? "") &&
        /text|javascript|json|css|svg|xml|manifest/.test(type) &&
        body.length > 512
      ) {
        body = gzipSync(body);
        out["content-encoding"] = "gzip";
      }
      out["content-length"] = String(body.length);
      res.writeHead(upstream.status, out);
      res.end(body);
      if (upstream.status >= 500 && ready)
        console.error(`lighthouse: ${req.method} ${req.url} answered ${upstream.status}`);
    } catch (err) {
      if (ready)
        console.error(
          `lighthouse: proxy failed on ${req.method} ${req.url}: ${err instanceof Error ? err.message : err}`,
        );
      res.writeHead(502).end();
    }
  });
  // WebSocket upgrades (the live socket) go through untouched, as at the edge.
  proxy.on("upgrade", (req, socket, head) => {
    const upstream = net.connect(mode.previewPort, "localhost", () => {
      const previewHost = `localhost:${mode.previewPort}`;
      const headers = Object.entries(req.headers).map(
        ([k, v]) => `${k}: ${k === "origin" && v === base ? previewBase : k === "host" ? previewHost : v}`,
      );
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join("\r\n")}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    const close = () => {
      socket.destroy();
      upstream.destroy();
    };
    upstream.on("error", close);
    socket.on("error", close);
  });
  mode.proxy = proxy;
  await new Promise((resolve) => proxy.listen(mode.port, mode.host, resolve));
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline || preview.exitCode !== null) throw new Error("vite preview did not start");
    await sleep(300);
  }
}

/** Mobile score targets per page (of the server-rendered pages). */
const TARGETS = {
  "/": { performance: 100, accessibility: 100 },
  "/pricing": { performance: 100, accessibility: 100 },
  "/app/lounge": { performance: 98, accessibility: 100 },
};
const PAGES = Object.keys(TARGETS);

/**
 * One Lighthouse run of `url`. Lighthouse first clears the HTTP cache and the origin's caches and
 * service workers, never its cookies: a signed-in page is measured with the session cookie put in
 * Chromium's own jar over CDP (a Cookie header in Lighthouse's extraHeaders does not reach the page's
 * fetches), on a cold cache in every run.
 */
async function audit(mode, url, { run = 1 } = {}) {
  const { base } = mode;
  let lhr;
  // Lighthouse sometimes fails to record the trace (NO_NAVSTART, "run Lighthouse again"): such a run has
  // no scores, so it is run again rather than reported as 0.
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
    });
    lhr = result.lhr;
    if (!lhr.runtimeError || attempt === 3) break;
    console.error(`lighthouse: ${url.replace(base, "")}: ${lhr.runtimeError.code}; running it again`);
  }
  if (lhr.runtimeError)
    console.log(`note: ${url.replace(base, "")}: Lighthouse failed three times (${lhr.runtimeError.code}); no scores`);
  if (args.save) {
    mkdirSync(args.save, { recursive: true });
    writeFileSync(
      path.join(args.save, `${mode.label}${new URL(url).pathname.replace(/\W+/g, "_") || "_root"}-${run}.json`),
      JSON.stringify(lhr),
    );
  }
  const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
  const metric = (id) => lhr.audits[id]?.displayValue ?? "n/a";
  const failing = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== "informative" &&
        a.scoreDisplayMode !== "notApplicable",
    )
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`);
  return {
    mode: mode.label,
    url: url.replace(base, ""),
    finalUrl: lhr.finalDisplayedUrl.replace(base, ""),
    performance: score("performance"),
    accessibility: score("accessibility"),
    fcp: metric("first-contentful-paint"),
    lcp: metric("largest-contentful-paint"),
    tbt: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    failing,
  };
}

async function main() {
  console.error("lighthouse: building, then starting vite preview…");
  build();
  for (const mode of modes) {
    await startPreview(mode);
    mode.cookie = await signIn(mode.base, "lighthouse@example.com", "Lighthouse Soul");
    // Something to show: a few posts in the feed.
    for (let i = 1; i <= 5; i++) {
      await fetch(`${mode.base}/api/posts`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: mode.base, cookie: mode.cookie },
        body: JSON.stringify({ content: `Morning meditation #${i}: breathe in the starlight, breathe out the noise.` }),
      });
    }
  }
  ready = true;
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const jar = async (change) => {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    await change(cdp.contexts()[0]);
    await cdp.close();
  };
  const runs = Math.max(1, Number(args.runs) || 1);
  /** Results by mode, then page. */
  const results = Object.fromEntries(modes.map((m) => [m.label, Object.fromEntries(PAGES.map((p) => [p, []]))]));
  for (let run = 1; run <= runs; run++) {
    console.error(`lighthouse: run ${run} of ${runs}…`);
    // The lounge signed in; the landing and pricing pages signed out. Each page on every server before the next.
    for (const page of PAGES) {
      for (const mode of modes) {
        await jar(async (context) => {
          await context.clearCookies();
          if (page === "/app/lounge") {
            const [name, value] = mode.cookie.split("=");
            await context.addCookies([{ name, value, url: mode.base, httpOnly: true, sameSite: "Lax" }]);
          }
        });
        results[mode.label][page].push(await audit(mode, `${mode.base}${page}`, { run }));
      }
    }
  }
  const chromeVersion = execFileSync(process.env.CHROME_PATH ?? "/usr/bin/chromium", ["--version"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  }).trim();
  const lighthouseVersion = JSON.parse(
    execFileSync("node", ["-p", "JSON.stringify(require('lighthouse/package.json').version)"], {
      cwd: root,
      encoding: "utf8",
    }),
  );
  console.log(
    `Lighthouse ${lighthouseVersion} · mobile (default) · vite preview of the production bundle · ${chromeVersion} ` +
      `· ${runs} run(s) each, interleaved`,
  );
  console.log(
    "build           | page          | run    | performance | accessibility | FCP      | LCP      | TBT     | CLS",
  );
  const row = (r, label) =>
    console.log(
      `${r.mode.padEnd(15)} | ${r.url.padEnd(13)} | ${label.padEnd(6)} | ${String(r.performance).padStart(11)} | ` +
        `${String(r.accessibility).padStart(13)} | ${r.fcp.padEnd(8)} | ${r.lcp.padEnd(8)} | ${r.tbt.padEnd(7)} | ` +
        `${r.cls}`,
    );
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
  /** A metric's median, in its display unit (Lighthouse's "1.2 s", "30 ms", "0.01"). */
  const medianOf = (list, key) => {
    const values = list.map((r) => Number.parseFloat(String(r[key]).replace(/,/g, ""))).filter(Number.isFinite);
    const unit = /[a-z]+$/.exec(String(list[0]?.[key] ?? ""))?.[0] ?? "";
    return values.length ? `${median(values)}${unit ? ` ${unit}` : ""}` : "n/a";
  };
  const summary = {};
  for (const byPage of Object.values(results))
    for (const list of Object.values(byPage))
      list.forEach((r, i) => {
        row(r, String(i + 1));
      });
  console.log("");
  console.log("medians         | page          | performance | accessibility | FCP      | LCP      | TBT     | CLS");
  for (const page of PAGES)
    for (const [label, byPage] of Object.entries(results)) {
      const list = byPage[page];
      const m = {
        performance: median(list.map((r) => r.performance)),
        accessibility: median(list.map((r) => r.accessibility)),
      };
      summary[`${label} ${page}`] = m;
      console.log(
        `${label.padEnd(15)} | ${page.padEnd(13)} | ${String(m.performance).padStart(11)} | ` +
          `${String(m.accessibility).padStart(13)} | ${medianOf(list, "fcp").padEnd(8)} | ` +
          `${medianOf(list, "lcp").padEnd(8)} | ${medianOf(list, "tbt").padEnd(7)} | ${medianOf(list, "cls")}`,
      );
    }
  for (const byPage of Object.values(results))
    for (const list of Object.values(byPage)) {
      const last = list.at(-1);
      if (last.finalUrl !== last.url) console.log(`note: ${last.mode} ${last.url} ended at ${last.finalUrl}`);
      if (last.failing.length) console.log(`${last.mode} ${last.url} below 0.9 (last run): ${last.failing.join(", ")}`);
    }
  const judged = modes.find((m) => m.label === MODES.server.label) ?? modes[0];
  const met = (page) => {
    const m = summary[`${judged.label} ${page}`];
    return m.performance >= TARGETS[page].performance && m.accessibility >= TARGETS[page].accessibility;
  };
  for (const page of PAGES) {
    console.log(
      `${judged.label} ${page}: target performance >= ${TARGETS[page].performance}, accessibility >= ` +
        `${TARGETS[page].accessibility} (median of ${runs}): ${met(page) ? "met" : "NOT met"}`,
    );
  }
  return PAGES.every(met);
}

runBench(
  async () => {
    const ok = await main();
    console.log(ok ? "result: every target met" : "result: a target is missed");
    return ok;
  },
  cleanup,
  { alwaysZero: true },
);
