import { DurableObject } from "cloudflare:workers";
import type { Env } from "./env";

/** One instance per chat channel: fans out stored messages to the channel's WebSockets. */
export class ChatRoom extends DurableObject<Env> {
  async fetch(): Promise<Response> {
    return new Response("Not implemented", { status: 501 });
  }
}
