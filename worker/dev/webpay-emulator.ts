// A local stand-in for Transbank Webpay Plus (WEBPAY_ENV=emulator only): the same REST v1.2 contract
// (create, commit, status, refund, answering `{ error_message }` on errors as Transbank does) and the
// card page the browser's form posts token_ws to. The app reaches the REST part through the same
// adapter it uses for Transbank; the emulator keeps its state in its own D1 table.
import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { z } from "zod";
import { getDb } from "../db/client";
import { webpayEmulatorTransactions } from "../db/schema";
import type { AppEnv } from "../env";
import { WEBPAY_INTEGRATION_CREDENTIALS, WEBPAY_PREFIX, WEBPAY_TOKEN_LIFETIME_MS } from "../features/payments/webpay";
import { createApp, createRouter } from "../platform/create-app";
import { randomHex } from "../platform/crypto";
import { escapeHtml } from "../platform/html";
import { validate } from "../platform/validate";
import { emulatorGate, page, providerError, recordBy, returnTo } from "./emulator-pages";
import { oneclickEmulatorRoutes } from "./oneclick-emulator";

const BASE = "/dev/webpay";
const REST = `${BASE}${WEBPAY_PREFIX}/transactions`;
const PAY_PATH = `/api${BASE}/pay`;

type Tx = typeof webpayEmulatorTransactions.$inferSelect;

const createBody = z.object({
  buy_order: z.string().min(1).max(26),
  session_id: z.string().min(1).max(61),
  amount: z.number().int().positive().max(1_000_000_000),
  return_url: z.url().max(255),
});
const tokenShape = z.string().regex(/^[a-f0-9]{64}$/);
const refundBody = z.object({ amount: z.number().int().positive() });
const payInput = z.object({
  token_ws: z.string().max(100),
  action: z.enum(["approve", "decline", "cancel", "timeout", "error"]).optional(),
});

/** Transbank's accounting day (MMDD) of a moment. */
const accountingDate = (date: Date) =>
  `${String(date.getUTCMonth() + 1).padStart(2, "0")}${String(date.getUTCDate()).padStart(2, "0")}`;

const tokenLifetimeMs = (env: AppEnv["Bindings"]) => {
  const seconds = Number(env.WEBPAY_EMULATOR_TOKEN_SECONDS);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : WEBPAY_TOKEN_LIFETIME_MS;
};

/** An unfinished transaction whose token has run out: it can no longer be paid or committed. */
const isExpired = (tx: Tx, now = Date.now()) =>
  tx.status === "INITIALIZED" && tx.expiresAt !== null && tx.expiresAt.getTime() <= now;

function transactionBody(tx: Tx) {
  const date = new Date(tx.createdAt);
  // Unfinished (INITIALIZED): Transbank answers the order with no card, authorization or response code yet.
  if (tx.status === "INITIALIZED") {
    return {
      vci: null,
      amount: tx.amount,
      status: tx.status,
      buy_order: tx.buyOrder,
      session_id: tx.sessionId,
      card_detail: null,
      accounting_date: null,
      transaction_date: date.toISOString(),
      authorization_code: null,
      payment_type_code: null,
      response_code: null,
      installments_number: null,
    };
  }
  return {
    vci: tx.status === "AUTHORIZED" ? "TSY" : null,
    amount: tx.amount,
    status: tx.status,
    buy_order: tx.buyOrder,
    session_id: tx.sessionId,
    card_detail: { card_number: "6623" },
    accounting_date: accountingDate(date),
    transaction_date: date.toISOString(),
    authorization_code: tx.authorizationCode,
    payment_type_code: "VN",
    response_code: tx.responseCode,
    installments_number: 0,
  };
}

const findTx = (c: Context<AppEnv>, token: string): Promise<Tx | undefined> =>
  tokenShape.safeParse(token).success
    ? recordBy(c.env, webpayEmulatorTransactions, webpayEmulatorTransactions.token, token)
    : Promise.resolve(undefined);

