// The one `scheduled` handler: runs the jobs registered for the firing cron, logs each, and isolates
// a failing job from the others. Invoked inside workerd as the runtime would (a ScheduledController).
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { CRON, JOBS, scheduledHandler } from "../../worker/cron";
import type { Env } from "../../worker/env";
import worker from "../../worker/index";
import type { ScheduledJob } from "../../worker/platform/scheduled-job";
import wranglerToml from "../../wrangler.toml?raw";
import { testEnv } from "./helpers";

async function invoke(
  handler: ExportedHandlerScheduledHandler<Env>,
  cron: string,
  scheduledTime = Date.UTC(2026, 10, 23, 12),
) {
  const lines: Record<string, unknown>[] = [];
  const spy = vi.spyOn(console, "log").mockImplementation((text: unknown) => {
    if (typeof text === "string" && text.startsWith("{")) lines.push(JSON.parse(text));
  });
  const ctx = createExecutionContext();
  try {
    const result = await Promise.resolve(
      handler(createScheduledController({ cron, scheduledTime }), testEnv, ctx),
    ).then(
      () => null,
      (err: Error) => err,
    );
    await waitOnExecutionContext(ctx);
    return { lines, error: result };
  } finally {
    spy.mockRestore();
  }
}

describe("scheduled handler", () => {
  it(`runs every job of the firing cron in order with env and the scheduled time, logging each one's \
counts`, async () => {
    const calls: string[] = [];
    const seen: { env: Env; now: Date }[] = [];
    const job = (name: string, counts: Record<string, number>): ScheduledJob => ({
      name,
      run: async (env, now) => {
        calls.push(name);
        seen.push({ env, now });
        return counts;
      },
    });
    const handler = scheduledHandler([
      { cron: "*/5 * * * *", job: job("first", { pruned: 12 }) },
      { cron: "0 0 * * *", job: job("other-cron", { never: 1 }) },
      { cron: "*/5 * * * *", job: job("second", { reminded: 0 }) },
    ]);
    const { lines, error } = await invoke(handler, "*/5 * * * *", Date.UTC(2026, 10, 23, 12, 5));
    expect(error).toBeNull();
    expect(calls).toEqual(["first", "second"]);
    expect(seen[0].env.DB).toBe(testEnv.DB);
    expect(seen[0].now.toISOString()).toBe("2026-11-23T12:05:00.000Z");
    expect(lines).toEqual([
      expect.objectContaining({ type: "job", job: "first", cron: "*/5 * * * *", ok: true, count_pruned: 12 }),
      expect.objectContaining({ type: "job", job: "second", ok: true, count_reminded: 0 }),
    ]);
  });

  it("keeps running the other jobs when one throws, logs its error, and reports the invocation failed", async () => {
    const ran: string[] = [];
    const handler = scheduledHandler([
      {
        cron: "0 * * * *",
        job: { name: "broken", run: async () => Promise.reject(new Error("D1_ERROR: no such table: x")) },
      },
      {
        cron: "0 * * * *",
        job: {
          name: "healthy",
          run: async () => {
            ran.push("healthy");
            return { done: 1 };
          },
        },
      },
    ]);
    const { lines, error } = await invoke(handler, "0 * * * *");
    expect(ran).toEqual(["healthy"]);
    expect(lines).toEqual([
      expect.objectContaining({ job: "broken", ok: false, error: "Error: D1_ERROR: no such table: x" }),
      expect.objectContaining({ job: "healthy", ok: true, count_done: 1 }),
    ]);
    expect(error?.message).toBe("scheduled jobs failed: broken");
  });

  it("logs a cron with no registered jobs instead of failing silently", async () => {
    const { lines, error } = await invoke(scheduledHandler([]), "1 2 3 4 5");
    expect(error).toBeNull();
    expect(lines).toEqual([
      expect.objectContaining({ type: "job", cron: "1 2 3 4 5", note: "no jobs registered for this cron" }),
    ]);
  });

  it("is the worker's scheduled handler, and every cron it knows is a Cron Trigger in wrangler.toml", async () => {
    expect(worker.scheduled).toBeTypeOf("function");
    const crons = /\[triggers\]\s*crons\s*=\s*\[([^\]]*)\]/
      .exec(wranglerToml)?.[1]
      .match(/"[^"]+"/g)
      ?.map((c) => JSON.parse(c) as string);
    expect(crons?.sort()).toEqual(Object.values(CRON).sort());
    for (const { cron } of JOBS) expect(Object.values(CRON)).toContain(cron);
    const { error } = await invoke(worker.scheduled, CRON.hourly);
    expect(error).toBeNull();
  });
});
