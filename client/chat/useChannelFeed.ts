// The open channel's feed, its one owner: the messages loaded from the API (D1 is the source of truth),
// kept live over the channel's WebSocket, and caught up by the `after` cursor on every (re)connect and,
// while the socket is down, every TIMING.chatPollMs; the member's own sends; and the read state (the
// channel on screen is read: its badge stays clear, and others' messages arriving move the server's
// read marker). Messages are merged by id, so nothing shows twice.
import { useCallback, useEffect, useRef, useState } from "react";
import {
  CLOSE_ACCESS_REVOKED,
  CLOSE_CHANNEL_DELETED,
  CLOSE_SESSION_ENDED,
  type MessageDto,
  PING_FRAME,
  parseServerFrame,
  type ReactionCountDto,
  type ServerFrame,
} from "../../worker/shared/chat-wire";
import { LIMITS, type ReactionEmoji, TIMING } from "../../worker/shared/rules";
import { api, errorCode, unwrap } from "../api";
import { unreadStore } from "../live/unread";
import { toggleReaction } from "../reactions/requests";

const PING_EVERY_MS = 25_000;
const RECONNECT_MAX_MS = 15_000;

export type FeedStatus = "loading" | "ready" | "error";

/**
 * A message's reactions after a `reaction` frame: the frame's counts, each marked as the member's own as
 * before, except the toggled emoji when the member toggled it (on this or another device).
 */
export function reactionsAfter(
  before: ReactionCountDto[],
  frame: Extract<ServerFrame, { type: "reaction" }>,
  me: number | undefined,
): ReactionCountDto[] {
  const mine = new Set(before.filter((r) => r.mine).map((r) => r.emoji));
  if (frame.user_id === me) {
    if (frame.added) mine.add(frame.emoji);
    else mine.delete(frame.emoji);
  }
  return frame.counts.map((c) => ({ ...c, mine: mine.has(c.emoji) }));
}

/** Merges messages into a list sorted by id, dropping those already present. */
export function mergeMessages(current: MessageDto[], incoming: MessageDto[]): MessageDto[] {
  if (incoming.length === 0) return current;
  const seen = new Set(current.map((m) => m.id));
  const fresh = incoming.filter((m) => !seen.has(m.id) && seen.add(m.id));
  if (fresh.length === 0) return current;
  return [...current, ...fresh].sort((a, b) => a.id - b.id);
}

export const socketUrl = (groupId: number) =>
  `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/groups/${groupId}/socket`;

/** Close codes after which reconnecting is pointless: the channel is gone for this viewer, or the session ended. */
const FINAL_CLOSES = new Set<number>([CLOSE_CHANNEL_DELETED, CLOSE_ACCESS_REVOKED, CLOSE_SESSION_ENDED]);

