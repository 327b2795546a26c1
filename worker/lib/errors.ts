import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The body of every error answer of the API. */
export type ApiErrorBody = { error: string; details?: unknown };

/**
 * The one error the handlers throw; createApp turns it into `{ error, details?, ...fields }` with its
 * status and headers. `fields` carries extra top-level members a contract names (e.g. AI errors' `model`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
    readonly fields?: Record<string, string | number | boolean | null>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) => new ApiError(400, message, details);
export const unauthorized = (message = "Authentication required") => new ApiError(401, message);
export const forbidden = (message = "You do not have permission to do that") => new ApiError(403, message);
export const notFound = (message = "Not found") => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
