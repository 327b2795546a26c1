// Sends one encrypted message to a push service (RFC 8030 §5) and says what became of it.
import type { PushPayload } from "../../../shared/delivery-jobs";
import { encryptPushPayload, type PushKeys } from "./encrypt";
import { normalisePushEndpoint } from "./endpoint";
import { type VapidKeys, vapidAuthorization } from "./vapid";

/**
 * sent; gone (404/410: the subscription is dead, forget it; or an endpoint outside the push services,
 * stored before they were the only ones allowed: never called, forget it); retry (429, 5xx, network);
 * refused (other 4xx).
 */
export type PushOutcome = "sent" | "gone" | "retry" | "refused";

/** How long a push service keeps a message for an offline device: a day, after which it is stale. */
const TTL_SECONDS = 24 * 60 * 60;

export async function sendPush(
  endpoint: string,
  keys: PushKeys,
  payload: PushPayload,
  vapid: VapidKeys,
): Promise<PushOutcome> {
  if (normalisePushEndpoint(endpoint) !== endpoint) return "gone";
  const body = await encryptPushPayload(new TextEncoder().encode(JSON.stringify(payload)), keys);
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: "POST",
      redirect: "manual",
      headers: {
        authorization: await vapidAuthorization(endpoint, vapid),
        "content-encoding": "aes128gcm",
        "content-type": "application/octet-stream",
        ttl: String(TTL_SECONDS),
        urgency: "normal",
        topic: payload.tag,
      },
      body,
    });
  } catch {
    return "retry";
  }
  await response.body?.cancel();
  if (response.status === 404 || response.status === 410) return "gone";
  if (response.ok) return "sent";
  if (response.status === 429 || response.status >= 500) return "retry";
  return "refused";
}
