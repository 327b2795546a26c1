// The resource library's queries and its wire shape (SPEC §3 Resource). The AI feature creates its
// ai_text and ai_image resources through insertResource / storeResource and lists them with the rest.
import { desc, eq } from "drizzle-orm";
import type { Database } from "./client";
import { resources } from "./schema";
import { newBlobKey, putBlob } from "../services/storage";

export type ResourceRow = typeof resources.$inferSelect;
export type NewResource = typeof resources.$inferInsert;

/** Where the client fetches a stored file: the authenticated file route (or the provider's URL when only that was kept). */
export const resourceFileUrl = (r: Pick<ResourceRow, "id" | "fileKey" | "externalUrl">) =>
  r.fileKey ? `/api/resources/${r.id}/file` : (r.externalUrl ?? `/api/resources/${r.id}/file`);

/** The Resource of SPEC §3 as the API sends it; tags stay the JSON-encoded text the spec names. */
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

/** Newest first. */
export const listResources = (db: Database) => db.select().from(resources).orderBy(desc(resources.createdAt), desc(resources.id));

export async function getResource(db: Database, id: number) {
  const [row] = await db.select().from(resources).where(eq(resources.id, id)).limit(1);
  return row ?? null;
}

/** Inserts one resource row (its blob, if any, must already be in R2) and returns it. */
export async function insertResource(db: Database, values: NewResource) {
  const [row] = await db.insert(resources).values(values).returning();
  return row;
}

export async function updateResource(db: Database, id: number, patch: { title: string; description: string | null; tags: string[] }) {
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

export type StoreResourceInput = {
  title: string;
  description: string | null;
  tags: string[];
  fileName: string;
  fileType: string;
  kind: ResourceRow["kind"];
  owner: { id: number; name: string };
  /** A stream needs its exact size (R2 requires the length). */
  body: ReadableStream | ArrayBuffer | Uint8Array;
  size: number;
};

/**
 * Stores a file and its row: R2 first (under a generated key), then D1. If the row cannot be written
 * the object is deleted again, so nothing is left half-written.
 */
export async function storeResource(db: Database, bucket: R2Bucket, input: StoreResourceInput) {
  const key = newBlobKey("resources");
  await putBlob(bucket, key, input.body, { contentType: input.fileType, fileName: input.fileName }, input.body instanceof ReadableStream ? input.size : undefined);
  try {
    return await insertResource(db, {
      title: input.title,
      description: input.description,
      fileKey: key,
      fileName: input.fileName,
      fileType: input.fileType,
      fileSize: input.size,
      kind: input.kind,
      tags: JSON.stringify(input.tags),
      ownerId: input.owner.id,
      ownerName: input.owner.name,
    });
  } catch (err) {
    await bucket.delete(key).catch(() => undefined);
    throw err;
  }
}
