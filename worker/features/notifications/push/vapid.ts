// VAPID (RFC 8292): the application server identifies itself to a push service with a short-lived
// ES256 JWT signed by its key, sent as `Authorization: vapid t=<jwt>, k=<public key>`.
import { base64url, fromBase64url } from "../../../platform/crypto";
import { isUncompressedP256Point } from "./encrypt";

/** The key pair from `npm run push:keys` (secrets) and a contact (`mailto:` or https URL) for push services. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** Push services refuse tokens that live longer than 24 hours; 12 leaves room for clock skew. */
const TOKEN_SECONDS = 12 * 60 * 60;

const encoder = new TextEncoder();

/** The private key as a signing key: `d` from the secret, `x` and `y` from the public key's point. */
function signingKey(keys: VapidKeys) {
  const point = fromBase64url(keys.publicKey);
  if (!isUncompressedP256Point(point)) throw new Error("VAPID_PUBLIC_KEY is not an uncompressed P-256 point");
  const jwk: JsonWebKey = {
    kty: "EC",
    crv: "P-256",
    x: base64url(point.slice(1, 33)),
    y: base64url(point.slice(33, 65)),
    d: keys.privateKey,
  };
  return crypto.subtle.importKey("jwk", jwk, { name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
}

/** The Authorization header for a request to `endpoint` (the audience is its origin). */
export async function vapidAuthorization(endpoint: string, keys: VapidKeys, now = Date.now()): Promise<string> {
  const header = base64url(encoder.encode(JSON.stringify({ typ: "JWT", alg: "ES256" })));
  const claims = base64url(
    encoder.encode(
      JSON.stringify({
        aud: new URL(endpoint).origin,
        exp: Math.floor(now / 1000) + TOKEN_SECONDS,
        sub: keys.subject,
      }),
    ),
  );
  // WebCrypto's ECDSA signature is r || s (64 bytes), the JWS form ES256 requires.
  const signature = await crypto.subtle.sign(
    { name: "ECDSA", hash: "SHA-256" },
    await signingKey(keys),
    encoder.encode(`${header}.${claims}`),
  );
  return `vapid t=${header}.${claims}.${base64url(signature)}, k=${keys.publicKey}`;
}
