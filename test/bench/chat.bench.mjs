#!/usr/bin/env node
// Chat fan-out benchmark: N WebSocket listeners in one channel of the local dev server, M messages
// sent over HTTP, delivery latency (send -> receipt at every listener) and missed messages.
//
//   npm run bench:chat                         # starts its own dev server on a fresh local state
//   npm run bench:chat -- --url http://localhost:5173 --clients 100 --messages 50 --interval 50
//
// Targets on a 2-core dev machine: p50 <= 50 ms, p99 <= 250 ms, 0 missed.
import { parseArgs } from "node:util";
import { fmtMs, openListener, percentile, seedUsersWithSessions, signIn, sleep, startDevServer } from "./lib.mjs";

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
const CLIENTS = Number(args.clients);
const MESSAGES = Number(args.messages);
const INTERVAL_MS = Number(args.interval);
const GRACE_MS = Number(args.grace);

let server;
const stopServer = () => server?.stop();

async function main() {
  const run = Date.now().toString(36);
  const people = Array.from({ length: CLIENTS }, (_, i) => ({ email: `bench-${run}-${i}@example.com`, name: `Bench ${i}` }));
  let cookies = [];
  // Its own server: the listeners' sessions are seeded (sign-in is rate limited per IP); another server: sign in.
  if (!args.url) server = await startDevServer(args.port, { beforeStart: (stateDir) => (cookies = seedUsersWithSessions(stateDir, people)) });
  const base = args.url ?? server.base;
  console.log(`chat bench: ${CLIENTS} listeners, ${MESSAGES} messages every ${INTERVAL_MS} ms, server ${base}`);
  if (args.url) for (const p of people) cookies.push(await signIn(base, p.email, p.name));
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
  console.log(`${sockets.length} sockets ready`);

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
  const fmt = fmtMs;
  console.log(`deliveries: ${latencies.length} of ${CLIENTS * MESSAGES} (post failures: ${postFailures})`);
  console.log(`latency p50 ${fmt(percentile(latencies, 50))}  p90 ${fmt(percentile(latencies, 90))}  p99 ${fmt(percentile(latencies, 99))}  max ${fmt(latencies.at(-1) ?? NaN)}`);
  postTimes.sort((a, b) => a - b);
  console.log(`HTTP POST round trip (store in D1 + hand to the object) p50 ${fmt(percentile(postTimes, 50))}  p99 ${fmt(percentile(postTimes, 99))}`);
  console.log(`missed: ${missed} (clients missing any: ${clientsMissing})`);
  for (const ws of sockets) ws.close(1000, "done");
  const ok = missed === 0 && postFailures === 0;
  console.log(ok ? "result: OK" : "result: MESSAGES MISSED");
  return ok;
}

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
