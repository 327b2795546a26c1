// The push opt-in: offered after a meaningful action (a channel the member opens, a first post),
// never on first load, the browser's prompt only from the offer's button, and not again once answered.
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "../../client/components/Toasts";
import { firstScreenShown } from "../../client/first-load";
import { PushOffer } from "../../client/notifications/PushOffer";
import { offerPush } from "../../client/notifications/push";
import { TEXT } from "../../client/text";
import { FakeSocket } from "./fake-socket";
import { renderApp, reply, sessionDeps, userFixture } from "./render";

vi.setConfig({ testTimeout: 20_000 });

/** A browser that supports push and has not asked yet; requestPermission answers `answer`. */
function pushCapableBrowser(permission: NotificationPermission = "default", answer: NotificationPermission = "denied") {
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal("Notification", { permission, requestPermission });
  vi.stubGlobal("PushManager", class {});
  Object.defineProperty(navigator, "serviceWorker", { value: {}, configurable: true });
  return requestPermission;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

const offer = () => screen.queryByRole("region", { name: TEXT.notificationSettings.offerTitle });

function renderOffer() {
  render(
    <ToastProvider>
      <PushOffer />
    </ToastProvider>,
  );
}

describe("the push offer", () => {
  it("is not shown until offered; Not now hides it for good on this browser", async () => {
    const requestPermission = pushCapableBrowser();
    renderOffer();
    expect(offer()).toBeNull();
    act(() => offerPush());
    expect(offer()).not.toBeNull();
    await userEvent.click(screen.getByRole("button", { name: TEXT.notificationSettings.offerDecline }));
    expect(offer()).toBeNull();
    act(() => offerPush());
    expect(offer()).toBeNull();
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it("Turn on opens the browser's prompt; whatever the answer, it is not offered again", async () => {
    const requestPermission = pushCapableBrowser("default", "denied");
    renderOffer();
    act(() => offerPush());
    await userEvent.click(screen.getByRole("button", { name: TEXT.notificationSettings.offerAccept }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(localStorage.getItem("cosmic.push.asked")).toBe("denied"));
    act(() => offerPush());
    expect(offer()).toBeNull();
  });

  it("is never offered where the browser already answered or cannot push", () => {
    pushCapableBrowser("granted");
    renderOffer();
    act(() => offerPush());
    expect(offer()).toBeNull();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, "serviceWorker");
    act(() => offerPush());
    expect(offer()).toBeNull();
  });
});

describe("opening a channel", () => {
  it("offers push when the member opens one, not when the chat loads", async () => {
    pushCapableBrowser();
    FakeSocket.all = [];
    vi.stubGlobal("WebSocket", FakeSocket);
    const channel = (id: number, name: string) => ({
      id,
      name,
      description: null,
      is_private: false,
      created_by: 1,
      created_at: "2026-01-01T00:00:00.000Z",
      can_manage: false,
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), "http://localhost").pathname;
        const body =
          path === "/api/groups" ? [channel(1, "General"), channel(2, "Stars")] : path === "/api/messages" ? [] : null;
        if (body === null) throw new TypeError("network error");
        return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
      }),
    );
    renderApp("/app/chat", sessionDeps({ getMe: async () => reply(200, userFixture({ id: 1 })) }));
    await screen.findByLabelText(TEXT.chat.messageLabel("General"), {}, { timeout: 10_000 });
    // The offer's code loads once the first screen is shown (client/first-load.ts): not offered, though loaded.
    await act(async () => {
      await firstScreenShown;
      await import("../../client/notifications/PushOffer");
    });
    expect(offer()).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Stars" }));
    await screen.findByLabelText(TEXT.chat.messageLabel("Stars"));
    expect(offer()).not.toBeNull();
  });
});
