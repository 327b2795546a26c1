// Moderation: members report posts, comments and chat messages; admins work the queue
// (hide or dismiss), mute members, and read the append-only audit log of every admin action.
import { z } from "zod";
import { listAudit } from "../../db/audit";
import { requireAdmin, requireUser } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { badRequest, conflict, forbidden, notFound } from "../../platform/errors";
import { idempotent } from "../../platform/idempotency";
import { limited } from "../../platform/rate-limit";
import { idParam, rowId, validate } from "../../platform/validate";
import { AUDIT_ACTIONS } from "../../shared/admin-rules";
import { toCsv } from "../../shared/csv";
import { MODERATION, REPORT_KINDS, REPORT_REASONS } from "../../shared/rules";
import { API_ERRORS, TEXTS } from "../../shared/texts";
import { memberOr404 } from "../admin/index";
import { fanOut, getVisibleChannel } from "../chat/index";
import {
  fileReport,
  findReportTarget,
  getReport,
  leadingReason,
  listOpenReports,
  resolveReport,
  setMutedUntil,
} from "./queries/moderation";

const T = TEXTS.moderation;

const reportBody = z.object({
  kind: z.enum(REPORT_KINDS),
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  reason: z.enum(REPORT_REASONS),
  details: z
    .string()
    .trim()
    .max(MODERATION.reportDetailsMax, `Details must be at most ${MODERATION.reportDetailsMax} characters`)
    .nullish()
    .transform((s) => s || null),
});

const resolveBody = z.object({ action: z.enum(["hide", "dismiss"]) });

const muteBody = z.object({
  hours: z
    .number()
    .int("hours must be a whole number")
    .min(1, "hours must be at least 1")
    .max(MODERATION.muteHoursMax, `hours must be at most ${MODERATION.muteHoursMax}`),
});

const auditQuery = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  actor: rowId.optional(),
  before: rowId.optional(),
  limit: z.coerce.number().int().min(1).max(MODERATION.auditPageMax).default(MODERATION.auditPageDefault),
  format: z.enum(["json", "csv"]).default("json"),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const moderationRoutes = createRouter()
  // Any signed-in member reports what they can see, once per item; the author never learns who.
  .post("/reports", requireUser, idempotent, limited("reports"), validate("json", reportBody), async (c) => {
    const body = c.req.valid("json");
    const target = await findReportTarget(c.var.db, body.kind, body.id);
    // A message in a channel the reporter cannot see does not exist for them.
    if (!target || (target.channelId !== null && !(await getVisibleChannel(c.var.db, c.var.user, target.channelId))))
      throw notFound(T.contentNotFound);
    if (target.authorId === c.var.user.id) throw badRequest(T.cannotReportOwn);
    if (target.hiddenAt) throw conflict(T.alreadyRemoved);
    const filed = await fileReport(c.var.db, {
      kind: body.kind,
      targetId: body.id,
      reporterId: c.var.user.id,
      reason: body.reason,
      details: body.details,
      reportedText: target.text,
    });
    if (filed === "duplicate") throw conflict(T.alreadyReported);
    if (filed === "full") throw conflict(API_ERRORS.open_reports_full);
    return c.json({ success: true as const }, 201);
  })
  .get("/admin/reports", requireAdmin, async (c) => c.json(await listOpenReports(c.var.db, MODERATION.reportsListMax)))
  .post(
    "/admin/reports/:id/resolve",
    requireAdmin,
    limited("adminWrites"),
    validate("param", idParam),
    validate("json", resolveBody),
    async (c) => {
      const { id: reportId } = c.req.valid("param");
      const { action } = c.req.valid("json");
      const report = await getReport(c.var.db, reportId);
      if (!report) throw notFound(T.reportNotFound);
      if (report.status !== "open") throw conflict(T.alreadyResolved);
      const target = await findReportTarget(c.var.db, report.kind, report.targetId);
      if (action === "hide" && !target) throw notFound(T.contentNotFound);
      const reason = await leadingReason(c.var.db, report.id);
      if (!(await resolveReport(c.var.db, report, action, { actorId: c.var.user.id }, reason)))
        throw conflict(T.alreadyResolved);
      // Open chats drop the message's text and image at once (clients that poll see it at their next load).
      if (action === "hide" && target?.channelId != null) {
        c.executionCtx.waitUntil(
          fanOut(c.env, target.channelId, {
            type: "message_hidden",
            group_id: target.channelId,
            message_id: report.targetId,
          }),
        );
      }
      return c.json({
        success: true as const,
        status: action === "hide" ? ("hidden" as const) : ("dismissed" as const),
      });
    },
  )
  .post(
    "/admin/members/:id/mute",
    requireAdmin,
    limited("adminWrites"),
    validate("param", idParam),
    validate("json", muteBody),
    async (c) => {
      const { id: memberId } = c.req.valid("param");
      const { hours } = c.req.valid("json");
      const member = await memberOr404(c.var.db, memberId);
      if (member.role === "admin") throw forbidden(T.cannotMuteAdmin);
      const until = new Date(Date.now() + hours * 3600_000);
      await setMutedUntil(c.var.db, memberId, until, {
        actorId: c.var.user.id,
        action: "member.mute",
        targetType: "member",
        targetId: memberId,
        before: { muted_until: iso(member.muted_until) },
        after: { muted_until: iso(until), hours },
      });
      return c.json({ success: true as const, muted_until: until.toISOString() });
    },
  )
  .delete("/admin/members/:id/mute", requireAdmin, limited("adminWrites"), validate("param", idParam), async (c) => {
    const { id: memberId } = c.req.valid("param");
    const member = await memberOr404(c.var.db, memberId);
    // Unmuting someone who is not muted changes nothing and records nothing.
    if (member.muted_until) {
      await setMutedUntil(c.var.db, memberId, null, {
        actorId: c.var.user.id,
        action: "member.unmute",
        targetType: "member",
        targetId: memberId,
        before: { muted_until: iso(member.muted_until) },
        after: { muted_until: null },
      });
    }
    return c.json({ success: true as const, muted_until: null });
  })
  // Append-only: this log has a read route and nothing else.
  .get("/admin/audit", requireAdmin, validate("query", auditQuery), async (c) => {
    const { action, actor, before, limit, format } = c.req.valid("query");
    if (format === "json") return c.json(await listAudit(c.var.db, { action, actorId: actor, before, limit }));
    const rows = await listAudit(c.var.db, { action, actorId: actor, before, limit: MODERATION.auditCsvMax });
    const csv = toCsv(
      ["Time", "Actor", "Actor email", "Action", "Target", "Target id", "Before", "After"],
      rows.map((r) => [
        r.created_at.toISOString(),
        r.actor_name ?? (r.actor_email ? null : `${TEXTS.account.formerMember} #${r.actor_id}`),
        r.actor_email,
        r.action,
        r.target_type,
        r.target_id,
        r.before ? JSON.stringify(r.before) : null,
        r.after ? JSON.stringify(r.after) : null,
      ]),
    );
    return c.body(csv, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="audit-log.csv"',
    });
  });
