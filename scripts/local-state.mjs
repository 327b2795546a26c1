// The local D1/R2 of `npm run dev` and `npx wrangler dev` (.wrangler/state, or COSMIC_STATE_DIR as the
// e2e suite and the benches use), opened with wrangler's getPlatformProxy for [env.local], so the
// files are the very ones those servers read. Local only: nothing here can reach a remote database.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
export const stateDir = path.resolve(root, process.env.COSMIC_STATE_DIR ?? ".wrangler/state");

/**
 * The local bindings (DB, BLOBS) of [env.local] in `state` (the state directory, COSMIC_STATE_DIR's by
 * default); call dispose() when done. The proxy is opened on a copy of that environment's D1 and R2
 * bindings alone (same ids, so the same files): with the chat's Durable Object binding, workerd would
 * warn that this script exports no ChatRoom class.
 */
export async function openLocalState(state = stateDir) {
  process.env.WRANGLER_LOG ??= "error";
  const { getPlatformProxy, unstable_readConfig } = await import("wrangler");
  const local = unstable_readConfig({ config: path.join(root, "wrangler.toml"), env: "local" });
  const dir = await mkdtemp(path.join(tmpdir(), "cosmic-local-state-"));
  const configPath = path.join(dir, "wrangler.json");
  await writeFile(
    configPath,
    JSON.stringify({
      name: local.name,
      compatibility_date: local.compatibility_date,
      compatibility_flags: local.compatibility_flags,
      d1_databases: local.d1_databases,
      r2_buckets: local.r2_buckets,
    }),
  );
  const proxy = await getPlatformProxy({
    configPath,
    persist: { path: path.join(state, "v3") },
    remoteBindings: false,
  });
  return {
    env: proxy.env,
    async dispose() {
      await proxy.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** True when the local database has no users, posts or channels (a fresh lounge). */
export async function isEmptyLounge(DB) {
  const row = await DB.prepare(
    "SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM posts) + (SELECT count(*) FROM channels) AS n",
  ).first();
  return row.n === 0;
}
