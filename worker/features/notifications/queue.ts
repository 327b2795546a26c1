// The delivery queue's consumer: wrangler.toml's [[queues.consumers]] hands batches of DeliveryJob here. A job
// that fails is retried with exponential backoff; after the last retry the queue moves it to the dead-letter
// queue, whose consumer (this same handler) records it in D1 for the admin Health tab's count and marks the
// delivery of the notification it carried dead.
import { getDb } from "../../db/client";
import type { Env } from "../../env";
import { logLine, safeErrorMessages } from "../../platform/request-log";
import type { DeliveryJob } from "../../shared/delivery-jobs";
import { runDeliveryJob } from "./deliver";
import { markDeliveries, recordDeadLetter } from "./queries/deliveries";

/** The dead-letter queue's name ends so (wrangler.toml: `<worker>-delivery-dead`). */
export const DEAD_LETTER_SUFFIX = "-delivery-dead";

/** 30 s, 1, 2, 4, 8 minutes between the five attempts wrangler.toml's max_retries allows, capped at an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** (attempts - 1), 60 * 60);

/** The notifications a job delivers. */
const notificationsOf = (job: DeliveryJob): number[] => {
  if (job.type === "notified") return job.ids;
  return job.notificationId === undefined ? [] : [job.notificationId];
};

export async function queue(batch: MessageBatch, env: Env): Promise<void> {
  const db = getDb(env.DB);
  if (batch.queue.endsWith(DEAD_LETTER_SUFFIX)) {
    for (const message of batch.messages) {
      await recordDeadLetter(db, { body: message.body, attempts: message.attempts });
      await markDeliveries(db, notificationsOf(message.body as DeliveryJob), null, "dead");
      logLine({
        level: "error",
        type: "delivery",
        job: (message.body as DeliveryJob).type,
        ok: false,
        dead_letter: true,
      });
      message.ack();
    }
    return;
  }
  for (const message of batch.messages) {
    // This worker is the queue's only producer: every body is a DeliveryJob.
    const job = message.body as DeliveryJob;
    let outcome: "done" | "retry";
    try {
      outcome = await runDeliveryJob(env, db, job);
    } catch (err) {
      logLine({
        level: "error",
        type: "delivery",
        job: job.type,
        ok: false,
        attempts: message.attempts,
        error: safeErrorMessages(err).join(" | "),
      });
      outcome = "retry";
    }
    if (outcome === "retry") message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    else message.ack();
  }
}
