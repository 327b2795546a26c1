// Moderation: reports and their queue, hiding reported content, mutes.
// Hidden content stays in D1 (its author can still export it) but every list replaces it with
// TEXTS.moderation.removed for everyone; only its author is told the reason.
import { and, asc, type Column, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type AuditEntry, auditInsert } from "../../../db/audit";
import type { Database } from "../../../db/client";
import { listVersions } from "../../../db/edits";
import { inList } from "../../../db/lists";
import { channels, comments, messages, posts, reportReasons, reports, users } from "../../../db/schema";
import { messageImagePath } from "../../../shared/api-paths";
import { mentionsAsText } from "../../../shared/mentions";
import { MODERATION, REPORT_REASONS, type ReportKind, type ReportReason } from "../../../shared/rules";
import { TEXTS } from "../../../shared/texts";

// ---- how hidden content reads in every list ----

/** The text everyone sees: the content, or the placeholder once a moderator hid it. */
export const shownText = (content: Column, hiddenAt: Column) =>
  sql<string>`case when ${hiddenAt} is null then ${content} else ${TEXTS.moderation.removed} end`;

export const isHidden = (hiddenAt: Column) => sql<boolean>`${hiddenAt} is not null`.mapWith((v) => Boolean(Number(v)));

/** The reason, for the content's author only; null for everyone else and for visible content. */
export const reasonForAuthor = (viewerId: number | SQL<number>, authorId: Column, hiddenReason: Column) =>
  sql<ReportReason | null>`case when ${authorId} = ${viewerId} then ${hiddenReason} end`;

// ---- reports ----

const TARGET_TABLES = { post: posts, comment: comments, message: messages } as const;

/** The reported item: who wrote it, its text, whether it is hidden, and (messages) its channel. Null when gone. */
export async function findReportTarget(db: Database, kind: ReportKind, id: number) {
  if (kind === "message") {
    const [row] = await db
      .select({
        authorId: messages.senderId,
        text: messages.body,
        hiddenAt: messages.hiddenAt,
        channelId: messages.channelId,
      })
      .from(messages)
      .where(and(eq(messages.id, id), isNull(messages.deletedAt)))
      .limit(1);
    return row ?? null;
  }
  const table = TARGET_TABLES[kind];
  const [row] = await db
    .select({ authorId: table.authorId, text: table.content, hiddenAt: table.hiddenAt })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  return row ? { ...row, channelId: null } : null;
}

/**
 * Files one member's report of an item: "duplicate" when they had already reported it, "full" when
 * MODERATION.openReportsPerReporterMax of their reports already wait in the queue. The item's report
 * opens on its first report, and opens again when someone new reports an item a moderator dismissed.
 */
export async function fileReport(
  db: Database,
  input: {
    kind: ReportKind;
    targetId: number;
    reporterId: number;
    reason: ReportReason;
    details: string | null;
    /** The text as the reporter saw it (kept if its author edits it later). */
    reportedText: string;
  },
): Promise<"filed" | "duplicate" | "full"> {
  const [{ waiting }] = await db
    .select({ waiting: count() })
    .from(reportReasons)
    .innerJoin(reports, eq(reports.id, reportReasons.reportId))
    .where(and(eq(reportReasons.reporterId, input.reporterId), eq(reports.status, "open")));
  if (waiting >= MODERATION.openReportsPerReporterMax) return "full";
  const sameItem = and(eq(reports.kind, input.kind), eq(reports.targetId, input.targetId));
  await db.insert(reports).values({ kind: input.kind, targetId: input.targetId }).onConflictDoNothing();
  const [report] = await db.select({ id: reports.id, status: reports.status }).from(reports).where(sameItem).limit(1);
  const filed = await db
    .insert(reportReasons)
    .values({
      reportId: report.id,
      reporterId: input.reporterId,
      reason: input.reason,
      details: input.details,
      reportedText: input.reportedText,
    })
    .onConflictDoNothing()
    .returning({ reportId: reportReasons.reportId });
  if (filed.length === 0) return "duplicate";
  if (report.status === "dismissed") {
    await db
      .update(reports)
      .set({ status: "open", resolvedBy: null, resolvedAt: null })
      .where(eq(reports.id, report.id));
  }
  return "filed";
}

