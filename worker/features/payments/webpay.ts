// Transbank Webpay Plus, REST v1.2, over fetch (the transbank-sdk needs axios, which fails on Workers).
// The same adapter talks to Transbank (integration, production) or to the local emulator: only the
// base URL, the credentials and the fetch function differ. Nothing here logs: secrets, tokens and
// card data never reach a log line.
import { z } from "zod";
import type { Env } from "../../env";
import { ApiError } from "../../platform/errors";

export const WEBPAY_PREFIX = "/rswebpaytransaction/api/webpay/v1.2";

export const WEBPAY_BASE_URLS = {
  integration: "https://webpay3gint.transbank.cl",
  production: "https://webpay3g.transbank.cl",
} as const;

/** Transbank's public integration credentials; never valid in production. */
export const WEBPAY_INTEGRATION_CREDENTIALS = {
  commerceCode: "597055555532",
  apiSecret: "579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C",
} as const;

export const WEBPAY_TIMEOUT_MS = 15_000;

/** How long a Webpay token can be paid with (Transbank's payment form times out after 5 minutes). */
export const WEBPAY_TOKEN_LIFETIME_MS = 5 * 60_000;

export type WebpayConfig = {
  baseUrl: string;
  commerceCode: string;
  apiSecret: string;
  fetch: (request: Request) => Promise<Response>;
  timeoutMs?: number;
};

/** Why a call failed: no answer in time, no answer at all, or an answer that refuses. */
export type WebpayFailure = "timeout" | "network" | "provider";

export class WebpayError extends ApiError {
  constructor(
    readonly failure: WebpayFailure,
    message: string,
    readonly providerStatus?: number,
  ) {
    super(failure === "timeout" ? 504 : 502, message);
  }
}

const createResponse = z.object({ token: z.string().min(1).max(100), url: z.url() });

/** Commit and status share one shape (status omits nothing we read). */
const transactionResponse = z.object({
  vci: z.string().nullish(),
  amount: z.number(),
  status: z.string(),
  buy_order: z.string(),
  session_id: z.string(),
  card_detail: z.object({ card_number: z.string().nullish() }).nullish(),
  accounting_date: z.string().nullish(),
  transaction_date: z.string().nullish(),
  authorization_code: z.string().nullish(),
  payment_type_code: z.string().nullish(),
  response_code: z.number().nullish(),
  installments_number: z.number().nullish(),
});
export type WebpayTransaction = z.infer<typeof transactionResponse>;

/** A refund's answer: the same shape from Webpay Plus and from Oneclick Mall. */
export const refundResponse = z.object({
  type: z.string(),
  authorization_code: z.string().nullish(),
  authorization_date: z.string().nullish(),
  nullified_amount: z.number().nullish(),
  balance: z.number().nullish(),
  response_code: z.number().nullish(),
});

export type CreateInput = { buyOrder: string; sessionId: string; amount: number; returnUrl: string };

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * One call to a Transbank REST API under `prefix` (Webpay Plus here, Oneclick Mall in oneclick.ts):
 * the API-key headers, the timeout, and Transbank's `{ error_message }` refusals as WebpayError.
 */
