import { app } from "./app";
import type { Env } from "./env";
import { queue } from "./queue";
import { scheduled } from "./scheduled";

export { ChatRoom } from "./chat-room";

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  scheduled,
  queue,
} satisfies ExportedHandler<Env>;