const excerpt = (text: string, max = 150) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * The open reports, newest first, each with its reasons (never who gave them), the count, and the
 * reported content in context (the post a comment is on, the channel of a message). Reports whose
 * content has since been deleted are left out.
 */
export async function listOpenReports(db: Database, limit: number) {
  const open = await db.select().from(reports).where(eq(reports.status, "open")).orderBy(desc(reports.id)).limit(limit);
  if (open.length === 0) return [];
  const idsOf = (kind: ReportKind) => open.filter((r) => r.kind === kind).map((r) => r.targetId);
  const [reasonRows, postRows, commentRows, messageRows] = await Promise.all([
    db
      .select({
        reportId: reportReasons.reportId,
        reason: reportReasons.reason,
        details: reportReasons.details,
        reported_text: reportReasons.reportedText,
        created_at: reportReasons.createdAt,
      })
      .from(reportReasons)
      .where(
        inList(
          reportReasons.reportId,
          open.map((r) => r.id),
        ),
      )
      .orderBy(asc(reportReasons.createdAt)),
    db
      .select({
        id: posts.id,
        text: posts.content,
        authorId: posts.authorId,
        authorName: users.name,
        createdAt: posts.createdAt,
        editedAt: posts.editedAt,
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(inList(posts.id, idsOf("post"))),
    db
      .select({
        id: comments.id,
        text: comments.content,
        authorId: comments.authorId,
        authorName: users.name,
        createdAt: comments.createdAt,
        editedAt: comments.editedAt,
        postId: comments.postId,
        postText: posts.content,
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.authorId))
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(inList(comments.id, idsOf("comment"))),
    db
      .select({
        id: messages.id,
        text: messages.body,
        imageKey: messages.imageKey,
        authorId: messages.senderId,
        authorName: users.name,
        createdAt: messages.createdAt,
        editedAt: messages.editedAt,
        channelId: messages.channelId,
        channelName: channels.name,
      })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .innerJoin(channels, eq(channels.id, messages.channelId))
      .where(and(inList(messages.id, idsOf("message")), isNull(messages.deletedAt))),
  ]);
  const versions = {
    post: await listVersions(db, "post", idsOf("post")),
    comment: await listVersions(db, "comment", idsOf("comment")),
    message: await listVersions(db, "message", idsOf("message")),
  };
  /** The reported content, with its context: the post a comment is on, the channel of a message. */
  type Content = {
    text: string;
    image_url: string | null;
    author_id: number;
    author_name: string | null;
    created_at: Date;
    edited_at: Date | null;
    post_id?: number;
    post_excerpt?: string;
    channel_id?: number;
    channel_name?: string;
  };
  const found: Record<ReportKind, Map<number, Content>> = {
    post: new Map(
      postRows.map((r) => [
        r.id,
        {
          text: mentionsAsText(r.text),
          image_url: null,
          author_id: r.authorId,
          author_name: r.authorName,
          created_at: r.createdAt,
          edited_at: r.editedAt,
        },
      ]),
    ),
    comment: new Map(
      commentRows.map((r) => [
        r.id,
        {
          text: mentionsAsText(r.text),
          image_url: null,
          author_id: r.authorId,
          author_name: r.authorName,
          created_at: r.createdAt,
          edited_at: r.editedAt,
          post_id: r.postId,
          post_excerpt: excerpt(mentionsAsText(r.postText)),
        },
      ]),
    ),
    message: new Map(
      messageRows.map((r) => [
        r.id,
        {
          text: mentionsAsText(r.text),
          image_url: r.imageKey ? messageImagePath(r.id) : null,
          author_id: r.authorId,
          author_name: r.authorName,
          created_at: r.createdAt,
          edited_at: r.editedAt,
          channel_id: r.channelId,
          channel_name: r.channelName,
        },
      ]),
    ),
  };
  return open.flatMap((report) => {
    const content = found[report.kind].get(report.targetId);
    if (!content) return [];
    const reasons = reasonRows
      .filter((r) => r.reportId === report.id)
      .map(({ reportId: _, reported_text, ...r }) => ({
        ...r,
        reported_text: reported_text === null ? null : mentionsAsText(reported_text),
      }));
    return [
      {
        id: report.id,
        kind: report.kind,
        target_id: report.targetId,
        created_at: report.createdAt,
        count: reasons.length,
        reasons,
        content,
        /** The texts its author replaced by editing, oldest first (moderators only). */
        earlier_versions: (versions[report.kind].get(report.targetId) ?? []).map((v) => ({
          ...v,
          text: mentionsAsText(v.text),
        })),
      },
    ];
  });
}
export type OpenReportDto = Awaited<ReturnType<typeof listOpenReports>>[number];

/** True when the item was ever reported (an admin then sees it through the report, wherever it was written). */
export async function isReported(db: Database, kind: ReportKind, targetId: number) {
  const rows = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.kind, kind), eq(reports.targetId, targetId)))
    .limit(1);
  return rows.length > 0;
}

