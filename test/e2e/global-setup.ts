// Starts the dev server (the same `vite dev` as `npm run dev`) on its own port and a fresh local
// state directory with the migrations applied, and stops it afterwards. The AI providers are the
// local fakes (test/fakes/ai-providers.mjs), handed to the worker through process.env
// (CLOUDFLARE_INCLUDE_PROCESS_ENV; a .dev.vars file in the project would take precedence).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { fakeAiEnv, type RunningFakeAiProviders, startFakeAiProviders } from "../fakes/ai-providers.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const PORT = Number(process.env.E2E_PORT ?? 5180);
let server: ChildProcess | undefined;
let stateDir: string;
let fakeAi: RunningFakeAiProviders | undefined;

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    stateDir: string;
  }
}

export async function setup(project: TestProject) {
  stateDir = mkdtempSync(path.join(tmpdir(), "cosmic-e2e-"));
  const bin = (name: string) => path.join(root, "node_modules/.bin", name);
  fakeAi = await startFakeAiProviders();
  execFileSync(
    bin("wrangler"),
    ["d1", "migrations", "apply", "DB", "--local", "--env", "local", "--persist-to", stateDir],
    { cwd: root, stdio: "ignore" },
  );
  server = spawn(bin("vite"), ["dev", "--port", String(PORT), "--strictPort"], {
    cwd: root,
    env: {
      ...process.env,
      CLOUDFLARE_ENV: "local",
      COSMIC_STATE_DIR: stateDir,
      CLOUDFLARE_INCLUDE_PROCESS_ENV: "true",
      ...fakeAiEnv(fakeAi.url),
      ...project.config.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  server.stdout!.on("data", (d) => (output += d));
  server.stderr!.on("data", (d) => (output += d));
  const baseUrl = `http://localhost:${PORT}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/api/users/me`);
      if (res.status === 401) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`dev server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  project.provide("baseUrl", baseUrl);
  project.provide("stateDir", stateDir);
}

export async function teardown() {
  if (server?.pid) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  }
  await fakeAi?.close();
  rmSync(stateDir, { recursive: true, force: true });
}
