// Fault switches for the chaos run (npm run bench:chaos, test/bench/chaos.bench.mjs), local only (404 elsewhere,
// whoever asks; an admin's even locally): PUT /api/dev/faults/rooms/:id { seconds } makes that channel's object
// unreachable for that long, as an object whose machine went away: its sockets drop at once, and until the time is
// up every call the worker makes to it fails (fan-outs, socket upgrades). Messages are still stored in D1; clients
// catch up by cursor when they reconnect.
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppEnv } from "../env";
import { requireAdmin } from "../platform/auth";
import { createRouter } from "../platform/create-app";
import { notFound } from "../platform/errors";
import { makeRoomUnreachable } from "../platform/fault-switch";
import { idParam, validate } from "../platform/validate";
import { CLOSE_REAUTHORIZE } from "../shared/chat-wire";
import { API_ERRORS as E } from "../shared/texts";

const localOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.env.APP_ENV !== "local") throw notFound(E.not_found);
  await next();
});

export const faultRoutes = createRouter().put(
  "/dev/faults/rooms/:id",
  localOnly,
  requireAdmin,
  validate("param", idParam),
  validate("json", z.object({ seconds: z.number().int().positive().max(600) })),
  async (c) => {
    const name = String(c.req.valid("param").id);
    const room = c.env.CHAT_ROOM.get(c.env.CHAT_ROOM.idFromName(name));
    const dropped = await room.closeSockets({}, CLOSE_REAUTHORIZE, "unreachable");
    const until = Date.now() + c.req.valid("json").seconds * 1000;
    makeRoomUnreachable(name, until);
    return c.json({ unreachable_until: new Date(until).toISOString(), sockets_dropped: dropped });
  },
);
