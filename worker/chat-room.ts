import { DurableObject } from "cloudflare:workers";
import { CLOSE_CHANNEL_DELETED, CLOSE_REAUTHORIZE, PING_FRAME, PONG_FRAME, type ServerFrame } from "./shared/chat-wire";

/** Per-socket state, kept in the socket's attachment so it survives hibernation and eviction. */
export type SocketAttachment = { userId: number; name: string; groupId: number };

/** Headers the worker sets on the upgrade it forwards, after it has authenticated the caller. */
export const ROOM_HEADERS = { userId: "x-chat-user-id", userName: "x-chat-user-name", groupId: "x-chat-group-id" } as const;

/**
 * One instance per chat channel (idFromName(String(channelId))). It holds no messages: D1 is the
 * source of truth. It accepts hibernatable WebSockets and fans out the frames the worker hands it.
 * Pings are answered by the runtime (auto-response) without waking the object.
 */
export class ChatRoom extends DurableObject {
  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  /** Only the WebSocket upgrade arrives here, forwarded by the worker's authenticated route. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return Response.json({ error: "Expected a WebSocket upgrade" }, { status: 426 });
    }
    const userId = Number(request.headers.get(ROOM_HEADERS.userId));
    const groupId = Number(request.headers.get(ROOM_HEADERS.groupId));
    if (!Number.isInteger(userId) || userId <= 0 || !Number.isInteger(groupId)) {
      return Response.json({ error: "Authentication required" }, { status: 401 });
    }
    const name = decodeURIComponent(request.headers.get(ROOM_HEADERS.userName) ?? "");
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [`user:${userId}`]);
    server.serializeAttachment({ userId, name, groupId } satisfies SocketAttachment);
    server.send(JSON.stringify({ type: "ready", group_id: groupId } satisfies ServerFrame));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends one frame to every connected socket; returns how many received it. */
  async broadcast(frame: ServerFrame): Promise<number> {
    const data = JSON.stringify(frame);
    let sent = 0;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(data);
        sent++;
      } catch {
        // A socket that is closing; its close handler cleans up.
      }
    }
    return sent;
  }

  /** The channel was deleted: tell every socket, then close them so clients stop reconnecting. */
  async channelDeleted(groupId: number): Promise<void> {
    await this.broadcast({ type: "deleted", group_id: groupId });
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(CLOSE_CHANNEL_DELETED, "channel deleted");
      } catch {
        /* already closed */
      }
    }
  }

  /**
   * Access changed (a member was removed, or the channel became private): close the affected sockets
   * so their clients reconnect through the worker, which checks visibility again.
   */
  async reauthorize(userId?: number): Promise<number> {
    const sockets = userId === undefined ? this.ctx.getWebSockets() : this.ctx.getWebSockets(`user:${userId}`);
    for (const ws of sockets) {
      try {
        ws.close(CLOSE_REAUTHORIZE, "access changed");
      } catch {
        /* already closed */
      }
    }
    return sockets.length;
  }

  /** Number of connected sockets (used by tests and the benchmark's sanity checks). */
  async connections(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  /** Clients send nothing but pings (answered without waking us); anything else is ignored. */
  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === PING_FRAME) ws.send(PONG_FRAME);
  }

  async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      /* the runtime already completed the close */
    }
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    try {
      ws.close(1011, "error");
    } catch {
      /* already closed */
    }
  }
}
