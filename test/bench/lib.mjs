// Shared parts of the benchmarks: a throwaway local server (the production build, or the dev server), sign-in, seeded
// sessions, WebSocket listeners and percentiles.

import { execFileSync, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import WebSocket from "ws";

export const root = path.resolve(import.meta.dirname, "../..");
/** A tool of the project's node_modules/.bin (vite, wrangler, vitest). */
export const bin = (name) => path.join(root, "node_modules/.bin", name);

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Milliseconds on one clock for every thread (each thread's performance.now() starts at its own origin). */
export const clock = () => performance.timeOrigin + performance.now();
export const cookiesOf = (res) =>
  Object.fromEntries(
    res.headers.getSetCookie().map((line) =>
      line
        .split(";")[0]
        .split("=")
        .map((s) => s.trim()),
    ),
  );
export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
export const fmtMs = (n) => `${Number.isFinite(n) ? n.toFixed(1) : "-"} ms`;

/**
 * The production build as the benches serve it: `vite build` with the local configuration baked into
 * the worker's output config (dev sign-in, the Webpay emulator), once per process. The client bundle
 * is the same as a production build's (the local configuration changes only the worker's variables).
 */
let built = false;
export function buildForBench() {
  if (built) return;
  execFileSync(bin("vite"), ["build"], {
    cwd: root,
    stdio: "ignore",
    env: { ...process.env, CLOUDFLARE_ENV: "local" },
  });
  built = true;
}

/**
 * A local server on `port` with a fresh local state that has the migrations applied.
 * `mode` "preview" (the default) serves the production build (buildForBench, then `vite preview`:
 * the built worker and assets in workerd); "dev" is `vite dev` as `npm run dev` (the module pipeline
 * of the dev server included). `beforeStart(stateDir)` may write fixtures into that state first.
 * `restart()` stops the server's processes and starts them again on the same state (bench:chaos).
 */
export async function startDevServer(port, { beforeStart, mode = "preview" } = {}) {
  const base = `http://localhost:${port}`;
  const stateDir = mkdtempSync(path.join(tmpdir(), "cosmic-bench-"));
  execFileSync(
    bin("wrangler"),
    ["d1", "migrations", "apply", "DB", "--local", "--env", "local", "--persist-to", stateDir],
    { cwd: root, stdio: "ignore" },
  );
  if (beforeStart) await beforeStart(stateDir);
  if (mode === "preview") buildForBench();
  // The build already targets the local environment: preview reads it from dist, no CLOUDFLARE_ENV.
  const env = { ...process.env, COSMIC_STATE_DIR: stateDir };
  if (mode === "dev") env.CLOUDFLARE_ENV = "local";
  else delete env.CLOUDFLARE_ENV;
  const spawnServer = () =>
    spawn(bin("vite"), [mode === "preview" ? "preview" : "dev", "--port", String(port), "--strictPort"], {
      cwd: root,
      env,
      stdio: "ignore",
      detached: true,
    });
  const handle = { base, stateDir, mode, server: spawnServer() };
  const kill = () => {
    const { pid } = handle.server;
    if (pid) {
      try {
        process.kill(-pid, "SIGTERM");
      } catch {
        /* gone */
      }
    }
  };
  const stop = () => {
    kill();
    rmSync(stateDir, { recursive: true, force: true });
  };
  const ready = async () => {
    const deadline = Date.now() + 90_000;
    for (;;) {
      try {
        if ((await fetch(`${base}/api/users/me`)).status === 401) return;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline || handle.server.exitCode !== null) {
        stop();
        throw new Error(`${mode} server did not start`);
      }
      await sleep(300);
    }
  };
  const restart = async () => {
    const exited = new Promise((resolve) => handle.server.once("exit", resolve));
    kill();
    await exited;
    // Its children (workerd) may hold the port a moment longer than vite itself.
    for (let i = 0; i < 50; i++) {
      try {
        await fetch(`${base}/api/health`);
        await sleep(200);
      } catch {
        break;
      }
    }
    handle.server = spawnServer();
    await ready();
  };
  await ready();
  return {
    base,
    stateDir,
    stop,
    restart,
    mode,
    get pid() {
      return handle.server.pid;
    },
  };
}

/**
 * The address of the server's workerd itself (miniflare's entry socket, which vite preview forwards
 * to through its node process): the same built worker without the local proxy hop that production
 * does not have. Linux (`ss`) only; null when it cannot be found.
 */
export async function workerdBase(pgid) {
  let listing;
  try {
    listing = execFileSync("ss", ["-ltnpH"], { encoding: "utf8" });
  } catch {
    return null;
  }
  const pids = new Set(
    readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .filter((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) === pgid && stat.includes("(workerd");
        } catch {
          return false;
        }
      }),
  );
  for (const line of listing.split("\n")) {
    const port = /127\.0\.0\.1:(\d+)\s.*pid=(\d+)/.exec(line);
    if (!port || !pids.has(port[2])) continue;
    const base = `http://127.0.0.1:${port[1]}`;
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.status === 200 && (await res.json()).ok === true) return base;
    } catch {
      /* another of workerd's sockets */
    }
  }
  return null;
}

/** Runs SQL against the local D1 state (before the server starts). */
export function executeSql(stateDir, sql) {
  const file = path.join(stateDir, `seed-${Date.now()}.sql`);
  writeFileSync(file, sql);
  execFileSync(
    bin("wrangler"),
    ["d1", "execute", "DB", "--local", "--env", "local", "--persist-to", stateDir, "--file", file],
    { cwd: root, stdio: "ignore" },
  );
  rmSync(file);
}

