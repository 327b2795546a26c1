// The open channel's feed, its one owner: the messages loaded from the API (D1 is the source of truth),
// kept live over the channel's WebSocket, and caught up by the `after` cursor on every (re)connect and,
// while the socket is down, every TIMING.chatPollMs; the member's own sends; and the read state (the
// channel on screen is read: its badge stays clear, and others' messages arriving move the server's
// read marker). Messages are merged by id, so nothing shows twice.
import { useCallback, useEffect, useRef, useState } from "react";
import type { MessageDto } from "../../worker/shared/chat-wire";
import { LIMITS, type ReactionEmoji, TIMING } from "../../worker/shared/rules";
import { api, errorCode, unwrap } from "../api";
import { unreadModule } from "../live/channel-unread";
import { toggleReaction } from "../reactions/requests";

export type FeedStatus = "loading" | "ready" | "error";

/** Merges messages into a list sorted by id, dropping those already present. */
export function mergeMessages(current: MessageDto[], incoming: MessageDto[]): MessageDto[] {
  if (incoming.length === 0) return current;
  const seen = new Set(current.map((m) => m.id));
  const fresh = incoming.filter((m) => !seen.has(m.id) && seen.add(m.id));
  if (fresh.length === 0) return current;
  return [...current, ...fresh].sort((a, b) => a.id - b.id);
}

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
    void unreadModule().then((m) => m.unreadStore.setOpen(groupId));
    return () => {
      void unreadModule().then((m) => m.unreadStore.setOpen(null));
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

  // The socket, connected after the first render (its code loads then: the first page paints without it);
  // each open catches up by cursor.
  useEffect(() => {
    if (typeof WebSocket === "undefined") return;
    let stopped = false;
    let stop: (() => void) | undefined;
    const setLiveBoth = (v: boolean) => {
      liveRef.current = v;
      setLive(v);
    };
    void import("./feed-socket").then(({ followChannel }) => {
      if (stopped) return;
      stop = followChannel(groupId, {
        setLive: setLiveBoth,
        catchUp: () => void catchUp(),
        accept: (incoming) => accept(incoming, false),
        hide,
        replace,
        markDeleted,
        me: () => handlersRef.current.me,
        ended: () => {
          endedRef.current = true;
        },
        channelGone: () => handlersRef.current.onChannelDeleted?.(),
        sessionEnded: () => handlersRef.current.onSessionEnded?.(),
      });
    });
    return () => {
      stopped = true;
      stop?.();
      setLiveBoth(false);
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
    /**
     * Sends with its Idempotency-Key (the outbox keeps one per message), retrying a lost answer with it. The retrying
     * sender loads with the first message sent, not with the chat's first paint.
     */
    sendText: async (body: string, replyTo: number | undefined, key: string) => {
      const { sendIdempotent } = await import("../idempotent");
      return sent(
        unwrap(
          sendIdempotent((o) => api.messages.$post({ json: { group_id: groupId, body, reply_to: replyTo } }, o), {
            key,
          }),
        ),
      );
    },
    sendImage: async (image: File) => {
      const { sendIdempotent } = await import("../idempotent");
      return sent(
        unwrap(sendIdempotent((o) => api.messages.image.$post({ form: { group_id: String(groupId), image } }, o))),
      );
    },
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
