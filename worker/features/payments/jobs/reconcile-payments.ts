// Nothing stays pending: abandoned checkouts, returns that never arrived and commits that timed out
// are settled with Transbank's status once the token can no longer be paid (see the payments service).
import { getDb } from "../../../db/client";
import type { ScheduledJob } from "../../../platform/scheduled-job";
import { sendPaidGifts } from "../gifts";
import { reconcilePendingPayments } from "../settle";

export const reconcilePayments: ScheduledJob = {
  name: "reconcile-payments",
  // Then the gifts it (or a return) approved are emailed: a gift whose buyer never came back is still sent.
  run: async (env, now) => {
    const db = getDb(env.DB);
    const settled = await reconcilePendingPayments(db, env, now.getTime());
    const gifts = await sendPaidGifts(db, env);
    return { ...settled, gifts_sent: gifts.sent, gifts_failed: gifts.failed };
  },
};
