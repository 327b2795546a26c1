// Hourly: the email digests due at 8:00 in their members' time zones (worker/features/notifications/digest.ts).
import { getDb } from "../../../db/client";
import type { ScheduledJob } from "../../../platform/scheduled-job";
import { sendDigests } from "../digest";

export const digests: ScheduledJob = {
  name: "digests",
  run: (env, now) => sendDigests(env, getDb(env.DB), now.getTime()),
};
