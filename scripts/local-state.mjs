// The local D1/R2 of `npm run dev` and `npx wrangler dev` (.wrangler/state, or COSMIC_STATE_DIR as the
// e2e suite and the benches use), opened with wrangler's getPlatformProxy for [env.local], so the
// files are the very ones those servers read. Local only: nothing here can reach a remote database.
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
export const stateDir = path.resolve(root, process.env.COSMIC_STATE_DIR ?? ".wrangler/state");

/** The local bindings (DB, BLOBS) of [env.local]; call dispose() when done. */
export async function openLocalState() {
  // Only D1 and R2 are used here: wrangler's warnings about the chat Durable Object are noise.
  process.env.WRANGLER_LOG ??= "error";
  const { getPlatformProxy } = await import("wrangler");
  return getPlatformProxy({
    configPath: path.join(root, "wrangler.toml"),
    environment: "local",
    persist: { path: path.join(stateDir, "v3") },
    remoteBindings: false,
  });
}

/** True when the local database has no users, posts or channels (a fresh lounge). */
export async function isEmptyLounge(DB) {
  const row = await DB.prepare(
    "SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM posts) + (SELECT count(*) FROM channels) AS n",
  ).first();
  return row.n === 0;
}
