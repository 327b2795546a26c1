// Web Push in real Chromium: Sol's browser registers the app's service worker
// (client/public/sw.js); a push is delivered to it through the DevTools protocol's
// ServiceWorker.deliverPushMessage (the real push services are not reachable from tests), carrying the
// payload the worker builds for Luna's mention of Sol (its url is the bell's deep link); the service
// worker shows the notification, and its click handler opens the mentioned message in the chat.
import { expect, it } from "vitest";
import { baseUrl, newContext, signIn, uniqueEmail, useBrowser } from "./browser";

const browser = useBrowser();
const suffix = () => Math.random().toString(36).slice(2, 7);

it(`a push reaches the registered service worker, shows the notification, and its click opens the mentioned \
message`, async () => {
  const luna = await newContext(browser);
  const sol = await newContext(browser);
  try {
    const lunaPage = await luna.newPage();
    const solPage = await sol.newPage();
    await signIn(lunaPage, uniqueEmail("luna-push"), `Luna${suffix()}`);
    await signIn(solPage, uniqueEmail("sol-push"), `Sol${suffix()}`);
    const solId: number = (await (await solPage.request.get("/api/users/me")).json()).id;
    const headers = { origin: baseUrl() };
    const channel = await (
      await lunaPage.request.post("/api/groups", { data: { name: `Push ${suffix()}` }, headers })
    ).json();
    const sent = await lunaPage.request.post("/api/messages", {
      data: { group_id: channel.id, body: `Look up tonight @[Sol](${solId})` },
      headers,
    });
    expect(sent.status()).toBe(201);
    const message = await sent.json();

    // The worker's deep link for this notification (the push payload carries the same notificationUrl).
    let url = "";
    for (let i = 0; i < 50 && !url; i++) {
      const { items } = await (await solPage.request.get("/api/notifications")).json();
      url = items.find((n: { kind: string }) => n.kind === "mention")?.url ?? "";
      if (!url) await solPage.waitForTimeout(100);
    }
    expect(url).toBe(`/app/chat?group=${channel.id}&message=${message.id}`);

    await sol.grantPermissions(["notifications"], { origin: baseUrl() });
    await solPage.evaluate(() => navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready));
    const cdp = await sol.newCDPSession(solPage);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL.startsWith(baseUrl()) && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send("ServiceWorker.enable");
    const payload = { title: "Cosmic Lounge", body: "Luna mentioned you", url, tag: "n1" };
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: baseUrl(),
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });

    // The service worker showed it.
    const shown = async () =>
      solPage.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body })),
      );
    for (let i = 0; i < 50 && (await shown()).length === 0; i++) await solPage.waitForTimeout(100);
    expect(await shown()).toEqual([{ title: "Cosmic Lounge", body: "Luna mentioned you" }]);

    // A click on it: headless Chromium has no notification UI to click, so the service worker receives
    // the notificationclick event its own click would fire, dispatched in its scope with that notification.
    const [worker] = sol.serviceWorkers();
    await worker.evaluate(async () => {
      // The service worker's scope (the test program is typed without the WebWorker library).
      const scope = self as unknown as {
        registration: { getNotifications(): Promise<unknown[]> };
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
      };
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification }));
    });
    await solPage.waitForURL((u) => u.pathname + u.search === url);
    await solPage.locator(`#message-${message.id}.linked`).waitFor();
  } finally {
    await luna.close();
    await sol.close();
  }
});