function cardPage(c: Context, tx: Tx) {
  const token = escapeHtml(tx.token);
  return page(
    c,
    "Webpay Plus: pay",
    `<h1>Pay Cosmic Lounge</h1><p class="amount">${escapeHtml(`$${tx.amount.toLocaleString("en-US")} CLP`)}</p>` +
      `<dl><dt>Order</dt><dd>${escapeHtml(tx.buyOrder)}</dd><dt>Card</dt><dd>VISA **** 6623 (test card)</dd></dl>` +
      `<form method="post" action="${PAY_PATH}" class="actions">` +
      `<input type="hidden" name="token_ws" value="${token}">` +
      `<button type="submit" name="action" value="approve" class="approve">Approve payment</button>` +
      `<button type="submit" name="action" value="decline" class="decline">Decline card</button>` +
      `<button type="submit" name="action" value="cancel">Cancel payment</button>` +
      `<button type="submit" name="action" value="timeout">Simulate form timeout</button>` +
      `<button type="submit" name="action" value="error">Simulate error page</button></form>` +
      `<p class="hint">Approve authorizes the payment, Decline simulates a rejected card, ` +
      `Cancel returns as if you left the form; ` +
      `the last two return as Transbank does after the form times out or fails.</p>`,
  );
}

/**
 * The browser goes back to return_url as Transbank sends it: the normal return by GET (REST API 1.1 and
 * later), the abort, timeout and error-page returns by POST; a visible button plus an auto-submit.
 */
function returnPage(c: Context, tx: Tx, fields: Record<string, string>, method: "get" | "post" = "post") {
  return returnTo(c, tx.returnUrl, fields, method);
}

const finishedPage = (c: Context) =>
  page(
    c,
    "Webpay Plus",
    `<h1>Transaction finished</h1><p>This payment was already completed or cancelled.</p>`,
    undefined,
    409,
  );

const timeoutFields = (tx: Tx) => ({ TBK_ORDEN_COMPRA: tx.buyOrder, TBK_ID_SESION: tx.sessionId });

async function showOrAct(c: Context<AppEnv>, input: z.infer<typeof payInput>) {
  const tx = await findTx(c, input.token_ws);
  if (!tx)
    return page(c, "Webpay Plus", `<h1>Unknown transaction</h1><p>This payment link is not valid.</p>`, undefined, 404);
  // The token ran out on the form: Transbank sends the buyer back with the timeout return.
  if (isExpired(tx)) return returnPage(c, tx, timeoutFields(tx));
  if (!input.action) return tx.status === "INITIALIZED" ? cardPage(c, tx) : finishedPage(c);

  const db = getDb(c.env.DB);
  const unfinished = and(
    eq(webpayEmulatorTransactions.token, tx.token),
    eq(webpayEmulatorTransactions.status, "INITIALIZED"),
  );
  if (input.action === "timeout" || input.action === "error") {
    // The form is gone: the token ends now, unpaid (status stays INITIALIZED; commit answers 422).
    const ended = await db
      .update(webpayEmulatorTransactions)
      .set({ expiresAt: new Date() })
      .where(unfinished)
      .returning({ token: webpayEmulatorTransactions.token });
    if (ended.length === 0) return finishedPage(c);
    return input.action === "timeout"
      ? returnPage(c, tx, timeoutFields(tx))
      : returnPage(c, tx, { token_ws: tx.token, TBK_TOKEN: tx.token, ...timeoutFields(tx) });
  }
  const next =
    input.action === "approve"
      ? {
          status: "AUTHORIZED" as const,
          responseCode: 0,
          authorizationCode: String(100000 + Math.floor(Math.random() * 900000)),
        }
      : input.action === "decline"
        ? { status: "FAILED" as const, responseCode: -1, authorizationCode: "000000" }
        : { status: "ABORTED" as const, responseCode: null, authorizationCode: null };
  const changed = await db
    .update(webpayEmulatorTransactions)
    .set(next)
    .where(unfinished)
    .returning({ token: webpayEmulatorTransactions.token });
  if (changed.length === 0) return finishedPage(c);
  return input.action === "cancel"
    ? returnPage(c, tx, { TBK_TOKEN: tx.token, ...timeoutFields(tx) })
    : returnPage(c, tx, { token_ws: tx.token }, "get");
}

