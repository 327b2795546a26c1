// A lesson's audio or video: stored in R2 in one request (small files) or in multipart parts (resumable), its type
// proven by its first bytes (platform/uploads.ts), its size capped (PROGRAM_LIMITS).
import { ApiError } from "../../platform/errors";
import { checkedLessonMedia, cleanFileName, storeBlobWithRow } from "../../platform/uploads";
import { PROGRAM_LIMITS } from "../../shared/programs";
import { API_ERRORS } from "../../shared/texts";
import type { LessonMedia } from "./queries/programs";

/** The first bytes a type is proven by. */
export const HEAD_BYTES = 64;

export const refusedMedia = API_ERRORS.lesson_media_type;

/** Stores a file sent in one request, then the lesson row through `writeRow` (the object is removed if it fails). */
export async function storeLessonMedia<T>(
  bucket: R2Bucket,
  file: File,
  writeRow: (media: LessonMedia) => Promise<T>,
): Promise<T> {
  if (file.size > PROGRAM_LIMITS.lessonMediaMaxBytes) throw new ApiError(413, API_ERRORS.lesson_media_too_large);
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const type = checkedLessonMedia(file.type, head, refusedMedia);
  return storeBlobWithRow(
    bucket,
    {
      prefix: "lessons",
      body: file.stream(),
      size: file.size,
      contentType: type.contentType,
      fileName: cleanFileName(file.name, "lesson"),
    },
    (key) => writeRow({ mediaKey: key, mediaType: type.contentType, mediaKind: type.kind, mediaSize: file.size }),
  );
}

/**
 * Aborts an upload at R2. One R2 no longer knows (aborted already, or expired: R2 drops incomplete uploads after
 * a week) is gone all the same.
 */
export async function abortUpload(bucket: R2Bucket, upload: { key: string; uploadId: string }) {
  try {
    await bucket.resumeMultipartUpload(upload.key, upload.uploadId).abort();
  } catch {
    /* nothing left at R2 to abort */
  }
}
