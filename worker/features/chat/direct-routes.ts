// Direct messages and blocks. A direct message is a two-person private channel (worker/features/chat/queries/direct.ts): the chat's
// routes carry its messages, socket, unread count and search; only opening it lives here. Blocks are never
// revealed to the blocked member: a refused direct message answers them as "not accepting messages", and
// the blocker, who knows, as "unblock first" (directRefusal).
import { z } from "zod";
import { blockMember, listBlocks, unblockMember } from "../../db/blocks";
import { requireUser } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { badRequest, conflict, forbidden, notFound } from "../../platform/errors";
import { requireUnmuted } from "../../platform/mute";
import { limited } from "../../platform/rate-limit";
import { rowId, validate } from "../../platform/validate";
import { API_ERRORS as E } from "../../shared/texts";
import { toChannelListItem } from "./queries/channels";
import { directPeerStatus, openDirectChannel } from "./queries/direct";

const memberBody = z.object({ user_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const memberParam = z.object({ user_id: rowId });

export const directRoutes = createRouter()
  /** The conversation with a member: 201 when this call opened it, 200 when it already existed. */
  .post("/direct", requireUser, requireUnmuted, limited("direct"), validate("json", memberBody), async (c) => {
    const { user_id } = c.req.valid("json");
    if (user_id === c.var.user.id) throw badRequest(E.direct_with_self);
    const status = await directPeerStatus(c.var.db, c.var.user.id, user_id);
    if (status === "unknown") throw notFound(E.member_not_found);
    if (status) throw forbidden(E[status]);
    const { created, channel } = await openDirectChannel(c.var.db, c.var.user, user_id);
    return c.json(toChannelListItem(channel, c.var.user), created ? 201 : 200);
  })
  .get("/blocks", requireUser, async (c) => c.json({ blocks: await listBlocks(c.var.db, c.var.user.id) }))
  /** Blocking twice is one block (201 both times). */
  .post("/blocks", requireUser, limited("direct"), validate("json", memberBody), async (c) => {
    const { user_id } = c.req.valid("json");
    if (user_id === c.var.user.id) throw badRequest(E.block_self);
    const outcome = await blockMember(c.var.db, c.var.user.id, user_id);
    if (outcome === "unknown") throw notFound(E.member_not_found);
    if (outcome === "full") throw conflict(E.blocks_full);
    return c.json({ user_id, blocked: true as const }, 201);
  })
  .delete("/blocks/:user_id", requireUser, limited("direct"), validate("param", memberParam), async (c) => {
    const { user_id } = c.req.valid("param");
    if (!(await unblockMember(c.var.db, c.var.user.id, user_id))) throw notFound(E.block_not_found);
    return c.json({ success: true as const });
  });
