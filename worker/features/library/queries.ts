// The resource library's queries and its wire shape (docs/spec.md §3 Resource). The AI feature creates its
// ai_text and ai_image resources through insertResource / storeResource (worker/features/library/store.ts)
// and lists them with the rest.
import { and, desc, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { resources, resourceTags, resourceTotals } from "../../db/schema";
import { resourceFileUrl } from "../../shared/api-paths";

export type ResourceRow = typeof resources.$inferSelect;
export type NewResource = typeof resources.$inferInsert;

/** The Resource of docs/spec.md §3 as the API sends it; tags stay the JSON-encoded text the spec names. */
export const toResourceDto = (r: ResourceRow) => ({
  id: r.id,
  title: r.title,
  description: r.description,
  file_url: resourceFileUrl(r),
  file_name: r.fileName,
  file_type: r.fileType,
  file_size: r.fileSize,
  kind: r.kind,
  tags: r.tags,
  owner_name: r.ownerName,
  created_at: r.createdAt,
});
export type ResourceDto = ReturnType<typeof toResourceDto>;

/** Trimmed tags with empty entries (and repeats) dropped. */
export function normaliseTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out;
}

/** The tags of a row as a table (json_each); a malformed value reads as no tags instead of failing the query. */
const tagsTable = sql`json_each(CASE WHEN json_valid(${resources.tags}) THEN ${resources.tags} ELSE '[]' END)`;

export type ResourcePage = { limit: number; before?: number; q?: string; tag?: string };

/**
 * One page of the library, newest first (created_at desc, id desc), in ONE statement whatever the
 * table size: it walks resources_created_idx backwards from the cursor and stops after `limit` matches.
 * `before` is the id of the last resource of the previous page; its created_at is read in the same
 * statement (from the nearest row at or below that id, so a cursor deleted meanwhile still pages on).
 * `q` matches title, description or any tag as plain text, case-insensitively (SQLite's lower() folds
 * ASCII letters; other letters match as written). instr(), not LIKE: no wildcard in the text can mean
 * anything, and D1 refuses LIKE patterns over 50 bytes. `tag` is one exact tag.
 */
export function listResources(db: Database, page: ResourcePage) {
  const conditions: SQL[] = [];
  if (page.before !== undefined) {
    const cursorTime = sql`(SELECT ${resources.createdAt} FROM ${resources} WHERE ${resources.id} <= ${page.before}
      ORDER BY ${resources.id} DESC LIMIT 1)`;
    conditions.push(sql`(${resources.createdAt}, ${resources.id}) < (${cursorTime}, ${page.before})`);
  }
  if (page.q) {
    const contains = (column: SQLWrapper) => sql`instr(lower(${column}), lower(${page.q})) > 0`;
    conditions.push(
      sql`(${contains(resources.title)} OR ${contains(resources.description)}
        OR EXISTS (SELECT 1 FROM ${tagsTable} WHERE ${contains(sql`value`)}))`,
    );
  }
  if (page.tag) conditions.push(sql`EXISTS (SELECT 1 FROM ${tagsTable} WHERE value = ${page.tag})`);
  return db
    .select()
    .from(resources)
    .where(and(...conditions))
    .orderBy(desc(resources.createdAt), desc(resources.id))
    .limit(page.limit);
}

/**
 * Every tag in use (sorted, case-insensitively first) and the number of resources, in one statement
 * of indexed reads: both are kept by triggers (resource_tags, resource_totals; migrations 0024 and
 * 0026), so the cost follows the number of distinct tags, not of resources. Sent in the session's
 * batch; resourceTagsAndTotal reads its row.
 */
/** The one row of resource_totals (its id, bound: drizzle's D1 batch prepares a statement without parameters twice). */
const RESOURCE_TOTALS_ROW = 1;

export const resourceTagsQuery = (db: Database) =>
  db
    .select({
      total: sql<number>`coalesce((SELECT ${resourceTotals.resources} FROM ${resourceTotals} WHERE ${resourceTotals.id} = ${RESOURCE_TOTALS_ROW}), 0)`,
      tags: sql<string>`(SELECT json_group_array(${resourceTags.tag}) FROM (SELECT ${resourceTags.tag} FROM ${resourceTags}
        ORDER BY ${resourceTags.tag} COLLATE NOCASE, ${resourceTags.tag}))`,
    })
    .from(sql`(SELECT 1)`);

export const resourceTagsAndTotal = ([row]: { total: number; tags: string }[]) => ({
  tags: JSON.parse(row.tags) as string[],
  total: row.total,
});

export async function getResource(db: Database, id: number) {
  const [row] = await db.select().from(resources).where(eq(resources.id, id)).limit(1);
  return row ?? null;
}

/** Inserts one resource row (its blob, if any, must already be in R2) and returns it. */
export async function insertResource(db: Database, values: NewResource) {
  const [row] = await db.insert(resources).values(values).returning();
  return row;
}

export async function updateResource(
  db: Database,
  id: number,
  patch: { title: string; description: string | null; tags: string[] },
) {
  const [row] = await db
    .update(resources)
    .set({ title: patch.title, description: patch.description, tags: JSON.stringify(patch.tags) })
    .where(eq(resources.id, id))
    .returning();
  return row ?? null;
}

export async function deleteResourceRow(db: Database, id: number) {
  const [row] = await db.delete(resources).where(eq(resources.id, id)).returning();
  return row ?? null;
}
