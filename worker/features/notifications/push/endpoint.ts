// Where the worker may send Web Push: only the browsers' own push services, so a member cannot aim the
// worker's requests (and their retries) at a third party or at an address that resolves inside a network.
// Every endpoint has one spelling, so one browser is one stored row, one device and one push.
import { publicUrl } from "../../../platform/public-url";

/**
 * The push services' hosts: Firebase Cloud Messaging (Chrome, Samsung Internet, Opera). Its older
 * android.googleapis.com (GCM) only served subscriptions made without a VAPID key, and Google has shut
 * it down; this app always subscribes with one, so browsers give it fcm.googleapis.com endpoints.
 */
const PUSH_SERVICE_HOSTS = ["fcm.googleapis.com"];
/**
 * The push services' domains, matched as a suffix with its dot (so evilpush.apple.com is not Apple's):
 * Mozilla's autopush (Firefox: updates.push.services.mozilla.com), Apple's (Safari: web.push.apple.com)
 * and Microsoft's WNS (Edge: wns2-*.notify.windows.com).
 */
const PUSH_SERVICE_DOMAINS = [".push.services.mozilla.com", ".push.apple.com", ".notify.windows.com"];

const isPushServiceHost = (host: string) =>
  PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_DOMAINS.some((domain) => host.endsWith(domain));

/**
 * The endpoint as it is stored, looked up and called: https on the default port, no credentials, no
 * fragment (never sent, so it cannot tell two endpoints apart), a push service's host in lower case
 * without a trailing dot. Null for anything else.
 */
export function normalisePushEndpoint(raw: string): string | null {
  const checked = publicUrl(raw, ["https:"]);
  if ("refused" in checked || !isPushServiceHost(checked.url.hostname)) return null;
  checked.url.hash = "";
  return checked.url.href;
}
