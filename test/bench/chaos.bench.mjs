#!/usr/bin/env node
// Chaos run: bench:load's members (200 for one minute) writing through a local proxy that loses answers, while the
// server is restarted once and one channel's object is unreachable for ten seconds. Every write carries an
// Idempotency-Key and is retried with it as the app's client does (client/idempotent.ts): a lost answer (no answer,
// 502/503/504, 409 request_in_progress) is sent again after a growing pause, until it has an outcome. Listeners hold
// WebSockets (reconnecting and catching up by cursor, as the app does); pollers read every 3 s.
//
//   npm run bench:chaos                                 # 200 members, 60 s
//   npm run bench:chaos -- --users 50 --duration 20
//
// The faults:
//   - the proxy drops 5% of answers AFTER the server handled the request (the client sees the connection die), and
//     holds 10% of answers for 1-4 s;
//   - the server's processes are killed and started again on the same state once (at 30% of the run);
//   - one channel's object is unreachable for 10 s (at 60% of the run), through the local fault switch
//     PUT /api/dev/faults/rooms/:id (worker/dev/faults.ts): its sockets drop, fan-outs and reconnects fail.
// At the end it prints, per write kind: attempted, acknowledged, retried, refused, stored, stored twice (must be 0)
// and lost (must be 0), read from D1 itself; and the messages each listener still missed after one catch-up poll
// (must be 0).
import { randomUUID } from "node:crypto";
import http from "node:http";
import net from "node:net";
import { parseArgs } from "node:util";
import WebSocket from "ws";
import { IDEMPOTENCY, RATE_LIMITS } from "../../worker/shared/rules.ts";
import { executeSql, querySql, runBench, seedUsersWithSessions, sleep, startDevServer } from "./lib.mjs";

const { values: args } = parseArgs({
  options: {
    port: { type: "string", default: process.env.CHAOS_PORT ?? "15196" },
    "server-port": { type: "string", default: process.env.CHAOS_SERVER_PORT ?? "15195" },
    users: { type: "string", default: "200" },
    duration: { type: "string", default: "60" },
    channels: { type: "string", default: "10" },
    "think-min": { type: "string", default: "1000" },
    "think-max": { type: "string", default: "3000" },
    drop: { type: "string", default: "0.05" },
    delay: { type: "string", default: "0.10" },
    "unreachable-seconds": { type: "string", default: "10" },
    /** How long after the run writes may still be retried, and listeners reconnect, before the count. */
    grace: { type: "string", default: "90" },
  },
});
const USERS = Number(args.users);
const DURATION_MS = Number(args.duration) * 1000;
const CHANNELS = Math.max(1, Math.min(Number(args.channels), USERS));
const THINK_MIN = Number(args["think-min"]);
const THINK_MAX = Number(args["think-max"]);
const DROP = Number(args.drop);
const DELAY = Number(args.delay);
const UNREACHABLE_S = Number(args["unreachable-seconds"]);
const GRACE_MS = Number(args.grace) * 1000;
const POLL_MS = 3000;
const PROXY_PORT = Number(args.port);
const SERVER_PORT = Number(args["server-port"]);
const { firstDelayMs, maxDelayMs, timeoutMs } = IDEMPOTENCY.clientRetry;

// ---- the proxy ----

const proxyStats = { answers: 0, dropped: 0, delayed: 0, upstreamDown: 0, upstreamTimeouts: 0 };
/** A fresh connection per request: a kept-alive one may point at the server's process from before the restart. */
const upstream = new http.Agent({ keepAlive: false });
/** An answer the server has not given in this long is a gateway timeout (504), as a real proxy would answer. */
const UPSTREAM_TIMEOUT_MS = 30_000;

