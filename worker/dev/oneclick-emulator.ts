// A local stand-in for Transbank Oneclick Mall (WEBPAY_ENV=emulator only), at the Webpay Plus
// emulator's base URL as Transbank serves both from one host: inscription start, finish and delete,
// authorize, status and refund in Transbank's REST v1.2 shapes (errors as `{ error_message }`), and
// the card page the browser posts TBK_TOKEN to. The card enrolled there decides what its charges
// answer: approved, refused with a chosen response code, or no answer in time (authorized, but the
// answer hangs longer than the adapter waits), so every outcome can be tried locally.
import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { z } from "zod";
import { getDb } from "../db/client";
import { oneclickEmulatorInscriptions, oneclickEmulatorTransactions } from "../db/schema";
import type { AppEnv } from "../env";
import { ONECLICK_INTEGRATION_CREDENTIALS, ONECLICK_PREFIX } from "../features/payments/oneclick";
import { createRouter } from "../platform/create-app";
import { escapeHtml } from "../platform/html";
import { validate } from "../platform/validate";
import { emulatorGate, page, providerError, recordBy, returnTo } from "./emulator-pages";

const BASE = "/dev/webpay";
const REST = `${BASE}${ONECLICK_PREFIX}`;
const FORM_PATH = `/api${BASE}/oneclick/inscription`;
const BRAND = "Webpay Oneclick";

/** The emulator's test cards: what each answers to a charge (two approve, so two members can each try a trial). */
const CARDS = {
  approved: { type: "Visa", number: "XXXXXXXXXXXX6623", answers: "approved" },
  amex: { type: "AmericanExpress", number: "XXXXXXXXXXX2032", answers: "approved" },
  refused: { type: "MasterCard", number: "XXXXXXXXXXXX5511", answers: "refused" },
  timeout: { type: "Visa", number: "XXXXXXXXXXXX0004", answers: "timeout" },
} as const;

/** Default hang of the "timeout" card: longer than the adapter's 15 s timeout. */
const DEFAULT_HANG_MS = 20_000;

type Inscription = typeof oneclickEmulatorInscriptions.$inferSelect;
type Tx = typeof oneclickEmulatorTransactions.$inferSelect;

const startBody = z.object({
  username: z.string().min(1).max(40),
  email: z.string().min(1).max(100),
  response_url: z.url().max(255),
});
const deleteBody = z.object({ tbk_user: z.string().min(1).max(40), username: z.string().min(1).max(40) });
const authorizeBody = z.object({
  username: z.string().min(1).max(40),
  tbk_user: z.string().min(1).max(40),
  buy_order: z.string().min(1).max(26),
  details: z
    .array(
      z.object({
        commerce_code: z.string().min(1).max(12),
        buy_order: z.string().min(1).max(26),
        amount: z.number().int().positive().max(1_000_000_000),
        installments_number: z.number().int().min(0).max(99).nullish(),
      }),
    )
    .length(1, "this emulator takes one detail per transaction"),
});
const refundBody = z.object({
  commerce_code: z.string().min(1).max(12),
  detail_buy_order: z.string().min(1).max(26),
  amount: z.number().int().positive(),
});
const tokenShape = z.string().regex(/^[a-f0-9]{64}$/);
const formInput = z.object({
  TBK_TOKEN: z.string().max(100),
  action: z.enum(["enrol", "decline", "abandon"]).optional(),
  card: z.enum(["approved", "amex", "refused", "timeout"]).optional(),
  refuse_code: z.coerce.number().int().min(-99).max(-1).optional(),
});

const hex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");

const accountingDate = (date: Date) =>
  `${String(date.getUTCMonth() + 1).padStart(2, "0")}${String(date.getUTCDate()).padStart(2, "0")}`;

const authorizationCode = () => String(100000 + Math.floor(Math.random() * 900000));

async function body<T>(c: Context, schema: z.ZodType<T>): Promise<T | Response> {
  const parsed = schema.safeParse(await c.req.json().catch(() => null));
  if (parsed.success) return parsed.data;
  return providerError(c, 400, `Invalid request: ${parsed.error.issues[0]?.path.join(".") || "body"}`);
}

