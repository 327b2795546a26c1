import { app } from "./app";
import { scheduled } from "./cron";
import type { Env } from "./env";
import { queue } from "./features/notifications/queue";
import { pages, RENDERED_PATHS } from "./pages";

export { ChatRoom } from "./features/chat/room";

export default {
  fetch: (request, env, ctx) =>
    request.method === "GET" && RENDERED_PATHS.test(new URL(request.url).pathname)
      ? pages.fetch(request, env, ctx)
      : app.fetch(request, env, ctx),
  scheduled,
  queue,
} satisfies ExportedHandler<Env>;
