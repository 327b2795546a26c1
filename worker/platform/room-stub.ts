import type { Env } from "../env";

/** The Durable Object of one chat channel (one instance per channel, named by its id). */
export const chatRoomStub = (env: Pick<Env, "CHAT_ROOM">, channel: number | string) =>
  env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(String(channel)));
