// "Save for offline": an audio lesson kept whole in the service worker's cache (client/public/sw.js serves it from
// there, ranges included), for the member signed in on this device; every saved lesson goes on sign-out
// (client/session/session-store.ts).

/** The cache's name; client/public/sw.js names it LESSON_MEDIA_CACHE. */
export const OFFLINE_CACHE = "lesson-media";

export const offlineSupported = () => "caches" in globalThis && "serviceWorker" in navigator;

const absolute = (url: string) => new URL(url, location.origin).href;

export async function isSavedOffline(url: string): Promise<boolean> {
  if (!offlineSupported()) return false;
  return (await (await caches.open(OFFLINE_CACHE)).match(absolute(url))) !== undefined;
}

/** Registers the service worker (it serves the saved file) and stores the whole file. */
export async function saveOffline(url: string): Promise<void> {
  await navigator.serviceWorker.register("/sw.js");
  const response = await fetch(url, { credentials: "same-origin" });
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  await (await caches.open(OFFLINE_CACHE)).put(absolute(url), response);
}

export async function removeOffline(url: string): Promise<void> {
  await (await caches.open(OFFLINE_CACHE)).delete(absolute(url));
}
