// Refunds by an admin (Transbank's refund endpoint decides, faked at the HTTP boundary or the local
// emulator), and the member's own payment list.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { auditLog, memberships, payments, users } from "../../worker/db/schema";
import type { Env } from "../../worker/env";
import { TEXTS } from "../../worker/shared/texts";
import { fakeTransbank, INTEGRATION, ok, pendingPayment, refused, transaction } from "./fake-transbank";
import { call, db, json, signIn } from "./helpers";

afterEach(() => vi.restoreAllMocks());

const DAY = 24 * 60 * 60 * 1000;

async function member(email: string) {
  const cookie = await signIn(email);
  const [user] = await db().select().from(users).where(eq(users.email, email));
  return { cookie, user };
}

/** A member with one completed payment (settled through a faked normal return). */
async function paidMember(email = "luna@example.com") {
  const m = await member(email);
  const payment = await pendingPayment(m.user.id, m.user.email);
  fakeTransbank({ commit: () => ok(transaction(payment)) });
  await call(`/api/payments/webpay/return?token_ws=${payment.token}`, { env: INTEGRATION });
  vi.restoreAllMocks();
  return { ...m, payment };
}

const refund = (id: number, cookie: string, env: Partial<Env> = INTEGRATION) =>
  call(`/api/admin/payments/${id}/refund`, { method: "POST", cookie, env });
const row = async (id: number) => (await db().select().from(payments).where(eq(payments.id, id)))[0];
const membershipOf = async (cookie: string) =>
  json<{ status: string; next_payment_due: string | null }>(await call("/api/membership/status", { cookie })).then(
    // The membership itself; automatic renewal's part is autorenew.test.ts's.
    ({ status, next_payment_due }) => ({ status, next_payment_due }),
  );

