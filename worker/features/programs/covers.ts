// A program's cover image, stored as every cover is (platform/covers.ts: PNG, JPEG, WebP… proven by the bytes, 415
// otherwise; 413 above PROGRAM_LIMITS.coverMaxBytes; the image it replaces deleted from R2).
import type { Database } from "../../db/client";
import { type CoverRules, coverSizeOr413, deleteCoverBlob, storeCover } from "../../platform/covers";
import { notFound } from "../../platform/errors";
import { PROGRAM_LIMITS } from "../../shared/programs";
import { API_ERRORS } from "../../shared/texts";
import { replaceProgramCover } from "./queries/programs";

const coverRules = (programId: number): CoverRules => ({
  prefix: "programs",
  fileName: `program-${programId}-cover`,
  maxBytes: PROGRAM_LIMITS.coverMaxBytes,
  tooLarge: API_ERRORS.program_cover_too_large,
  wrongTypeStatus: 415,
});

/** An uploaded file as the program's cover (404 when the program is gone). */
export async function uploadProgramCover(db: Database, bucket: R2Bucket, programId: number, file: File) {
  coverSizeOr413(file.size, coverRules(programId));
  await storeCover(bucket, coverRules(programId), file.type, new Uint8Array(await file.arrayBuffer()), async (key) => {
    const result = await replaceProgramCover(db, programId, key);
    if (!result) throw notFound(API_ERRORS.program_not_found);
    return result;
  });
}

/** Removes the cover: the row first, then the object. */
export async function removeProgramCover(db: Database, bucket: R2Bucket, programId: number) {
  const result = await replaceProgramCover(db, programId, null);
  if (!result) throw notFound(API_ERRORS.program_not_found);
  await deleteCoverBlob(bucket, result.previous);
}
