import { app } from "./app";
import type { Env } from "./env";

export { ChatRoom } from "./chat-room";

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