export const webpayEmulatorRoutes = createRouter()
  .use(
    `${BASE}/*`,
    emulatorGate(WEBPAY_PREFIX, {
      keyId: WEBPAY_INTEGRATION_CREDENTIALS.commerceCode,
      secret: WEBPAY_INTEGRATION_CREDENTIALS.apiSecret,
    }),
  )
  .post(REST, async (c) => {
    const parsed = createBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success)
      return providerError(c, 422, `Invalid request: ${parsed.error.issues[0]?.path.join(".") ?? "body"}`);
    const { buy_order, session_id, amount, return_url } = parsed.data;
    const token = randomHex(32);
    await getDb(c.env.DB)
      .insert(webpayEmulatorTransactions)
      .values({
        token,
        buyOrder: buy_order,
        sessionId: session_id,
        amount,
        returnUrl: return_url,
        expiresAt: new Date(Date.now() + tokenLifetimeMs(c.env)),
      });
    return c.json({ token, url: new URL(c.req.url).origin + PAY_PATH });
  })
  .put(`${REST}/:token`, async (c) => {
    const tx = await findTx(c, c.req.param("token"));
    if (!tx) return providerError(c, 404, "Transaction not found");
    if (isExpired(tx)) return providerError(c, 422, "The transaction's token has expired");
    if (tx.status === "INITIALIZED")
      return providerError(c, 422, "Invalid status '0' for transaction while authorizing");
    if (tx.status === "ABORTED") return providerError(c, 422, "Transaction aborted by the card holder");
    const committed = await getDb(c.env.DB)
      .update(webpayEmulatorTransactions)
      .set({ committed: true })
      .where(and(eq(webpayEmulatorTransactions.token, tx.token), eq(webpayEmulatorTransactions.committed, false)))
      .returning();
    if (committed.length === 0) return providerError(c, 422, "Transaction already committed");
    return c.json(transactionBody(committed[0]));
  })
  .get(`${REST}/:token`, async (c) => {
    const tx = await findTx(c, c.req.param("token"));
    if (!tx) return providerError(c, 404, "Transaction not found");
    if (tx.status === "ABORTED") return providerError(c, 422, "Transaction aborted by the card holder");
    return c.json(transactionBody(tx));
  })
  .post(`${REST}/:token/refunds`, async (c) => {
    const tx = await findTx(c, c.req.param("token"));
    if (!tx) return providerError(c, 404, "Transaction not found");
    const parsed = refundBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success || parsed.data.amount > tx.amount) return providerError(c, 422, "Invalid refund amount");
    if (tx.status !== "AUTHORIZED" || !tx.committed) return providerError(c, 422, "Transaction cannot be refunded");
    // As Transbank: the full amount on the day of the sale is reversed (no trace on the statement);
    // anything else is a nullification that answers its authorization and the balance left.
    const reversed =
      parsed.data.amount === tx.amount && accountingDate(new Date()) === accountingDate(new Date(tx.createdAt));
    const done = await getDb(c.env.DB)
      .update(webpayEmulatorTransactions)
      .set({ status: reversed ? "REVERSED" : "NULLIFIED" })
      .where(and(eq(webpayEmulatorTransactions.token, tx.token), eq(webpayEmulatorTransactions.status, "AUTHORIZED")))
      .returning({ token: webpayEmulatorTransactions.token });
    if (done.length === 0) return providerError(c, 422, "Transaction cannot be refunded");
    if (reversed) return c.json({ type: "REVERSED" });
    return c.json({
      type: "NULLIFIED",
      authorization_code: tx.authorizationCode,
      authorization_date: new Date().toISOString(),
      nullified_amount: parsed.data.amount,
      balance: tx.amount - parsed.data.amount,
      response_code: 0,
    });
  })
  .get(`${BASE}/pay`, validate("query", payInput), (c) => showOrAct(c, { token_ws: c.req.valid("query").token_ws }))
  .post(`${BASE}/pay`, validate("form", payInput, { lenient: true }), (c) => showOrAct(c, c.req.valid("form")))
  .get(`${BASE}/autosubmit.js`, (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8");
    c.header("Cache-Control", "no-store");
    return c.body('document.getElementById("webpay-return")?.submit();\n');
  });

/**
 * The emulator on its own (Webpay Plus and Oneclick Mall at one base URL, as Transbank's hosts), for the
 * adapters' fetch in emulator mode (no network hop, same contract).
 */
export const webpayEmulatorApp = createApp().route("/api", webpayEmulatorRoutes).route("/api", oneclickEmulatorRoutes);
