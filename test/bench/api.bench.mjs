#!/usr/bin/env node
// `npm run bench`: ONE table from one run on local servers (each on a throwaway state seeded with
// 10,000 posts with likes and comments, 10,000 resources, 100,000 messages, 1,000 programs of 3 lessons):
//   - API on the production build (vite build, then vite preview: the built worker and assets in
//     workerd) and, side by side, on the dev server (vite dev): requests/s and p50/p99 of the hot reads
//     at a bounded concurrency, each as a ratio to the trivial JSON route GET /api/health of the same
//     worker in the same run, without and with the member's cookie (the targets are judged on the build,
//     against the signed-in one: posts page, empty chat poll, resources page, programs list and lesson page
//     >= 0.85, the tag list and search >= 0.6); a lesson's media as a 1 KB range (206) with its CPU per request; search over every index with a rare word and with a word that is in every
//     one of the 100,000 messages and 10,000 resources (110,000 matches);
//   - D1 statements per request at 10 and at 10,000 posts (the programs' rows: at 10 and 1,000 programs), from
//     test/worker/query-count.test.ts;
//   - chat fan-out latency at 10, 100 and 500 listeners on the build (test/bench/chat.bench.mjs);
//   - bundles: gzipped JS/CSS of a first visit to /, /app/lounge, /app/resources; the worker bundle.
// Figures, never assertions: it exits non-zero only when something failed to run or a request failed.
//
//   npm run bench -- --seconds 3 --rounds 3 --concurrency 16 --port 5179 --fanout 10,100,500 --messages 20 --servers
// preview,dev
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { budgetOf, kb, measureBundles, staticAssetChecks, workerBundle } from "./bundles.mjs";
import { benchListeners, chatFanOut, serverPid, startServer, stopServer } from "./chat.bench.mjs";
import {
  bin,
  buildForBench,
  executeSql,
  groupCpuMs,
  fmtMs as ms,
  percentile,
  root,
  runBench,
  seedUsersWithSessions,
  signIn,
  workerdBase,
} from "./lib.mjs";
import {
  SEED_CHANNEL_ID,
  SEED_LESSON_ID,
  SEED_PROGRAM_ID,
  SEEDED_REVENUE_PATH,
  seedBase,
  seedPayments,
  seedPosts,
  seedPrograms,
} from "./seed-sql.mjs";

const { values: args } = parseArgs({
  options: {
    port: { type: "string", default: process.env.BENCH_PORT ?? "5179" },
    seconds: { type: "string", default: "3" },
    rounds: { type: "string", default: "3" },
    concurrency: { type: "string", default: "16" },
    fanout: { type: "string", default: "10,100,500" },
    messages: { type: "string", default: "20" },
    servers: { type: "string", default: "preview,direct,dev" },
  },
});
const SECONDS = Number(args.seconds);
const CONCURRENCY = Number(args.concurrency);
const ROUNDS = Number(args.rounds);

/** D1 statements per request, measured by the worker test at 10 and at 10,000 posts. */
function statementCounts() {
  const out = execFileSync(bin("vitest"), ["run", "--config", "test/worker/vitest.config.ts", "query-count"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, FORCE_COLOR: "0" },
  });
  const rows = {};
  for (const m of out.matchAll(/D1_STATEMENTS (\{.*\})/g)) {
    const row = JSON.parse(m[1]);
    rows[row.route] = row;
  }
  return rows;
}

/** A route's path: fixed, or a function giving each request's. */
const pathOf = (pathname) => (typeof pathname === "function" ? pathname() : pathname);

/**
 * CONCURRENCY loops of GET `pathname` (or of the path it gives for each request, when a function) for SECONDS;
 * latencies of successful requests, failures counted by what they were (a status, or "network").
 */
