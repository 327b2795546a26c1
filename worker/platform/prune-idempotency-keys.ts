// Hourly: deletes the Idempotency-Keys past their 24 hours, so the table holds only keys that still answer repeats.
import { getDb } from "../db/client";
import { pruneIdempotencyKeys as pruneRows } from "../db/idempotency";
import { IDEMPOTENCY } from "../shared/rules";
import type { ScheduledJob } from "./scheduled-job";

export const pruneIdempotencyKeys: ScheduledJob = {
  name: "prune-idempotency-keys",
  async run(env, now) {
    return { pruned: await pruneRows(getDb(env.DB), now.getTime() - IDEMPOTENCY.keptMs) };
  },
};
