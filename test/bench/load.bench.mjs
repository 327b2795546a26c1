#!/usr/bin/env node
// Load run: V virtual users for D seconds against the local dev server, doing a realistic mix of feed
// reads, posts, likes, comments and chat sends, while every user follows their channel either with a
// WebSocket listener or with a 3-second poller (as the client falls back to). At the end: throughput,
// p50/p99 per operation, status counts, and the chat check: every message whose send was answered 201
// is stored exactly once and reached every listener and poller of its channel.
//
//   npm run bench:load                               # 200 users, 60 s, its own dev server on a fresh state
//   npm run bench:load -- --users 50 --duration 20
//   npm run bench:load -- --url http://localhost:5173  # an already running server (signs users in: slow, per-IP limit)
//
// Rate limits stay as they are (RATE_LIMITS): the load is spread over many users, each with think time
// between operations, so a realistic mix stays under every per-user limit; any 429 is counted apart.
import { parseArgs } from "node:util";
import { RATE_LIMITS } from "../../worker/shared/rules.ts";
import {
  apiFetch,
  fmtMs,
  openListener,
  percentile,
  runBench,
  seedUsersWithSessions,
  signIn,
  sleep,
  startDevServer,
} from "./lib.mjs";

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    port: { type: "string", default: process.env.BENCH_PORT ?? "5198" },
    users: { type: "string", default: "200" },
    duration: { type: "string", default: "60" },
    channels: { type: "string", default: "10" },
    "think-min": { type: "string", default: "1000" },
    "think-max": { type: "string", default: "3000" },
    grace: { type: "string", default: "8000" },
  },
});
const USERS = Number(args.users);
const DURATION_MS = Number(args.duration) * 1000;
const CHANNELS = Math.max(1, Math.min(Number(args.channels), USERS));
const THINK_MIN = Number(args["think-min"]);
const THINK_MAX = Number(args["think-max"]);
const GRACE_MS = Number(args.grace);
const POLL_MS = 3000;

/** The mix: weights of each operation a virtual user picks between think times. */
const MIX = [
  ["feed", 40],
  ["chat", 25],
  ["like", 15],
  ["comment", 10],
  ["post", 10],
];
const MIX_TOTAL = MIX.reduce((a, [, w]) => a + w, 0);
const pick = () => {
  let r = Math.random() * MIX_TOTAL;
  for (const [op, w] of MIX) {
    r -= w;
    if (r < 0) return op;
  }
  return MIX[0][0];
};

/** Per operation: latencies and status classes. */
const stats = new Map();
function record(op, ms, status) {
  let s = stats.get(op);
  if (!s) {
    s = { times: [], ok: 0, c4xx: 0, c429: 0, c5xx: 0, errors: 0 };
    stats.set(op, s);
  }
  s.times.push(ms);
  if (status === 0) s.errors++;
  else if (status === 429) s.c429++;
  else if (status >= 500) s.c5xx++;
  else if (status >= 400) s.c4xx++;
  else s.ok++;
}
async function timed(op, request) {
  const started = performance.now();
  let res;
  try {
    res = await request();
    const body = await res.text();
    record(op, performance.now() - started, res.status);
    return {
      status: res.status,
      body: body && res.headers.get("content-type")?.includes("json") ? JSON.parse(body) : null,
    };
  } catch {
    record(op, performance.now() - started, 0);
    return { status: 0, body: null };
  }
}

let server;
const stopServer = () => server?.stop();

