// Automatic renewal. Daily: charge every member with auto-renew on whose membership ends
// within a day (and retry the refused ones on schedule). Every five minutes: settle the charges whose
// answer never came, by Transbank's status, so no retry waits on an unknown outcome.
import { getDb } from "../../../db/client";
import type { ScheduledJob } from "../../../platform/scheduled-job";
import { runAutorenew, settleAutorenew } from "../autorenew";

export const autorenewCharges: ScheduledJob = {
  name: "autorenew-charges",
  run: (env, now) => runAutorenew(getDb(env.DB), env, now.getTime()),
};

export const autorenewSettle: ScheduledJob = {
  name: "autorenew-settle",
  run: (env, now) => settleAutorenew(getDb(env.DB), env, now.getTime()),
};
