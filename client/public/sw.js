// The service worker (issue 33): shows a Web Push message as a notification and, on click, focuses an
// open tab of the app at the item's deep link (the same links as search and the bell) or opens one.
// The payload is { title, body, url, tag }, decrypted by the browser (RFC 8291) before it arrives here.
// Take over open tabs at once, so a click can navigate the tab the member already has open.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  const payload = event.data ? event.data.json() : null;
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: "/icon-192.png",
      data: { url: payload.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  // Only paths of this site: a payload cannot send the member elsewhere.
  const target = new URL(event.notification.data?.url ?? "/app", self.location.origin);
  const url = target.origin === self.location.origin ? target.href : new URL("/app", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const tab = tabs.find((client) => new URL(client.url).origin === self.location.origin);
      if (tab) {
        const opened = await tab.navigate(url);
        // Focus needs the click's user activation; a tab that cannot be focused still shows the item.
        await (opened ?? tab).focus().catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

// "Save for offline" (client/programs/offline.ts): a lesson's audio kept in this cache (its name is OFFLINE_CACHE
// there) is served from it, ranges included, so seeking works on a flight. Removed on sign-out.
const LESSON_MEDIA_CACHE = "lesson-media";
const LESSON_MEDIA_PATH = /^\/api\/lessons\/\d+\/media$/;

/** A stored 200 answer, or the part a Range header asks of it (206, or 416 past its end). */
async function fromStored(stored, range) {
  const m = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (!m || (m[1] === "" && m[2] === "")) return stored;
  const blob = await stored.blob();
  const size = blob.size;
  let start = m[1] === "" ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  let end = m[1] === "" || m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || start > end)
    return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${size}` } });
  if (m[1] === "") end = size - 1;
  start = Math.max(0, start);
  const headers = new Headers(stored.headers);
  headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
  headers.set("Content-Length", String(end - start + 1));
  return new Response(blob.slice(start, end + 1), { status: 206, headers });
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || !LESSON_MEDIA_PATH.test(url.pathname))
    return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(LESSON_MEDIA_CACHE);
      const stored = await cache.match(url.href);
      return stored ? fromStored(stored, event.request.headers.get("range")) : fetch(event.request);
    })(),
  );
});
