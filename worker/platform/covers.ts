// A cover image (an event's, a program's): checked like every image upload (type proven by the bytes, a size cap),
// stored in R2 with its row, and the image it replaces deleted from R2 once the new one is in place.
import type { CodedText } from "../shared/texts";
import { ApiError } from "./errors";
import { checkedImage, storeBlobWithRow } from "./uploads";

/** Deletes a cover that no row points at any more (best effort: an orphaned object costs only space). */
export async function deleteCoverBlob(bucket: R2Bucket, key: string | null) {
  if (key) await bucket.delete(key).catch(() => console.error("cover cleanup failed"));
}

export type CoverRules = {
  prefix: "events" | "programs";
  fileName: string;
  maxBytes: number;
  /** The 413 text. */
  tooLarge: string | CodedText;
  /** 400 (events, as they always answered) or 415 (programs: "unknown or wrong-type files 415"). */
  wrongTypeStatus: 400 | 415;
};

/** 413 before reading a file larger than the cap. */
export function coverSizeOr413(size: number, rules: CoverRules) {
  if (size > rules.maxBytes) throw new ApiError(413, rules.tooLarge);
}

/**
 * Stores `bytes` as a cover; `writeRow(key)` points the row at it and returns the key it replaced, which then
 * leaves R2 (if the row cannot be written, the new object goes instead).
 */
export async function storeCover(
  bucket: R2Bucket,
  rules: CoverRules,
  declaredType: string,
  bytes: Uint8Array,
  writeRow: (key: string) => Promise<{ previous: string | null }>,
) {
  coverSizeOr413(bytes.length, rules);
  let contentType: string;
  try {
    contentType = checkedImage(declaredType, bytes);
  } catch (err) {
    if (err instanceof ApiError && rules.wrongTypeStatus === 415) throw new ApiError(415, err.message);
    throw err;
  }
  const replaced = await storeBlobWithRow(
    bucket,
    { prefix: rules.prefix, body: bytes, size: bytes.length, contentType, fileName: rules.fileName },
    writeRow,
  );
  await deleteCoverBlob(bucket, replaced.previous);
}