async function load(base, pathname, cookie, extraHeaders = {}) {
  const headers = { ...extraHeaders, ...(cookie ? { cookie } : {}) };
  const latencies = [];
  let failures = 0;
  const failed = {};
  let bytes = 0;
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          const res = await fetch(base + pathOf(pathname), { headers });
          const body = await res.arrayBuffer();
          // A range request answers 206.
          if (res.status === 200 || res.status === 206) {
            latencies.push(performance.now() - t);
            bytes = body.byteLength;
          } else {
            failures++;
            failed[res.status] = (failed[res.status] ?? 0) + 1;
          }
        } catch {
          failures++;
          failed.network = (failed.network ?? 0) + 1;
        }
      }
    }),
  );
  return { latencies, failures, failed, bytes, elapsed: (performance.now() - started) / 1000 };
}

/** A route's failures over the servers: how many, and what they were ("12 (503: 10, network: 2)"). */
function failuresText(results) {
  const failed = {};
  for (const r of results) for (const [what, n] of Object.entries(r.failed)) failed[what] = (failed[what] ?? 0) + n;
  const total = results.reduce((n, r) => n + r.failures, 0);
  const kinds = Object.entries(failed).map(([what, n]) => `${what}: ${n}`);
  return kinds.length ? `${total} (${kinds.join(", ")})` : String(total);
}

/**
 * Every route in turn, ROUNDS times (so drift in the machine's load hits them all alike), merged; with
 * the server's CPU time per request (its process group, read from /proc around each route's run).
 */
async function loadAll(base, routes) {
  const merged = routes.map(() => ({
    latencies: [],
    failures: 0,
    failed: {},
    bytes: 0,
    elapsed: 0,
    cpuWorkerd: 0,
    cpuAll: 0,
    cpuBench: 0,
    requests: 0,
  }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, [, p, c, , h]] of routes.entries()) {
      const before = groupCpuMs(serverPid());
      const benchBefore = process.cpuUsage();
      const r = await load(base, p, c, h);
      const bench = process.cpuUsage(benchBefore);
      const after = groupCpuMs(serverPid());
      merged[i].cpuBench += (bench.user + bench.system) / 1000;
      merged[i].latencies.push(...r.latencies);
      merged[i].failures += r.failures;
      for (const [what, n] of Object.entries(r.failed)) merged[i].failed[what] = (merged[i].failed[what] ?? 0) + n;
      merged[i].bytes = r.bytes;
      merged[i].elapsed += r.elapsed;
      merged[i].requests += r.latencies.length + r.failures;
      if (before && after) {
        merged[i].cpuWorkerd += after.workerd - before.workerd;
        merged[i].cpuAll += after.all - before.all;
      }
    }
  }
  return merged.map((m) => {
    m.latencies.sort((a, b) => a - b);
    return {
      rps: m.latencies.length / m.elapsed,
      p50: percentile(m.latencies, 50),
      p99: percentile(m.latencies, 99),
      failures: m.failures,
      failed: m.failed,
      bytes: m.bytes,
      n: m.latencies.length,
      cpuWorkerd: m.cpuWorkerd / m.requests,
      cpuAll: m.cpuAll / m.requests,
      cpuBench: m.cpuBench / m.requests,
    };
  });
}

/**
 * Ratio targets to GET /api/health with the member's cookie on the production build (every
 * signed-in request reads its session from D1, so signed-in reads are judged against that).
 */
const TARGETS = {
  posts: 0.85,
  "messages poll": 0.85,
  resources: 0.85,
  "resource tags": 0.6,
  search: 0.6,
  programs: 0.85,
  lesson: 0.85,
};
/** "direct": the build's workerd addressed on its own socket, without vite preview's node proxy (lib's workerdBase). */
const SERVER_LABEL = { preview: "build", direct: "build direct", dev: "vite dev" };

/** The hot reads, by statement-count key; `latest` is the newest seeded message id (the empty poll's cursor). */
let searched = 0;
const nextMessageNumber = () => `/api/search?q=${10_000 + (searched++ % 90_000)}`;

