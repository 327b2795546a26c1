// Every 5 minutes: deliveries still pending a minute after their notification was written lost their sender
// (the worker stopped between the write and the send after its response, or the queue refused them): send them.

import type { ScheduledJob } from "../../../platform/scheduled-job";
import { SWEEP_AFTER_MS, sendPendingDeliveries } from "../deliver";

export const deliverySweep: ScheduledJob = {
  name: "delivery-sweep",
  async run(env, now) {
    return { queued: await sendPendingDeliveries(env, { writtenBefore: now.getTime() - SWEEP_AFTER_MS }) };
  },
};
