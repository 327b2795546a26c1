// Delivery outside the app, off the request path. Writing a notification writes its pending delivery (the
// outbox, worker/features/notifications/queries/write.ts); a sender claims pending deliveries and queues one small job with their
// notifications' ids; the queue's consumer (worker/features/notifications/queue.ts) turns it into one job per push and per email, so
// each is retried on its own and none is sent twice because another failed.
import { createMiddleware } from "hono/factory";
import { type Database, getDb } from "../../db/client";
import type { AppEnv, Env } from "../../env";
import { liveRoom, send } from "../../platform/live";
import type { DeliveryJob, PushPayload } from "../../shared/delivery-jobs";
import { EMAIL_WHILE_AWAY } from "../../shared/notification-settings";
import { notificationUrl } from "../../shared/notifications";
import { AUTORENEW } from "../../shared/rules";
import { buildNotificationEmail, buildReceiptEmail } from "./email/build";
import { sendEmail } from "./email/send";
import { sendPush } from "./push/send";
import type { VapidKeys } from "./push/vapid";
import {
  choicesOf,
  claimPendingDeliveries,
  type DeliveryTarget,
  deliveryTargets,
  forgetPushEndpoint,
  markDeliveries,
  pushKeysOf,
  receiptOf,
} from "./queries/deliveries";
import { onNotificationsWritten } from "./queries/write";
import { dateIn, wordsFor } from "./texts";

/** Ids per `notified` job: one bound JSON list, and a consumer's batch stays small. */
const IDS_PER_JOB = 100;
/** Queues take at most 100 messages per sendBatch call. */
const MESSAGES_PER_SEND = 100;

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Puts delivery jobs on the queue (at most 100 a call, as Queues take them). */
export async function enqueue(env: Env, jobs: DeliveryJob[]) {
  for (const part of chunks(jobs, MESSAGES_PER_SEND)) {
    await env.DELIVERY_QUEUE.sendBatch(part.map((body) => ({ body, contentType: "json" as const })));
  }
}

/** A delivery still pending this long after it was written has lost its sender: the sweep sends it. */
export const SWEEP_AFTER_MS = 60_000;
/**
 * A delivery claimed (`queued`) this long ago and still not marked delivered or dead lost its sender between the
 * claim and the queue: the sweep sends it again. Longer than the queue's own retries of a job it took (30 s doubling
 * over five retries, about 16 minutes, then the dead-letter queue marks it dead), so a job the queue holds is not
 * sent twice.
 */
export const QUEUED_LEASE_MS = 60 * 60 * 1000;

/**
 * The sender: claims pending deliveries (all, or those written at or before `writtenBefore`), tells their recipients' open
 * apps (the bell) and queues them for push and email. Deliveries the queue refused go back to pending for the
 * sweep. Runs right after the response that wrote them, after each cron run, and as the sweep. Returns how many
 * notifications it queued.
 */
export async function sendPendingDeliveries(env: Env, options: { writtenBefore?: number } = {}): Promise<number> {
  const db = getDb(env.DB);
  const now = Date.now();
  const claimed = await claimPendingDeliveries(db, { writtenBefore: options.writtenBefore, now });
  if (claimed.length === 0) return 0;
  const ids = [...new Set(claimed.map((d) => d.notificationId))];
  try {
    await enqueue(
      env,
      chunks(ids, IDS_PER_JOB).map((part) => ({ type: "notified", ids: part })),
    );
  } catch (err) {
    await markDeliveries(db, ids, "queued", "pending");
    throw err;
  }
  await send("notification", () =>
    liveRoom(env).sendTo([...new Set(claimed.map((d) => d.userId))], { type: "notification" }),
  );
  return ids.length;
}

/**
 * After the response, sends what the request wrote: the one module that writes notifications tells this
 * request's database handle's listener, and the send waits for the response (a batch that writes a notification
 * has run by then).
 */
export const deliverAfterResponse = createMiddleware<AppEnv>(async (c, next) => {
  let responded = false;
  let wrote = false;
  const sendLater = () => c.executionCtx.waitUntil(send("notification", () => sendPendingDeliveries(c.env)));
  onNotificationsWritten(c.var.db, () => {
    if (responded) sendLater();
    else wrote = true;
  });
  await next();
  responded = true;
  if (wrote) sendLater();
});

