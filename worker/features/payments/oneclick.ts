// Transbank Oneclick Mall, REST v1.2, over fetch (automatic renewal). The same adapter talks to
// Transbank (integration, production) or to the local emulator, at the same base URL as Webpay Plus:
// one WEBPAY_ENV serves both, as Transbank's hosts do. Nothing here logs: tbk_user, tokens and card data
// never reach a log line.
import { z } from "zod";
import type { Env } from "../../env";
import { ApiError } from "../../platform/errors";
import { errorText } from "../../shared/texts";
import {
  refundResponse,
  transbankRequester,
  WEBPAY_BASE_URLS,
  WEBPAY_INTEGRATION_CREDENTIALS,
  type WebpayConfig,
} from "./webpay";

export const ONECLICK_PREFIX = "/rswebpaytransaction/api/oneclick/v1.2";

/** Transbank's public Oneclick Mall integration codes (transbank-sdk's IntegrationCommerceCodes); never valid in
 * production. */
export const ONECLICK_INTEGRATION_CREDENTIALS = {
  mallCommerceCode: "597055555541",
  childCommerceCode: "597055555542",
  apiSecret: WEBPAY_INTEGRATION_CREDENTIALS.apiSecret,
} as const;

/** The key the emulator encrypts tbk_user with when ONECLICK_TBK_USER_KEY is not set (local only). */
export const EMULATOR_TBK_USER_KEY = "ZW11bGF0b3Ita2V5LWxvY2FsLW9ubHktMzItYnl0ZXM=";

const startResponse = z.object({ token: z.string().min(1).max(100), url_webpay: z.url() });

const finishResponse = z.object({
  response_code: z.number(),
  tbk_user: z.string().max(40).nullish(),
  authorization_code: z.string().nullish(),
  card_type: z.string().max(20).nullish(),
  card_number: z.string().max(20).nullish(),
});
export type OneclickFinish = z.infer<typeof finishResponse>;

const transactionDetail = z.object({
  amount: z.number(),
  status: z.string(),
  authorization_code: z.string().nullish(),
  payment_type_code: z.string().nullish(),
  response_code: z.number().nullish(),
  installments_number: z.number().nullish(),
  commerce_code: z.string(),
  buy_order: z.string(),
});

/** Authorize and status share one shape. */
const transactionResponse = z.object({
  buy_order: z.string(),
  card_detail: z.object({ card_number: z.string().nullish() }).nullish(),
  accounting_date: z.string().nullish(),
  transaction_date: z.string().nullish(),
  details: z.array(transactionDetail),
});
export type OneclickTransaction = z.infer<typeof transactionResponse>;

/** DELETE answers 204 with no body. */
const noContent = z.unknown();

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
const BUY_ORDER_PATTERN = /^[A-Za-z0-9_-]{1,26}$/;

export type OneclickConfig = WebpayConfig & { childCommerceCode: string };

export function createOneclick(config: OneclickConfig) {
  const request = transbankRequester(config, ONECLICK_PREFIX);
  const checked = (value: string, pattern: RegExp) => {
    if (!pattern.test(value)) throw new ApiError(400, "Invalid Oneclick identifier");
    return encodeURIComponent(value);
  };
  return {
    childCommerceCode: config.childCommerceCode,
    /** POST /inscriptions -> { token, url_webpay }: the browser posts TBK_TOKEN to url_webpay. */
    start: (input: { username: string; email: string; responseUrl: string }) =>
      request("POST", "/inscriptions", startResponse, {
        username: input.username,
        email: input.email,
        response_url: input.responseUrl,
      }),
    /** PUT /inscriptions/{token}: within 60 s of the return; answers tbk_user when response_code is 0. */
    finish: (token: string) => request("PUT", `/inscriptions/${checked(token, TOKEN_PATTERN)}`, finishResponse),
    /** DELETE /inscriptions { tbk_user, username } -> 204. */
    remove: (input: { tbkUser: string; username: string }) =>
      request("DELETE", "/inscriptions", noContent, { tbk_user: input.tbkUser, username: input.username }),
    /** POST /transactions: one detail, for the child store. */
    authorize: (input: {
      username: string;
      tbkUser: string;
      buyOrder: string;
      detailBuyOrder: string;
      amount: number;
    }) =>
      request("POST", "/transactions", transactionResponse, {
        username: input.username,
        tbk_user: input.tbkUser,
        buy_order: input.buyOrder,
        details: [
          {
            commerce_code: config.childCommerceCode,
            buy_order: input.detailBuyOrder,
            amount: input.amount,
            installments_number: 1,
          },
        ],
      }),
    /** GET /transactions/{buy_order}: Transbank's view of a parent buy order. */
    status: (buyOrder: string) =>
      request("GET", `/transactions/${checked(buyOrder, BUY_ORDER_PATTERN)}`, transactionResponse),
    /** POST /transactions/{buy_order}/refunds { commerce_code, detail_buy_order, amount }. */
    refund: (input: { buyOrder: string; detailBuyOrder: string; amount: number }) =>
      request("POST", `/transactions/${checked(input.buyOrder, BUY_ORDER_PATTERN)}/refunds`, refundResponse, {
        commerce_code: config.childCommerceCode,
        detail_buy_order: input.detailBuyOrder,
        amount: input.amount,
      }),
  };
}

