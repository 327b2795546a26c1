// New-message activity on the live room, for unread counts: frames about a private channel go only to the
// users who may read it.
import type { Database } from "../../db/client";
import type { Env } from "../../env";
import { liveRoom, send } from "../../platform/live";
import type { ServerFrame } from "../../shared/chat-wire";
import { privateChannelReaders } from "./queries/channels";

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
