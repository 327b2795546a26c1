// A stand-in `vite build` for the deploy script's tests: writes what the Cloudflare Vite plugin writes
// for CLOUDFLARE_ENV (dist/cosmic_lounge/wrangler.json with the target's configuration, the worker and
// the client) from the pretend account's state (STAND_IN_STATE: the configurations come from the real
// wrangler.toml, read by the test), and records the call in STAND_IN_LOG.
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const state = JSON.parse(readFileSync(process.env.STAND_IN_STATE, "utf8"));
const target = process.env.CLOUDFLARE_ENV;
appendFileSync(
  process.env.STAND_IN_LOG,
  `${JSON.stringify({ tool: "vite", args: process.argv.slice(2), env: `CLOUDFLARE_ENV=${target}` })}\n`,
);
const dist = path.join(process.cwd(), "dist");
mkdirSync(path.join(dist, "cosmic_lounge"), { recursive: true });
mkdirSync(path.join(dist, "client"), { recursive: true });
writeFileSync(
  path.join(dist, "cosmic_lounge/wrangler.json"),
  JSON.stringify({ configPath: path.join(process.cwd(), "wrangler.toml"), ...state.envs[target].built }),
);
writeFileSync(path.join(dist, "cosmic_lounge/index.js"), `// the worker, source ${state.source}\n`);
writeFileSync(path.join(dist, "client/index.html"), `<!doctype html><title>Cosmic Lounge ${state.source}</title>\n`);
