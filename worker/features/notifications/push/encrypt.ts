// Web Push message encryption (RFC 8291) with the aes128gcm content coding (RFC 8188), on WebCrypto:
// an ephemeral ECDH P-256 key agreed with the device's key, mixed with its auth secret through HKDF,
// then one AES-128-GCM record. Proven byte for byte against RFC 8291 Appendix A (test/worker/push.test.ts).
import { fromBase64url } from "../../../platform/crypto";

/** The device's keys from PushSubscription.toJSON(): `p256dh` (uncompressed P-256 point), `auth` (16 bytes). */
export type PushKeys = { p256dh: string; auth: string };

/** One record holds the whole payload: push services accept at most 4096 bytes of body. */
export const RECORD_SIZE = 4096;
/** The largest payload that fits one record: 4096 minus the header (86), the tag (16) and the delimiter (1). */
export const PAYLOAD_MAX = RECORD_SIZE - 86 - 16 - 1;

const encoder = new TextEncoder();

const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

async function hkdf(salt: BufferSource, ikm: BufferSource, info: BufferSource, bytes: number) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

/** An uncompressed P-256 point (SEC 1: 0x04, then x and y): what browsers give, and what VAPID's key is. */
export const isUncompressedP256Point = (point: Uint8Array) => point.length === 65 && point[0] === 4;

/** The device's public key as a WebCrypto key; throws when it is not a valid uncompressed P-256 point. */
export function importDeviceKey(p256dh: Uint8Array<ArrayBuffer>) {
  // WebCrypto imports a compressed point (33 bytes) too, but RFC 8291 mixes the key's bytes into the
  // encryption key: with another form than the browser's own, no push to it could ever be decrypted.
  if (!isUncompressedP256Point(p256dh)) throw new Error("p256dh is not an uncompressed P-256 point");
  return crypto.subtle.importKey("raw", p256dh, { name: "ECDH", namedCurve: "P-256" }, false, []);
}

/**
 * Encrypts `payload` for one device. `sender` (the ephemeral key pair) and `salt` are fresh for every
 * message; the RFC's worked example passes its own to reproduce the exact bytes.
 */
export async function encryptPushPayload(
  payload: Uint8Array,
  keys: PushKeys,
  sender?: CryptoKeyPair,
  salt: Uint8Array<ArrayBuffer> = crypto.getRandomValues(new Uint8Array(16)),
): Promise<Uint8Array<ArrayBuffer>> {
  if (payload.length > PAYLOAD_MAX) throw new Error(`push payload over ${PAYLOAD_MAX} bytes`);
  const uaPublic = fromBase64url(keys.p256dh);
  const authSecret = fromBase64url(keys.auth);
  const device = await importDeviceKey(uaPublic);
  const pair =
    sender ??
    ((await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair);
  const asPublic = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  // workers-types name the peer key `$public`; WebCrypto (and workerd) read `public`.
  const ecdh = { name: "ECDH", public: device } as unknown as SubtleCryptoDeriveKeyAlgorithm;
  const ecdhSecret = await crypto.subtle.deriveBits(ecdh, pair.privateKey, 256);
  // RFC 8291 §3.4: IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" 0x00 ua_public as_public, 32).
  const keyInfo = concat(encoder.encode("WebPush: info\0"), uaPublic, asPublic);
  const ikm = await hkdf(authSecret, ecdhSecret, keyInfo, 32);
  // RFC 8188 §2.2 and §2.3: the content key and the nonce.
  const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);
  const aesKey = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["encrypt"]);
  // One record, so it is the last: the payload, then the delimiter 0x02 and no padding.
  const ciphertext = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv: nonce },
    aesKey,
    concat(payload, new Uint8Array([2])),
  );
  // The header: salt (16), record size (4, big-endian), key id length (1), key id (the sender's public key).
  const header = new Uint8Array(21);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = asPublic.length;
  return concat(header, asPublic, new Uint8Array(ciphertext));
}
