// The member's live socket (/api/live/socket): one ChatRoom instance that every signed-in client joins
// (sockets tagged by user), carrying what happens outside the channel a member has open: new-message
// activity for unread counts, read markers moved on another device, the bell. Best effort: clients fall back to
// polling.

import type { Env } from "../env";
import type { ServerFrame } from "../shared/chat-wire";
import { chatRoomStub } from "./room-stub";

/** The name of the live room (channel rooms are named by their numeric id, so it never collides). */
export const LIVE_ROOM = "live" as const;
/** The group_id the live socket's `ready` frame carries (no channel). */
export const LIVE_GROUP_ID = 0;

export const liveRoom = (env: Env) => chatRoomStub(env, LIVE_ROOM);

/** Runs a best-effort delivery: a failure is logged, never the caller's. */
export async function send(what: string, deliver: () => Promise<unknown>) {
  try {
    await deliver();
  } catch (err) {
    console.error(`live ${what} failed`, err instanceof Error ? err.message : "unknown");
  }
}

/** Frames for one member's own devices. */
export function sendToUser(env: Env, userId: number, frame: ServerFrame) {
  return send(frame.type, () => liveRoom(env).sendTo([userId], frame));
}
