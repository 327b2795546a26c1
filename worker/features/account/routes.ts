// Members' data rights: download everything about me, delete my account.
import type { Context } from "hono";
import { z } from "zod";
import { normaliseEmail } from "../../db/users";
import type { AppEnv } from "../../env";
import { requireUser } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { badRequest, conflict } from "../../platform/errors";
import { limited } from "../../platform/rate-limit";
import { clearSessionCookie } from "../../platform/session-cookie";
import { validate } from "../../platform/validate";
import { LIMITS } from "../../shared/rules";
import { TEXTS } from "../../shared/texts";
import { messageImageKeys } from "../admin/index";
import { channelsOpenTo, closeUserSockets } from "../chat/index";
import { fillFreedSeats, seatsHeldBy } from "../events/index";
import { inscriptionRemoval } from "../payments/index";
import { deleteAccount, exportAccount } from "./queries/account";

const deleteBody = z.object({
  confirm: z
    .string(TEXTS.account.confirmMismatch)
    .trim()
    .min(1, TEXTS.account.confirmMismatch)
    .max(LIMITS.emailMax, TEXTS.account.confirmMismatch),
});

export const accountRoutes = createRouter()
  .get("/profile/export", requireUser, async (c) => {
    const data = await exportAccount(c.var.db, c.var.user, c.var.sessionId);
    return c.json(data, 200, {
      "content-disposition": 'attachment; filename="cosmic-lounge-my-data.json"',
      "cache-control": "no-store",
    });
  })
  // Typing one's own email confirms; what goes and what stays is in TEXTS.account.deletionSummary.
  .delete("/profile", requireUser, limited("profile"), validate("json", deleteBody), async (c) => {
    const user = c.var.user;
    if (normaliseEmail(c.req.valid("json").confirm) !== normaliseEmail(user.email))
      throw badRequest(TEXTS.account.confirmMismatch);
    const imageKeys = await messageImageKeys(c.var.db, user.id);
    const channelIds = await channelsOpenTo(c.var.db, user);
    const removeCard = await inscriptionRemoval(c.var.db, c.env, user.id);
    const seats = await seatsHeldBy(c.var.db, user.id);
    if (!(await deleteAccount(c.var.db, user))) throw conflict(TEXTS.account.lastAdmin);
    if (removeCard) c.executionCtx.waitUntil(removeCard());
    // Their seats at gatherings go to the first in line now, not at the next answer.
    await fillFreedSeats(c.var.db, seats);
    // Every session is gone with the account; its open chat sockets close now, in every tab and device.
    await closeUserSockets(c.env, channelIds, user.id);
    clearSessionCookie(c as unknown as Context<AppEnv>);
    if (imageKeys.length) {
      c.executionCtx.waitUntil(
        c.env.BLOBS.delete(imageKeys).catch(() => console.error("chat image cleanup failed", imageKeys.length)),
      );
    }
    return c.json({ success: true as const });
  });
