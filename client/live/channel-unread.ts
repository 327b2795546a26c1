// The chat's view of the unread counts (client/live/unread.ts, their one owner). The counts arrive after the first
// paint anyway (the store reads them once the live socket opens), so the store's code loads when the chat first
// subscribes, after its first render; until then no channel has a count.
import { useSyncExternalStore } from "react";

type UnreadModule = typeof import("./unread");
let loaded: UnreadModule | null = null;
const NONE: ReadonlyMap<number, number> = new Map();

/** The unread store's module (loaded once). */
export const unreadModule = (): Promise<UnreadModule> =>
  import("./unread").then((m) => {
    loaded = m;
    return m;
  });

function subscribe(notify: () => void) {
  if (loaded) return loaded.unreadStore.subscribe(notify);
  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  void unreadModule().then((m) => {
    if (stopped) return;
    unsubscribe = m.unreadStore.subscribe(notify);
    notify();
  });
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}

const counts = () => loaded?.unreadStore.get() ?? NONE;

/** Each channel's unread count (re-rendered when they change). */
export const useChannelUnread = () => useSyncExternalStore(subscribe, counts, counts);

/** How a count is said ("100+" at the cap): the store's, which a count on screen has loaded. */
export const unreadLabel = (n: number) => loaded?.unreadLabel(n) ?? String(n);
