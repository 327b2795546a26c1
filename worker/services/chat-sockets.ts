// Ending a person's live chat connections when their access ends outside the chat routes (an admin
// deletes the member or changes their role). Sockets are tagged `user:<id>` in each channel's object.
import { listVisibleChannels } from "../db/chat";
import type { Database } from "../db/client";
import type { Env } from "../env";
import { chatRoomStub } from "../lib/chat-room-stub";

/**
 * Closes every socket the user holds in any channel they could see (asked before their access
 * changes). Their clients reconnect through the worker, which checks the session and visibility again.
 * Returns how many sockets were closed; a channel whose object fails is logged and skipped.
 */
export async function closeUserSockets(env: Env, channelIds: number[], userId: number): Promise<number> {
  const closed = await Promise.all(
    channelIds.map(async (id) => {
      try {
        return await chatRoomStub(env, id).reauthorize(userId);
      } catch (err) {
        console.error("closing a member's sockets failed", id, err instanceof Error ? err.message : "unknown");
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
