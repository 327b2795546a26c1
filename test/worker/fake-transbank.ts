// A fake of Transbank's REST API at the HTTP boundary: `fetch` is replaced, the worker runs with
// WEBPAY_ENV=integration, and each test says what Transbank answers to status, commit and refund for
// each token. Every request is recorded (method, path), so a test can prove what was asked, in order.
import { vi } from "vitest";
import { payments } from "../../worker/db/schema";
import { WEBPAY_BASE_URLS, WEBPAY_PREFIX } from "../../worker/features/payments/webpay";
import { db } from "./helpers";

export const INTEGRATION = { WEBPAY_ENV: "integration" } as const;

type Answer = { status: number; body: unknown } | "timeout";
type Handler = (token: string, body: unknown) => Answer;

/** A transaction as Transbank's commit and status return it; `overrides` change single fields. */
export function transaction(
  payment: { buyOrder: string; sessionId: string; amountClp: number },
  overrides: Record<string, unknown> = {},
) {
  return {
    vci: "TSY",
    amount: payment.amountClp,
    status: "AUTHORIZED",
    buy_order: payment.buyOrder,
    session_id: payment.sessionId,
    card_detail: { card_number: "6623" },
    accounting_date: "0601",
    transaction_date: "2026-06-01T12:00:00.000Z",
    authorization_code: "1213",
    payment_type_code: "VN",
    response_code: 0,
    installments_number: 0,
    ...overrides,
  };
}

export const ok = (body: unknown): Answer => ({ status: 200, body });
export const refused = (status: number, message: string): Answer => ({ status, body: { error_message: message } });

/** Replaces fetch with Transbank's integration host answering through `handlers`; returns the request log. */
export function fakeTransbank(handlers: { status?: Handler; commit?: Handler; refund?: Handler }) {
  const calls: { method: string; path: string }[] = [];
  const base = `${WEBPAY_BASE_URLS.integration}${WEBPAY_PREFIX}/transactions/`;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (!request.url.startsWith(base)) throw new Error(`unexpected fetch ${request.url}`);
    const rest = request.url.slice(base.length);
    const token = rest.split("/")[0];
    const kind =
      request.method === "GET"
        ? "status"
        : request.method === "PUT"
          ? "commit"
          : rest.endsWith("/refunds")
            ? "refund"
            : null;
    calls.push({ method: request.method, path: rest });
    const handler = kind ? handlers[kind] : undefined;
    if (!handler) return Response.json({ error_message: "not faked" }, { status: 500 });
    const answer = handler(token, request.body ? await request.json() : undefined);
    if (answer === "timeout") throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    return Response.json(answer.body, { status: answer.status });
  });
  return calls;
}

let counter = 0;

/** A pending payment of `userId` with a token, written straight into D1 (no emulator behind it). */
export async function pendingPayment(
  userId: number,
  email: string,
  overrides: Partial<typeof payments.$inferInsert> = {},
) {
  counter++;
  const [row] = await db()
    .insert(payments)
    .values({
      userId,
      userEmail: email,
      amountClp: 15000,
      buyOrder: `TEST${counter}${Date.now().toString(36)}`.toUpperCase().slice(0, 26),
      sessionId: `u${userId}-session-${counter}`,
      token: (counter.toString(16) + "b".repeat(64)).slice(0, 64),
      status: "pending",
      isTest: true,
      ...overrides,
    })
    .returning();
  return row;
}
