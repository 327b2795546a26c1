#!/usr/bin/env node
// Chat fan-out benchmark: N WebSocket listeners in one channel of the local dev server, M messages
// sent over HTTP, delivery latency (send -> receipt at every listener) and missed messages.
//
//   npm run bench:chat                         # starts its own dev server on a fresh local state
//   npm run bench:chat -- --clients 20 --messages 50 --interval 50 --port 5199
//   npm run bench:chat -- --url http://localhost:5173 --clients 100   # a running server: signs listeners in (slow, per-IP limit)
//
// Targets on a 2-core dev machine: p50 <= 50 ms, p99 <= 250 ms, 0 missed.
//
// Importable: `npm run bench` (test/bench/api.bench.mjs) uses startServer, stopServer, benchListeners
// and chatFanOut. The shared parts (dev server, SQL seeding, seeded sessions, sign-in, listeners,
// percentiles) live in ./lib.mjs; signIn is re-exported from there.
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { fmtMs, openListener, percentile, seedUsersWithSessions, signIn, sleep, startDevServer, runBench } from "./lib.mjs";

export { signIn };

let server;
/**
 * Starts `vite dev` on a throwaway local state with the migrations applied (lib's startDevServer);
 * `seed(stateDir)` runs before the server starts, e.g. lib's executeSql with the SQL of
 * ./seed-sql.mjs, or seedUsersWithSessions for the listeners. Returns the base URL.
 */
export async function startServer(port, { seed } = {}) {
  server = await startDevServer(port, { beforeStart: seed });
  return server.base;
}

/** Stops the server of startServer and removes its state. */
export function stopServer() {
  server?.stop();
  server = undefined;
}

/** `count` listener identities ({ email, name }) for seedUsersWithSessions or signIn. */
export function benchListeners(count, run = Date.now().toString(36)) {
  return Array.from({ length: count }, (_, i) => ({ email: `bench-${run}-${i}@example.com`, name: `Bench ${i}` }));
}

/**
 * N listeners in a new channel, M messages sent over HTTP; returns the delivery latencies (ms) and
 * what was missed. `cookies`: the Cookie headers of at least N users, seeded with
 * seedUsersWithSessions before the server started (sign-in is rate limited per IP, and every listener
 * here shares one address); without them each listener signs in through the development provider
 * (lib's signIn waits out the limit: slow, for an already running server only). The messages are sent
 * by the listeners in turn, so the per-user messages limit never caps a run. `log` prints progress
 * (the CLI) or nothing (the combined bench).
 */
export async function chatFanOut(base, { clients: CLIENTS, messages: MESSAGES, interval: INTERVAL_MS = 50, grace: GRACE_MS = 5000, log = () => {}, cookies: seeded }) {
  const run = `${Date.now().toString(36)}-${CLIENTS}`;
  let cookies;
  if (seeded) {
    if (seeded.length < CLIENTS) throw new Error(`chat fan-out to ${CLIENTS} listeners needs ${CLIENTS} sessions, got ${seeded.length}`);
    cookies = seeded.slice(0, CLIENTS);
  } else {
    cookies = [];
    for (const p of benchListeners(CLIENTS, run)) cookies.push(await signIn(base, p.email, p.name));
  }
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

  let sent = 0;
  const post = (body) =>
    fetch(`${base}/api/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, cookie: cookies[sent++ % CLIENTS] },
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
  const clients = Number(args.clients);
  const messages = Number(args.messages);
  // Its own server: the listeners' sessions are seeded into its state; another server: they sign in.
  let cookies;
  const base = args.url ?? (await startServer(args.port, { seed: (stateDir) => (cookies = seedUsersWithSessions(stateDir, benchListeners(clients))) }));
  console.log(`chat bench: ${clients} listeners, ${messages} messages every ${args.interval} ms, server ${base}`);
  const r = await chatFanOut(base, { clients, messages, interval: Number(args.interval), grace: Number(args.grace), log: console.log, cookies });
  console.log(`deliveries: ${r.deliveries} of ${r.expected} (post failures: ${r.postFailures})`);
  console.log(`latency p50 ${fmtMs(r.p50)}  p90 ${fmtMs(r.p90)}  p99 ${fmtMs(r.p99)}  max ${fmtMs(r.max)}`);
  console.log(`HTTP POST round trip (store in D1 + hand to the object) p50 ${fmtMs(r.postP50)}  p99 ${fmtMs(r.postP99)}`);
  console.log(`missed: ${r.missed} (clients missing any: ${r.clientsMissing})`);
  console.log(r.ok ? "result: OK" : "result: MESSAGES MISSED");
  return r.ok;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) runBench(main, stopServer);