export function transbankRequester(config: WebpayConfig, prefix: string) {
  const timeoutMs = config.timeoutMs ?? WEBPAY_TIMEOUT_MS;
  return async function request<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const signal = AbortSignal.timeout(timeoutMs);
    const req = new Request(config.baseUrl + prefix + path, {
      method,
      headers: {
        "Tbk-Api-Key-Id": config.commerceCode,
        "Tbk-Api-Key-Secret": config.apiSecret,
        "Content-Type": "application/json",
        Accept: "application/json",
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    // The race makes the timeout hold for any fetch implementation, even one that ignores the signal.
    const aborted = new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    });
    let res: Response;
    try {
      res = await Promise.race([config.fetch(req), aborted]);
    } catch (err) {
      if (signal.aborted || (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError"))) {
        throw new WebpayError("timeout", "Webpay did not answer in time. Please try again.");
      }
      throw new WebpayError("network", "Webpay could not be reached. Please try again.");
    }
    let data: unknown;
    try {
      data = await Promise.race([res.json(), aborted]);
    } catch {
      if (signal.aborted) throw new WebpayError("timeout", "Webpay did not answer in time. Please try again.");
      data = undefined;
    }
    if (!res.ok) {
      const message =
        data && typeof data === "object" && "error_message" in data && typeof data.error_message === "string"
          ? data.error_message.slice(0, 200)
          : `HTTP ${res.status}`;
      throw new WebpayError("provider", `Webpay refused the request: ${message}`, res.status);
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new WebpayError("provider", "Webpay sent an unexpected response", res.status);
    return parsed.data;
  };
}

export function createWebpay(config: WebpayConfig) {
  const request = transbankRequester(config, WEBPAY_PREFIX);

  const tokenPath = (token: string) => {
    if (!TOKEN_PATTERN.test(token)) throw new WebpayError("provider", "Invalid Webpay token");
    return `/transactions/${encodeURIComponent(token)}`;
  };

  return {
    /** POST /transactions -> { token, url }: the browser posts token_ws to url. */
    create: (input: CreateInput) =>
      request("POST", "/transactions", createResponse, {
        buy_order: input.buyOrder,
        session_id: input.sessionId,
        amount: input.amount,
        return_url: input.returnUrl,
      }),
    /** PUT /transactions/{token}: confirms the payment; only after a normal return. */
    commit: (token: string) => request("PUT", tokenPath(token), transactionResponse),
    /** GET /transactions/{token}: the provider's current view. */
    status: (token: string) => request("GET", tokenPath(token), transactionResponse),
    /** POST /transactions/{token}/refunds { amount }. */
    refund: (token: string, amount: number) =>
      request("POST", `${tokenPath(token)}/refunds`, refundResponse, { amount }),
  };
}

export type Webpay = ReturnType<typeof createWebpay>;

/** Approved only when the provider says so AND the amount and buy order are the ones we created. */
export function isApproved(tx: WebpayTransaction, expected: { amount: number; buyOrder: string }): boolean {
  return (
    tx.response_code === 0 &&
    tx.status === "AUTHORIZED" &&
    tx.amount === expected.amount &&
    tx.buy_order === expected.buyOrder
  );
}

/**
 * The adapter for this deployment. `emulatorFetch` (the emulator app's own fetch) is used in
 * emulator mode instead of the network, at `origin` + /api/dev/webpay.
 */
export function webpayFromEnv(
  env: Pick<Env, "WEBPAY_ENV" | "WEBPAY_COMMERCE_CODE" | "WEBPAY_API_SECRET">,
  origin: string,
  emulatorFetch: (request: Request) => Promise<Response>,
): Webpay {
  const networkFetch = (req: Request) => fetch(req);
  switch (env.WEBPAY_ENV) {
    case "emulator":
      return createWebpay({
        baseUrl: `${origin}/api/dev/webpay`,
        ...WEBPAY_INTEGRATION_CREDENTIALS,
        fetch: emulatorFetch,
      });
    case "integration":
      return createWebpay({
        baseUrl: WEBPAY_BASE_URLS.integration,
        commerceCode: env.WEBPAY_COMMERCE_CODE || WEBPAY_INTEGRATION_CREDENTIALS.commerceCode,
        apiSecret: env.WEBPAY_API_SECRET || WEBPAY_INTEGRATION_CREDENTIALS.apiSecret,
        fetch: networkFetch,
      });
    case "production":
      if (!env.WEBPAY_COMMERCE_CODE || !env.WEBPAY_API_SECRET) {
        throw new ApiError(503, "Payments are not configured (WEBPAY_COMMERCE_CODE, WEBPAY_API_SECRET)");
      }
      return createWebpay({
        baseUrl: WEBPAY_BASE_URLS.production,
        commerceCode: env.WEBPAY_COMMERCE_CODE,
        apiSecret: env.WEBPAY_API_SECRET,
        fetch: networkFetch,
      });
    default:
      throw new ApiError(503, "Payments are not configured (WEBPAY_ENV)");
  }
}
