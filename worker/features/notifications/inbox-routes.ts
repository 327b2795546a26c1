// Notifications: GET /api/notifications -> { items, unread }; POST /api/notifications/read
// with { ids } marks those (the caller's own only), with {} marks all; GET /api/mentions?q=&group_id=
// -> { members }, the names the @mention autocomplete offers (in a channel: only who may read it).
import { z } from "zod";
import { requireUser } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { notFound } from "../../platform/errors";
import { limited } from "../../platform/rate-limit";
import { rowId, validate } from "../../platform/validate";
import { NOTIFICATION_LIMITS } from "../../shared/notification-rules";
import { LIMITS } from "../../shared/rules";
import { API_ERRORS as E } from "../../shared/texts";
import { getVisibleChannel, privateChannelReaders } from "../chat/index";
import { listNotifications, mentionableMembers } from "./queries/inbox";
import { markNotificationsRead } from "./queries/write";

const readBody = z.object({
  ids: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .min(1)
    .max(NOTIFICATION_LIMITS.notificationIdsMax)
    .optional(),
});

const mentionsQuery = z.object({
  q: z.string().trim().max(LIMITS.mentionQueryMax).default(""),
  group_id: rowId.optional(),
});

export const notificationRoutes = createRouter()
  .get("/mentions", requireUser, validate("query", mentionsQuery), async (c) => {
    const { q, group_id } = c.req.valid("query");
    let readers: number[] | undefined;
    if (group_id !== undefined) {
      const channel = await getVisibleChannel(c.var.db, c.var.user, group_id);
      if (!channel) throw notFound(E.channel_not_found);
      if (channel.isPrivate) readers = await privateChannelReaders(c.var.db, group_id);
    }
    return c.json({ members: await mentionableMembers(c.var.db, { prefix: q, viewerId: c.var.user.id, readers }) });
  })
  .get("/notifications", requireUser, async (c) => c.json(await listNotifications(c.var.db, c.var.user.id)))
  .post("/notifications/read", requireUser, limited("readMarks"), validate("json", readBody), async (c) => {
    const { ids } = c.req.valid("json");
    return c.json({ unread: await markNotificationsRead(c.var.db, c.var.user.id, ids) });
  });
