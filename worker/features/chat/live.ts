// The member's live socket (/api/live/socket): one ChatRoom instance that every signed-in client joins
// (sockets tagged by user), carrying what happens outside the channel a member has open: new-message
// activity for unread counts and read markers moved on another device. Frames about a private channel
// go only to the users who may read it. Best effort: clients fall back to polling GET /api/groups.

import type { Database } from "../../db/client";
import type { Env } from "../../env";
import type { ServerFrame } from "../../shared/chat-wire";
import { privateChannelReaders } from "./queries/chat";
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

/** A new message: everyone hears of it in a public channel; only its readers in a private one. */
export function announceActivity(
  env: Env,
  db: Database,
  channel: { id: number; isPrivate: boolean },
  message: { id: number; senderId: number },
) {
  const frame: ServerFrame = {
    type: "activity",
    group_id: channel.id,
    message_id: message.id,
    sender_id: message.senderId,
  };
  return send("activity", async () =>
    channel.isPrivate
      ? liveRoom(env).sendTo(await privateChannelReaders(db, channel.id), frame)
      : liveRoom(env).broadcast(frame),
  );
}

/** Frames for one member's own devices. */
export function sendToUser(env: Env, userId: number, frame: ServerFrame) {
  return send(frame.type, () => liveRoom(env).sendTo([userId], frame));
}
