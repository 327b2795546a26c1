// Web Push in the browser (issue 33): registers client/public/sw.js, subscribes with the server's
// VAPID key and stores the subscription (POST /api/push/subscriptions), or removes it. The opt-in is
// asked after a meaningful action (askForPushAfter) or from the profile's switch, never on first load.
import { api, unwrap } from "../api";

const ASKED_KEY = "cosmic.push.asked";

export const pushSupported = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

const registration = () => navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready);

/** Asks the browser's permission, subscribes and tells the server; false when the member said no. */
export async function enablePush(): Promise<boolean> {
  if (!pushSupported() || (await Notification.requestPermission()) !== "granted") return false;
  const { key } = await unwrap(api.push["vapid-public-key"].$get());
  const reg = await registration();
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await unwrap(api.push.subscriptions.$post({ json: { endpoint: json.endpoint, keys: json.keys } }));
  return true;
}

/** Removes one of the member's devices (this browser's own subscription ends too when it is this one). */
export async function removeDevice(endpoint: string) {
  await unwrap(api.push.subscriptions.$delete({ json: { endpoint } }));
  if (!pushSupported()) return;
  const current = await (await navigator.serviceWorker.getRegistration("/sw.js"))?.pushManager.getSubscription();
  if (current?.endpoint === endpoint) await current.unsubscribe();
}

/**
 * Offers push once, after a meaningful action (a first post, a first channel opened): only while the
 * browser has not been asked, and never again on this browser whatever the answer.
 */
export function askForPushAfter() {
  if (!pushSupported() || Notification.permission !== "default" || localStorage.getItem(ASKED_KEY)) return;
  localStorage.setItem(ASKED_KEY, "1");
  void enablePush().catch(() => undefined);
}
