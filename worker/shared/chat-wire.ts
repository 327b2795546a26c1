// The chat's wire format: what the API returns for channels and messages, and every frame the
// channel's Durable Object sends over its WebSockets. Imported by the worker, the object and the client.
import type { ReactionEmoji, ReportReason } from "./rules";

/** docs/spec.md §3 Channel (group), plus who may manage it. */
export type ChannelDto = {
  id: number;
  name: string;
  description: string | null;
  is_private: boolean;
  created_by: number | null;
  created_at: string;
  /** True for the creator and admins: they may edit, delete and add members (never on a direct message). */
  can_manage: boolean;
  /** A direct message: a two-person private channel, listed apart under the other member's name. */
  is_direct: boolean;
};

/** A direct message's other member; null when they deleted their account. */
export type DirectPeer = { id: number; name: string | null; avatar_url: string | null };

/**
 * A channel in GET /api/groups: with the caller's unread messages (capped at LIMITS.unreadCountMax) and,
 * for a direct message, the other member.
 */
export type ChannelListItem = ChannelDto & { unread_count: number; direct_with: DirectPeer | null };

/** GET /api/unread: a channel's unread count, as in the channel list (capped at LIMITS.unreadCountMax). */
export type UnreadCount = { group_id: number; unread_count: number };

/** docs/spec.md §3 Message. image_url points at the authenticated image route, never a data URL. */
export type MessageDto = {
  id: number;
  group_id: number;
  sender_id: number;
  sender_name: string;
  body: string;
  created_at: string;
  image_url: string | null;
  /** A moderator hid it: body reads "Removed by a moderator" and image_url is null. */
  hidden: boolean;
  /** Why, for its sender only; null for everyone else. */
  hidden_reason: ReportReason | null;
  /** When its sender last edited it; null when never edited. */
  edited_at: string | null;
  /** Its sender deleted it: body is "" and image_url null; clients show the "message deleted" placeholder. */
  deleted: boolean;
  /** The id of the message of the same channel this one answers (the client quotes it); null otherwise. */
  reply_to: number | null;
  /** Its reactions as the viewer sees them, in REACTIONS.emoji's order. */
  reactions: ReactionCountDto[];
};

/** One emoji's reactions on a post, comment or message: how many, and whether the viewer is among them. */
export type ReactionCountDto = { emoji: ReactionEmoji; count: number; mine: boolean };

/**
 * Frames the server sends on a channel socket, and on the member's live socket (/api/live/socket,
 * group_id 0 in its `ready`): `activity` (a new message in a channel the member may read, for unread
 * counts), `read` (the member read a channel, on this or another device) and `notification` (the
 * member has a new notification: fetch GET /api/notifications).
 */
export type ServerFrame =
  | { type: "ready"; group_id: number }
  | { type: "message"; message: MessageDto }
  | { type: "deleted"; group_id: number }
  | { type: "activity"; group_id: number; message_id: number; sender_id: number }
  | { type: "read"; group_id: number }
  | { type: "notification" }
  /** A moderator hid a message: open chats replace it with the placeholder at once. */
  | { type: "message_hidden"; group_id: number; message_id: number }
  /** Its sender edited a message: open chats show the new text ("edited"). */
  | { type: "message_edited"; message: MessageDto }
  /** Its sender (or an admin) deleted a message: open chats show the placeholder. */
  | { type: "message_deleted"; group_id: number; message_id: number }
  /**
   * A member toggled a reaction on a message: its counts for everyone (`mine` is each viewer's own: the
   * client keeps its own, or takes `added` when `user_id` is itself).
   */
  | {
      type: "reaction";
      group_id: number;
      message_id: number;
      user_id: number;
      emoji: ReactionEmoji;
      added: boolean;
      counts: { emoji: ReactionEmoji; count: number }[];
    }
  | { type: "pong" };

/** Frames a client sends. Only the keep-alive ping, answered by the runtime without waking the object. */
export type ClientFrame = { type: "ping" };

export const PING_FRAME = JSON.stringify({ type: "ping" } satisfies ClientFrame);
export const PONG_FRAME = JSON.stringify({ type: "pong" } satisfies ServerFrame);

/** Close code sent when the channel is deleted: clients must not reconnect. */
export const CLOSE_CHANNEL_DELETED = 4404;
/** Close code sent when access may have changed: clients reconnect and are checked again. */
export const CLOSE_REAUTHORIZE = 4401;
/**
 * Close code sent when the session that opened the socket ended (logout, signed out from another
 * device, expiry, the member deleted or their role changed): clients show the signed-out state and
 * do not reconnect.
 */
export const CLOSE_SESSION_ENDED = 4410;
/** Close code sent when the viewer lost access to the channel (removed, or it became private): no reconnect. */
export const CLOSE_ACCESS_REVOKED = 4403;

/** The close codes the server ends a socket with on purpose. */
export type SocketCloseCode =
  | typeof CLOSE_CHANNEL_DELETED
  | typeof CLOSE_REAUTHORIZE
  | typeof CLOSE_SESSION_ENDED
  | typeof CLOSE_ACCESS_REVOKED;

export function parseServerFrame(data: unknown): ServerFrame | null {
  if (typeof data !== "string") return null;
  try {
    const frame = JSON.parse(data) as ServerFrame;
    return frame && typeof frame === "object" && typeof frame.type === "string" ? frame : null;
  } catch {
    return null;
  }
}
