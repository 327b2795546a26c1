// Web Push in the browser: registers client/public/sw.js, subscribes with the server's
// VAPID key and stores the subscription (POST /api/push/subscriptions), or removes it. The opt-in is
// offered after a meaningful action (offerPush: a first post, a first channel opened) or from the
// profile's switch, never on first load, and not again once answered.
import { useSyncExternalStore } from "react";
import { api, unwrap } from "../api";

/** Set on this browser once the member answered (the offer's buttons or the browser's own prompt). */
const ASKED_KEY = "cosmic.push.asked";

export const pushSupported = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

const registration = () => navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready);

/** Asks the browser's permission, subscribes and tells the server; false when the member said no. */
export async function enablePush(): Promise<boolean> {
  if (!pushSupported()) return false;
  const permission = await Notification.requestPermission();
  localStorage.setItem(ASKED_KEY, permission);
  if (permission !== "granted") return false;
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

let offered = false;
const listeners = new Set<() => void>();
const setOffered = (value: boolean) => {
  offered = value;
  for (const listener of listeners) listener();
};

/** Whether this browser can still be asked: push works here, the browser never asked, nor did we. */
const askable = () => pushSupported() && Notification.permission === "default" && !localStorage.getItem(ASKED_KEY);

/**
 * Offers push after a meaningful action (a first post, a first channel opened): the in-app offer
 * (PushOffer) appears, and the browser's own prompt opens only from its button, a gesture of the member.
 */
export function offerPush() {
  if (!offered && askable()) setOffered(true);
}

/** The member's answer to the offer: yes opens the browser's prompt; either way it is not offered again. */
export function answerPushOffer(accept: boolean): Promise<boolean> {
  setOffered(false);
  if (accept) return enablePush();
  localStorage.setItem(ASKED_KEY, "not-now");
  return Promise.resolve(false);
}

/** Whether the offer is showing (for PushOffer). */
export const usePushOffered = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offered,
    () => offered,
  );
