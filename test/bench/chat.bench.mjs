#!/usr/bin/env node
// Chat fan-out benchmark: N WebSocket listeners spread over C channels of a local server running the
// production build, M messages sent over HTTP, delivery latency (send -> receipt at every listener of
// the message's channel) and missed messages. The listeners live in worker threads (listeners.worker.mjs)
// and the sender in the main thread, timed on one clock (lib's `clock`).
//
//   npm run bench:chat                          # builds, serves the build on a fresh local state: 500 listeners in
// 1 channel, 1,000 in 10,
//                                               # through vite preview's port and direct to its workerd
//   npm run bench:chat -- --runs 20x1 --messages 50 --interval 50 --port 5199 --threads 2 --paths proxy,direct
//   npm run bench:chat -- --dev                 # the same against `vite dev`
//   npm run bench:chat -- --url http://localhost:5173 --runs 100x1   # a running server: signs listeners in (slow,
// per-IP limit)
//
// Targets on a 2-core machine: 500 listeners p50 <= 60 ms, p99 <= 150 ms, 0 missed.
//
// Importable: `npm run bench` (test/bench/api.bench.mjs) uses startServer, stopServer, benchListeners
// and chatFanOut. The shared parts (dev server, SQL seeding, seeded sessions, sign-in, listeners,
// percentiles) live in ./lib.mjs; signIn is re-exported from there.
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import {
  clock,
  fmtMs,
  groupCpuMs,
  percentile,
  runBench,
  seedUsersWithSessions,
  signIn,
  sleep,
  startDevServer,
  workerdBase,
} from "./lib.mjs";

/**
 * Worker threads for the listeners (test/bench/listeners.worker.mjs): receiving frames stays off the sender's event
 * loop.
 */
const LISTENER_THREADS = 2;

export { signIn };

let server;
/**
 * Starts a local server on a throwaway state with the migrations applied (lib's startDevServer): the
 * production build (`mode` "preview", the default) or `vite dev` ("dev"). `seed(stateDir)` runs before
 * the server starts, e.g. lib's executeSql with the SQL of ./seed-sql.mjs, or seedUsersWithSessions for
 * the listeners. Returns the base URL.
 */
export async function startServer(port, { seed, mode } = {}) {
  server = await startDevServer(port, { beforeStart: seed, mode });
  return server.base;
}

