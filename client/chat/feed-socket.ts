// The open channel's WebSocket (useChannelFeed): reconnecting with backoff, pinging to stay open, and each frame
// applied to the feed. Loaded when the feed connects, after its first render: the first page paints without it.
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

const PING_EVERY_MS = 25_000;
const RECONNECT_MAX_MS = 15_000;

/** What the socket changes in the feed (useChannelFeed's own functions). */
export type SocketFeed = {
  setLive(live: boolean): void;
  /** The socket opened: read what it may have missed. */
  catchUp(): void;
  accept(messages: MessageDto[]): void;
  hide(id: number): void;
  replace(id: number, change: (m: MessageDto) => MessageDto): void;
  markDeleted(id: number): void;
  /** The signed-in member, whose own reactions a frame may toggle. */
  me(): number | undefined;
  /** The server closed the socket for good: no reconnect and no polling. */
  ended(): void;
  /** Removed from a private channel (or it became private): for this viewer it is gone, as if deleted. */
  channelGone(): void;
  sessionEnded(): void;
};

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

const socketUrl = (groupId: number) =>
  `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/groups/${groupId}/socket`;

/** Close codes after which reconnecting is pointless: the channel is gone for this viewer, or the session ended. */
const FINAL_CLOSES = new Set<number>([CLOSE_CHANNEL_DELETED, CLOSE_ACCESS_REVOKED, CLOSE_SESSION_ENDED]);

/** Connects to the channel's socket until the returned function is called. */
export function followChannel(groupId: number, feed: SocketFeed): () => void {
  let ws: WebSocket | null = null;
  let stopped = false;
  let retry = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  const connect = () => {
    try {
      ws = new WebSocket(socketUrl(groupId));
    } catch {
      scheduleReconnect();
      return;
    }
    ws.onopen = () => {
      retry = 0;
      feed.setLive(true);
      feed.catchUp();
      pingTimer = setInterval(() => ws?.readyState === WebSocket.OPEN && ws.send(PING_FRAME), PING_EVERY_MS);
    };
    ws.onmessage = (event) => {
      const frame = parseServerFrame(event.data);
      if (frame?.type === "message" && frame.message.group_id === groupId) feed.accept([frame.message]);
      else if (frame?.type === "deleted") feed.channelGone();
      else if (frame?.type === "message_hidden" && frame.group_id === groupId) feed.hide(frame.message_id);
      else if (frame?.type === "message_edited" && frame.message.group_id === groupId)
        feed.replace(frame.message.id, (m) => ({ ...frame.message, reactions: m.reactions }));
      else if (frame?.type === "reaction" && frame.group_id === groupId)
        feed.replace(frame.message_id, (m) => ({ ...m, reactions: reactionsAfter(m.reactions, frame, feed.me()) }));
      else if (frame?.type === "message_deleted" && frame.group_id === groupId) feed.markDeleted(frame.message_id);
    };
    ws.onclose = (event) => {
      clearInterval(pingTimer);
      feed.setLive(false);
      ws = null;
      if (FINAL_CLOSES.has(event.code)) {
        feed.ended();
        if (event.code === CLOSE_SESSION_ENDED) feed.sessionEnded();
        else if (event.code === CLOSE_ACCESS_REVOKED) feed.channelGone();
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
    if (ws) {
      ws.onclose = null;
      ws.close(1000, "leaving");
    }
  };
}
