// COSMIC_STATE_DIR is the one setting for the local state: `npm run dev` on a fresh directory migrates
// that directory (not .wrangler/state) and serves it, so the dev sign-in works at once; `npm run db:export`
// reads the same directory. Port OPERATORS_PORT (default 5182).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { apiFetch, signIn, sleep } from "../bench/lib.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const port = Number(process.env.OPERATORS_PORT ?? 5182);
const base = `http://localhost:${port}`;
const stateDir = mkdtempSync(path.join(tmpdir(), "cosmic-state-dir-"));
const env = { ...process.env, COSMIC_STATE_DIR: stateDir, WRANGLER_SEND_METRICS: "false" };
const server = spawn("npm", ["run", "dev", "--", "--port", String(port), "--strictPort"], {
  cwd: root,
  env,
  stdio: ["ignore", "pipe", "pipe"],
  detached: true,
});
let output = "";
server.stdout!.on("data", (d) => (output += d));
server.stderr!.on("data", (d) => (output += d));

afterAll(async () => {
  try {
    process.kill(-server.pid!, "SIGTERM");
  } catch {
    /* gone */
  }
  await sleep(500);
  rmSync(stateDir, { recursive: true, force: true });
});

it("npm run dev on a fresh COSMIC_STATE_DIR migrates and serves that directory: the dev sign-in works", async () => {
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`npm run dev exited with ${server.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm run dev did not answer:\n${output}`);
    const answer = await fetch(`${base}/api/users/me`).catch(() => null);
    if (answer) {
      expect(answer.status).toBe(401);
      break;
    }
    await sleep(500);
  }
  expect(existsSync(path.join(stateDir, "v3/d1"))).toBe(true);
  const email = `state-dir-${Date.now()}@example.com`;
  const cookie = await signIn(base, email, "Fresh State");
  const me = await apiFetch(base, cookie, "GET", "/api/users/me");
  expect(me.status).toBe(200);
  expect(((await me.json()) as { email: string }).email).toBe(email);

  // The export reads the same directory: the member just signed in is in it.
  const dump = path.join(stateDir, "export.sql");
  execFileSync("npm", ["run", "db:export", "--", "--output", dump], { cwd: root, env, stdio: "ignore" });
  expect(readFileSync(dump, "utf8")).toMatch(new RegExp(`INSERT INTO "users" .*'${email}'`));
});
