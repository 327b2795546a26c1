// Hourly: lesson media uploads (R2 multipart) started more than a day ago and never completed are aborted at R2
// (their parts freed) and forgotten, a bounded batch per run.
import { getDb } from "../../../db/client";
import type { ScheduledJob } from "../../../platform/scheduled-job";
import { PROGRAM_LIMITS } from "../../../shared/programs";
import { abortUpload } from "../media";
import { abandonedUploads, deleteUpload } from "../queries/uploads";

const BATCH = 50;

export const abandonedLessonUploads: ScheduledJob = {
  name: "abandoned-lesson-uploads",
  async run(env, now) {
    const db = getDb(env.DB);
    const uploads = await abandonedUploads(db, new Date(now.getTime() - PROGRAM_LIMITS.uploadAbandonedMs), BATCH);
    for (const upload of uploads) {
      await abortUpload(env.BLOBS, upload);
      await deleteUpload(db, upload.uploadId);
    }
    return { aborted: uploads.length };
  },
};
