// Unread messages per channel, for the channel list's badges and the Chat navigation item's total.
// The server's counts (GET /api/groups `unread_count`) are the base; the live socket's `activity`
// frames add to them and `read` frames (this or another device) clear a channel until the next load.
// The channel on screen never counts: its pane marks it read as messages arrive.
import { useSyncExternalStore } from "react";
import type { ChannelListItem, ServerFrame } from "../../worker/shared/chat-wire";
import { LIMITS } from "../../worker/shared/rules";
import { TEXT } from "../text";

type Counts = ReadonlyMap<number, number>;

function createUnreadStore() {
  let counts: Counts = new Map();
  let open: number | null = null;
  const subscribers = new Set<() => void>();
  const set = (next: Counts) => {
    counts = next;
    for (const notify of subscribers) notify();
  };
  const withCount = (groupId: number, count: number) =>
    new Map(counts).set(groupId, Math.min(count, LIMITS.unreadCountMax));

  return {
    subscribe(notify: () => void) {
      subscribers.add(notify);
      return () => subscribers.delete(notify);
    },
    get: () => counts,
    /** The server's counts (a fresh GET /api/groups); the open channel stays at zero. */
    load(channels: readonly Pick<ChannelListItem, "id" | "unread_count">[]) {
      set(new Map(channels.map((c) => [c.id, c.id === open ? 0 : Math.min(c.unread_count, LIMITS.unreadCountMax)])));
    },
    /** A frame of the live socket; `me` is the signed-in member (their own messages are read). */
    frame(frame: ServerFrame, me: number | undefined) {
      if (frame.type === "activity" && frame.sender_id !== me && frame.group_id !== open)
        set(withCount(frame.group_id, (counts.get(frame.group_id) ?? 0) + 1));
      else if (frame.type === "read" && counts.get(frame.group_id)) set(withCount(frame.group_id, 0));
    },
    /** The channel now on screen (null when none): it is read, and stays read while it is open. */
    setOpen(groupId: number | null) {
      open = groupId;
      if (groupId !== null && counts.get(groupId)) set(withCount(groupId, 0));
    },
    reset() {
      open = null;
      set(new Map());
    },
  };
}

export const unreadStore = createUnreadStore();

const totalOf = (counts: Counts) => [...counts.values()].reduce((sum, n) => sum + n, 0);

/** Each channel's unread count and the total (re-rendered when they change). */
export function useUnread() {
  const counts = useSyncExternalStore(unreadStore.subscribe, unreadStore.get, unreadStore.get);
  return { byChannel: counts, total: totalOf(counts) };
}

/** "100+" at the server's cap, otherwise the number. */
export const unreadLabel = (n: number) =>
  n >= LIMITS.unreadCountMax ? TEXT.unread.more(LIMITS.unreadCountMax) : String(n);
