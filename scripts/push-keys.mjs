// Prints a new VAPID key pair (RFC 8292) for Web Push and the commands that store it as secrets.
// The public key is the 65-byte uncompressed P-256 point, the private key its 32-byte scalar, base64url.
const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
const publicKey = Buffer.from(await crypto.subtle.exportKey("raw", pair.publicKey)).toString("base64url");
const { d: privateKey } = await crypto.subtle.exportKey("jwk", pair.privateKey);

console.log(`VAPID_PUBLIC_KEY=${publicKey}`);
console.log(`VAPID_PRIVATE_KEY=${privateKey}`);
console.log("");
console.log("Locally: put the two lines above in .dev.vars. For a deployed target:");
for (const target of ["staging", "production"]) {
  console.log(`  echo ${publicKey} | npx wrangler secret put VAPID_PUBLIC_KEY --env ${target}`);
  console.log(`  echo ${privateKey} | npx wrangler secret put VAPID_PRIVATE_KEY --env ${target}`);
}