const routesOf = (cookie, latest, mediaLesson) => [
  ["GET /api/health (baseline)", "/api/health", undefined, "health"],
  // The same trivial route with the member's cookie: the middleware plus the session lookup.
  ["GET /api/health (signed in)", "/api/health", cookie, "health signed in"],
  ["GET /api/posts (20 of 10,000)", "/api/posts?limit=20", cookie, "posts"],
  [
    "GET /api/messages?after= (empty poll)",
    `/api/messages?group_id=${SEED_CHANNEL_ID}&after=${latest}`,
    cookie,
    "messages poll",
  ],
  ["GET /api/resources (24 of 10,000)", "/api/resources?limit=24", cookie, "resources"],
  ["GET /api/resources?q= (search)", "/api/resources?limit=24&q=resource%209", cookie, "resources search"],
  ["GET /api/resources/tags", "/api/resources/tags", cookie, "resource tags"],
  ["GET /api/search?q= (1 match)", "/api/search?q=42424", cookie, "search"],
  ["GET /api/search?q= (110,000 matches)", "/api/search?q=benchmark", cookie, "search"],
  // What members do: each search a text not searched before (one seeded message's number each), so D1 cannot answer
  // from a statement it prepared for the same text: the statement must be one text whatever the words.
  ["GET /api/search?q= (a new word each time)", nextMessageNumber, cookie, "search"],
  ["GET /api/users/me", "/api/users/me", cookie, "users/me"],
  // /pricing's data (public), and the admin's revenue dashboard over 100,000 payments (D1 statements at 100
  // and at 100,000 payments in the statements column).
  ["GET /api/plans (/pricing's data)", "/api/plans", undefined, "plans"],
  ["GET /api/admin/revenue (100,000 payments)", SEEDED_REVENUE_PATH, cookie, "revenue"],
  ["GET /api/programs (50 of 1,000)", "/api/programs", cookie, "programs"],
  ["GET /api/lessons/:id (lesson page)", `/api/lessons/${SEED_LESSON_ID}`, cookie, "lesson"],
  // A lesson's audio, a 1 KB range of it from R2 (206), as a player seeking asks.
  [
    "GET /api/lessons/:id/media (range, 206)",
    `/api/lessons/${mediaLesson}/media`,
    cookie,
    "lesson media",
    { range: "bytes=1000-1999" },
  ],
  // The pages the worker renders (worker/pages.ts): the guards, the loaders' API reads in the same isolate and React's
  // render, per request.
  ["GET /app/lounge (rendered, 20 of 10,000)", "/app/lounge", cookie, "page lounge"],
  ["GET /app/chat (rendered)", "/app/chat", cookie, "page chat"],
];

/** Uploads the sample program's first audio lesson into the first seeded program; its lesson id. */
async function uploadMediaLesson(base, cookie) {
  const form = new FormData();
  form.set("title", "Bench audio");
  const audio = await readFile(path.join(root, "scripts/seed-audio/lesson-1.ogg"));
  form.set("file", new File([audio], "lesson.ogg", { type: "audio/ogg" }));
  const res = await fetch(`${base}/api/programs/${SEED_PROGRAM_ID}/lessons`, {
    method: "POST",
    headers: { cookie, origin: base },
    body: form,
  });
  if (res.status !== 201)
    throw new Error(`could not upload the bench's audio lesson: ${res.status} ${await res.text()}`);
  return (await res.json()).lesson.id;
}

