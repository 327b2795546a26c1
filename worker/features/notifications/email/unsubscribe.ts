// One-click unsubscribe tokens (RFC 8058): `<member>.<kind>.<expiry>.<HMAC-SHA-256>` signed with
// EMAIL_TOKEN_SECRET. A forged, altered or expired token is refused and changes nothing.
import { base64url, fromBase64url } from "../../../platform/crypto";
import { NOTIFICATION_KINDS, type NotificationKind } from "../../../shared/notifications";

/** What an unsubscribe link turns off: one kind's emails, or the digest. */
export type EmailTopic = NotificationKind | "digest";
const TOPICS: readonly string[] = [...NOTIFICATION_KINDS, "digest"];

/** A link in an old email keeps working for 60 days. */
const TOKEN_DAYS = 60;
const encoder = new TextEncoder();

const hmacKey = (secret: string) =>
  crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);

export async function unsubscribeToken(secret: string, userId: number, kind: EmailTopic, now = Date.now()) {
  const claims = `${userId}.${kind}.${now + TOKEN_DAYS * 24 * 60 * 60 * 1000}`;
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(claims));
  return `${claims}.${base64url(signature)}`;
}

/** The member and kind a valid token names, or null (bad shape, bad signature, expired). */
export async function readUnsubscribeToken(
  secret: string,
  token: string,
  now = Date.now(),
): Promise<{ userId: number; kind: EmailTopic } | null> {
  const match = /^(\d{1,15})\.([a-z_]{1,32})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, userId, kind, expires, signature] = match;
  const valid = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(secret),
    fromBase64url(signature),
    encoder.encode(`${userId}.${kind}.${expires}`),
  );
  if (!valid || Number(expires) < now) return null;
  if (!TOPICS.includes(kind)) return null;
  return { userId: Number(userId), kind: kind as EmailTopic };
}
