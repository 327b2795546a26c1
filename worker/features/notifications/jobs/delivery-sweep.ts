// Every 5 minutes: deliveries still pending a minute after their notification was written lost their sender
// (the worker stopped between the write and the send after its response, or the queue refused them): send them.
// So are deliveries claimed by a sender that stopped before the queue took them (QUEUED_LEASE_MS).

import { getDb } from "../../../db/client";
import type { ScheduledJob } from "../../../platform/scheduled-job";
import { QUEUED_LEASE_MS, SWEEP_AFTER_MS, sendPendingDeliveries } from "../deliver";
import { requeueStaleDeliveries } from "../queries/deliveries";

export const deliverySweep: ScheduledJob = {
  name: "delivery-sweep",
  async run(env, now) {
    const requeued = await requeueStaleDeliveries(getDb(env.DB), now.getTime() - QUEUED_LEASE_MS);
    return { requeued, queued: await sendPendingDeliveries(env, { writtenBefore: now.getTime() - SWEEP_AFTER_MS }) };
  },
};