describe("POST /api/admin/payments/:id/refund", () => {
  it(`refunds through Transbank (REVERSED), records who and when, and removes the paid days from the \
membership`, async () => {
    const { cookie, payment } = await paidMember();
    const dueBefore = new Date((await membershipOf(cookie)).next_payment_due!).getTime();
    const admin = await member("admin@example.com");
    const calls = fakeTransbank({
      refund: (_token, body) => {
        expect(body).toEqual({ amount: 15000 });
        return ok({ type: "REVERSED" });
      },
    });
    const res = await refund(payment.id, admin.cookie);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      id: payment.id,
      status: "refunded",
      refund_type: "REVERSED",
      refunded_amount_clp: 15000,
    });
    expect(calls).toEqual([{ method: "POST", path: `${payment.token}/refunds` }]);
    const after = await row(payment.id);
    expect(after).toMatchObject({
      status: "refunded",
      refundType: "REVERSED",
      refundedBy: admin.user.id,
      refundedAmountClp: 15000,
    });
    expect(after.refundedAt).toBeInstanceOf(Date);
    const [m] = await db().select().from(memberships).where(eq(memberships.userId, payment.userId!));
    expect(m.nextPaymentDue.getTime()).toBe(dueBefore - 30 * DAY);
    expect((await membershipOf(cookie)).status).toBe("expired");
    // The refund is in the audit log: who, which payment, before and after.
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "payment.refund"));
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: "payment", targetId: String(payment.id) });
    expect(JSON.parse(entry.after!)).toMatchObject({ status: "refunded", refund_type: "REVERSED" });
  });

  it("records a NULLIFIED answer with its authorization code", async () => {
    const { payment } = await paidMember();
    const admin = await signIn("admin@example.com");
    fakeTransbank({
      refund: () =>
        ok({
          type: "NULLIFIED",
          authorization_code: "123456",
          authorization_date: "2026-06-02T10:00:00Z",
          nullified_amount: 15000,
          balance: 0,
          response_code: 0,
        }),
    });
    expect((await refund(payment.id, admin)).status).toBe(200);
    expect(await row(payment.id)).toMatchObject({
      status: "refunded",
      refundType: "NULLIFIED",
      refundAuthorizationCode: "123456",
    });
  });

  it("refuses a second refund of the same payment with 409, asking Transbank nothing", async () => {
    const { payment } = await paidMember();
    const admin = await signIn("admin@example.com");
    const calls = fakeTransbank({ refund: () => ok({ type: "REVERSED" }) });
    expect((await refund(payment.id, admin)).status).toBe(200);
    const due = (await db().select().from(memberships))[0].nextPaymentDue.getTime();
    const again = await refund(payment.id, admin);
    expect(again.status).toBe(409);
    expect(await json(again)).toEqual({ error: TEXTS.admin.alreadyRefunded, code: "payment_already_refunded" });
    expect(calls).toHaveLength(1);
    expect((await db().select().from(memberships))[0].nextPaymentDue.getTime()).toBe(due);
  });

  it("changes nothing when Transbank refuses the refund", async () => {
    const { cookie, payment } = await paidMember();
    const admin = await signIn("admin@example.com");
    fakeTransbank({ refund: () => refused(422, "Invalid refund amount") });
    const res = await refund(payment.id, admin);
    expect(res.status).toBe(502);
    expect((await row(payment.id)).status).toBe("completed");
    expect((await membershipOf(cookie)).status).toBe("active");
  });

  it("refuses pending, failed and unknown payments, and members", async () => {
    const luna = await member("luna@example.com");
    const pending = await pendingPayment(luna.user.id, luna.user.email);
    const failed = await pendingPayment(luna.user.id, luna.user.email, { status: "failed", failureReason: "expired" });
    const admin = await signIn("admin@example.com");
    const calls = fakeTransbank({ refund: () => ok({ type: "REVERSED" }) });
    for (const id of [pending.id, failed.id]) {
      const res = await refund(id, admin);
      expect(res.status).toBe(409);
      expect(await json(res)).toEqual({ error: TEXTS.admin.refundNotCompleted, code: "refund_not_completed" });
    }
    expect((await refund(99999, admin)).status).toBe(404);
    expect((await refund(pending.id, luna.cookie)).status).toBe(403);
    expect(calls).toEqual([]);
  });

  it("refunds a payment made through the local emulator end to end", async () => {
    const luna = await member("luna@example.com");
    const { token } = await json<{ token: string }>(
      await call("/api/payments/initiate", {
        method: "POST",
        json: { amount: 15000, provider: "webpay_form" },
        cookie: luna.cookie,
      }),
    );
    await call("/api/dev/webpay/pay", {
      method: "POST",
      body: new URLSearchParams({ token_ws: token, action: "approve" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    await call(`/api/payments/webpay/return?token_ws=${token}`);
    const [paid] = await db().select().from(payments);
    expect(paid.status).toBe("completed");
    const admin = await signIn("admin@example.com");
    const res = await refund(paid.id, admin, {});
    expect(res.status).toBe(200);
    expect((await row(paid.id)).status).toBe("refunded");
  });
});

describe("GET /api/membership/payments", () => {
  it("lists the member's own payments with card, authorization and refund, and nobody else's", async () => {
    const { cookie, payment } = await paidMember();
    const sol = await member("sol@example.com");
    await pendingPayment(sol.user.id, sol.user.email);
    const admin = await signIn("admin@example.com");
    fakeTransbank({ refund: () => ok({ type: "REVERSED" }) });
    await refund(payment.id, admin);
    const mine = await json<Record<string, unknown>[]>(await call("/api/membership/payments", { cookie }));
    expect(mine).toEqual([
      expect.objectContaining({
        id: payment.id,
        amount_clp: 15000,
        status: "refunded",
        card_last4: "6623",
        authorization_code: "1213",
        refund_type: "REVERSED",
        refunded_amount_clp: 15000,
        is_test: true,
      }),
    ]);
    expect(Object.keys(mine[0])).not.toContain("token");
    expect(await json(await call("/api/membership/payments", { cookie: sol.cookie }))).toHaveLength(1);
    expect((await call("/api/membership/payments")).status).toBe(401);
  });
});