export async function getReport(db: Database, id: number) {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  return row ?? null;
}

/** The reason most reporters gave (ties go to the earlier one in REPORT_REASONS): what the author is told. */
export async function leadingReason(db: Database, reportId: number): Promise<ReportReason> {
  const rows = await db
    .select({ reason: reportReasons.reason, n: sql<number>`count(*)` })
    .from(reportReasons)
    .where(eq(reportReasons.reportId, reportId))
    .groupBy(reportReasons.reason);
  const ranked = rows.sort((a, b) => b.n - a.n || REPORT_REASONS.indexOf(a.reason) - REPORT_REASONS.indexOf(b.reason));
  return ranked[0]?.reason ?? "other";
}

/**
 * Resolves an open report, with its audit entry, in one transaction: `hide` hides the item (its
 * content reads as removed everywhere), `dismiss` leaves it. False when the report was no longer open
 * (a second moderator resolving at the same time).
 */
export async function resolveReport(
  db: Database,
  report: { id: number; kind: ReportKind; targetId: number },
  action: "hide" | "dismiss",
  audit: Pick<AuditEntry, "actorId">,
  reason: ReportReason,
) {
  const now = new Date();
  const status = action === "hide" ? ("hidden" as const) : ("dismissed" as const);
  // Every statement is guarded by "still open", and the report's own update comes last: a second
  // moderator resolving at the same moment changes nothing and records nothing.
  const stillOpen = sql`exists (select 1 from ${reports} where ${reports.id} = ${report.id}
    and ${reports.status} = 'open')`;
  const entry: AuditEntry = {
    ...audit,
    action: action === "hide" ? "report.hide" : "report.dismiss",
    targetType: "report",
    targetId: report.id,
    before: { status: "open", kind: report.kind, target_id: report.targetId },
    after: { status, ...(action === "hide" ? { reason } : {}) },
  };
  const hide = (): BatchItem<"sqlite"> => {
    const set = { hiddenAt: now, hiddenReason: reason };
    if (report.kind === "post")
      return db
        .update(posts)
        .set(set)
        .where(and(eq(posts.id, report.targetId), stillOpen));
    if (report.kind === "comment")
      return db
        .update(comments)
        .set(set)
        .where(and(eq(comments.id, report.targetId), stillOpen));
    return db
      .update(messages)
      .set(set)
      .where(and(eq(messages.id, report.targetId), stillOpen));
  };
  const statements: BatchItem<"sqlite">[] = [
    ...(action === "hide" ? [hide()] : []),
    auditInsert(db, entry, stillOpen),
    db
      .update(reports)
      .set({ status, resolvedBy: audit.actorId, resolvedAt: now })
      .where(and(eq(reports.id, report.id), eq(reports.status, "open")))
      .returning({ id: reports.id }),
  ];
  // bounded: at most three statements (hide, audit, resolve)
  const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return (results.at(-1) as unknown[]).length > 0;
}

// ---- mutes ----

export async function setMutedUntil(db: Database, userId: number, until: Date | null, audit: AuditEntry) {
  await db.batch([db.update(users).set({ mutedUntil: until }).where(eq(users.id, userId)), auditInsert(db, audit)]);
}
