// Resumable uploads of lesson media (R2 multipart): the upload and the parts R2 has acknowledged, so a client that
// lost its connection asks which parts arrived and sends the rest.
import { and, asc, eq, lt } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { lessonUploadParts, lessonUploads } from "../../../db/schema";
import { PROGRAM_LIMITS } from "../../../shared/programs";

export type UploadRow = typeof lessonUploads.$inferSelect;

/** Parts an upload has at most (its size over the part size, rounded up). */
export const partsOf = (size: number) => Math.max(1, Math.ceil(size / PROGRAM_LIMITS.uploadPartBytes));

export const insertUpload = (db: Database, row: typeof lessonUploads.$inferInsert) =>
  db.insert(lessonUploads).values(row).returning();

export async function getUpload(db: Database, lessonId: number, uploadId: string) {
  const [upload] = await db
    .select()
    .from(lessonUploads)
    .where(and(eq(lessonUploads.uploadId, uploadId), eq(lessonUploads.lessonId, lessonId)))
    .limit(1);
  return upload ?? null;
}

export const uploadParts = (db: Database, uploadId: string) =>
  db
    .select()
    .from(lessonUploadParts)
    .where(eq(lessonUploadParts.uploadId, uploadId))
    .orderBy(asc(lessonUploadParts.partNumber))
    .limit(partsOf(PROGRAM_LIMITS.lessonMediaMultipartMaxBytes));

/** Records a part R2 acknowledged (a part sent again replaces its etag), and the type its first bytes proved. */
export function recordPart(
  db: Database,
  part: typeof lessonUploadParts.$inferInsert,
  proven: { contentType: string; mediaKind: "audio" | "video" } | null,
) {
  const insert = db
    .insert(lessonUploadParts)
    .values(part)
    .onConflictDoUpdate({
      target: [lessonUploadParts.uploadId, lessonUploadParts.partNumber],
      set: { etag: part.etag, size: part.size },
    });
  if (!proven) return insert;
  return db.batch([insert, db.update(lessonUploads).set(proven).where(eq(lessonUploads.uploadId, part.uploadId))]);
}

export const deleteUpload = (db: Database, uploadId: string) =>
  db.delete(lessonUploads).where(eq(lessonUploads.uploadId, uploadId));

/** Uploads started before `before` (abandoned), oldest first, a bounded batch per run. */
export const abandonedUploads = (db: Database, before: Date, limit: number) =>
  db
    .select()
    .from(lessonUploads)
    .where(lt(lessonUploads.createdAt, before))
    .orderBy(asc(lessonUploads.createdAt))
    .limit(limit);
