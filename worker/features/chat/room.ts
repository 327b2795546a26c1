import { DurableObject } from "cloudflare:workers";
import { getDb } from "../../db/client";
import { liveSessionExpiries } from "../../db/sessions";
import {
  CLOSE_CHANNEL_DELETED,
  CLOSE_SESSION_ENDED,
  PING_FRAME,
  PONG_FRAME,
  type ServerFrame,
  type SocketCloseCode,
} from "../../shared/chat-wire";

/**
 * Per-socket state, kept in the socket's attachment so it survives hibernation and eviction. A socket
 * belongs to the session that opened it: it ends with that session, whatever ends it.
 */
export type SocketAttachment = {
  userId: number;
  name: string;
  groupId: number;
  role: "member" | "admin";
  sessionId: string;
  sessionExpiresAt: number;
};

/** Headers the worker sets on the upgrade it forwards, after it has authenticated the caller. */
export const ROOM_HEADERS = {
  userId: "x-chat-user-id",
  userName: "x-chat-user-name",
  userRole: "x-chat-user-role",
  groupId: "x-chat-group-id",
  sessionId: "x-chat-session-id",
  sessionExpiresAt: "x-chat-session-expires-at",
} as const;

/** Which sockets to close: those of some sessions, or of one user, or all; minus the kept users (and admins). */
export type SocketSelector = { sessionIds?: string[]; userId?: number; keepUserIds?: number[]; keepAdmins?: boolean };

/**
 * How often open sockets' sessions are checked against D1 even before they expire: a bound on any
 * session end that no explicit close reached (the explicit closes are immediate).
 */
const SESSION_RECHECK_MS = 10 * 60 * 1000;

/**
 * One instance per chat channel (idFromName(String(channelId))), and one more for every member's live
 * socket (idFromName(LIVE_ROOM), see worker/platform/live.ts). It holds no messages: D1 is the
 * source of truth. It accepts hibernatable WebSockets and fans out the frames the worker hands it.
 * Pings are answered by the runtime (auto-response) without waking the object.
 */
export class ChatRoom extends DurableObject<Cloudflare.Env> {
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
    const sessionId = request.headers.get(ROOM_HEADERS.sessionId) ?? "";
    const sessionExpiresAt = Number(request.headers.get(ROOM_HEADERS.sessionExpiresAt));
    const role = request.headers.get(ROOM_HEADERS.userRole) === "admin" ? "admin" : "member";
    if (
      !Number.isInteger(userId) ||
      userId <= 0 ||
      !Number.isInteger(groupId) ||
      !/^[0-9a-f]{64}$/.test(sessionId) ||
      !(sessionExpiresAt > Date.now())
    ) {
      return Response.json({ error: "Authentication required" }, { status: 401 });
    }
    const name = decodeURIComponent(request.headers.get(ROOM_HEADERS.userName) ?? "");
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [`user:${userId}`, `session:${sessionId}`]);
    server.serializeAttachment({ userId, name, groupId, role, sessionId, sessionExpiresAt } satisfies SocketAttachment);
    await this.scheduleSessionCheck(sessionExpiresAt);
    server.send(JSON.stringify({ type: "ready", group_id: groupId } satisfies ServerFrame));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Makes sure the alarm fires by `expiresAt` (and within SESSION_RECHECK_MS). */
  private async scheduleSessionCheck(expiresAt: number) {
    const next = Math.min(expiresAt, Date.now() + SESSION_RECHECK_MS);
    const current = await this.ctx.storage.getAlarm();
    if (current === null || next < current) await this.ctx.storage.setAlarm(next);
  }

  /**
   * The session check: every socket whose session is gone or expired is closed (a socket must not
   * outlive its session); renewed expiries are kept. Then the next check is scheduled while sockets remain.
   */
  async alarm(): Promise<void> {
    const sockets = this.ctx.getWebSockets();
    if (sockets.length === 0) return;
    const now = Date.now();
    const attachments = sockets.map((ws) => ws.deserializeAttachment() as SocketAttachment);
    const live = await liveSessionExpiries(getDb(this.env.DB), [...new Set(attachments.map((a) => a.sessionId))], now);
    let earliest = Infinity;
    sockets.forEach((ws, i) => {
      const attachment = attachments[i];
      const expiresAt = live.get(attachment.sessionId);
      if (expiresAt === undefined) {
        closeQuietly(ws, CLOSE_SESSION_ENDED, "session ended");
        return;
      }
      if (expiresAt !== attachment.sessionExpiresAt)
        ws.serializeAttachment({ ...attachment, sessionExpiresAt: expiresAt } satisfies SocketAttachment);
      earliest = Math.min(earliest, expiresAt);
    });
    if (earliest !== Infinity) await this.ctx.storage.setAlarm(Math.min(earliest, now + SESSION_RECHECK_MS));
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

  /** Sends one frame to the sockets of these users only (the live socket's targeted frames). */
  async sendTo(userIds: number[], frame: ServerFrame): Promise<number> {
    const data = JSON.stringify(frame);
    let sent = 0;
    for (const userId of new Set(userIds)) {
      for (const ws of this.ctx.getWebSockets(`user:${userId}`)) {
        try {
          ws.send(data);
          sent++;
        } catch {
          // A socket that is closing; its close handler cleans up.
        }
      }
    }
    return sent;
  }

  /** Which of these users have a socket open here now (the live room: who must not get a push). */
  async connectedUsers(userIds: number[]): Promise<number[]> {
    return [...new Set(userIds)].filter((userId) => this.ctx.getWebSockets(`user:${userId}`).length > 0);
  }

  /** The channel was deleted: tell every socket, then close them so clients stop reconnecting. */
  async channelDeleted(groupId: number): Promise<void> {
    await this.broadcast({ type: "deleted", group_id: groupId });
    for (const ws of this.ctx.getWebSockets()) closeQuietly(ws, CLOSE_CHANNEL_DELETED, "channel deleted");
  }

  /**
   * A session ended or access narrowed: closes the selected sockets with `code` (see chat-wire.ts for
   * what each tells the client). Returns how many were closed.
   */
  async closeSockets(selector: SocketSelector, code: SocketCloseCode, reason: string): Promise<number> {
    const candidates = selector.sessionIds
      ? selector.sessionIds.flatMap((id) => this.ctx.getWebSockets(`session:${id}`))
      : selector.userId !== undefined
        ? this.ctx.getWebSockets(`user:${selector.userId}`)
        : this.ctx.getWebSockets();
    const keep = new Set(selector.keepUserIds ?? []);
    let closed = 0;
    for (const ws of candidates) {
      const attachment = ws.deserializeAttachment() as SocketAttachment;
      if (keep.has(attachment.userId) || (selector.keepAdmins && attachment.role === "admin")) continue;
      closeQuietly(ws, code, reason);
      closed++;
    }
    return closed;
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

function closeQuietly(ws: WebSocket, code: number, reason: string) {
  try {
    ws.close(code, reason);
  } catch {
    /* already closed */
  }
}
