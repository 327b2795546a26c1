// The channels' sockets as seen from outside their objects: a frame fanned out to a channel's sockets,
// and live chat connections ended when a session ends or access narrows outside the socket itself
// (logout, sign-out of other devices, an admin deleting a member or changing a role, a member removed
// from a private channel, a channel made private; moderation's mute or ban). Each channel's object
// tags its sockets `user:<id>` and `session:<session id>`; see worker/features/chat/room.ts.

import type { Database } from "../../db/client";
import type { Env } from "../../env";
import { LIVE_ROOM } from "../../platform/live";
import { chatRoomStub } from "../../platform/room-stub";
import { CLOSE_SESSION_ENDED, type ServerFrame, type SocketCloseCode } from "../../shared/chat-wire";
import { listVisibleChannels } from "./queries/channels";
import type { SocketSelector } from "./room";

/** Hands a frame to the channel's object. Failures are logged: clients catch up from D1 by cursor. */
export async function fanOut(env: Env, channelId: number, frame: ServerFrame) {
  try {
    await chatRoomStub(env, channelId).broadcast(frame);
  } catch (err) {
    console.error("chat fan-out failed", channelId, err instanceof Error ? err.message : "unknown");
  }
}

/**
 * Closes the selected sockets in each of `channelIds` (and the live room, when given) with `code`; returns how many
 * were closed. A channel whose object fails is logged and skipped (the alarm in the object still ends sockets of
 * sessions that are gone).
 */
export async function closeChatSockets(
  env: Env,
  channelIds: (number | typeof LIVE_ROOM)[],
  selector: SocketSelector,
  code: SocketCloseCode,
  reason: string,
): Promise<number> {
  const closed = await Promise.all(
    channelIds.map(async (id) => {
      try {
        return await chatRoomStub(env, id).closeSockets(selector, code, reason);
      } catch (err) {
        console.error("closing chat sockets failed", id, err instanceof Error ? err.message : "unknown");
        return 0;
      }
    }),
  );
  return closed.reduce((a, b) => a + b, 0);
}

/** The channels a user can be connected to right now (public ones, their private ones; all for an admin). */
export async function channelsOpenTo(db: Database, user: { id: number; role: "member" | "admin" }): Promise<number[]> {
  return (await listVisibleChannels(db, user)).map((c) => c.id);
}

/**
 * Closes every socket `userId` holds in `channelIds` (from channelsOpenTo, asked before their access
 * changed, so private channels they saw are included), with CLOSE_SESSION_ENDED unless another code
 * is given. Call it after their sessions ended (member deleted, role changed, banned).
 */
export async function closeUserSockets(
  env: Env,
  channelIds: number[],
  userId: number,
  code: SocketCloseCode = CLOSE_SESSION_ENDED,
): Promise<number> {
  // A session that ended also ends the member's live socket (unread activity); narrowed access does not.
  const rooms = code === CLOSE_SESSION_ENDED ? [...channelIds, LIVE_ROOM] : channelIds;
  return closeChatSockets(
    env,
    rooms,
    { userId },
    code,
    code === CLOSE_SESSION_ENDED ? "session ended" : "access changed",
  );
}

/** Closes the sockets opened by the given sessions of `user` (logout, sign-out of other devices). */
export async function closeSessionSockets(
  env: Env,
  db: Database,
  user: { id: number; role: "member" | "admin" },
  sessionIds: string[],
): Promise<number> {
  if (sessionIds.length === 0) return 0;
  return closeChatSockets(
    env,
    [...(await channelsOpenTo(db, user)), LIVE_ROOM],
    { sessionIds },
    CLOSE_SESSION_ENDED,
    "session ended",
  );
}
