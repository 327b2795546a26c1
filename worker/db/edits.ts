// Editing a post, comment or message by its author: the new text replaces the old one, which
// is kept in content_versions for moderators. The search index follows by its triggers (migrations/0003).
import { and, asc, eq, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { ReportKind } from "../shared/rules";
import type { Database } from "./client";
import { inList } from "./lists";
import { comments, contentVersions, messages, posts } from "./schema";

/** Each editable table: its text column, its author column and what makes an item editable at all. */
const EDITABLE = {
  post: { table: posts, text: posts.content, author: posts.authorId, open: isNull(posts.hiddenAt) },
  comment: { table: comments, text: comments.content, author: comments.authorId, open: isNull(comments.hiddenAt) },
  message: {
    table: messages,
    text: messages.body,
    author: messages.senderId,
    open: and(isNull(messages.hiddenAt), isNull(messages.deletedAt)),
  },
} as const;

/** The text update of one kind (drizzle's update needs one concrete table). */
function updateText(db: Database, kind: ReportKind, text: string, editedAt: Date, where: SQL | undefined) {
  if (kind === "post")
    return db.update(posts).set({ content: text, editedAt }).where(where).returning({ id: posts.id });
  if (kind === "comment")
    return db.update(comments).set({ content: text, editedAt }).where(where).returning({ id: comments.id });
  return db.update(messages).set({ body: text, editedAt }).where(where).returning({ id: messages.id });
}

/**
 * Replaces the text of `authorId`'s item, keeping the replaced text as a version, in one transaction.
 * Both writes hold only while the item is the author's, not hidden by a moderator and (messages) not
 * deleted, so a moderator hiding it meanwhile is never undone; an unchanged text writes nothing.
 * The replaced text when the text changed (its mentions are not announced again); null otherwise.
 */
export async function editText(
  db: Database,
  kind: ReportKind,
  input: { id: number; authorId: number; text: string },
): Promise<string | null> {
  const { table, text, author, open } = EDITABLE[kind];
  const now = new Date();
  const editable = and(eq(table.id, input.id), eq(author, input.authorId), open, ne(text, input.text));
  const [replaced, changed] = await db.batch([
    db
      .insert(contentVersions)
      .select(
        db
          .select({
            id: sql<number>`null`.as("id"),
            kind: sql<ReportKind>`${kind}`.as("kind"),
            targetId: sql<number>`${table.id}`.as("target_id"),
            content: sql<string>`${text}`.as("content"),
            replacedAt: sql<Date>`${now.getTime()}`.as("replaced_at"),
          })
          .from(table)
          .where(editable),
      )
      .returning({ content: contentVersions.content }),
    updateText(db, kind, input.text, now, editable),
  ]);
  return changed.length > 0 ? (replaced[0]?.content ?? null) : null;
}

/** The earlier texts of the items of one kind, oldest first, keyed by item (moderators only). */
export async function listVersions(db: Database, kind: ReportKind, ids: number[]) {
  const rows = await db
    .select({
      targetId: contentVersions.targetId,
      text: contentVersions.content,
      replaced_at: contentVersions.replacedAt,
    })
    .from(contentVersions)
    .where(and(eq(contentVersions.kind, kind), inList(contentVersions.targetId, ids)))
    .orderBy(asc(contentVersions.id));
  const byItem = new Map<number, { text: string; replaced_at: Date }[]>();
  for (const { targetId, ...version } of rows) byItem.set(targetId, [...(byItem.get(targetId) ?? []), version]);
  return byItem;
}
