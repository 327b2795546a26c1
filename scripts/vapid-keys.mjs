// VAPID key pairs (RFC 8292) for Web Push: a new pair for a deployed target (scripts/push-keys.mjs prints
// it), and the local pair that `npm run dev` and `npx wrangler dev` make on their first start.
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** A new pair, base64url: the public key is the 65-byte uncompressed P-256 point, the private key its scalar. */
export async function newVapidKeys() {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const publicKey = Buffer.from(await crypto.subtle.exportKey("raw", pair.publicKey)).toString("base64url");
  const { d: privateKey } = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return { publicKey, privateKey };
}

/**
 * Where wrangler reads the local secrets from (both `npm run dev`'s Vite plugin and `npx wrangler dev`):
 * .dev.vars when the project has one, since wrangler then reads nothing else; otherwise .env.local, which
 * leaves the variables the e2e suite passes through the environment in effect (a .dev.vars would hide them).
 */
export const localSecretsFile = (dir) =>
  path.join(dir, existsSync(path.join(dir, ".dev.vars")) ? ".dev.vars" : ".env.local");

const NAMES_A_KEY = /^\s*(export\s+)?VAPID_(PUBLIC|PRIVATE)_KEY\s*=/m;

/**
 * Adds a new pair to the local secrets unless they name a key already: a pair is never replaced, as the
 * browsers subscribed locally are bound to its public key. Answers the file written, or null.
 */
export async function ensureLocalVapidKeys(dir) {
  const file = localSecretsFile(dir);
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (NAMES_A_KEY.test(current)) return null;
  const { publicKey, privateKey } = await newVapidKeys();
  const separator = current && !current.endsWith("\n") ? "\n" : "";
  appendFileSync(
    file,
    `${separator}# Web Push locally (scripts/push-keys.mjs --local); keep it: browsers subscribed here use its key.\n` +
      `VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${privateKey}\n`,
    { mode: 0o600 },
  );
  return file;
}