function transactionBody(tx: Tx, cardNumber: string) {
  const date = new Date(tx.createdAt);
  return {
    buy_order: tx.buyOrder,
    card_detail: { card_number: cardNumber.slice(-4) },
    accounting_date: accountingDate(date),
    transaction_date: date.toISOString(),
    details: [
      {
        amount: tx.amount,
        status: tx.status,
        authorization_code: tx.authorizationCode,
        payment_type_code: "VN",
        response_code: tx.responseCode,
        installments_number: tx.installmentsNumber,
        commerce_code: tx.commerceCode,
        buy_order: tx.detailBuyOrder,
      },
    ],
  };
}

const findInscription = (c: Context<AppEnv>, token: string): Promise<Inscription | undefined> =>
  tokenShape.safeParse(token).success
    ? recordBy(c.env, oneclickEmulatorInscriptions, oneclickEmulatorInscriptions.token, token)
    : Promise.resolve(undefined);

const findTx = (c: Context<AppEnv>, buyOrder: string): Promise<Tx | undefined> =>
  recordBy(c.env, oneclickEmulatorTransactions, oneclickEmulatorTransactions.buyOrder, buyOrder);

const cardOfTbkUser = (c: Context<AppEnv>, tbkUser: string) =>
  recordBy(c.env, oneclickEmulatorInscriptions, oneclickEmulatorInscriptions.tbkUser, tbkUser);

function cardPage(c: Context, inscription: Inscription) {
  const token = escapeHtml(inscription.token);
  const option = (value: keyof typeof CARDS, label: string, checked = false) =>
    `<label><input type="radio" name="card" value="${value}"${checked ? " checked" : ""}> ${escapeHtml(label)}</label>`;
  return page(
    c,
    `${BRAND}: enrol a card`,
    `<h1>Enrol a card for Cosmic Lounge</h1><p>Charges to the enrolled card are made by the store, on its \
schedule.</p>` +
      `<form method="post" action="${FORM_PATH}" class="actions"><input type="hidden" name="TBK_TOKEN" \
value="${token}">` +
      `<fieldset><legend>Test card</legend>` +
      option("approved", `VISA **** 6623: charges are approved`, true) +
      option("amex", `American Express **** 2032: charges are approved`) +
      option("refused", `MasterCard **** 5511: charges are refused`) +
      option("timeout", `VISA **** 0004: charges get no answer in time`) +
      `<label>Refusal response code <input type="number" name="refuse_code" min="-99" max="-1" value="-1"></label>\
</fieldset>` +
      `<button type="submit" name="action" value="enrol" class="approve">Enrol card</button>` +
      `<button type="submit" name="action" value="decline" class="decline">Bank declines the enrolment</button>` +
      `<button type="submit" name="action" value="abandon">Abandon enrolment</button></form>` +
      `<p class="hint">Enrol returns to the store as Transbank does, which then finishes the inscription; ` +
      `Abandon returns as if you left the form.</p>`,
    undefined,
    200,
    BRAND,
  );
}

async function showOrAct(c: Context<AppEnv>, input: z.infer<typeof formInput>) {
  const inscription = await findInscription(c, input.TBK_TOKEN);
  if (!inscription)
    return page(
      c,
      BRAND,
      `<h1>Unknown inscription</h1><p>This enrolment link is not valid.</p>`,
      undefined,
      404,
      BRAND,
    );
  if (inscription.status !== "pending")
    return page(c, BRAND, `<h1>Inscription finished</h1><p>This enrolment is over.</p>`, undefined, 409, BRAND);
  if (!input.action) return cardPage(c, inscription);
  const card = input.card ?? "approved";
  const next =
    input.action === "enrol"
      ? {
          status: "enrolled" as const,
          tbkUser: crypto.randomUUID(),
          cardOutcome: card,
          refuseCode: card === "refused" ? (input.refuse_code ?? -1) : null,
        }
      : { status: input.action === "decline" ? ("declined" as const) : ("abandoned" as const) };
  const changed = await getDb(c.env.DB)
    .update(oneclickEmulatorInscriptions)
    .set(next)
    .where(
      and(
        eq(oneclickEmulatorInscriptions.token, inscription.token),
        eq(oneclickEmulatorInscriptions.status, "pending"),
      ),
    )
    .returning({ token: oneclickEmulatorInscriptions.token });
  if (changed.length === 0)
    return page(c, BRAND, `<h1>Inscription finished</h1><p>This enrolment is over.</p>`, undefined, 409, BRAND);
  const fields: Record<string, string> =
    input.action === "abandon"
      ? {
          TBK_TOKEN: inscription.token,
          TBK_ORDEN_COMPRA: inscription.username,
          TBK_ID_SESION: inscription.token.slice(0, 20),
        }
      : { TBK_TOKEN: inscription.token };
  return returnTo(c, inscription.responseUrl, fields, "get", BRAND);
}