/** Forwards to the server; loses or holds some answers after the server has handled the request. */
const proxy = http.createServer((req, res) => {
  const forwarded = http.request(
    { host: "127.0.0.1", port: SERVER_PORT, method: req.method, path: req.url, headers: req.headers, agent: upstream },
    (answer) => {
      const chunks = [];
      answer.on("data", (c) => chunks.push(c));
      answer.on("end", () => {
        proxyStats.answers++;
        const roll = Math.random();
        if (roll < DROP) {
          // Handled by the server, never answered: the client's connection dies.
          proxyStats.dropped++;
          req.socket.destroy();
          return;
        }
        const send = () => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(Buffer.concat(chunks));
        };
        if (roll < DROP + DELAY) {
          proxyStats.delayed++;
          setTimeout(send, 1000 + Math.random() * 3000);
        } else send();
      });
    },
  );
  forwarded.setTimeout(UPSTREAM_TIMEOUT_MS, () => forwarded.destroy(new Error("upstream timeout")));
  forwarded.on("error", (err) => {
    // The server is down (restarting) or too slow: a gateway's answer.
    const timedOut = err.message === "upstream timeout";
    if (timedOut) proxyStats.upstreamTimeouts++;
    else proxyStats.upstreamDown++;
    if (!res.headersSent) {
      res.writeHead(timedOut ? 504 : 502, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "Bad gateway", code: "upstream_failed" }));
    }
  });
  req.pipe(forwarded);
});
// WebSockets pass through untouched (their loss is the restart's and the unreachable object's).
proxy.on("upgrade", (req, socket, head) => {
  const up = net.connect(SERVER_PORT, "127.0.0.1", () => {
    const headers = Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`);
    up.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join("\r\n")}\r\n\r\n`);
    up.write(head);
    socket.pipe(up).pipe(socket);
  });
  up.on("error", () => socket.destroy());
  socket.on("error", () => up.destroy());
});

// ---- the client: writes with a key, retried as the app retries them ----

const retryDelay = (n) => Math.min(maxDelayMs, firstDelayMs * 2 ** (n - 1)) * (0.5 + Math.random() / 2);

async function request(base, cookie, method, pathname, body, key) {
  const headers = { cookie };
  if (method !== "GET") headers.origin = base;
  if (body !== undefined) headers["content-type"] = "application/json";
  if (key) headers["idempotency-key"] = key;
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: text ? JSON.parse(text) : null };
}

/** Per write kind: every write made, and what became of it. */
const writes = { "chat message": [], post: [], comment: [] };
let writesOpenUntil = Infinity;

/** One write: sent with its key until an outcome (2xx or a refusal), retrying lost answers as the app does. */
async function write(kind, base, cookie, pathname, body, content) {
  const entry = { content, key: randomUUID(), retries: 0, outcome: null, status: null, last: null };
  writes[kind].push(entry);
  for (let n = 0; ; n++) {
    if (n > 0) {
      if (Date.now() > writesOpenUntil) return entry;
      entry.retries++;
      await sleep(retryDelay(Math.min(n, 8)));
    }
    let answer;
    try {
      answer = await request(base, cookie, "POST", pathname, body, entry.key);
    } catch {
      entry.last = "no answer";
      continue; // no answer: dropped by the proxy, the timeout, the server gone
    }
    entry.last = answer.status;
    const lost = [502, 503, 504].includes(answer.status) || (answer.status === 409 && answer.retryAfter !== null);
    if (lost) continue;
    entry.status = answer.status;
    entry.outcome = answer.status < 300 ? "acknowledged" : "refused";
    entry.answer = answer.body;
    return entry;
  }
}

// ---- listeners: sockets that reconnect and catch up, as the app's chat does ----

function follow(base, cookie, groupId, received) {
  const state = { cursor: 0, ws: null, stopped: false, reconnects: 0 };
  const catchUp = async () => {
    for (let page = 0; page < 50; page++) {
      let r;
      try {
        r = await request(base, cookie, "GET", `/api/messages?group_id=${groupId}&after=${state.cursor}`);
      } catch {
        return false;
      }
      if (r.status !== 200 || !Array.isArray(r.body)) return false;
      for (const m of r.body) received.add(m.id);
      if (r.body.length === 0) return true;
      state.cursor = r.body.at(-1).id;
    }
    return true;
  };
  const connect = () =>
    new Promise((resolve) => {
      if (state.stopped) return resolve();
      const ws = new WebSocket(`${base.replace(/^http/, "ws")}/api/groups/${groupId}/socket`, {
        headers: { cookie },
        perMessageDeflate: false,
      });
      state.ws = ws;
      let opened = false;
      ws.addEventListener("message", (event) => {
        const frame = JSON.parse(String(event.data));
        if (frame.type === "ready") {
          opened = true;
          resolve();
          void catchUp();
        } else if (frame.type === "message") received.add(frame.message.id);
      });
      const again = async () => {
        if (!opened) resolve();
        if (state.stopped) return;
        state.reconnects++;
        await sleep(500 + Math.random() * 1500);
        void connect();
      };
      ws.addEventListener("close", () => void again());
      ws.addEventListener("error", () => {});
    });
  const stop = () => {
    state.stopped = true;
    state.ws?.close(1000, "done");
  };
  return { state, connect, catchUp, stop };
}