/** The process group of the server of startServer (lib's groupCpuMs reads its CPU time). */
export const serverPid = () => server?.pid;

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
 * N listeners spread evenly over C new channels (listener i in channel i % C), M messages sent over
 * HTTP to the channels in turn; returns the delivery latencies (ms, POST start to receipt at each
 * listener of that message's channel) and what was missed. `cookies`: the Cookie headers of at least
 * N users, seeded with seedUsersWithSessions before the server started (sign-in is rate limited per
 * IP, and every listener here shares one address); without them each listener signs in through the
 * development provider (lib's signIn waits out the limit: slow, for an already running server only).
 * Each message is sent by one of its channel's listeners in turn, so the per-user messages limit never
 * caps a run. `log` prints progress (the CLI) or nothing (the combined bench).
 */
export async function chatFanOut(
  base,
  {
    clients: CLIENTS,
    channels: CHANNELS = 1,
    messages: MESSAGES,
    interval: INTERVAL_MS = 50,
    grace: GRACE_MS = 5000,
    threads: THREADS = LISTENER_THREADS,
    log = () => {},
    cookies: seeded,
  },
) {
  const run = `${Date.now().toString(36)}-${CLIENTS}`;
  let cookies;
  if (seeded) {
    if (seeded.length < CLIENTS)
      throw new Error(`chat fan-out to ${CLIENTS} listeners needs ${CLIENTS} sessions, got ${seeded.length}`);
    cookies = seeded.slice(0, CLIENTS);
  } else {
    cookies = [];
    for (const p of benchListeners(CLIENTS, run)) cookies.push(await signIn(base, p.email, p.name));
  }
  const groupIds = [];
  for (let ch = 0; ch < CHANNELS; ch++) {
    const created = await fetch(`${base}/api/groups`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, cookie: cookies[ch] },
      body: JSON.stringify({ name: `Bench ${run} ${ch}`, description: null, is_private: false }),
    });
    if (created.status !== 201) throw new Error(`could not create the channel: ${created.status}`);
    groupIds.push((await created.json()).id);
  }
  const channelOf = (client) => client % CHANNELS;
  const members = groupIds.map((_, ch) => cookies.filter((_, c) => channelOf(c) === ch));

  /** The message indexes listener `c` must receive: those sent to its channel. */
  const expectedOf = (c) => Array.from({ length: MESSAGES }, (_, i) => i).filter((i) => i % CHANNELS === channelOf(c));
  const expected = Array.from({ length: CLIENTS }, (_, c) => expectedOf(c));

  // The listeners, spread over THREADS worker threads (listener c in thread c % THREADS).
  const threadOf = (c) => c % THREADS;
  const workers = Array.from({ length: Math.min(THREADS, CLIENTS) }, (_, t) => {
    const mine = Array.from({ length: CLIENTS }, (_, c) => c).filter((c) => threadOf(c) === t);
    const worker = new Worker(new URL("./listeners.worker.mjs", import.meta.url), {
      workerData: {
        base,
        listeners: mine.map((c) => ({ groupId: groupIds[channelOf(c)], cookie: cookies[c] })),
        expectedPerListener: mine.map((c) => expected[c].length),
      },
    });
    const said = (type) =>
      new Promise((resolve, reject) => {
        const onMessage = (m) => {
          if (m.type !== type) return;
          worker.off("message", onMessage);
          resolve(m);
        };
        worker.on("message", onMessage);
        worker.once("error", reject);
      });
    return { worker, mine, ready: said("ready"), complete: said("complete"), receipts: () => said("receipts") };
  });
  await Promise.all(workers.map((w) => w.ready));
  log(`${CLIENTS} sockets ready in ${CHANNELS} channel(s), over ${workers.length} thread(s)`);

  const sentBy = groupIds.map(() => 0);
  const post = (ch, body) =>
    fetch(`${base}/api/messages`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: base,
        cookie: members[ch][sentBy[ch]++ % members[ch].length],
      },
      body: JSON.stringify({ group_id: groupIds[ch], body }),
    });
  // Warm-up (not measured): the first requests start the worker and each channel's object.
  for (let ch = 0; ch < CHANNELS; ch++)
    for (let i = 0; i < 3; i++) await (await post(ch, `warm-up ${i}`)).arrayBuffer();
  await sleep(500);

  /** sentAt[i] = when message i's POST started, on lib's `clock` (the listeners' threads use the same one). */
  const sentAt = [];
  let postFailures = 0;
  const postTimes = [];
  const serverBefore = server ? groupCpuMs(server.pid) : null;
  const benchBefore = process.cpuUsage();
  const phaseStart = clock();
  for (let i = 0; i < MESSAGES; i++) {
    sentAt[i] = clock();
    const res = await post(i % CHANNELS, `bench #${i}`);
    if (res.status !== 201) postFailures++;
    await res.arrayBuffer();
    postTimes.push(clock() - sentAt[i]);
    await sleep(INTERVAL_MS);
  }
  // Wait until every thread has everything, or the grace period is over; then collect the receipts.
  await Promise.race([Promise.all(workers.map((w) => w.complete)), sleep(GRACE_MS)]);
  // Where the machine's CPU went while sending and delivering: is the bench measuring itself?
  const seconds = (clock() - phaseStart) / 1000;
  const serverAfter = server ? groupCpuMs(server.pid) : null;
  const bench = process.cpuUsage(benchBefore);
  const cpu = {
    seconds,
    workerd: serverBefore && serverAfter ? (serverAfter.workerd - serverBefore.workerd) / 1000 : NaN,
    proxy:
      serverBefore && serverAfter
        ? (serverAfter.all - serverAfter.workerd - (serverBefore.all - serverBefore.workerd)) / 1000
        : NaN,
    bench: (bench.user + bench.system) / 1e6,
  };
  const received = Array.from({ length: CLIENTS }, () => new Map());
  await Promise.all(
    workers.map(async (w) => {
      const pending = w.receipts();
      w.worker.postMessage("collect");
      const { receipts } = await pending;
      receipts.forEach((entries, k) => {
        received[w.mine[k]] = new Map(entries);
      });
      await w.worker.terminate();
    }),
  );

  const latencies = [];
  let missed = 0;
  let clientsMissing = 0;
  for (const [c, r] of received.entries()) {
    if (r.size < expected[c].length) clientsMissing++;
    for (const i of expected[c]) {
      const at = r.get(i);
      if (at === undefined) missed++;
      else latencies.push(at - sentAt[i]);
    }
  }
  latencies.sort((a, b) => a - b);
  postTimes.sort((a, b) => a - b);
  return {
    clients: CLIENTS,
    channels: CHANNELS,
    messages: MESSAGES,
    deliveries: latencies.length,
    expected: expected.reduce((n, e) => n + e.length, 0),
    postFailures,
    missed,
    clientsMissing,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    postP50: percentile(postTimes, 50),
    postP99: percentile(postTimes, 99),
    cpu,
    ok: missed === 0 && postFailures === 0,
  };
}