export const oneclickEmulatorRoutes = createRouter()
  .use(
    `${BASE}/*`,
    emulatorGate(ONECLICK_PREFIX, {
      keyId: ONECLICK_INTEGRATION_CREDENTIALS.mallCommerceCode,
      secret: ONECLICK_INTEGRATION_CREDENTIALS.apiSecret,
    }),
  )
  .post(`${REST}/inscriptions`, async (c) => {
    const input = await body(c, startBody);
    if (input instanceof Response) return input;
    const token = hex(32);
    await getDb(c.env.DB).insert(oneclickEmulatorInscriptions).values({
      token,
      username: input.username,
      email: input.email,
      responseUrl: input.response_url,
    });
    return c.json({ token, url_webpay: new URL(c.req.url).origin + FORM_PATH });
  })
  .put(`${REST}/inscriptions/:token`, async (c) => {
    const inscription = await findInscription(c, c.req.param("token"));
    if (!inscription) return providerError(c, 404, "Inscription not found");
    if (inscription.status === "pending")
      return providerError(c, 422, "Invalid status for inscription while finishing");
    if (inscription.status === "abandoned") return providerError(c, 422, "Inscription aborted by the card holder");
    if (inscription.status !== "enrolled" && inscription.status !== "declined")
      return providerError(c, 422, "Inscription already finished");
    const done = await getDb(c.env.DB)
      .update(oneclickEmulatorInscriptions)
      .set({ status: inscription.status === "enrolled" ? "finished" : "deleted" })
      .where(
        and(
          eq(oneclickEmulatorInscriptions.token, inscription.token),
          eq(oneclickEmulatorInscriptions.status, inscription.status),
        ),
      )
      .returning({ token: oneclickEmulatorInscriptions.token });
    if (done.length === 0) return providerError(c, 422, "Inscription already finished");
    if (inscription.status === "declined")
      return c.json({
        response_code: -1,
        tbk_user: null,
        authorization_code: null,
        card_type: null,
        card_number: null,
      });
    const card = CARDS[inscription.cardOutcome ?? "approved"];
    return c.json({
      response_code: 0,
      tbk_user: inscription.tbkUser,
      authorization_code: authorizationCode(),
      card_type: card.type,
      card_number: card.number,
    });
  })
  .delete(`${REST}/inscriptions`, async (c) => {
    const input = await body(c, deleteBody);
    if (input instanceof Response) return input;
    const gone = await getDb(c.env.DB)
      .update(oneclickEmulatorInscriptions)
      .set({ status: "deleted" })
      .where(
        and(
          eq(oneclickEmulatorInscriptions.tbkUser, input.tbk_user),
          eq(oneclickEmulatorInscriptions.username, input.username),
          eq(oneclickEmulatorInscriptions.status, "finished"),
        ),
      )
      .returning({ token: oneclickEmulatorInscriptions.token });
    if (gone.length === 0) return providerError(c, 404, "Inscription not found");
    return c.body(null, 204);
  })
  .post(`${REST}/transactions`, async (c) => {
    const input = await body(c, authorizeBody);
    if (input instanceof Response) return input;
    const [detail] = input.details;
    if (detail.commerce_code !== ONECLICK_INTEGRATION_CREDENTIALS.childCommerceCode)
      return providerError(c, 422, "Invalid commerce code for this mall");
    const inscription = await cardOfTbkUser(c, input.tbk_user);
    const enrolled = inscription?.status === "finished" && inscription.username === input.username;
    // As Transbank: an unknown or deleted tbk_user is a refusal with response code -96.
    const outcome = !enrolled ? "unknown_user" : CARDS[inscription.cardOutcome ?? "approved"].answers;
    const authorized = outcome === "approved" || outcome === "timeout";
    const inserted = await getDb(c.env.DB)
      .insert(oneclickEmulatorTransactions)
      .values({
        buyOrder: input.buy_order,
        detailBuyOrder: detail.buy_order,
        commerceCode: detail.commerce_code,
        tbkUser: input.tbk_user,
        amount: detail.amount,
        installmentsNumber: detail.installments_number ?? 0,
        status: authorized ? "AUTHORIZED" : "FAILED",
        responseCode: authorized ? 0 : outcome === "unknown_user" ? -96 : (inscription?.refuseCode ?? -1),
        authorizationCode: authorized ? authorizationCode() : null,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return providerError(c, 422, "Buy order already used");
    if (outcome === "timeout") {
      // Authorized at the bank, but the answer does not arrive in time.
      const hang = Number(c.env.ONECLICK_EMULATOR_HANG_MS);
      await new Promise((resolve) => setTimeout(resolve, Number.isFinite(hang) && hang > 0 ? hang : DEFAULT_HANG_MS));
    }
    return c.json(
      transactionBody(inserted[0], enrolled ? CARDS[inscription.cardOutcome ?? "approved"].number : "0000"),
    );
  })
  .get(`${REST}/transactions/:buyOrder`, async (c) => {
    const tx = await findTx(c, c.req.param("buyOrder"));
    if (!tx) return providerError(c, 404, "Transaction not found");
    const inscription = await cardOfTbkUser(c, tx.tbkUser);
    return c.json(transactionBody(tx, inscription ? CARDS[inscription.cardOutcome ?? "approved"].number : "0000"));
  })
  .post(`${REST}/transactions/:buyOrder/refunds`, async (c) => {
    const tx = await findTx(c, c.req.param("buyOrder"));
    if (!tx) return providerError(c, 404, "Transaction not found");
    const input = await body(c, refundBody);
    if (input instanceof Response) return input;
    if (input.commerce_code !== tx.commerceCode || input.detail_buy_order !== tx.detailBuyOrder)
      return providerError(c, 422, "Detail not found for this transaction");
    if (input.amount > tx.amount) return providerError(c, 422, "Invalid refund amount");
    if (tx.status !== "AUTHORIZED") return providerError(c, 422, "Transaction cannot be refunded");
    const reversed =
      input.amount === tx.amount && accountingDate(new Date()) === accountingDate(new Date(tx.createdAt));
    const done = await getDb(c.env.DB)
      .update(oneclickEmulatorTransactions)
      .set({ status: reversed ? "REVERSED" : "NULLIFIED" })
      .where(
        and(
          eq(oneclickEmulatorTransactions.buyOrder, tx.buyOrder),
          eq(oneclickEmulatorTransactions.status, "AUTHORIZED"),
        ),
      )
      .returning({ buyOrder: oneclickEmulatorTransactions.buyOrder });
    if (done.length === 0) return providerError(c, 422, "Transaction cannot be refunded");
    if (reversed) return c.json({ type: "REVERSED" });
    return c.json({
      type: "NULLIFIED",
      authorization_code: tx.authorizationCode,
      authorization_date: new Date().toISOString(),
      nullified_amount: input.amount,
      balance: tx.amount - input.amount,
      response_code: 0,
      buy_order: tx.detailBuyOrder,
    });
  })
  .get(`${BASE}/oneclick/inscription`, validate("query", formInput), (c) =>
    showOrAct(c, { TBK_TOKEN: c.req.valid("query").TBK_TOKEN }),
  )
  .post(`${BASE}/oneclick/inscription`, validate("form", formInput, { lenient: true }), (c) =>
    showOrAct(c, c.req.valid("form")),
  );