async function main() {
  const run = Date.now().toString(36);
  const people = Array.from({ length: USERS }, (_, i) => ({
    email: `load-${run}-${i}@example.com`,
    name: `Load ${i}`,
  }));
  let cookies = [];
  if (!args.url)
    server = await startDevServer(args.port, {
      beforeStart: (stateDir) => (cookies = seedUsersWithSessions(stateDir, people)),
    });
  const base = args.url ?? server.base;
  if (args.url) for (const p of people) cookies.push(await signIn(base, p.email, p.name));
  console.log(
    `load run: ${USERS} virtual users, ${DURATION_MS / 1000} s, ${CHANNELS} channels, think time ` +
      `${THINK_MIN}-${THINK_MAX} ms, server ${base}`,
  );
  console.log(
    `per-user limits: posts ${RATE_LIMITS.posts.limit}/min, comments ${RATE_LIMITS.comments.limit}/min, messages ` +
      `${RATE_LIMITS.messages.limit}/min`,
  );

  // Channels (created by the first users) and a few posts to like and comment on.
  const channelIds = [];
  for (let c = 0; c < CHANNELS; c++) {
    const res = await apiFetch(base, cookies[c], "POST", "/api/groups", {
      name: `Load ${run} ${c}`,
      description: null,
      is_private: false,
    });
    if (res.status !== 201) throw new Error(`could not create a channel: ${res.status}`);
    channelIds.push((await res.json()).id);
  }
  const postIds = [];
  for (let i = 0; i < Math.min(5, USERS); i++) {
    const res = await apiFetch(base, cookies[i], "POST", "/api/posts", { content: `Welcome post ${i}` });
    if (res.status === 201) postIds.push((await res.json()).id);
  }

  // Followers: even users hold a WebSocket, odd users poll every 3 s from a cursor.
  /** received[user] = Set of message ids seen (socket frames or polls). */
  const received = Array.from({ length: USERS }, () => new Set());
  const channelOf = (u) => channelIds[u % CHANNELS];
  const sockets = [];
  let socketCloses = 0;
  const listenerUsers = [];
  const pollerUsers = [];
  for (let u = 0; u < USERS; u++) (u % 2 === 0 ? listenerUsers : pollerUsers).push(u);
  await Promise.all(
    listenerUsers.map(async (u) => {
      sockets.push(
        await openListener(
          base,
          channelOf(u),
          cookies[u],
          (message) => received[u].add(message.id),
          () => socketCloses++,
        ),
      );
    }),
  );
  console.log(`${sockets.length} WebSocket listeners ready, ${pollerUsers.length} pollers`);

  // Each poller starts at the channel's current end, as a client that has just loaded it.
  const cursors = new Map();
  for (const u of pollerUsers) cursors.set(u, 0);
  let stopPolling = false;
  const poll = async (u) => {
    // Reads every page after the cursor (at most chatCatchUpPage per call), as the client's catch-up does.
    for (;;) {
      const r = await timed("poll", () =>
        apiFetch(base, cookies[u], "GET", `/api/messages?group_id=${channelOf(u)}&after=${cursors.get(u)}`),
      );
      if (r.status !== 200 || !Array.isArray(r.body) || r.body.length === 0) return;
      for (const m of r.body) received[u].add(m.id);
      cursors.set(u, r.body.at(-1).id);
    }
  };
  const pollers = pollerUsers.map(async (u) => {
    await sleep(Math.random() * POLL_MS);
    while (!stopPolling) {
      await poll(u);
      await sleep(POLL_MS);
    }
  });

  /** sent[channel] = Map(id -> body) of every send answered 201. */
  const sent = new Map(channelIds.map((id) => [id, new Map()]));
  let sendSeq = 0;
  const deadline = performance.now() + DURATION_MS;
  const startedAt = performance.now();
  const think = () => sleep(THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN));

  async function virtualUser(u) {
    await sleep(Math.random() * THINK_MAX);
    while (performance.now() < deadline) {
      const op = pick();
      const cookie = cookies[u];
      const target = () => postIds[Math.floor(Math.random() * postIds.length)];
      if (op === "feed") {
        const r = await timed("feed read", () => apiFetch(base, cookie, "GET", "/api/posts?limit=20"));
        if (r.status === 200 && Array.isArray(r.body))
          for (const p of r.body.slice(0, 5)) if (!postIds.includes(p.id)) postIds.push(p.id);
      } else if (op === "post") {
        const r = await timed("post", () =>
          apiFetch(base, cookie, "POST", "/api/posts", { content: `Load post by ${u} at ${Date.now()}` }),
        );
        if (r.status === 201) postIds.push(r.body.id);
      } else if (op === "like") {
        const id = target();
        if (id) await timed("like", () => apiFetch(base, cookie, "POST", `/api/posts/${id}/like`));
      } else if (op === "comment") {
        const id = target();
        if (id)
          await timed("comment", () =>
            apiFetch(base, cookie, "POST", `/api/posts/${id}/comments`, { content: `Comment by ${u}` }),
          );
      } else {
        const groupId = channelOf(u);
        const body = `load ${run} u${u} #${sendSeq++}`;
        const r = await timed("chat send", () =>
          apiFetch(base, cookie, "POST", "/api/messages", { group_id: groupId, body }),
        );
        if (r.status === 201) sent.get(groupId).set(r.body.id, body);
      }
      await think();
    }
  }
  await Promise.all(cookies.map((_, u) => virtualUser(u)));
  const elapsed = (performance.now() - startedAt) / 1000;

  // Let the last deliveries land, then the pollers' final read.
  const expected = (u) => sent.get(channelOf(u));
  const graceEnd = performance.now() + GRACE_MS;
  while (performance.now() < graceEnd && listenerUsers.some((u) => received[u].size < expected(u).size))
    await sleep(100);
  stopPolling = true;
  await Promise.all(pollers);
  await Promise.all(pollerUsers.map((u) => poll(u)));

  // Stored exactly once: read every channel back from the start, page by page.
  let stored = 0;
  let lost = 0;
  let duplicated = 0;
  for (const groupId of channelIds) {
    const seen = new Map();
    let after = 0;
    for (;;) {
      const res = await apiFetch(base, cookies[0], "GET", `/api/messages?group_id=${groupId}&after=${after}`);
      const page = await res.json();
      if (!Array.isArray(page) || page.length === 0) break;
      for (const m of page) seen.set(m.body, (seen.get(m.body) ?? 0) + 1);
      after = page.at(-1).id;
    }
    for (const body of sent.get(groupId).values()) {
      const n = seen.get(body) ?? 0;
      stored += n === 1 ? 1 : 0;
      if (n === 0) lost++;
      if (n > 1) duplicated++;
    }
  }
  const totalSent = [...sent.values()].reduce((a, m) => a + m.size, 0);
  let missedByListeners = 0;
  let missedByPollers = 0;
  let followersMissing = 0;
  for (let u = 0; u < USERS; u++) {
    let missing = 0;
    for (const id of expected(u).keys()) if (!received[u].has(id)) missing++;
    if (missing) followersMissing++;
    if (u % 2 === 0) missedByListeners += missing;
    else missedByPollers += missing;
  }
  const closedEarly = socketCloses;
  for (const ws of sockets) ws.close(1000, "done");

  // ---- report ----
  const rows = [...stats.entries()].sort((a, b) => b[1].times.length - a[1].times.length);
  const total = rows.reduce((a, [, s]) => a + s.times.length, 0);
  const sum = (key) => rows.reduce((a, [, s]) => a + s[key], 0);
  console.log("");
  console.log(`requests: ${total} in ${elapsed.toFixed(1)} s = ${(total / elapsed).toFixed(1)} req/s`);
  console.log("operation      count    req/s      p50        p99      2xx/3xx   4xx   429   5xx   failed");
  for (const [op, s] of rows) {
    s.times.sort((a, b) => a - b);
    console.log(
      `${op.padEnd(12)} ${String(s.times.length).padStart(7)} ${(s.times.length / elapsed).toFixed(1).padStart(8)} ` +
        `${fmtMs(percentile(s.times, 50)).padStart(10)} ${fmtMs(percentile(s.times, 99)).padStart(10)} ` +
        `${String(s.ok).padStart(9)} ${String(s.c4xx).padStart(5)} ${String(s.c429).padStart(5)} ` +
        `${String(s.c5xx).padStart(5)} ${String(s.errors).padStart(8)}`,
    );
  }
  console.log(
    `totals: 4xx ${sum("c4xx")} (429 counted apart: ${sum("c429")}), 5xx ${sum("c5xx")}, failed connections ` +
      `${sum("errors")}`,
  );
  console.log(
    `chat: ${totalSent} messages sent (201), ${stored} stored exactly once, ${lost} lost, ${duplicated} duplicated`,
  );
  console.log(
    `chat delivery: ${listenerUsers.length} WebSocket listeners missed ${missedByListeners}, ${pollerUsers.length} ` +
      `pollers missed ${missedByPollers} (followers missing any: ${followersMissing}); sockets closed early: ` +
      `${closedEarly}`,
  );
  const ok =
    sum("c5xx") === 0 &&
    sum("errors") === 0 &&
    lost === 0 &&
    duplicated === 0 &&
    missedByListeners === 0 &&
    missedByPollers === 0;
  console.log(
    ok
      ? "result: OK (no 5xx, no lost or duplicated messages, every listener and poller got every message)"
      : "result: FAILED",
  );
  return ok;
}

runBench(main, stopServer);