let server;
const stopAll = () => {
  proxy.close();
  server?.stop();
};

async function main() {
  const run = Date.now().toString(36);
  const people = Array.from({ length: USERS }, (_, i) => ({ email: `chaos-${run}-${i}@example.com`, name: `C ${i}` }));
  let cookies = [];
  server = await startDevServer(SERVER_PORT, {
    beforeStart: (stateDir) => {
      cookies = seedUsersWithSessions(stateDir, people);
      // The first member is an admin: the fault switch is an admin's.
      executeSql(stateDir, "UPDATE users SET role = 'admin' WHERE id = 1;");
    },
  });
  await new Promise((resolve, reject) => {
    proxy.once("error", reject);
    proxy.listen(PROXY_PORT, "127.0.0.1", resolve);
  });
  const base = `http://localhost:${PROXY_PORT}`;
  console.log(
    `chaos run: ${USERS} members, ${DURATION_MS / 1000} s, ${CHANNELS} channels, through a proxy on ${base} ` +
      `(drops ${DROP * 100}% of answers after the server handled them, holds ${DELAY * 100}% for 1-4 s), server ` +
      `${server.base}`,
  );
  console.log(
    `per-member limits: posts ${RATE_LIMITS.posts.limit}/min, comments ${RATE_LIMITS.comments.limit}/min, ` +
      `messages ${RATE_LIMITS.messages.limit}/min; client retries from ${firstDelayMs} ms doubling to ${maxDelayMs} ms`,
  );

  // Channels and a few posts, straight to the server (no faults yet).
  const channelIds = [];
  for (let c = 0; c < CHANNELS; c++) {
    const r = await request(server.base, cookies[c], "POST", "/api/groups", {
      name: `Chaos ${run} ${c}`,
      description: null,
      is_private: false,
    });
    if (r.status !== 201) throw new Error(`could not create a channel: ${r.status}`);
    channelIds.push(r.body.id);
  }
  const postIds = [];
  for (let i = 0; i < Math.min(5, USERS); i++) {
    const r = await request(server.base, cookies[i], "POST", "/api/posts", { content: `Chaos welcome ${i}` });
    if (r.status === 201) postIds.push(r.body.id);
  }
  const channelOf = (u) => channelIds[u % CHANNELS];

  // Followers: even members hold a socket, odd members poll every 3 s.
  const received = Array.from({ length: USERS }, () => new Set());
  const listeners = [];
  const pollerUsers = [];
  for (let u = 0; u < USERS; u++) {
    if (u % 2 === 0) listeners.push({ u, follower: follow(base, cookies[u], channelOf(u), received[u]) });
    else pollerUsers.push(u);
  }
  await Promise.all(listeners.map((l) => l.follower.connect()));
  console.log(`${listeners.length} WebSocket listeners ready, ${pollerUsers.length} pollers`);
  let stopPolling = false;
  const pollers = pollerUsers.map(async (u) => {
    const f = follow(base, cookies[u], channelOf(u), received[u]);
    await sleep(Math.random() * POLL_MS);
    while (!stopPolling) {
      await f.catchUp();
      await sleep(POLL_MS);
    }
    return f;
  });

  const startedAt = Date.now();
  const deadline = startedAt + DURATION_MS;
  writesOpenUntil = deadline + GRACE_MS;
  let seq = 0;
  const think = () => sleep(THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN));
  const inFlight = new Set();
  async function member(u) {
    await sleep(Math.random() * THINK_MAX);
    while (Date.now() < deadline) {
      const roll = Math.random();
      const cookie = cookies[u];
      let done;
      if (roll < 0.3) {
        done = request(base, cookie, "GET", "/api/posts?limit=20")
          .then((r) => {
            if (r.status === 200 && Array.isArray(r.body))
              for (const p of r.body.slice(0, 5)) if (!postIds.includes(p.id)) postIds.push(p.id);
          })
          .catch(() => undefined);
      } else if (roll < 0.7) {
        const content = `chaos ${run} u${u} #${seq++}`;
        done = write("chat message", base, cookie, "/api/messages", { group_id: channelOf(u), body: content }, content);
      } else if (roll < 0.85) {
        const content = `Chaos post ${run} u${u} #${seq++}`;
        done = write("post", base, cookie, "/api/posts", { content }, content).then((e) => {
          if (e.status === 201) postIds.push(e.answer.id);
        });
      } else {
        const id = postIds[Math.floor(Math.random() * postIds.length)];
        const content = `Chaos comment ${run} u${u} #${seq++}`;
        done = write("comment", base, cookie, `/api/posts/${id}/comments`, { content }, content);
      }
      // One write at a time per member, retries included, as the app's outbox and forms send them.
      inFlight.add(done);
      await done;
      inFlight.delete(done);
      await think();
    }
  }

  const faults = (async () => {
    await sleep(DURATION_MS * 0.3);
    const t0 = Date.now();
    await server.restart();
    console.log(
      `fault: server restarted at ${((t0 - startedAt) / 1000).toFixed(1)} s, back after ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    await sleep(Math.max(0, startedAt + DURATION_MS * 0.6 - Date.now()));
    let r;
    while (!r) {
      r = await request(server.base, cookies[0], "PUT", `/api/dev/faults/rooms/${channelIds[0]}`, {
        seconds: UNREACHABLE_S,
      }).catch(() => null);
    }
    console.log(
      `fault: channel ${channelIds[0]}'s object unreachable for ${UNREACHABLE_S} s at ` +
        `${((Date.now() - startedAt) / 1000).toFixed(1)} s (${r.status}, ${r.body?.sockets_dropped} sockets dropped)`,
    );
  })();

  // Observed at once (a restart that fails must end the run through runBench's cleanup, not crash it).
  faults.catch(() => undefined);
  await Promise.all(cookies.map((_, u) => member(u)));
  await faults;
  const elapsed = (Date.now() - startedAt) / 1000;
  // Every write to its outcome (retries continue through the grace period).
  const graceEnd = Date.now() + GRACE_MS;
  while (inFlight.size && Date.now() < graceEnd) await sleep(250);
  stopPolling = true;
  const pollerFollowers = await Promise.all(pollers);
  // "Within one poll": each follower's one catch-up from its cursor (a poll that got no answer is made again).
  const onePoll = async (f) => {
    for (let i = 0; i < 30 && !(await f.catchUp()); i++) await sleep(1000);
  };
  await Promise.all([...listeners.map((l) => onePoll(l.follower)), ...pollerFollowers.map(onePoll)]);
  const reconnects = listeners.reduce((a, l) => a + l.follower.state.reconnects, 0);
  for (const l of listeners) l.follower.stop();
  proxy.close();

  // The truth, from D1 itself (the server stopped first, so nothing is written meanwhile).
  const stateDir = server.stateDir;
  await stopServerKeepingState();
  const counts = (sql) => new Map(querySql(stateDir, sql).map((r) => [r.content, r.n]));
  const stored = {
    "chat message": counts(
      `SELECT body AS content, count(*) AS n FROM messages WHERE body LIKE 'chaos ${run} %' GROUP BY body`,
    ),
    post: counts(`SELECT content, count(*) AS n FROM posts WHERE content LIKE 'Chaos post ${run} %' GROUP BY content`),
    comment: counts(
      `SELECT content, count(*) AS n FROM comments WHERE content LIKE 'Chaos comment ${run} %' GROUP BY content`,
    ),
  };
  const messagesByChannel = new Map(channelIds.map((id) => [id, []]));
  for (const r of querySql(stateDir, `SELECT id, channel_id FROM messages WHERE body LIKE 'chaos ${run} %'`))
    messagesByChannel.get(r.channel_id)?.push(r.id);
  server.stop();

  // ---- report ----
  console.log("");
  console.log(
    `${DURATION_MS / 1000} s of new writes, ${elapsed.toFixed(1)} s until every member's last write had its outcome; proxy: ${proxyStats.answers} answers, ${proxyStats.dropped} dropped after the ` +
      `server handled them, ${proxyStats.delayed} held 1-4 s, ${proxyStats.upstreamDown} 502 while the server was ` +
      `down, ${proxyStats.upstreamTimeouts} 504 after ${UPSTREAM_TIMEOUT_MS / 1000} s without an answer`,
  );
  console.log(
    "write kind      attempted  acknowledged  retried (retries)  refused  not sent  stored  stored twice  lost",
  );
  const stuck = [];
  let ok = true;
  for (const kind of ["chat message", "post", "comment"]) {
    const list = writes[kind];
    const table = stored[kind];
    const acknowledged = list.filter((w) => w.outcome === "acknowledged").length;
    const refused = list.filter((w) => w.outcome === "refused").length;
    // Still without an outcome when the retries stopped: the app shows these "Not sent" (Retry, Discard).
    const notSent = list.filter((w) => w.outcome === null);
    const retried = list.filter((w) => w.retries > 0).length;
    const retries = list.reduce((a, w) => a + w.retries, 0);
    let once = 0;
    let twice = 0;
    let lost = 0;
    for (const w of list) {
      const n = table.get(w.content) ?? 0;
      if (n === 1) once++;
      if (n > 1) twice++;
      // Lost: the member was told it was stored (or refused: nothing) and that is not what D1 holds.
      if ((w.outcome === "acknowledged" && n === 0) || (w.outcome === "refused" && n > 0)) lost++;
    }
    for (const w of notSent) stuck.push({ kind, last: w.last, stored: (table.get(w.content) ?? 0) > 0 });
    if (twice || lost) ok = false;
    console.log(
      `${kind.padEnd(14)} ${String(list.length).padStart(10)} ${String(acknowledged).padStart(13)} ` +
        `${`${retried} (${retries})`.padStart(18)} ${String(refused).padStart(8)} ${String(notSent.length).padStart(9)} ` +
        `${String(once).padStart(7)} ${String(twice).padStart(13)} ${String(lost).padStart(5)}`,
    );
  }
  if (stuck.length) {
    const byLast = stuck.reduce((m, w) => m.set(w.last, (m.get(w.last) ?? 0) + 1), new Map());
    console.log(
      `not sent: ${stuck.length} writes still without an outcome after ${GRACE_MS / 1000} s of retries (last answer: ` +
        `${[...byLast].map(([k, n]) => `${k} x${n}`).join(", ")}); stored anyway: ${stuck.filter((w) => w.stored).length}`,
    );
  }
  const refusals = Object.values(writes)
    .flat()
    .filter((w) => w.outcome === "refused")
    .reduce((m, w) => m.set(w.status, (m.get(w.status) ?? 0) + 1), new Map());
  if (refusals.size) console.log(`refusals by status: ${[...refusals].map(([s, n]) => `${s}: ${n}`).join(", ")}`);
  let missedTotal = 0;
  let missedMax = 0;
  let followersMissing = 0;
  for (let u = 0; u < USERS; u++) {
    const ids = messagesByChannel.get(channelOf(u)) ?? [];
    const missed = ids.filter((id) => !received[u].has(id)).length;
    missedTotal += missed;
    missedMax = Math.max(missedMax, missed);
    if (missed) followersMissing++;
  }
  if (missedTotal) ok = false;
  console.log(
    `followers: ${listeners.length} WebSocket listeners (${reconnects} reconnects) and ${pollerUsers.length} pollers; ` +
      `messages missed at the end after one catch-up poll: ${missedTotal} (most by one follower: ${missedMax}, ` +
      `followers missing any: ${followersMissing})`,
  );
  console.log(
    ok ? "result: OK (nothing stored twice, nothing lost, every follower has every message)" : "result: FAILED",
  );
  return ok;
}

/** Stops the server's processes but keeps its state for the final count (server.stop() removes it after). */
async function stopServerKeepingState() {
  const pid = server.pid;
  if (!pid) return;
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    return;
  }
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await sleep(100);
  }
}

runBench(main, stopAll);