async function main() {
  const started = Date.now();
  console.error("bench: building the production bundle…");
  buildForBench();
  const bundles = measureBundles();
  const worker = workerBundle();
  const assets = staticAssetChecks();
  console.error("bench: counting D1 statements (worker test at 10 and 10,000 posts)…");
  const statements = statementCounts();

  const fanouts = args.fanout.split(",").filter(Boolean).map(Number);
  const servers = args.servers.split(",");
  const api = {};
  const fanout = [];
  let routes;
  for (const mode of servers) {
    console.error(
      `bench: seeding 10,000 posts, 10,000 resources, 100,000 messages and ${Math.max(0, ...fanouts)} listeners' ` +
        `sessions, starting the ${SERVER_LABEL[mode]} server…`,
    );
    // The chat listeners' sessions are seeded (sign-in is rate limited per IP: 500 sign-ins would wait
    // out the limit for minutes); each fan-out run takes the first N of them into a new channel.
    let listenerCookies;
    let base = await startServer(args.port, {
      mode: mode === "dev" ? "dev" : "preview",
      seed: (stateDir) => {
        executeSql(
          stateDir,
          [
            ...seedBase({ resources: 10_000, messages: 100_000 }),
            ...seedPosts(10_000),
            ...seedPayments(100_000),
            ...seedPrograms(1000),
          ]
            .map((s) => `${s};`)
            .join("\n"),
        );
        listenerCookies = seedUsersWithSessions(stateDir, benchListeners(Math.max(1, ...fanouts)));
      },
    });
    try {
      if (mode === "direct") {
        base = await workerdBase(serverPid());
        if (!base)
          throw new Error("could not find the build's workerd socket (Linux `ss` needed for the direct server)");
      }
      // admin@example.com is an admin in the local configuration: it passes the paid-member guard of
      // /api/resources after the same membership read a paying member has.
      const cookie = await signIn(base, "admin@example.com", "Bench Admin");
      const latest = await (
        await fetch(`${base}/api/messages?group_id=${SEED_CHANNEL_ID}`, { headers: { cookie } })
      ).json();
      routes = routesOf(cookie, latest.at(-1).id, await uploadMediaLesson(base, cookie));
      // Warm-up (not measured): the first requests start the worker (and, on vite dev, compile it).
      for (const [, p, c, , h] of routes)
        for (let i = 0; i < 20; i++)
          await (await fetch(base + pathOf(p), { headers: { ...h, ...(c ? { cookie: c } : {}) } })).arrayBuffer();
      console.error(
        `bench: ${SERVER_LABEL[mode]}: ${CONCURRENCY} connections x ${SECONDS} s per route x ${ROUNDS} rounds…`,
      );
      api[mode] = await loadAll(base, routes);
      if (mode !== "dev") {
        for (const n of fanouts) {
          console.error(`bench: chat fan-out to ${n} listeners (${SERVER_LABEL[mode]})…`);
          fanout.push({
            path: SERVER_LABEL[mode],
            ...(await chatFanOut(base, {
              clients: n,
              messages: Number(args.messages),
              interval: 50,
              grace: 10_000,
              cookies: listenerCookies,
            })),
          });
        }
      }
    } finally {
      stopServer();
    }
  }

  // ---- the table ----
  const lines = [];
  const row = (...cells) => lines.push(cells.join(" | "));
  lines.push(
    `Cosmic Lounge bench · ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"}) · load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} · node ${process.version} · ${new Date().toISOString()}`,
  );
  lines.push("");
  lines.push(
    `API · ${CONCURRENCY} concurrent connections, ${SECONDS} s per route in each of ${ROUNDS} interleaved rounds · ` +
      `10,000 posts, 10,000 resources, 100,000 messages, 1,000 programs (3,000 lessons) seeded`,
  );
  lines.push(
    `ratio = req/s of the route / req/s of GET /api/health (no cookie) on the same server in the same run, ` +
      `signed-in = the same against GET /api/health with the member's cookie (the targets are judged on it, on the ` +
      `build); build = vite build + vite preview (workerd behind vite's node proxy), build direct = the same workerd ` +
      `on its own socket (no node hop: the path production has), vite dev = the dev server`,
  );
  const serverCells = (r, health, signedIn) => [
    r.rps.toFixed(0).padStart(6),
    ms(r.p50).padStart(9),
    ms(r.p99).padStart(9),
    (r.rps / health.rps).toFixed(2).padStart(5),
    (r.rps / signedIn.rps).toFixed(2).padStart(9),
  ];
  lines.push(
    `CPU = server CPU time per request on the build (user + system, /proc): workerd (worker, Durable Objects, local ` +
      `D1) / with vite's node proxy in front / this bench's own (the load generator shares the 2 cores); D1 = ` +
      `statements (round trips: a batch is one) from test/worker/query-count.test.ts`,
  );
  row(
    "route".padEnd(38),
    ...servers.flatMap((m) => [
      `${SERVER_LABEL[m]} req/s`.padStart(6),
      "p50".padStart(9),
      "p99".padStart(9),
      "ratio",
      "signed-in",
    ]),
    "target".padEnd(13),
    "body".padStart(8),
    "D1 stmts @10 / @10,000 posts (trips)".padEnd(36),
    "CPU ms/req".padStart(16),
    "fail",
  );
  for (const [i, [label, , , key]] of routes.entries()) {
    const s = statements[key];
    const target = TARGETS[key];
    const built = api.preview?.[i];
    const met =
      built && target ? (built.rps / api.preview[1].rps >= target ? `>= ${target} ok` : `>= ${target} MISSED`) : "";
    row(
      label.padEnd(38),
      ...servers.flatMap((m) => serverCells(api[m][i], api[m][0], api[m][1])),
      met.padEnd(13),
      `${(built ?? api[servers[0]][i]).bytes} B`.padStart(8),
      (s
        ? `${s.at10} / ${s.at10000}${s.at10 === s.at10000 ? " flat" : " GROWS"} (${s.roundTrips ?? "?"})`
        : "n/a"
      ).padEnd(36),
      (built
        ? `${built.cpuWorkerd.toFixed(1)} / ${built.cpuAll.toFixed(1)} / ${built.cpuBench.toFixed(1)}`
        : "n/a"
      ).padStart(16),
      failuresText(servers.map((m) => api[m][i])),
    );
  }
  if (fanout.length) {
    lines.push("");
    lines.push(
      `Chat fan-out on the build · ${args.messages} messages every 50 ms, latency from POST start to receipt at ` +
        `every listener`,
    );
    row(
      "server".padEnd(12),
      "listeners".padEnd(10),
      "p50".padStart(9),
      "p90".padStart(9),
      "p99".padStart(9),
      "max".padStart(9),
      "delivered",
      "POST p50/p99",
      "CPU s: workerd / vite proxy / bench",
    );
    for (const f of fanout) {
      const cpu =
        `${f.cpu.workerd.toFixed(1)} / ${f.cpu.proxy.toFixed(1)} / ${f.cpu.bench.toFixed(1)} of ` +
        `${f.cpu.seconds.toFixed(1)} s`;
      row(
        f.path.padEnd(12),
        String(f.clients).padEnd(10),
        ms(f.p50).padStart(9),
        ms(f.p90).padStart(9),
        ms(f.p99).padStart(9),
        ms(f.max).padStart(9),
        `${f.deliveries}/${f.expected}`,
        `${ms(f.postP50)} / ${ms(f.postP99)}`,
        cpu,
      );
    }
  }
  lines.push("");
  lines.push(
    "Bundles · production build, gzip -9, first visit " +
      "(entry + route chunk + their static imports; no dynamic imports)",
  );
  row("route".padEnd(16), "JS".padStart(9), "CSS".padStart(8), "JS budget");
  for (const [route, b] of Object.entries(bundles))
    row(
      route.padEnd(16),
      kb(b.js).padStart(9),
      kb(b.css).padStart(8),
      `${budgetOf(route)} KB ${b.js <= budgetOf(route) * 1024 ? "ok" : "OVER"}`,
    );
  row("worker bundle".padEnd(16), kb(worker).padStart(9));
  lines.push(
    `static assets: ${assets.assets} files; ` +
      (assets.problems.join("; ") || "all hashed, no external URLs, /assets/* immutable, index.html no-cache"),
  );
  lines.push(`(run took ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  console.log(lines.join("\n"));
  return servers.every((m) => api[m].every((r) => r.failures === 0)) && fanout.every((f) => f.ok);
}

runBench(main, stopServer);
