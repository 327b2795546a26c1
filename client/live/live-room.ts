// The member's live socket (/api/live/socket, worker/platform/live.ts): one connection per tab, shared
// by whoever listens (unread counts, the notification bell). It carries what happens outside the open
// channel: `activity` (a new message somewhere), `read` (a channel read on another device) and
// `notification`. Reconnects with backoff; while it is down, listeners poll (they hear `live` go false).
import { CLOSE_SESSION_ENDED, PING_FRAME, parseServerFrame, type ServerFrame } from "../../worker/shared/chat-wire";

const PING_EVERY_MS = 25_000;
const RECONNECT_MAX_MS = 30_000;

type Listener = { frame?(frame: ServerFrame): void; live?(live: boolean): void };

export const liveUrl = () => `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/live/socket`;

function createLiveRoom() {
  const listeners = new Set<Listener>();
  let ws: WebSocket | null = null;
  let live = false;
  let retry = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    for (const l of listeners) l.live?.(value);
  };

  const connect = () => {
    if (typeof WebSocket === "undefined") return;
    try {
      ws = new WebSocket(liveUrl());
    } catch {
      return scheduleReconnect();
    }
    const socket = ws;
    socket.onopen = () => {
      retry = 0;
      setLive(true);
      pingTimer = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send(PING_FRAME), PING_EVERY_MS);
    };
    socket.onmessage = (event) => {
      const frame = parseServerFrame(event.data);
      if (frame) for (const l of listeners) l.frame?.(frame);
    };
    socket.onclose = (event) => {
      clearInterval(pingTimer);
      if (ws === socket) ws = null;
      setLive(false);
      // A session that ended is the shell's business (it shows the signed-out state); nothing to reconnect to.
      if (event.code !== CLOSE_SESSION_ENDED && listeners.size > 0) scheduleReconnect();
    };
  };
  const scheduleReconnect = () => {
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(
      () => listeners.size > 0 && !ws && connect(),
      Math.min(RECONNECT_MAX_MS, 1000 * 2 ** retry++),
    );
  };
  const disconnect = () => {
    clearTimeout(reconnectTimer);
    clearInterval(pingTimer);
    if (ws) {
      ws.onclose = null;
      ws.close(1000, "leaving");
      ws = null;
    }
    retry = 0;
    setLive(false);
  };

  return {
    /** Listens to frames and to the connection going up or down; the socket is open while anyone listens. */
    listen(listener: Listener): () => void {
      listeners.add(listener);
      if (!ws) connect();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) disconnect();
      };
    },
    isLive: () => live,
  };
}

export const liveRoom = createLiveRoom();

/** How long a listener's first load waits for the socket to open; then it loads anyway (and polls). */
export const FIRST_LOAD_WAIT_MS = 1_500;

/**
 * Keeps something the live socket reports on current: `refresh` runs when the socket opens (a load
 * then misses nothing: frames follow it), again whenever it reconnects (nothing missed while it was
 * down), when the tab becomes visible again, and every `pollMs` while the socket is down; `frame`
 * hears every frame. The first load waits for the socket (or FIRST_LOAD_WAIT_MS when it does not
 * open): loading at once and again on the open would render the whole app twice more at start
 * (docs/client.md "Live parts of the shell"). Call it from one effect's owner.
 */
export function followLive({
  refresh,
  pollMs,
  frame,
}: {
  refresh(): void;
  pollMs: number;
  frame?(frame: ServerFrame): void;
}): () => void {
  let firstLoad: ReturnType<typeof setTimeout> | undefined;
  const load = () => {
    clearTimeout(firstLoad);
    firstLoad = undefined;
    refresh();
  };
  if (liveRoom.isLive() || typeof WebSocket === "undefined") load();
  else firstLoad = setTimeout(load, FIRST_LOAD_WAIT_MS);
  const stop = liveRoom.listen({ frame, live: (up) => up && load() });
  const poll = setInterval(() => !liveRoom.isLive() && refresh(), pollMs);
  const onVisible = () => document.visibilityState === "visible" && refresh();
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    clearTimeout(firstLoad);
    stop();
    clearInterval(poll);
    document.removeEventListener("visibilitychange", onVisible);
  };
}
