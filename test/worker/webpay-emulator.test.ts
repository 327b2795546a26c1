// The local Webpay emulator behaves like Transbank at its REST boundary and card page: token expiry
// (expires_at), the normal return by GET, abort/timeout/error-page returns from its buttons, the status
// body of an unfinished transaction, 422 for committing an expired token, REVERSED for a same-day full refund.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments, webpayEmulatorTransactions } from "../../worker/db/schema";
import type { Env } from "../../worker/env";
import { WEBPAY_INTEGRATION_CREDENTIALS } from "../../worker/features/payments/webpay";
import { call, db, json, signIn } from "./helpers";

const REST = "/api/dev/webpay/rswebpaytransaction/api/webpay/v1.2/transactions";
const HEADERS = {
  "tbk-api-key-id": WEBPAY_INTEGRATION_CREDENTIALS.commerceCode,
  "tbk-api-key-secret": WEBPAY_INTEGRATION_CREDENTIALS.apiSecret,
};
const rest = (path: string, method = "GET", body?: unknown, env?: Partial<Env>) =>
  call(`${REST}${path}`, { method, headers: HEADERS, json: body, env });

async function create(env?: Partial<Env>) {
  const res = await rest(
    "",
    "POST",
    {
      buy_order: `O${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      session_id: "s-1",
      amount: 15000,
      return_url: "http://localhost/api/payments/webpay/return",
    },
    env,
  );
  expect(res.status).toBe(200);
  return (await json<{ token: string }>(res)).token;
}

async function card(token: string, action?: string) {
  const res = await call("/api/dev/webpay/pay", {
    method: "POST",
    body: new URLSearchParams(action ? { token_ws: token, action } : { token_ws: token }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const html = await res.text();
  const method = /<form id="webpay-return" method="(\w+)"/.exec(html)?.[1];
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  );
  return { status: res.status, html, method, fields };
}

const txRow = async (token: string) =>
  (await db().select().from(webpayEmulatorTransactions).where(eq(webpayEmulatorTransactions.token, token)))[0];

describe("Webpay emulator parity", () => {
  it("gives tokens Transbank's 5-minute lifetime, configurable", async () => {
    const before = Date.now();
    const row = await txRow(await create());
    expect(row.expiresAt!.getTime() - before).toBeGreaterThanOrEqual(5 * 60_000 - 1000);
    expect(row.expiresAt!.getTime() - before).toBeLessThanOrEqual(5 * 60_000 + 1000);
    const short = await txRow(await create({ WEBPAY_EMULATOR_TOKEN_SECONDS: "30" }));
    expect(short.expiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(30_000);
  });

  it("answers the status of an unfinished transaction with no card, authorization or response code", async () => {
    const token = await create();
    const res = await rest(`/${token}`);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      status: "INITIALIZED",
      amount: 15000,
      vci: null,
      card_detail: null,
      authorization_code: null,
      response_code: null,
    });
  });

  it("sends the normal return by GET with token_ws only", async () => {
    const token = await create();
    const back = await card(token, "approve");
    expect(back.method).toBe("get");
    expect(back.fields).toEqual({ token_ws: token });
  });

  it("sends the abort, timeout and error-page returns by POST with Transbank's fields", async () => {
    const aborted = await create();
    const abort = await card(aborted, "cancel");
    expect(abort.method).toBe("post");
    expect(Object.keys(abort.fields).sort()).toEqual(["TBK_ID_SESION", "TBK_ORDEN_COMPRA", "TBK_TOKEN"]);

    const timedOut = await create();
    const timeout = await card(timedOut, "timeout");
    expect(Object.keys(timeout.fields).sort()).toEqual(["TBK_ID_SESION", "TBK_ORDEN_COMPRA"]);
    expect(timeout.method).toBe("post");

    const failed = await create();
    const error = await card(failed, "error");
    expect(Object.keys(error.fields).sort()).toEqual(["TBK_ID_SESION", "TBK_ORDEN_COMPRA", "TBK_TOKEN", "token_ws"]);
    // Both end the token unpaid: it can no longer be committed.
    for (const token of [timedOut, failed]) expect((await rest(`/${token}`, "PUT")).status).toBe(422);
  });

  it("shows the buttons for every way back on the card page", async () => {
    const { html } = await card(await create());
    for (const action of ["approve", "decline", "cancel", "timeout", "error"])
      expect(html).toContain(`value="${action}"`);
  });

  it("refuses to commit an expired token with 422, and its card page sends the timeout return", async () => {
    const token = await create();
    await db()
      .update(webpayEmulatorTransactions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webpayEmulatorTransactions.token, token));
    const commit = await rest(`/${token}`, "PUT");
    expect(commit.status).toBe(422);
    expect(await json(commit)).toEqual({ error_message: expect.stringMatching(/expired/) });
    const page = await card(token, "approve");
    expect(Object.keys(page.fields).sort()).toEqual(["TBK_ID_SESION", "TBK_ORDEN_COMPRA"]);
    expect((await txRow(token)).status).toBe("INITIALIZED");
  });

  it("reverses a same-day full refund and nullifies a partial one", async () => {
    const full = await create();
    await card(full, "approve");
    expect((await rest(`/${full}`, "PUT")).status).toBe(200);
    const reversed = await rest(`/${full}/refunds`, "POST", { amount: 15000 });
    expect(await json(reversed)).toEqual({ type: "REVERSED" });
    expect((await txRow(full)).status).toBe("REVERSED");
    expect((await rest(`/${full}/refunds`, "POST", { amount: 15000 })).status).toBe(422);

    const partial = await create();
    await card(partial, "approve");
    await rest(`/${partial}`, "PUT");
    const nullified = await json(await rest(`/${partial}/refunds`, "POST", { amount: 5000 }));
    expect(nullified).toMatchObject({ type: "NULLIFIED", nullified_amount: 5000, balance: 10000, response_code: 0 });
  });

  it(`takes server-to-server calls on its REST API (its API keys authorise them), while its card page keeps the \
same-origin rule`, async () => {
    const foreign = { ...HEADERS, origin: "https://shop.example" };
    const body = {
      buy_order: "S2S1",
      session_id: "s",
      amount: 1000,
      return_url: "http://localhost/api/payments/webpay/return",
    };
    const created = await call(REST, { method: "POST", headers: foreign, json: body });
    expect(created.status).toBe(200);
    const { token } = await json<{ token: string }>(created);
    const form = { "content-type": "application/x-www-form-urlencoded", origin: "https://shop.example" };
    expect(
      (
        await call("/api/dev/webpay/pay", {
          method: "POST",
          headers: form,
          body: new URLSearchParams({ token_ws: token, action: "approve" }).toString(),
        })
      ).status,
    ).toBe(403);
    expect((await txRow(token)).status).toBe("INITIALIZED");
    // Without the keys, the REST API still refuses.
    expect((await call(REST, { method: "POST", headers: { origin: "https://shop.example" }, json: body })).status).toBe(
      401,
    );
  });

  it("settles the app's payment through each button's return", async () => {
    const cookie = await signIn("luna@example.com");
    const outcomes: Record<string, string | null> = {};
    for (const action of ["timeout", "error"]) {
      const init = await json<{ token: string }>(
        await call("/api/payments/initiate", {
          method: "POST",
          json: { amount: 15000, provider: "webpay_form" },
          cookie,
        }),
      );
      const back = await card(init.token, action);
      const res = await call("/api/payments/webpay/return", {
        method: "POST",
        body: new URLSearchParams(back.fields).toString(),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "https://webpay3gint.transbank.cl",
          "sec-fetch-site": "cross-site",
        },
      });
      expect(res.status).toBe(303);
      const [p] = await db().select().from(payments).where(eq(payments.token, init.token));
      outcomes[action] = `${p.status}:${p.failureReason}`;
    }
    expect(outcomes).toEqual({ timeout: "failed:timeout", error: "failed:payment_error" });
  });
});
