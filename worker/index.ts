import { app } from "./app";
import { scheduled } from "./cron";
import type { Env } from "./env";
import { queue } from "./features/notifications/queue";

export { ChatRoom } from "./features/chat/room";

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  scheduled,
  queue,
} satisfies ExportedHandler<Env>;
