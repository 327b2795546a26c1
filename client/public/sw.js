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