/** Delivery targets at 500 listeners in one channel, on the production build. */
export const FANOUT_TARGET = { listeners: 500, p50: 60, p99: 150 };

async function main() {
  const { values: args } = parseArgs({
    options: {
      url: { type: "string" },
      port: { type: "string", default: process.env.BENCH_PORT ?? "5199" },
      runs: { type: "string", default: "500x1,1000x10" },
      messages: { type: "string", default: "50" },
      interval: { type: "string", default: "50" },
      grace: { type: "string", default: "5000" },
      dev: { type: "boolean", default: false },
      threads: { type: "string", default: String(LISTENER_THREADS) },
      paths: { type: "string", default: "proxy,direct" },
    },
  });
  /** "500x1,1000x10" -> [{ clients: 500, channels: 1 }, { clients: 1000, channels: 10 }] */
  const runs = args.runs.split(",").map((r) => {
    const [clients, channels = "1"] = r.split("x");
    return { clients: Number(clients), channels: Number(channels) };
  });
  const most = Math.max(...runs.map((r) => r.clients));
  const messages = Number(args.messages);
  // Its own server: the listeners' sessions are seeded into its state; another server: they sign in.
  let cookies;
  const mode = args.dev ? "dev" : "preview";
  const served =
    args.url ??
    (await startServer(args.port, {
      mode,
      seed: (stateDir) => (cookies = seedUsersWithSessions(stateDir, benchListeners(most))),
    }));
  // "proxy": through the server's port (vite's node process forwards every request and frame to
  // workerd); "direct": workerd's own socket, the built worker without that local hop (production has none).
  const paths = args.url ? [["given", served]] : [];
  for (const path of args.url ? [] : args.paths.split(",")) {
    const base = path === "direct" ? await workerdBase(server.pid) : served;
    if (!base) throw new Error("could not find workerd's socket for the direct path (Linux `ss` needed)");
    paths.push([path, base]);
  }
  const where = args.url
    ? served
    : mode === "dev"
      ? "vite dev"
      : "production build (vite build + vite preview, workerd)";
  console.log(
    `chat bench · ${where} · ${messages} messages every ${args.interval} ms per run · listeners over ` +
      `${args.threads} thread(s)`,
  );
  let ok = true;
  for (const [path, base] of paths) {
    const where =
      path === "direct"
        ? `direct to workerd (${base})`
        : path === "proxy"
          ? `through the server's port (${base})`
          : base;
    for (const run of runs) {
      console.log(`[${where}]`);
      const r = await chatFanOut(base, {
        ...run,
        messages,
        interval: Number(args.interval),
        grace: Number(args.grace),
        threads: Number(args.threads),
        log: console.log,
        cookies,
      });
      const target =
        run.clients === FANOUT_TARGET.listeners && run.channels === 1
          ? ` (target p50 <= ${FANOUT_TARGET.p50} ms, p99 <= ${FANOUT_TARGET.p99} ms: ` +
            `${r.p50 <= FANOUT_TARGET.p50 && r.p99 <= FANOUT_TARGET.p99 ? "met" : "NOT met"})`
          : "";
      console.log(
        `${run.clients} listeners in ${run.channels} channel(s): deliveries ${r.deliveries} of ${r.expected} (post ` +
          `failures: ${r.postFailures}, missed ${r.missed}, clients missing any ${r.clientsMissing})`,
      );
      console.log(
        `  delivery p50 ${fmtMs(r.p50)}  p90 ${fmtMs(r.p90)}  p99 ${fmtMs(r.p99)}  max ${fmtMs(r.max)}${target}`,
      );
      console.log(
        `  sender's POST round trip (store in D1, hand to the object, answer) p50 ${fmtMs(r.postP50)}  p99 ` +
          `${fmtMs(r.postP99)}`,
      );
      const share = (s) => `${s.toFixed(1)} s (${((100 * s) / r.cpu.seconds).toFixed(0)}% of a core)`;
      console.log(
        `  CPU over the ${r.cpu.seconds.toFixed(1)} s of sending and delivering: workerd ${share(r.cpu.workerd)}, ` +
          `vite's node proxy ${share(r.cpu.proxy)}, this bench ${share(r.cpu.bench)}`,
      );
      ok &&= r.ok;
    }
  }
  console.log(ok ? "result: OK" : "result: MESSAGES MISSED");
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) runBench(main, stopServer);
