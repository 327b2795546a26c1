// The approval rule, one condition at a time: Transbank (faked at the HTTP boundary) answers a commit
// that is right in every way but one. Each must leave the payment not completed and the membership
// inactive, so removing any single check from the rule fails a test here.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { memberships, payments, users } from "../../worker/db/schema";
import { fakeTransbank, INTEGRATION, ok, pendingPayment, transaction } from "./fake-transbank";
import { call, db, json, signIn } from "./helpers";

afterEach(() => vi.restoreAllMocks());

const BAD_CASES: {
  name: string;
  change: (p: { buyOrder: string; amountClp: number }) => Record<string, unknown>;
  reason: string;
  refunds: boolean;
}[] = [
  {
    name: "AUTHORIZED with a non-zero response code",
    change: () => ({ response_code: -1 }),
    reason: "rejected",
    refunds: false,
  },
  {
    name: "response code 0 with another status",
    change: () => ({ status: "FAILED" }),
    reason: "rejected",
    refunds: false,
  },
  {
    name: "a different amount",
    change: (p) => ({ amount: p.amountClp - 13500 }),
    reason: "verification_failed",
    refunds: true,
  },
  {
    name: "a different buy order",
    change: (p) => ({ buy_order: `${p.buyOrder.slice(0, 20)}OTHER` }),
    reason: "verification_failed",
    refunds: true,
  },
];

async function member() {
  const cookie = await signIn("luna@example.com", "Luna");
  const [user] = await db().select().from(users).where(eq(users.email, "luna@example.com"));
  return { cookie, user };
}

const membershipOf = async (cookie: string) =>
  (await json<{ status: string }>(await call("/api/membership/status", { cookie }))).status;

describe("a commit answer wrong in exactly one way is not a payment", () => {
  for (const bad of BAD_CASES) {
    it(`normal return, ${bad.name}: payment not completed, membership inactive`, async () => {
      const { cookie, user } = await member();
      const payment = await pendingPayment(user.id, user.email);
      const calls = fakeTransbank({
        commit: () => ok(transaction(payment, bad.change(payment))),
        refund: () => ok({ type: "REVERSED" }),
      });
      const res = await call(`/api/payments/webpay/return?token_ws=${payment.token}`, { env: INTEGRATION });
      expect(res.headers.get("location")).toBe(`/pay/return?success=false&error=${bad.reason}`);
      const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
      expect(row).toMatchObject({ status: "failed", failureReason: bad.reason });
      expect(await membershipOf(cookie)).toBe("none");
      expect(await db().select().from(memberships)).toEqual([]);
      // Money authorized for something we did not sell goes back at once.
      expect(calls.map((c) => c.method)).toEqual(bad.refunds ? ["PUT", "POST"] : ["PUT"]);
    });

    it(`confirm (status, then commit), ${bad.name}: payment not completed, membership inactive`, async () => {
      const { cookie, user } = await member();
      const payment = await pendingPayment(user.id, user.email);
      const answer = () => ok(transaction(payment, bad.change(payment)));
      fakeTransbank({ status: answer, commit: answer, refund: () => ok({ type: "REVERSED" }) });
      const res = await call("/api/payments/confirm", { method: "POST", cookie, json: {}, env: INTEGRATION });
      expect(res.status).toBe(402);
      const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
      expect(row.status).toBe("failed");
      expect(await membershipOf(cookie)).toBe("none");
    });
  }

  it(`the same answer with every condition right is a payment (the cases above differ only in their one \
field)`, async () => {
    const { cookie, user } = await member();
    const payment = await pendingPayment(user.id, user.email);
    fakeTransbank({ commit: () => ok(transaction(payment)) });
    const res = await call(`/api/payments/webpay/return?token_ws=${payment.token}`, { env: INTEGRATION });
    expect(res.headers.get("location")).toBe("/pay/return?success=true&amount=15000");
    expect(await membershipOf(cookie)).toBe("active");
  });
});
