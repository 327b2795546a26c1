// The one typed API client: request and response types come from the worker's routes (hono/client).
import { type ClientResponse, hc, type InferResponseType } from "hono/client";
import type { AppType } from "../worker/app";
import type { ErrorCode } from "../worker/shared/texts";
import { formatDateTime } from "./components/format";
import { type ErrorTexts, TEXT } from "./text";

/**
 * Where the client's requests go: the browser's fetch, or, while the worker renders a page
 * (client/server-render.tsx), the worker's own API in the same isolate with the member's cookie.
 */
let requestFetch: typeof fetch = (input, init) => fetch(input, init);
export const setApiFetch = (fetchFn: typeof fetch) => {
  requestFetch = fetchFn;
};

export const api = hc<AppType>("/", {
  init: { credentials: "same-origin" },
  fetch: (input: RequestInfo | URL, init?: RequestInit) => requestFetch(input, init),
}).api;

/** A non-2xx answer: its status and the server's `error` text when it sent one. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly serverError: string | undefined,
    readonly body: unknown,
  ) {
    super(serverError ?? `HTTP ${status}`);
  }
}

type SuccessStatus = 200 | 201 | 202 | 204 | 206;
/** The body of a call's successful answers, as the worker's route declares it. */
type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatus ? T : never) : never;
/** The successful answer of an endpoint of `api` (e.g. `Answer<typeof api.admin.stats.$get>`). */
export type Answer<Endpoint> = InferResponseType<Endpoint, SuccessStatus>;

/** The ApiRequestError of a non-2xx answer, with the server's `error` text when its body has one. */
export function apiError(status: number, body: unknown): ApiRequestError {
  const serverError =
    body && typeof body === "object" && "error" in body && typeof body.error === "string" ? body.error : undefined;
  return new ApiRequestError(status, serverError, body);
}

/** The ApiRequestError of a non-2xx fetch answer (its JSON body, when it has one). */
export async function requestError(res: { status: number; json(): Promise<unknown> }): Promise<ApiRequestError> {
  return apiError(res.status, await res.json().catch(() => undefined));
}

/**
 * Awaits a call and returns its JSON body, or throws ApiRequestError (network errors pass through).
 * The signature gives the body the type the worker's route declares; the implementation reads it as
 * `unknown`, as any JSON (TypeScript checks that the two signatures agree, no cast in between).
 */
export function unwrap<R extends ClientResponse<unknown, number, string>>(call: Promise<R>): Promise<SuccessBody<R>>;
export async function unwrap(call: Promise<ClientResponse<unknown, number, string>>): Promise<unknown> {
  const res = await call;
  if (!res.ok) throw await requestError(res);
  return res.json();
}

/**
 * The server's stable error `code` (a key of API_ERRORS), when its body has one. A code this build does
 * not know yet simply has no translation (errorText shows the server's text).
 */
export function errorCode(err: unknown): ErrorCode | undefined {
  if (!(err instanceof ApiRequestError)) return undefined;
  const body = err.body;
  if (!body || typeof body !== "object" || !("code" in body) || typeof body.code !== "string") return undefined;
  return body.code as ErrorCode;
}

/**
 * The server's error in the member's language, otherwise the spec's fallback. The API keeps the spec's
 * English in `error` and a stable `code` beside it (docs/architecture.md): English shows that text, a
 * translation its own text for the code (its catalogue's `errors`). A text with arguments is translated
 * when the body carries them (a mute's `muted_until`, a rate limit's `details`); the others (a
 * provider's name, missing settings) come translated only in English, from the server: elsewhere the
 * server's English stands in for them.
 */
export function errorText(err: unknown, fallback: string): string {
  if (!(err instanceof ApiRequestError)) return fallback;
  const code = errorCode(err);
  const errors = TEXT.errors;
  if (code === undefined || errors === undefined || !Object.hasOwn(errors, code)) return err.serverError || fallback;
  const translated = errors[code];
  if (typeof translated === "string") return translated;
  return withArguments(errors, code, err.body) ?? (err.serverError || fallback);
}

const fieldOf = (value: unknown, field: string): unknown =>
  value && typeof value === "object" ? Reflect.get(value, field) : undefined;
const numberOf = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);
const isoOf = (value: unknown) => (typeof value === "string" && !Number.isNaN(Date.parse(value)) ? value : undefined);

/**
 * The active language's text of a coded error whose arguments the body carries (worker/platform/rate-limit.ts,
 * middleware/mute.ts).
 */
function withArguments(errors: ErrorTexts, code: ErrorCode, body: unknown): string | undefined {
  const details = fieldOf(body, "details");
  const retrySeconds = numberOf(fieldOf(details, "retry_after_seconds"));
  if (code === "account_muted") {
    const until = isoOf(fieldOf(body, "muted_until"));
    return until && errors.account_muted(formatDateTime(until));
  }
  if (code === "rate_limited" && retrySeconds !== undefined) return errors.rate_limited(retrySeconds);
  const limit = numberOf(fieldOf(details, "limit"));
  if (
    code === "ai_rate_limited" &&
    limit !== undefined &&
    retrySeconds !== undefined &&
    fieldOf(details, "window_seconds") === 3600
  ) {
    return errors.ai_rate_limited(limit, TEXT.time.hour, Math.ceil(retrySeconds / 60));
  }
  return undefined;
}
