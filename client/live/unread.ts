// Unread messages per channel, for the channel list's badges and the Chat navigation item's total.
// This store is their one owner: it reads the server's counts itself (GET /api/unread, read-only) when
// the shell asks (ChatUnreadBadge: socket (re)connects, focus, polling); the live socket's `activity`
// frames add to them and `read` frames (this or another device) clear a channel until the next read.
// The channel on screen never counts: its feed marks it read as messages arrive.
import { useSyncExternalStore } from "react";
import type { ServerFrame } from "../../worker/shared/chat-wire";
import { LIMITS } from "../../worker/shared/rules";
import { api, unwrap } from "../api";
import { TEXT } from "../text";

type Counts = ReadonlyMap<number, number>;

function createUnreadStore() {
  let counts: Counts = new Map();
  let open: number | null = null;
  /** The latest refresh: an older one answering late must not undo a newer one. */
  let refreshes = 0;
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
    /** Reads the server's counts; the open channel stays at zero. A failure keeps the counts (the next try mends). */
    async refresh() {
      const mine = ++refreshes;
      try {
        const fresh = await unwrap(api.unread.$get());
        if (mine !== refreshes) return;
        set(
          new Map(
            fresh.map((c) => [c.group_id, c.group_id === open ? 0 : Math.min(c.unread_count, LIMITS.unreadCountMax)]),
          ),
        );
      } catch {
        /* offline or signed out: the poll, the socket's reconnect or focus tries again */
      }
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
      refreshes++;
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
