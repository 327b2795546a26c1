// Realtime chat in a real browser, proven apart from the polling fallback. The client polls
// (GET /api/messages?after=) every TIMING.chatPollMs only while its socket is down, and catches up the
// same way when a socket opens. So: (1) with the socket open and every message GET after the first load
// refused, a message must reach the other browser over the WebSocket well within one poll interval;
// (2) with the socket refused, polling must take over and deliver the message by HTTP.
import type { BrowserContext, Page, WebSocket } from "playwright-core";
import { expect, it } from "vitest";
import { TIMING } from "../../worker/shared/rules";
import { baseUrl, newContext, signIn, uniqueEmail, useBrowser } from "./browser";

/** Half the poll interval: a delivery this fast cannot have come from a poll. */
const SOCKET_DELIVERY_BOUND_MS = TIMING.chatPollMs / 2;
const SOCKET_PATH = /\/api\/groups\/\d+\/socket$/;
const MESSAGE_GETS = /\/api\/messages\?/;

const browser = useBrowser();

/** Signs a new member in; `prepare` runs before any page of the context loads (routes, listeners). */
async function member(prefix: string, name: string, prepare?: (context: BrowserContext, page: Page) => Promise<void>) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await prepare?.(context, page);
  await signIn(page, uniqueEmail(prefix), name);
  return { context, page };
}

async function createChannel(page: Page): Promise<{ id: number; name: string }> {
  const name = `Aurora ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const res = await page.request.post("/api/groups", { data: { name }, headers: { origin: baseUrl() } });
  expect(res.status()).toBe(201);
  return { id: (await res.json()).id, name };
}

async function openChannel(page: Page, name: string) {
  await page.goto("/app/chat");
  await page.getByRole("button", { name, exact: true }).click();
  await expect.poll(() => page.getByRole("heading", { name: `# ${name}` }).count()).toBe(1);
  await expect.poll(() => page.getByText("No messages yet").count()).toBe(1);
}

async function send(page: Page, groupId: number, body: string) {
  const res = await page.request.post("/api/messages", {
    data: { group_id: groupId, body },
    headers: { origin: baseUrl() },
  });
  expect(res.status()).toBe(201);
}

const pollingBadge = (page: Page) => page.locator(".chat-offline");

it(`delivers a message over the WebSocket within ${SOCKET_DELIVERY_BOUND_MS} ms, with HTTP catch-up \
refused`, async () => {
  const luna = await member("luna-rt", "Luna Live");
  const framesSeen: string[] = [];
  let socketReady!: () => void;
  const ready = new Promise<void>((resolve) => (socketReady = resolve));
  const sol = await member("sol-rt", "Sol Live", async (_context, page) => {
    page.on("websocket", (ws: WebSocket) => {
      if (!SOCKET_PATH.test(ws.url())) return;
      ws.on("framereceived", ({ payload }) => {
        const text = String(payload);
        framesSeen.push(text);
        if (JSON.parse(text).type === "ready") socketReady();
      });
    });
  });
  try {
    const channel = await createChannel(luna.page);
    await openChannel(sol.page, channel.name);
    await ready;
    await expect.poll(() => pollingBadge(sol.page).count()).toBe(0);

    // From here on the receiver cannot read messages over HTTP: only the socket can deliver.
    let refusedGets = 0;
    await sol.page.route(MESSAGE_GETS, (route) => {
      refusedGets++;
      return route.abort("connectionrefused");
    });

    const text = `Over the socket ${Math.random().toString(36).slice(2, 8)}`;
    const started = Date.now();
    await send(luna.page, channel.id, text);
    await sol.page.getByText(text, { exact: true }).waitFor({ timeout: SOCKET_DELIVERY_BOUND_MS });
    const elapsed = Date.now() - started;

    expect(elapsed).toBeLessThan(SOCKET_DELIVERY_BOUND_MS);
    expect(framesSeen.some((frame) => frame.includes(text))).toBe(true);
    expect(refusedGets).toBe(0);
    expect(await pollingBadge(sol.page).count()).toBe(0);
  } finally {
    await luna.context.close();
    await sol.context.close();
  }
});

it("falls back to polling when the WebSocket is refused, and says so", async () => {
  const luna = await member("luna-poll", "Luna Poll");
  const socketFrames: string[] = [];
  let socketAttempts = 0;
  const polledBodies: string[] = [];
  const sol = await member("sol-poll", "Sol Poll", async (context, page) => {
    // Every socket of this browser is refused before it reaches the server.
    await context.routeWebSocket(SOCKET_PATH, (ws) => {
      socketAttempts++;
      return ws.close({ code: 1011, reason: "refused by the test" });
    });
    page.on("websocket", (ws) => ws.on("framereceived", ({ payload }) => socketFrames.push(String(payload))));
    page.on("response", async (res) => {
      if (MESSAGE_GETS.test(res.url()) && new URL(res.url()).searchParams.has("after") && res.ok())
        polledBodies.push(await res.text());
    });
  });
  try {
    const channel = await createChannel(luna.page);
    await openChannel(sol.page, channel.name);
    await expect.poll(() => socketAttempts).toBeGreaterThan(0);
    await expect.poll(() => pollingBadge(sol.page).count()).toBe(1);

    const text = `Over polling ${Math.random().toString(36).slice(2, 8)}`;
    await send(luna.page, channel.id, text);
    // One poll interval plus the request's own time; the socket cannot have carried it.
    await sol.page.getByText(text, { exact: true }).waitFor({ timeout: TIMING.chatPollMs * 2 });
    expect(polledBodies.some((body) => body.includes(text))).toBe(true);
    expect(socketFrames.some((frame) => frame.includes(text))).toBe(false);
    expect(await pollingBadge(sol.page).count()).toBe(1);
  } finally {
    await luna.context.close();
    await sol.context.close();
  }
});
