// Notifications (issue 19): GET /api/notifications -> { items, unread }; POST /api/notifications/read
// with { ids } marks those (the caller's own only), with {} marks all.
import { z } from "zod";
import { listNotifications, markNotificationsRead } from "../db/notifications";
import { createRouter } from "../lib/create-app";
import { limited } from "../lib/rate-limit";
import { validate } from "../lib/validate";
import { requireUser } from "../middleware/auth";
import { LIMITS } from "../shared/rules";

const readBody = z.object({
  ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(LIMITS.notificationIdsMax).optional(),
});

export const notificationRoutes = createRouter()
  .get("/notifications", requireUser, async (c) => c.json(await listNotifications(c.var.db, c.var.user.id)))
  .post("/notifications/read", requireUser, limited("readMarks"), validate("json", readBody), async (c) => {
    const { ids } = c.req.valid("json");
    return c.json({ unread: await markNotificationsRead(c.var.db, c.var.user.id, ids) });
  });
