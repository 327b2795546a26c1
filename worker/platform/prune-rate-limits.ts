// Hourly: deletes rate_limits rows whose window ended, so the table holds only live counters.
import { getDb } from "../db/client";
import { pruneRateLimitRows } from "../db/rate-limits";
import { RATE_LIMIT_LONGEST_WINDOW_SECONDS } from "../shared/rules";
import type { ScheduledJob } from "./scheduled-job";

export const pruneRateLimits: ScheduledJob = {
  name: "prune-rate-limits",
  async run(env, now) {
    // A row whose window started before the longest window is over for whatever limit it counts.
    const deadBefore = now.getTime() - RATE_LIMIT_LONGEST_WINDOW_SECONDS * 1000;
    return { pruned: await pruneRateLimitRows(getDb(env.DB), deadBefore) };
  },
};
