#!/usr/bin/env node
// Chat fan-out benchmark: N WebSocket listeners in one channel of the local dev server, M messages
// sent over HTTP, delivery latency (send -> receipt at every listener) and missed messages.
//
//   npm run bench:chat                         # starts its own dev server on a fresh local state
//   npm run bench:chat -- --url http://localhost:5173 --clients 100 --messages 50 --interval 50
//
// Targets on a 2-core dev machine: p50 <= 50 ms, p99 <= 250 ms, 0 missed.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

// Importable: `npm run bench` (test/bench/api.bench.mjs) uses startServer, stopServer, signIn and chatFanOut.
const root = path.resolve(import.meta.dirname, "../..");

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const cookiesOf = (res) => Object.fromEntries(res.headers.getSetCookie().map((line) => line.split(";")[0].split("=").map((s) => s.trim())));

let server;
let stateDir;
/**
 * Starts `vite dev` on a throwaway local state (migrations applied); `seed(stateDir, bin)` runs before
 * the server starts, e.g. `wrangler d1 execute --file`. Returns the base URL.
 */
export async function startServer(port, { seed } = {}) {
  const base = `http://localhost:${port}`;
  stateDir = mkdtempSync(path.join(tmpdir(), "cosmic-bench-"));
  const bin = (name) => path.join(root, "node_modules/.bin", name);
  execFileSync(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--env", "local", "--persist-to", stateDir], { cwd: root, stdio: "ignore" });
  if (seed) await seed(stateDir, bin);
  server = spawn(bin("vite"), ["dev", "--port", String(port), "--strictPort"], {
    cwd: root,
    env: { ...process.env, CLOUDFLARE_ENV: "local", COSMIC_STATE_DIR: stateDir },
    stdio: "ignore",
    detached: true,
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/users/me`)).status === 401) return base;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline || server.exitCode !== null) throw new Error("dev server did not start");
    await sleep(300);
  }
}
export function stopServer() {
  if (server?.pid) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      /* gone */
    }
  }
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
}

/** Signs in through the development provider exactly as the browser does; returns the Cookie header. */
export async function signIn(base, email, name) {
  const redirect = await fetch(`${base}/api/oauth/google/redirect_url`);
  const oauthState = cookiesOf(redirect).oauth_state;
  const { redirectUrl } = await redirect.json();
  const state = new URL(redirectUrl, base).searchParams.get("state");
  const authorize = await fetch(`${base}/api/auth/dev/authorize?${new URLSearchParams({ email, name, state })}`, { redirect: "manual" });
  const code = new URL(authorize.headers.get("location"), base).searchParams.get("code");
  const session = await fetch(`${base}/api/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie: `oauth_state=${oauthState}` },
    body: JSON.stringify({ code, state }),
  });
  if (session.status !== 200) throw new Error(`sign-in failed: ${session.status}`);
  return `session=${cookiesOf(session).session}`;
}

