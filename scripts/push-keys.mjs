// `npm run push:keys`: prints a new VAPID key pair (RFC 8292) for Web Push and the commands that store it
// as a deployed target's secrets. With --local (`npm run dev` and `npx wrangler dev` run it), writes a
// pair into the local secrets instead when they have none (scripts/vapid-keys.mjs).
import path from "node:path";
import { ensureLocalVapidKeys, newVapidKeys } from "./vapid-keys.mjs";

if (process.argv.includes("--local")) {
  const written = await ensureLocalVapidKeys(path.resolve(import.meta.dirname, ".."));
  if (written) console.log(`Local Web Push keys written to ${path.basename(written)} (kept from now on).`);
} else {
  const { publicKey, privateKey } = await newVapidKeys();
  console.log(`VAPID_PUBLIC_KEY=${publicKey}`);
  console.log(`VAPID_PRIVATE_KEY=${privateKey}`);
  console.log("");
  console.log("For a deployed target (locally `npm run dev` makes its own pair):");
  for (const target of ["staging", "production"]) {
    console.log(`  echo ${publicKey} | npx wrangler secret put VAPID_PUBLIC_KEY --env ${target}`);
    console.log(`  echo ${privateKey} | npx wrangler secret put VAPID_PRIVATE_KEY --env ${target}`);
  }
}
