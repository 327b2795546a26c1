// Hourly: the email digests due at 8:00 in their members' time zones (worker/services/notify/digest.ts).
import { getDb } from "../db/client";
import type { ScheduledJob } from "../platform/scheduled-job";
import { sendDigests } from "../services/notify/digest";

export const digests: ScheduledJob = {
  name: "digests",
  run: (env, now) => sendDigests(env, getDb(env.DB), now.getTime()),
};