function openListener(base, groupId, cookie, onMessage) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}/api/groups/${groupId}/socket`, { headers: { cookie } });
    const timer = setTimeout(() => reject(new Error("socket did not become ready")), 20_000);
    ws.addEventListener("message", (event) => {
      const frame = JSON.parse(String(event.data));
      if (frame.type === "ready") {
        clearTimeout(timer);
        resolve(ws);
      } else if (frame.type === "message") onMessage(frame.message, performance.now());
    });
    ws.addEventListener("error", () => reject(new Error("socket error")));
  });
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

/**
 * N listeners in a new channel, M messages sent over HTTP; returns the delivery latencies (ms) and
 * what was missed. `log` prints progress (the CLI) or nothing (the combined bench).
 */
export async function chatFanOut(base, { clients: CLIENTS, messages: MESSAGES, interval: INTERVAL_MS = 50, grace: GRACE_MS = 5000, log = () => {} }) {
  const run = `${Date.now().toString(36)}-${CLIENTS}`;
  const cookies = [];
  for (let i = 0; i < CLIENTS; i++) cookies.push(await signIn(base, `bench-${run}-${i}@example.com`, `Bench ${i}`));
  const created = await fetch(`${base}/api/groups`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie: cookies[0] },
    body: JSON.stringify({ name: `Bench ${run}`, description: null, is_private: false }),
  });
  if (created.status !== 201) throw new Error(`could not create the channel: ${created.status}`);
  const { id: groupId } = await created.json();

  /** sentAt[i] = when message i's POST started; received[client] = Map(index -> time). */
  const sentAt = [];
  const received = Array.from({ length: CLIENTS }, () => new Map());
  const sockets = [];
  for (let c = 0; c < CLIENTS; c++) {
    sockets.push(
      await openListener(base, groupId, cookies[c], (message, at) => {
        const index = Number(/^bench #(\d+)$/.exec(message.body)?.[1]);
        if (Number.isInteger(index) && !received[c].has(index)) received[c].set(index, at);
      }),
    );
  }
  log(`${sockets.length} sockets ready`);

  const sender = cookies[0];
  const post = (body) =>
    fetch(`${base}/api/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, cookie: sender },
      body: JSON.stringify({ group_id: groupId, body }),
    });
  // Warm-up (not measured): the first requests compile and start the dev server's worker and object.
  for (let i = 0; i < 5; i++) await (await post(`warm-up ${i}`)).arrayBuffer();
  await sleep(500);

  let postFailures = 0;
  const postTimes = [];
  for (let i = 0; i < MESSAGES; i++) {
    sentAt[i] = performance.now();
    const res = await post(`bench #${i}`);
    if (res.status !== 201) postFailures++;
    await res.arrayBuffer();
    postTimes.push(performance.now() - sentAt[i]);
    await sleep(INTERVAL_MS);
  }
  // Wait until everything arrived, or the grace period is over.
  const deadline = performance.now() + GRACE_MS;
  while (performance.now() < deadline && received.some((r) => r.size < MESSAGES)) await sleep(50);

  const latencies = [];
  let missed = 0;
  let clientsMissing = 0;
  for (const r of received) {
    if (r.size < MESSAGES) clientsMissing++;
    for (let i = 0; i < MESSAGES; i++) {
      const at = r.get(i);
      if (at === undefined) missed++;
      else latencies.push(at - sentAt[i]);
    }
  }
  latencies.sort((a, b) => a - b);
  postTimes.sort((a, b) => a - b);
  for (const ws of sockets) ws.close(1000, "done");
  return {
    clients: CLIENTS,
    messages: MESSAGES,
    deliveries: latencies.length,
    expected: CLIENTS * MESSAGES,
    postFailures,
    missed,
    clientsMissing,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    postP50: percentile(postTimes, 50),
    postP99: percentile(postTimes, 99),
    ok: missed === 0 && postFailures === 0,
  };
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      url: { type: "string" },
      port: { type: "string", default: process.env.BENCH_PORT ?? "5199" },
      clients: { type: "string", default: "100" },
      messages: { type: "string", default: "50" },
      interval: { type: "string", default: "50" },
      grace: { type: "string", default: "5000" },
    },
  });
  const base = args.url ?? (await startServer(args.port));
  const clients = Number(args.clients);
  const messages = Number(args.messages);
  console.log(`chat bench: ${clients} listeners, ${messages} messages every ${args.interval} ms, server ${base}`);
  const r = await chatFanOut(base, { clients, messages, interval: Number(args.interval), grace: Number(args.grace), log: console.log });
  const fmt = (n) => `${n.toFixed(1)} ms`;
  console.log(`deliveries: ${r.deliveries} of ${r.expected} (post failures: ${r.postFailures})`);
  console.log(`latency p50 ${fmt(r.p50)}  p90 ${fmt(r.p90)}  p99 ${fmt(r.p99)}  max ${fmt(r.max)}`);
  console.log(`HTTP POST round trip (store in D1 + hand to the object) p50 ${fmt(r.postP50)}  p99 ${fmt(r.postP99)}`);
  console.log(`missed: ${r.missed} (clients missing any: ${r.clientsMissing})`);
  console.log(r.ok ? "result: OK" : "result: MESSAGES MISSED");
  return r.ok;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main()
    .then((ok) => {
      stopServer();
      process.exit(ok ? 0 : 1);
    })
    .catch((err) => {
      console.error(err instanceof Error ? err.message : err);
      stopServer();
      process.exit(1);
    });
}
