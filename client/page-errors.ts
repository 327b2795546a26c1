// A route's error as it crosses from the worker's render to the browser's hydration (client/rendered-page.ts):
// the router's error responses and the API's answers keep what the error element shows (status, the server's
// text and code); any other error only that there was one (no stack or internal message leaves the server).
import { UNSAFE_ErrorResponseImpl as ErrorResponse, type HydrationState, isRouteErrorResponse } from "react-router";
import { ApiRequestError } from "./api";

export type SerializedError =
  | { kind: "response"; status: number; statusText: string; data: unknown }
  | { kind: "api"; status: number; serverError: string | undefined; body: unknown }
  | { kind: "error" };

function serializeError(error: unknown): SerializedError {
  if (isRouteErrorResponse(error))
    return { kind: "response", status: error.status, statusText: error.statusText, data: error.data };
  if (error instanceof ApiRequestError)
    return { kind: "api", status: error.status, serverError: error.serverError, body: error.body };
  return { kind: "error" };
}

function deserializeError(error: SerializedError): unknown {
  if (error.kind === "response") return new ErrorResponse(error.status, error.statusText, error.data);
  if (error.kind === "api") return new ApiRequestError(error.status, error.serverError, error.body);
  return new Error();
}

export const serializeErrors = (errors: Record<string, unknown> | null) =>
  errors && Object.fromEntries(Object.entries(errors).map(([id, error]) => [id, serializeError(error)]));

export const deserializeErrors = (errors: Record<string, SerializedError> | null): HydrationState["errors"] =>
  errors && Object.fromEntries(Object.entries(errors).map(([id, error]) => [id, deserializeError(error)]));

/** The status a page answers with when a route's loader failed: the API's (404, 403, 503), else 500. */
export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error) || error instanceof ApiRequestError) return error.status;
  return 500;
}