/** Runs a query against the local D1 state (the server stopped, or between its writes); returns its rows. */
export function querySql(stateDir, sql) {
  const out = execFileSync(
    bin("wrangler"),
    ["d1", "execute", "DB", "--local", "--env", "local", "--persist-to", stateDir, "--json", "--command", sql],
    { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], maxBuffer: 256 * 1024 * 1024 },
  );
  return JSON.parse(out)[0].results;
}

const sqlText = (s) => `'${String(s).replace(/'/g, "''")}'`;

/**
 * Writes `people` ({ email, name }) as users with one session each straight into the state, and returns
 * their Cookie headers: what signing each in would leave, without going through the sign-in endpoints
 * (which are rate limited per IP, and every virtual user here shares one address).
 */
export function seedUsersWithSessions(stateDir, people) {
  const expires = Date.now() + 24 * 3600 * 1000;
  const cookies = [];
  const rows = people.map((p, i) => {
    const token = randomBytes(32).toString("base64url");
    cookies.push(`session=${token}`);
    const id = i + 1;
    const hash = createHash("sha256").update(token).digest("hex");
    return {
      user: `(${id}, ${sqlText(p.email)}, ${sqlText(p.name)})`,
      session: `(${sqlText(hash)}, ${id}, ${expires}, 'bench')`,
    };
  });
  executeSql(
    stateDir,
    `INSERT INTO users (id, email, name) VALUES ${rows.map((r) => r.user).join(",\n")};\n` +
      `INSERT INTO sessions (id, user_id, expires_at, user_agent) VALUES ${rows.map((r) => r.session).join(",\n")};\n`,
  );
  return cookies;
}

/** Signs in through the development provider exactly as the browser does; returns the Cookie header. */
export async function signIn(base, email, name) {
  for (;;) {
    const redirect = await fetch(`${base}/api/oauth/google/redirect_url`);
    if (redirect.status === 429) {
      await sleep(Number(redirect.headers.get("retry-after") ?? 1) * 1000);
      continue;
    }
    const oauthState = cookiesOf(redirect).oauth_state;
    const { redirectUrl } = await redirect.json();
    const state = new URL(redirectUrl, base).searchParams.get("state");
    const authorize = await fetch(`${base}/api/auth/dev/authorize?${new URLSearchParams({ email, name, state })}`, {
      redirect: "manual",
    });
    if (authorize.status === 429) {
      await sleep(Number(authorize.headers.get("retry-after") ?? 1) * 1000);
      continue;
    }
    const code = new URL(authorize.headers.get("location"), base).searchParams.get("code");
    const session = await fetch(`${base}/api/sessions`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, cookie: `oauth_state=${oauthState}` },
      body: JSON.stringify({ code, state }),
    });
    if (session.status === 429) {
      await sleep(Number(session.headers.get("retry-after") ?? 1) * 1000);
      continue;
    }
    if (session.status !== 200) throw new Error(`sign-in failed: ${session.status}`);
    return `session=${cookiesOf(session).session}`;
  }
}

/** A JSON request as the app's client sends it (same-origin header on writes). */
export function apiFetch(base, cookie, method, pathname, body) {
  const headers = { cookie };
  if (method !== "GET") headers.origin = base;
  if (body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${base}${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/**
 * A channel WebSocket that resolves once the room says ready; `onMessage(message, at)` gets every
 * message frame, `at` on `clock` when the frame arrived (before it is parsed). The `ws` client, not
 * Node's WebSocket: it does not offer permessage-deflate, which the worker declines in production
 * (docs/capacity.md, "Chat fan-out") but miniflare's local entry worker would agree to on its own,
 * and it parses frames with half the CPU, on the same two cores as the server.
 */
export function openListener(base, groupId, cookie, onMessage, onClose) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}/api/groups/${groupId}/socket`, {
      headers: { cookie },
      perMessageDeflate: false,
    });
    const timer = setTimeout(() => reject(new Error("socket did not become ready")), 20_000);
    ws.addEventListener("message", (event) => {
      const at = clock();
      const frame = JSON.parse(String(event.data));
      if (frame.type === "ready") {
        clearTimeout(timer);
        resolve(ws);
      } else if (frame.type === "message") onMessage(frame.message, at);
    });
    ws.addEventListener("error", () => reject(new Error("socket error")));
    if (onClose) ws.addEventListener("close", (event) => onClose(event.code));
  });
}

/**
 * Runs a bench's main(), always cleans up (servers, state), and exits 0 when main() resolves true
 * (or `alwaysZero`, for benches that only report), 1 when it fails or throws.
 */
export function runBench(main, cleanup, { alwaysZero = false } = {}) {
  main()
    .then((ok) => {
      cleanup();
      process.exit(ok || alwaysZero ? 0 : 1);
    })
    .catch((err) => {
      console.error(err instanceof Error ? (err.stack ?? err.message) : err);
      cleanup();
      process.exit(1);
    });
}

/**
 * CPU time (ms, user + system) used so far by the processes of the process group `pgid` (a server
 * started by startDevServer leads its own group): `workerd` (the worker, its Durable Objects and the
 * local D1) and all of them (plus vite's node process in front). Linux /proc only; null elsewhere.
 */
export function groupCpuMs(pgid) {
  let entries;
  try {
    entries = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  const out = { workerd: 0, all: 0 };
  for (const pid of entries) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp ... utime(14) stime(15): comm may hold spaces, so split after ')'.
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== pgid) continue;
    const ms = (Number(fields[11]) + Number(fields[12])) * tick;
    out.all += ms;
    if (comm.startsWith("workerd")) out.workerd += ms;
  }
  return out;
}
