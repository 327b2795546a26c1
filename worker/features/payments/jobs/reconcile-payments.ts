// Nothing stays pending: abandoned checkouts, returns that never arrived and commits that timed out
// are settled with Transbank's status once the token can no longer be paid (see the payments service).
import { getDb } from "../../../db/client";
import type { ScheduledJob } from "../../../platform/scheduled-job";
import { reconcilePendingPayments } from "../settle";

export const reconcilePayments: ScheduledJob = {
  name: "reconcile-payments",
  run: (env, now) => reconcilePendingPayments(getDb(env.DB), env, now.getTime()),
};