/** Writes notifications after the response (off the member's path); a failure is logged, never the caller's. */
export function notifyLater(
  c: { executionCtx: { waitUntil(promise: Promise<unknown>): void } },
  write: () => Promise<unknown>,
) {
  c.executionCtx.waitUntil(send("notification", write));
}

/** The VAPID keys, or null while the secrets are not set (push is then off, email still goes). */
export function vapidKeys(env: Env): VapidKeys | null {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return null;
  return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT };
}

/**
 * One push per device of each recipient who wants it and is not connected live right now (the live
 * room knows: they see the bell already), one email per recipient who wants it (for the kinds of
 * EMAIL_WHILE_AWAY, only while they are not connected either).
 */
export async function planDeliveries(env: Env, db: Database, ids: number[]): Promise<DeliveryJob[]> {
  const targets = await deliveryTargets(db, ids);
  const wantsPush = (t: (typeof targets)[number]) =>
    vapidKeys(env) !== null && choicesOf(t)[t.kind].push && JSON.parse(t.endpoints ?? "[]").length > 0;
  const wantsEmailWhileAway = (t: (typeof targets)[number]) =>
    EMAIL_WHILE_AWAY.includes(t.kind) && choicesOf(t)[t.kind].email;
  const askConnected = targets.filter((t) => wantsPush(t) || wantsEmailWhileAway(t)).map((t) => t.userId);
  const connected = new Set(askConnected.length ? await liveRoom(env).connectedUsers(askConnected) : []);
  const jobs: DeliveryJob[] = [];
  for (const target of targets) {
    const choices = choicesOf(target)[target.kind];
    const url = notificationUrl(target);
    if (wantsPush(target) && !connected.has(target.userId)) {
      const words = wordsFor(target.language);
      const payload: PushPayload = {
        title: "Cosmic Lounge",
        body: words.line(target, dateIn(target.language, target.timezone)),
        url,
        tag: `n${target.id}`,
      };
      for (const endpoint of JSON.parse(target.endpoints ?? "[]") as string[]) {
        jobs.push({ type: "push", endpoint, payload, notificationId: target.id });
      }
    }
    if (choices.email && !(wantsEmailWhileAway(target) && connected.has(target.userId)))
      jobs.push({ type: "email", email: await emailOf(env, db, target, url), notificationId: target.id });
  }
  return jobs;
}

/** A completed payment's email is its receipt (the facts of the PDF); every other notification's is its line. */
async function emailOf(env: Env, db: Database, target: DeliveryTarget, url: string) {
  const config = { origin: env.APP_ORIGIN, tokenSecret: env.EMAIL_TOKEN_SECRET };
  const isReceipt = target.kind === "payment" && target.detail === "completed" && target.paymentId !== null;
  const payment = isReceipt && target.paymentId ? await receiptOf(db, target.paymentId) : undefined;
  if (!payment) return buildNotificationEmail(config, target, target, url);
  return buildReceiptEmail(config, target, {
    ...payment,
    paidAt: (payment.settledAt ?? payment.createdAt).getTime(),
    periodEndsAt: payment.periodEndsAt?.getTime() ?? null,
    automatic: payment.provider === AUTORENEW.provider,
  });
}

/** Runs one job; "retry" asks the queue to try it again later. */
export async function runDeliveryJob(env: Env, db: Database, job: DeliveryJob): Promise<"done" | "retry"> {
  switch (job.type) {
    case "notified":
      await enqueue(env, await planDeliveries(env, db, job.ids));
      await markDeliveries(db, job.ids, "queued", "delivered");
      return "done";
    case "push": {
      const keys = await pushKeysOf(db, job.endpoint);
      const vapid = vapidKeys(env);
      // Unsubscribed (or keys removed) since the job was planned: nothing to send.
      if (!keys || !vapid) return "done";
      const outcome = await sendPush(job.endpoint, keys, job.payload, vapid);
      if (outcome === "gone") await forgetPushEndpoint(db, job.endpoint);
      if (outcome === "refused") console.error("push refused by the push service", new URL(job.endpoint).host);
      return outcome === "retry" ? "retry" : "done";
    }
    case "email":
      await sendEmail(env, job.email);
      return "done";
  }
}
