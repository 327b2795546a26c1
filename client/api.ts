// The one typed API client: request and response types come from the worker's routes (hono/client).
import { hc, type ClientResponse } from "hono/client";
import type { AppType } from "../worker/app";

export const api = hc<AppType>("/", { init: { credentials: "same-origin" } }).api;

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

type SuccessBody<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends 200 | 201 | 202 | 204 | 206 ? T : never) : never;

/** The ApiRequestError of a non-2xx answer, with the server's `error` text when its body has one. */
export async function requestError(res: { status: number; json(): Promise<unknown> }): Promise<ApiRequestError> {
  const body: unknown = await res.json().catch(() => undefined);
  const serverError = body && typeof body === "object" && "error" in body && typeof body.error === "string" ? body.error : undefined;
  return new ApiRequestError(res.status, serverError, body);
}

/** Awaits a call and returns its JSON body, or throws ApiRequestError (network errors pass through). */
export async function unwrap<R extends ClientResponse<unknown, number, string>>(call: Promise<R>): Promise<SuccessBody<R>> {
  const res = await call;
  if (!res.ok) throw await requestError(res);
  return (await res.json()) as SuccessBody<R>;
}

/** The server's error text when present, otherwise the spec's fallback. */
export const errorText = (err: unknown, fallback: string) => (err instanceof ApiRequestError && err.serverError) || fallback;

/** The server's stable error `code` (a key of API_ERRORS), when the answer carried one. */
export const errorCode = (err: unknown): string | undefined =>
  err instanceof ApiRequestError && err.body && typeof err.body === "object" && "code" in err.body && typeof err.body.code === "string" ? err.body.code : undefined;