export type Oneclick = ReturnType<typeof createOneclick>;

/**
 * Approved only when the one detail says so AND it is the amount, child store and buy orders we sent
 * (as Webpay Plus's isApproved).
 */
export function isChargeApproved(
  tx: OneclickTransaction,
  expected: { buyOrder: string; detailBuyOrder: string; amount: number; commerceCode: string },
): boolean {
  const [detail] = tx.details;
  return (
    tx.buy_order === expected.buyOrder &&
    tx.details.length === 1 &&
    detail.response_code === 0 &&
    detail.status === "AUTHORIZED" &&
    detail.amount === expected.amount &&
    detail.buy_order === expected.detailBuyOrder &&
    detail.commerce_code === expected.commerceCode
  );
}

type OneclickEnv = Pick<
  Env,
  | "APP_ENV"
  | "WEBPAY_ENV"
  | "ONECLICK_MALL_COMMERCE_CODE"
  | "ONECLICK_CHILD_COMMERCE_CODE"
  | "ONECLICK_API_SECRET"
  | "ONECLICK_TBK_USER_KEY"
>;

/**
 * What automatic renewal still needs here. Production needs its own codes, secret and key (never the
 * public integration codes); integration needs the key (ours, never public); the emulator needs nothing
 * and is refused in a production deployment.
 */
export function autorenewMissing(env: OneclickEnv): string[] {
  switch (env.WEBPAY_ENV) {
    case "production":
      return (
        [
          "ONECLICK_MALL_COMMERCE_CODE",
          "ONECLICK_CHILD_COMMERCE_CODE",
          "ONECLICK_API_SECRET",
          "ONECLICK_TBK_USER_KEY",
        ] as const
      ).filter((name) => !env[name]);
    case "integration":
      return env.ONECLICK_TBK_USER_KEY ? [] : ["ONECLICK_TBK_USER_KEY"];
    case "emulator":
      return env.APP_ENV === "production" ? ["WEBPAY_ENV"] : [];
    default:
      return ["WEBPAY_ENV"];
  }
}

/** The key tbk_user is sealed with (the emulator's fixed local key when none is set). */
export function tbkUserKeyOf(env: OneclickEnv): string {
  const missing = autorenewMissing(env);
  if (missing.length) throw new ApiError(503, errorText("payments_not_configured", missing));
  return env.ONECLICK_TBK_USER_KEY || EMULATOR_TBK_USER_KEY;
}

/**
 * The adapter for this deployment. `emulatorFetch` answers in emulator mode (no network hop, same
 * contract) at `origin` + /api/dev/webpay, the Webpay Plus emulator's base URL.
 */
export function oneclickFromEnv(
  env: OneclickEnv,
  origin: string,
  emulatorFetch: (request: Request) => Promise<Response>,
  timeoutMs?: number,
): Oneclick {
  const missing = autorenewMissing(env);
  if (missing.length) throw new ApiError(503, errorText("payments_not_configured", missing));
  const networkFetch = (req: Request) => fetch(req);
  switch (env.WEBPAY_ENV) {
    case "emulator":
      return createOneclick({
        baseUrl: `${origin}/api/dev/webpay`,
        commerceCode: ONECLICK_INTEGRATION_CREDENTIALS.mallCommerceCode,
        childCommerceCode: ONECLICK_INTEGRATION_CREDENTIALS.childCommerceCode,
        apiSecret: ONECLICK_INTEGRATION_CREDENTIALS.apiSecret,
        fetch: emulatorFetch,
        timeoutMs,
      });
    case "integration":
      return createOneclick({
        baseUrl: WEBPAY_BASE_URLS.integration,
        commerceCode: env.ONECLICK_MALL_COMMERCE_CODE || ONECLICK_INTEGRATION_CREDENTIALS.mallCommerceCode,
        childCommerceCode: env.ONECLICK_CHILD_COMMERCE_CODE || ONECLICK_INTEGRATION_CREDENTIALS.childCommerceCode,
        apiSecret: env.ONECLICK_API_SECRET || ONECLICK_INTEGRATION_CREDENTIALS.apiSecret,
        fetch: networkFetch,
        timeoutMs,
      });
    default:
      // production: autorenewMissing guaranteed every value is set.
      return createOneclick({
        baseUrl: WEBPAY_BASE_URLS.production,
        commerceCode: configured(env.ONECLICK_MALL_COMMERCE_CODE),
        childCommerceCode: configured(env.ONECLICK_CHILD_COMMERCE_CODE),
        apiSecret: configured(env.ONECLICK_API_SECRET),
        fetch: networkFetch,
        timeoutMs,
      });
  }
}

/** A production secret autorenewMissing has checked; an empty one here is a bug, never a call with no key. */
function configured(value: string | undefined): string {
  if (!value) throw new Error("Oneclick production secret missing after the configuration check");
  return value;
}

/** An automatic charge's child buy order, which every Oneclick payment row carries (beginAttempt writes it). */
export function detailBuyOrderOf(payment: { id: number; detailBuyOrder: string | null }): string {
  if (!payment.detailBuyOrder) throw new Error(`payment ${payment.id} has no Oneclick detail buy order`);
  return payment.detailBuyOrder;
}