export function useChannelFeed(
  groupId: number,
  handlers: {
    /** The signed-in member: their own messages are read already. */
    me?: number;
    /** Messages from others arrived (not the first load, not the member's own). */
    onIncoming?: (messages: MessageDto[]) => void;
    onChannelDeleted?: () => void;
    onSessionEnded?: () => void;
    /** A send was refused because the member is muted (the session's user view then needs a reload). */
    onMuted?: () => void;
  } = {},
) {
  const [messages, setMessages] = useState<MessageDto[]>([]);
  /** What `messages` holds, readable at once: changes are computed here, outside React's updaters (kept pure). */
  const shown = useRef<MessageDto[]>([]);
  const [status, setStatus] = useState<FeedStatus>("loading");
  const [live, setLive] = useState(false);
  /** The highest id returned by an HTTP list: catch-up asks for everything after it, so a socket gap is refilled. */
  const cursor = useRef(0);
  const liveRef = useRef(false);
  /** Set when the server closed the socket for good: no reconnect and no polling. */
  const endedRef = useRef(false);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const [attempt, setAttempt] = useState(0);
  const markRead = useRef<ReturnType<typeof setTimeout>>(undefined);

  const show = useCallback((next: MessageDto[]) => {
    shown.current = next;
    setMessages(next);
  }, []);

  // On screen, the channel is read: its badge clears, and stays clear while it is open.
  useEffect(() => {
    unreadStore.setOpen(groupId);
    return () => {
      unreadStore.setOpen(null);
      clearTimeout(markRead.current);
    };
  }, [groupId]);

  const accept = useCallback(
    (incoming: MessageDto[], fromHttp: boolean) => {
      if (fromHttp && incoming.length) cursor.current = Math.max(cursor.current, ...incoming.map((m) => m.id));
      const current = shown.current;
      const next = mergeMessages(current, incoming);
      if (next === current) return;
      show(next);
      const seen = new Set(current.map((m) => m.id));
      const fromOthers = incoming.filter((m) => !seen.has(m.id) && m.sender_id !== handlersRef.current.me);
      if (fromOthers.length === 0) return;
      handlersRef.current.onIncoming?.(fromOthers);
      // One read mark per burst, once it settles.
      clearTimeout(markRead.current);
      markRead.current = setTimeout(
        () => void api.groups[":id"].read.$post({ param: { id: String(groupId) } }).catch(() => undefined),
        TIMING.markReadDelayMs,
      );
    },
    [groupId, show],
  );

  const catchUp = useCallback(async () => {
    try {
      // A full page means there may be more: keep reading (bounded) until caught up.
      for (let page = 0; page < 20; page++) {
        const list = await unwrap(
          api.messages.$get({ query: { group_id: String(groupId), after: String(cursor.current) } }),
        );
        accept(list, true);
        if (list.length < LIMITS.chatCatchUpPage) break;
      }
    } catch {
      /* the next poll or reconnect tries again */
    }
  }, [groupId, accept]);

  /** A moderator hid a message: its text and image leave this page at once (its author learns why at the next load). */
  const hide = useCallback(
    (id: number) =>
      show(shown.current.map((m) => (m.id === id ? { ...m, body: "", image_url: null, hidden: true } : m))),
    [show],
  );

  /** A message changed (edited or deleted, here or by its sender elsewhere): its new state replaces the old. */
  const replace = useCallback(
    (id: number, change: (m: MessageDto) => MessageDto) =>
      show(shown.current.map((m) => (m.id === id ? change(m) : m))),
    [show],
  );
  const markDeleted = useCallback(
    (id: number) => replace(id, (m) => ({ ...m, body: "", image_url: null, deleted: true, reactions: [] })),
    [replace],
  );

  /** Loads the messages from `messageId` on (a link to an older message than the latest page). */
  const reach = useCallback(
    async (messageId: number) => {
      try {
        accept(
          await unwrap(api.messages.$get({ query: { group_id: String(groupId), after: String(messageId - 1) } })),
          true,
        );
      } catch {
        /* the message stays out of view; the channel itself still works */
      }
    },
    [groupId, accept],
  );

  /** Sends, then shows the stored message at once (the socket's copy is dropped as a duplicate). */
  const sent = useCallback(
    async (stored: Promise<MessageDto>) => {
      try {
        accept([await stored], false);
      } catch (err) {
        if (errorCode(err) === "account_muted") handlersRef.current.onMuted?.();
        throw err;
      }
    },
    [accept],
  );

  // First load: the latest page, oldest first.
  // biome-ignore lint/correctness/useExhaustiveDependencies(attempt): retry() bumps it to load again.
  useEffect(() => {
    let cancelled = false;
    setStatus("loading");
    unwrap(api.messages.$get({ query: { group_id: String(groupId) } }))
      .then((list) => {
        if (cancelled) return;
        cursor.current = list.length ? list[list.length - 1].id : 0;
        show(mergeMessages(shown.current, list));
        setStatus("ready");
      })
      .catch(() => !cancelled && setStatus("error"));
    return () => {
      cancelled = true;
    };
  }, [groupId, attempt, show]);

  // The socket, reconnecting with backoff; each open catches up by cursor.
  useEffect(() => {
    if (typeof WebSocket === "undefined") return;
    let ws: WebSocket | null = null;
    let stopped = false;
    let retry = 0;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let pingTimer: ReturnType<typeof setInterval> | undefined;
    const setLiveBoth = (v: boolean) => {
      liveRef.current = v;
      setLive(v);
    };
    const connect = () => {
      try {
        ws = new WebSocket(socketUrl(groupId));
      } catch {
        scheduleReconnect();
        return;
      }
      ws.onopen = () => {
        retry = 0;
        setLiveBoth(true);
        void catchUp();
        pingTimer = setInterval(() => ws?.readyState === WebSocket.OPEN && ws.send(PING_FRAME), PING_EVERY_MS);
      };
      ws.onmessage = (event) => {
        const frame = parseServerFrame(event.data);
        if (frame?.type === "message" && frame.message.group_id === groupId) accept([frame.message], false);
        else if (frame?.type === "deleted") handlersRef.current.onChannelDeleted?.();
        else if (frame?.type === "message_hidden" && frame.group_id === groupId) hide(frame.message_id);
        else if (frame?.type === "message_edited" && frame.message.group_id === groupId)
          replace(frame.message.id, (m) => ({ ...frame.message, reactions: m.reactions }));
        else if (frame?.type === "reaction" && frame.group_id === groupId)
          replace(frame.message_id, (m) => ({
            ...m,
            reactions: reactionsAfter(m.reactions, frame, handlersRef.current.me),
          }));
        else if (frame?.type === "message_deleted" && frame.group_id === groupId) markDeleted(frame.message_id);
      };
      ws.onclose = (event) => {
        clearInterval(pingTimer);
        setLiveBoth(false);
        ws = null;
        if (FINAL_CLOSES.has(event.code)) {
          endedRef.current = true;
          if (event.code === CLOSE_SESSION_ENDED) handlersRef.current.onSessionEnded?.();
          // Removed from a private channel (or it became private): for this viewer it is gone, as if deleted.
          else if (event.code === CLOSE_ACCESS_REVOKED) handlersRef.current.onChannelDeleted?.();
        } else if (!stopped) scheduleReconnect();
      };
    };
    const scheduleReconnect = () => {
      if (stopped) return;
      const delay = Math.min(RECONNECT_MAX_MS, 1000 * 2 ** retry++);
      reconnectTimer = setTimeout(connect, delay);
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(reconnectTimer);
      clearInterval(pingTimer);
      setLiveBoth(false);
      if (ws) {
        ws.onclose = null;
        ws.close(1000, "leaving");
      }
    };
  }, [groupId, accept, catchUp, hide, replace, markDeleted]);

  // Polling fallback while the socket is down.
  useEffect(() => {
    const timer = setInterval(() => {
      if (!liveRef.current && !endedRef.current) void catchUp();
    }, TIMING.chatPollMs);
    return () => clearInterval(timer);
  }, [catchUp]);

  return {
    messages,
    status,
    live,
    reach,
    retry: () => setAttempt((n) => n + 1),
    sendText: (body: string, replyTo?: number) =>
      sent(unwrap(api.messages.$post({ json: { group_id: groupId, body, reply_to: replyTo } }))),
    sendImage: (image: File) => sent(unwrap(api.messages.image.$post({ form: { group_id: String(groupId), image } }))),
    edit: async (id: number, body: string) => {
      const edited = await unwrap(api.messages[":id"].$patch({ param: { id: String(id) }, json: { body } }));
      replace(id, (m) => ({ ...edited, reactions: m.reactions }));
    },
    react: async (id: number, emoji: ReactionEmoji) => {
      const reactions = await toggleReaction("message", id, emoji);
      replace(id, (m) => ({ ...m, reactions }));
    },
    remove: async (id: number) => {
      await unwrap(api.messages[":id"].$delete({ param: { id: String(id) } }));
      markDeleted(id);
    },
  };
}
