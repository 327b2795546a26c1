import type { Env } from "../env";
import { unreachableRoomStub } from "./fault-switch";

type RoomStub = ReturnType<Env["CHAT_ROOM"]["get"]>;

/**
 * The Durable Object of one chat channel (one instance per channel, named by its id). Locally, the chaos run's
 * fault switch may stand in for it (fault-switch.ts).
 */
export const chatRoomStub = (env: Pick<Env, "CHAT_ROOM">, channel: number | string): RoomStub =>
  unreachableRoomStub<RoomStub>(String(channel)) ?? env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(String(channel)));
