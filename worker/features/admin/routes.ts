// The admin dashboard's API (docs/spec.md §2 Admin, §6, §7): members and payment records, admins only.

import { z } from "zod";
import { recordAudit } from "../../db/audit";
import { findUserByEmail, isAnotherAdminsName, normaliseEmail } from "../../db/users";
import { requireAdmin } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { conflict, forbidden, notFound } from "../../platform/errors";
import { limited } from "../../platform/rate-limit";
import { displayNameInput, idParam, validate } from "../../platform/validate";
import { LIMITS } from "../../shared/rules";
import { API_ERRORS, TEXTS } from "../../shared/texts";
import { channelsOpenTo, closeUserSockets } from "../chat/index";
import { fillFreedSeats, seatsHeldBy } from "../events/index";
import { inscriptionRemoval, refundPayment } from "../payments/index";
import { memberOr404 } from "./members";
import {
  clearPayments,
  createMember,
  deleteMember,
  deletePayment,
  listMembers,
  listPayments,
  messageImageKeys,
  setMemberRole,
} from "./queries/admin";
import { adminStats } from "./queries/stats";

const role = z.enum(["member", "admin"]);

const addMemberBody = z.object({
  email: z
    .string({ error: TEXTS.admin.emailRequired })
    .trim()
    .min(1, TEXTS.admin.emailRequired)
    .max(LIMITS.emailMax, TEXTS.admin.emailInvalid)
    .pipe(z.email(TEXTS.admin.emailInvalid)),
  name: displayNameInput.transform((s) => s ?? null),
  role: role.default("member"),
});

const roleBody = z.object({ role });

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof Error && /UNIQUE constraint failed/i.test(e.message)) return true;
    if (!(e instanceof Error)) break;
  }
  return false;
};

export const adminRoutes = createRouter()
  // Every route below also names requireAdmin (it types c.var.user); this catches any route added without it.
  .use("/*", requireAdmin)
  .get("/members", requireAdmin, async (c) => c.json(await listMembers(c.var.db)))
  .post("/members", requireAdmin, limited("adminWrites"), validate("json", addMemberBody), async (c) => {
    const body = c.req.valid("json");
    const email = normaliseEmail(body.email);
    if (await findUserByEmail(c.var.db, email)) throw conflict(TEXTS.admin.memberExists);
    if (body.name && body.role !== "admin" && (await isAnotherAdminsName(c.var.db, body.name)))
      throw conflict(API_ERRORS.name_reserved);
    let id: number;
    try {
      id = await createMember(c.var.db, { email, name: body.name, role: body.role });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(TEXTS.admin.memberExists);
      throw err;
    }
    await recordAudit(c.var.db, {
      actorId: c.var.user.id,
      action: "member.add",
      targetType: "member",
      targetId: id,
      after: { role: body.role },
    });
    return c.json(await memberOr404(c.var.db, id), 201);
  })
  .patch(
    "/members/:id",
    requireAdmin,
    limited("adminWrites"),
    validate("param", idParam),
    validate("json", roleBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const { role: nextRole } = c.req.valid("json");
      const member = await memberOr404(c.var.db, id);
      if (id === c.var.user.id) throw forbidden(TEXTS.admin.cannotChangeOwnRole);
      // A role change ends the member's sessions and closes their live chat sockets, so the new role applies from their
      // next sign-in.
      if (member.role !== nextRole) {
        const channelIds = await channelsOpenTo(c.var.db, { id, role: member.role });
        if (!(await setMemberRole(c.var.db, id, nextRole))) throw conflict(API_ERRORS.last_admin_role);
        await closeUserSockets(c.env, channelIds, id);
        await recordAudit(c.var.db, {
          actorId: c.var.user.id,
          action: "member.role_change",
          targetType: "member",
          targetId: id,
          before: { role: member.role },
          after: { role: nextRole },
        });
      }
      return c.json(await memberOr404(c.var.db, id));
    },
  )
  .delete("/members/:id", requireAdmin, limited("adminWrites"), validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const member = await memberOr404(c.var.db, id);
    if (member.role === "admin") throw forbidden(TEXTS.admin.cannotDeleteAdmin);
    const imageKeys = await messageImageKeys(c.var.db, id);
    const channelIds = await channelsOpenTo(c.var.db, { id, role: member.role });
    const removeCard = await inscriptionRemoval(c.var.db, c.env, id);
    const seats = await seatsHeldBy(c.var.db, id);
    await deleteMember(c.var.db, id);
    if (removeCard) c.executionCtx.waitUntil(removeCard());
    // Their seats at gatherings go to the first in line now, not at the next answer.
    await fillFreedSeats(c.var.db, seats);
    // Their sessions are gone with the row; their open chat sockets close now, not at the next reconnect.
    await closeUserSockets(c.env, channelIds, id);
    await recordAudit(c.var.db, {
      actorId: c.var.user.id,
      action: "member.remove",
      targetType: "member",
      targetId: id,
      before: { role: member.role, status: member.status },
    });
    // The rows are gone; their chat images go from the bucket too (best effort, after the commit).
    if (imageKeys.length) {
      c.executionCtx.waitUntil(
        c.env.BLOBS.delete(imageKeys).catch(() => console.error("chat image cleanup failed", imageKeys.length)),
      );
    }
    return c.json({ success: true });
  })
  // The dashboard's stat cards, one query per figure (definitions in worker/features/admin/queries/stats.ts).
  .get("/stats", requireAdmin, async (c) => c.json(await adminStats(c.var.db)))
  .get("/payments", requireAdmin, async (c) => c.json(await listPayments(c.var.db)))
  // Declared before /admin/payments/:id so "clear-all" is never read as an id.
  .delete("/payments/clear-all", requireAdmin, limited("adminWrites"), async (c) => {
    const deleted = await clearPayments(c.var.db);
    await recordAudit(c.var.db, {
      actorId: c.var.user.id,
      action: "payment.clear_all",
      targetType: "payment",
      after: { deleted },
    });
    return c.json({ success: true, deleted });
  })
  .post("/payments/:id/refund", requireAdmin, limited("adminWrites"), validate("param", idParam), async (c) => {
    const refunded = await refundPayment(
      c.var.db,
      c.env,
      new URL(c.req.url).origin,
      c.req.valid("param").id,
      c.var.user,
    );
    return c.json({
      id: refunded.id,
      status: refunded.status,
      refund_type: refunded.refundType,
      refund_authorization_code: refunded.refundAuthorizationCode,
      refunded_amount_clp: refunded.refundedAmountClp,
      refunded_at: refunded.refundedAt,
    });
  })
  .delete("/payments/:id", requireAdmin, limited("adminWrites"), validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const outcome = await deletePayment(c.var.db, id);
    if (outcome === "not_found") throw notFound(TEXTS.admin.paymentNotFound);
    if (outcome === "in_flight") throw conflict(API_ERRORS.payment_charge_in_flight);
    await recordAudit(c.var.db, {
      actorId: c.var.user.id,
      action: "payment.delete",
      targetType: "payment",
      targetId: id,
    });
    return c.json({ success: true });
  });
