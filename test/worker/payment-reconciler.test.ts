// Nothing stays pending: the reconciler, run by invoking the worker's scheduled handler as the
// runtime does, settles every payment pending past the token lifetime by Transbank's status.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CRON } from "../../worker/cron";
import { memberships, payments, users } from "../../worker/db/schema";
import type { Env } from "../../worker/env";
import worker from "../../worker/index";
import { fakeTransbank, INTEGRATION, ok, pendingPayment, refused, transaction } from "./fake-transbank";
import { call, db, json, signIn, testEnv } from "./helpers";

afterEach(() => vi.restoreAllMocks());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Runs the 5-minute cron at `now`; returns the reconciler's log line. */
async function runReconciler(env: Partial<Env> = INTEGRATION, now = Date.now()) {
  const lines: Record<string, unknown>[] = [];
  const spy = vi.spyOn(console, "log").mockImplementation((text: unknown) => {
    if (typeof text === "string" && text.includes('"type":"job"')) lines.push(JSON.parse(text));
  });
  const ctx = createExecutionContext();
  await worker.scheduled(
    createScheduledController({ cron: CRON.everyFiveMinutes, scheduledTime: now }),
    { ...testEnv, ...env },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  spy.mockRestore();
  return lines.find((l) => l.job === "reconcile-payments");
}

async function member(email: string) {
  const cookie = await signIn(email);
  const [user] = await db().select().from(users).where(eq(users.email, email));
  return { cookie, user };
}

const ago = (ms: number) => new Date(Date.now() - ms);
const row = async (id: number) => (await db().select().from(payments).where(eq(payments.id, id)))[0];
const membershipOf = async (cookie: string) =>
  json<{ status: string; next_payment_due: string | null }>(await call("/api/membership/status", { cookie })).then(
    // The membership itself; automatic renewal's part is autorenew.test.ts's.
    ({ status, next_payment_due }) => ({ status, next_payment_due }),
  );

describe("payment reconciler (every 5 minutes)", () => {
  it(`settles each pending payment older than the token lifetime by Transbank's status, and leaves newer ones \
alone`, async () => {
    const luna = await member("luna@example.com");
    const sol = await member("sol@example.com");
    const old = { createdAt: ago(10 * MINUTE) };
    const paid = await pendingPayment(luna.user.id, luna.user.email, old);
    const abandoned = await pendingPayment(sol.user.id, sol.user.email, old);
    const unknown = await pendingPayment(sol.user.id, sol.user.email, old);
    const declined = await pendingPayment(sol.user.id, sol.user.email, old);
    const unreachable = await pendingPayment(sol.user.id, sol.user.email, old);
    const noToken = await pendingPayment(sol.user.id, sol.user.email, { ...old, token: null });
    const fresh = await pendingPayment(sol.user.id, sol.user.email, { createdAt: ago(2 * MINUTE) });

    const status: Record<string, () => ReturnType<typeof ok> | "timeout"> = {
      [paid.token!]: () => ok(transaction(paid)),
      [abandoned.token!]: () => ok({ ...transaction(abandoned, { status: "INITIALIZED" }), response_code: undefined }),
      [unknown.token!]: () =>
        refused(422, "The transactions's date has passed max time (7 days) to recover the status"),
      [declined.token!]: () => ok(transaction(declined, { status: "FAILED", response_code: -1 })),
      [unreachable.token!]: () => "timeout",
    };
    const calls = fakeTransbank({ status: (token) => status[token](), commit: () => ok(transaction(paid)) });

    const line = await runReconciler();
    expect(line).toMatchObject({
      ok: true,
      count_checked: 6,
      count_completed: 1,
      count_failed: 4,
      count_still_pending: 1,
    });
    expect(await row(paid.id)).toMatchObject({ status: "completed", authorizationCode: "1213" });
    expect(await row(abandoned.id)).toMatchObject({ status: "failed", failureReason: "expired" });
    expect(await row(unknown.id)).toMatchObject({ status: "failed", failureReason: "expired" });
    expect(await row(declined.id)).toMatchObject({ status: "failed", failureReason: "rejected", responseCode: -1 });
    expect(await row(unreachable.id)).toMatchObject({ status: "pending" });
    expect(await row(noToken.id)).toMatchObject({ status: "failed", failureReason: "create_failed" });
    expect(await row(fresh.id)).toMatchObject({ status: "pending" });
    expect(calls.some((c) => c.path === fresh.token)).toBe(false);
    expect((await membershipOf(luna.cookie)).status).toBe("active");
    expect((await membershipOf(sol.cookie)).status).toBe("none");

    // The next run only retries the unreachable one; the completed payment is never extended again.
    const due = (await membershipOf(luna.cookie)).next_payment_due;
    status[unreachable.token!] = () =>
      ok({ ...transaction(unreachable, { status: "INITIALIZED" }), response_code: undefined });
    expect(await runReconciler()).toMatchObject({ count_checked: 1, count_failed: 1 });
    expect((await membershipOf(luna.cookie)).next_payment_due).toBe(due);

    // The admin payments tab shows why each one failed.
    const admin = await signIn("admin@example.com");
    const listed = await json<{ id: number; status: string; failure_reason: string | null }[]>(
      await call("/api/admin/payments", { cookie: admin }),
    );
    expect(listed.find((p) => p.id === abandoned.id)).toMatchObject({ status: "failed", failure_reason: "expired" });
    expect(listed.find((p) => p.id === declined.id)).toMatchObject({ status: "failed", failure_reason: "rejected" });
  });

  it("a return racing the reconciler for one payment: one commit wins, the membership is extended once", async () => {
    const luna = await member("luna@example.com");
    const payment = await pendingPayment(luna.user.id, luna.user.email, { createdAt: ago(6 * MINUTE) });
    let commits = 0;
    fakeTransbank({
      status: () => ok(transaction(payment)),
      commit: () =>
        ++commits === 1 ? ok(transaction(payment)) : refused(422, "Transaction already locked by another process"),
    });
    const [returned, line] = await Promise.all([
      call(`/api/payments/webpay/return?token_ws=${payment.token}`, { env: INTEGRATION }),
      runReconciler(),
    ]);
    expect(returned.headers.get("location")).toBe("/pay/return?success=true&amount=15000");
    expect(line).toMatchObject({ ok: true, count_completed: 1 });
    expect((await row(payment.id)).status).toBe("completed");
    const [m] = await db().select().from(memberships).where(eq(memberships.userId, luna.user.id));
    const extended = m.nextPaymentDue.getTime() - Date.now();
    expect(extended).toBeGreaterThan(29 * DAY);
    expect(extended).toBeLessThanOrEqual(30 * DAY);
  });

  it("expires an abandoned checkout of the emulator once its token can no longer be paid", async () => {
    const luna = await member("luna@example.com");
    const res = await call("/api/payments/initiate", {
      method: "POST",
      json: { amount: 15000, provider: "webpay_form" },
      cookie: luna.cookie,
    });
    expect(res.status).toBe(200);
    const [pending] = await db().select().from(payments);
    expect(await runReconciler({}, Date.now() + 2 * MINUTE)).toMatchObject({ ok: true, count_checked: 0 });
    expect((await row(pending.id)).status).toBe("pending");
    expect(await runReconciler({}, Date.now() + 6 * MINUTE)).toMatchObject({
      ok: true,
      count_checked: 1,
      count_failed: 1,
    });
    expect(await row(pending.id)).toMatchObject({ status: "failed", failureReason: "expired" });
  });
});
