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
import { createApp, createRouter } from "../lib/create-app";
import { randomHex } from "../lib/crypto";
import { notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { WEBPAY_INTEGRATION_CREDENTIALS, WEBPAY_PREFIX, WEBPAY_TOKEN_LIFETIME_MS } from "./webpay";

const BASE = "/dev/webpay";
const REST = `${BASE}${WEBPAY_PREFIX}/transactions`;
const PAY_PATH = `/api${BASE}/pay`;
const SCRIPT_PATH = `/api${BASE}/autosubmit.js`;

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

const providerError = (c: Context, status: 401 | 404 | 422, message: string) =>
  c.json({ error_message: message }, status);

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

async function findTx(c: Context<AppEnv>, token: string): Promise<Tx | undefined> {
  if (!tokenShape.safeParse(token).success) return undefined;
  const [tx] = await getDb(c.env.DB)
    .select()
    .from(webpayEmulatorTransactions)
    .where(eq(webpayEmulatorTransactions.token, token))
    .limit(1);
  return tx;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef0f5;color:#1d2433}
main{max-width:420px;margin:48px auto;padding:0 16px}
.card{background:#fff;border-radius:14px;box-shadow:0 6px 24px rgba(20,30,60,.12);padding:28px}
.brand{font-weight:800;color:#c8102e;letter-spacing:.02em;margin:0 0 4px}
.tag{display:inline-block;font-size:12px;font-weight:700;background:#fff3cd;color:#7a5b00;border-radius:999px;
padding:2px 10px}
h1{font-size:20px;margin:16px 0 4px}.amount{font-size:32px;font-weight:800;margin:4px 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:14px;color:#4a5468;margin:0 0 20px}
dt{font-weight:600}dd{margin:0;word-break:break-all}
.actions{display:grid;gap:10px}
button{font:inherit;font-weight:700;border-radius:10px;padding:12px 16px;border:1px solid #c9cfdb;background:#fff;
cursor:pointer}
button:focus-visible{outline:3px solid #3b6fd8;outline-offset:2px}
.approve{background:#1f7a4d;border-color:#1f7a4d;color:#fff}
.decline{color:#8a1c1c}.hint{font-size:13px;color:#5d6678;margin-top:16px}`;

function page(c: Context, title: string, body: string, formOrigin?: string, status: 200 | 404 | 409 = 200) {
  const formAction = formOrigin && formOrigin !== new URL(c.req.url).origin ? `'self' ${formOrigin}` : "'self'";
  c.header(
    "Content-Security-Policy",
    `default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; form-action ${formAction}; ` +
      "base-uri 'none'; frame-ancestors 'none'",
  );
  c.header("Cache-Control", "no-store");
  // Not no-referrer: Chrome then sends `Origin: null` with the form posts, which the same-origin guard refuses.
  c.header("Referrer-Policy", "same-origin");
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width,initial-scale=1">` +
      `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><div class="card">` +
      `<p class="brand">Webpay Plus</p><span class="tag">Local emulator: no real money</span>` +
      `${body}</div></main></body></html>`,
    status,
  );
}

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
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  return page(
    c,
    "Webpay Plus: returning",
    `<h1>Returning to the store…</h1>` +
      `<form id="webpay-return" method="${method}" action="${escapeHtml(tx.returnUrl)}" class="actions">${inputs}` +
      `<button type="submit" class="approve">Continue</button></form><script src="${SCRIPT_PATH}"></script>`,
    new URL(tx.returnUrl).origin,
  );
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
  .use(`${BASE}/*`, async (c, next) => {
    if (c.env.WEBPAY_ENV !== "emulator" || c.env.APP_ENV === "production") throw notFound();
    if (c.req.path.includes(WEBPAY_PREFIX)) {
      const { commerceCode, apiSecret } = WEBPAY_INTEGRATION_CREDENTIALS;
      if (c.req.header("tbk-api-key-id") !== commerceCode || c.req.header("tbk-api-key-secret") !== apiSecret) {
        return providerError(c, 401, "Not Authorized");
      }
    }
    await next();
  })
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

/** The emulator on its own, for the adapter's fetch in emulator mode (no network hop, same contract). */
export const webpayEmulatorApp = createApp().route("/api", webpayEmulatorRoutes);
