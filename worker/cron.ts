// Scheduled work in one place: wrangler.toml's Cron Triggers call `scheduled`, which runs the jobs
// registered for that cron, one after another. Each job logs one JSON line (its counts or its error);
// a failing job never stops the others.
import type { Env } from "./env";
import { eventReminders } from "./features/events/jobs/reminders";
import { sendPendingDeliveries } from "./features/notifications/deliver";
import { deliverySweep } from "./features/notifications/jobs/delivery-sweep";
import { digests } from "./features/notifications/jobs/digest";
import { autorenewCharges, autorenewSettle } from "./features/payments/jobs/autorenew-charges";
import { membershipReminders } from "./features/payments/jobs/membership-reminders";
import { reconcilePayments } from "./features/payments/jobs/reconcile-payments";
import { abandonedLessonUploads } from "./features/programs/jobs/abandoned-uploads";
import { programNotices } from "./features/programs/jobs/program-notices";
import { send } from "./platform/live";
import { pruneIdempotencyKeys } from "./platform/prune-idempotency-keys";
import { pruneRateLimits } from "./platform/prune-rate-limits";
import { logLine, safeErrorMessages } from "./platform/request-log";
import type { ScheduledJob } from "./platform/scheduled-job";
import { sweepOrphanBlobs } from "./platform/sweep-orphan-blobs";

/** The Cron Triggers of wrangler.toml's [triggers] (keep both lists equal). */
export const CRON = { hourly: "17 * * * *", daily: "0 12 * * *", everyFiveMinutes: "*/5 * * * *" } as const;

/** The jobs of each cron. Registering a job is one line: `{ cron: CRON.hourly, job: someJob },`. */
export const JOBS: { cron: string; job: ScheduledJob }[] = [
  // Every 5 minutes, not hourly: a member whose browser never came back from Webpay has paid, and should
  // not wait up to an hour for the membership; with nothing pending a run is one indexed query.
  { cron: CRON.everyFiveMinutes, job: reconcilePayments },
  // Every 5 minutes too: a reminder an hour before is at most 5 minutes late.
  { cron: CRON.everyFiveMinutes, job: eventReminders },
  { cron: CRON.everyFiveMinutes, job: autorenewSettle },
  { cron: CRON.everyFiveMinutes, job: deliverySweep },
  { cron: CRON.hourly, job: pruneRateLimits },
  { cron: CRON.hourly, job: pruneIdempotencyKeys },
  // Hourly: it is 8:00 somewhere in some member's time zone at the top of some hour.
  { cron: CRON.hourly, job: digests },
  { cron: CRON.hourly, job: abandonedLessonUploads },
  // Hourly: a lesson opens at 06:00 in some zone at the top of some hour; told within the hour.
  { cron: CRON.hourly, job: programNotices },
  // Reminders first: a charge notice is written before the charge it announces could run.
  { cron: CRON.daily, job: membershipReminders },
  { cron: CRON.daily, job: autorenewCharges },
  { cron: CRON.daily, job: sweepOrphanBlobs },
];

export type JobOutcome = { job: string; ok: boolean; counts: Record<string, number> };

/** Runs `jobs` in order, logging each; errors are caught per job. */
export async function runJobs(jobs: ScheduledJob[], env: Env, now: Date, cron: string): Promise<JobOutcome[]> {
  const outcomes: JobOutcome[] = [];
  for (const job of jobs) {
    const started = Date.now();
    try {
      const counts = await job.run(env, now);
      logLine({
        level: "info",
        type: "job",
        job: job.name,
        cron,
        ok: true,
        duration_ms: Date.now() - started,
        ...prefixed(counts),
      });
      outcomes.push({ job: job.name, ok: true, counts });
    } catch (err) {
      logLine({
        level: "error",
        type: "job",
        job: job.name,
        cron,
        ok: false,
        duration_ms: Date.now() - started,
        error: safeErrorMessages(err).join(" | "),
      });
      outcomes.push({ job: job.name, ok: false, counts: {} });
    }
  }
  return outcomes;
}

/** Counts go into the log line under `count_<name>`, so a job cannot overwrite the line's own fields. */
const prefixed = (counts: Record<string, number>) =>
  Object.fromEntries(Object.entries(counts).map(([k, v]) => [`count_${k}`, v]));

/** The `scheduled` handler for a registry (the worker uses JOBS; the tests pass their own). */
export function scheduledHandler(
  registry: { cron: string; job: ScheduledJob }[],
): ExportedHandlerScheduledHandler<Env> {
  return async (controller, env) => {
    const jobs = registry.filter((entry) => entry.cron === controller.cron).map((entry) => entry.job);
    if (jobs.length === 0) {
      logLine({
        level: "warn",
        type: "job",
        job: null,
        cron: controller.cron,
        ok: true,
        note: "no jobs registered for this cron",
      });
      return;
    }
    const outcomes = await runJobs(jobs, env, new Date(controller.scheduledTime), controller.cron);
    // What the jobs wrote (reminders, settled payments) goes out now, not at the next sweep.
    await send("notification", () => sendPendingDeliveries(env));
    // A failed job marks the invocation failed in the Cron Events dashboard, after every job had its turn.
    const failed = outcomes.filter((o) => !o.ok).map((o) => o.job);
    if (failed.length) throw new Error(`scheduled jobs failed: ${failed.join(", ")}`);
  };
}

export const scheduled = scheduledHandler(JOBS);
