import type { ContentfulStatusCode } from "hono/utils/http-status";
import { API_ERRORS, type ApiErrorBody, type CodedText, type ErrorCode, errorCodeOf } from "../shared/texts";

export type { ApiErrorBody };

/** The code of a text that has no entry of its own in API_ERRORS: the generic one of its status. */
export const ERROR_CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: "invalid_input",
  401: "unauthorized",
  402: "payment_required",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "body_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  500: "internal",
  502: "upstream_failed",
  503: "service_unavailable",
};

/** The code of an error text: its own catalogue entry, else the generic code of its status. */
export const codeFor = (status: number, text: string): ErrorCode =>
  errorCodeOf(text) ?? ERROR_CODE_BY_STATUS[status] ?? (status < 500 ? "invalid_input" : "internal");

/** The error body for a text (a catalogue text with arguments carries its own code). */
export function errorBody(status: number, message: string | CodedText, details?: unknown): ApiErrorBody {
  const [text, code] = typeof message === "string" ? [message, codeFor(status, message)] : [message.text, message.code];
  return { error: text, code, ...(details === undefined ? {} : { details }) };
}

/**
 * The one error the handlers throw; createApp turns it into `{ error, code, details?, ...fields }` with
 * its status and headers. `message` is a text (its code is looked up in API_ERRORS) or a catalogue
 * text with arguments from errorText(). `fields` carries extra top-level members a contract names
 * (e.g. AI errors' `model`).
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly status: ContentfulStatusCode,
    message: string | CodedText,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
    readonly fields?: Record<string, string | number | boolean | null>,
  ) {
    const body = errorBody(status, message);
    super(body.error);
    this.code = body.code;
  }
}

export const badRequest = (message: string | CodedText, details?: unknown) => new ApiError(400, message, details);
export const unauthorized = (message: string | CodedText = API_ERRORS.unauthorized) => new ApiError(401, message);
export const forbidden = (message: string | CodedText = API_ERRORS.forbidden) => new ApiError(403, message);
export const notFound = (message: string | CodedText = API_ERRORS.not_found) => new ApiError(404, message);
export const conflict = (message: string | CodedText) => new ApiError(409, message);
