import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../env";
import { TEXTS } from "../shared/texts";
import { ApiError, errorBody } from "./errors";
import { classifyError, logError, requestLog } from "./request-log";

/** A sub-app of the API. Errors are owned by the root app built by createApp. */
export const createRouter = () => new Hono<AppEnv>({ strict: false });

/**
 * The root app: a request id and one log line per request, one error shape `{ error, code, details? }`,
 * JSON 404s, a 503 when D1 fails (missing migrations, outage) and a generic 500 that never leaks a
 * stack (the error is logged, with the request id, without request bodies or secrets).
 */
export function createApp() {
  const app = createRouter();
  app.use(requestLog);
  app.notFound((c) => c.json(errorBody(404, TEXTS.api.notFound), 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) {
      const body = {
        ...err.fields,
        error: err.message,
        code: err.code,
        ...(err.details === undefined ? {} : { details: err.details }),
      };
      return c.json(body, err.status, err.headers);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      // Hono's own 4xx (malformed JSON, body limits) keep their message; nothing else does.
      const message = status < 500 ? err.message || TEXTS.api.invalidJson : TEXTS.api.internal;
      return c.json(errorBody(status, message), status);
    }
    const classified = classifyError(err);
    logError(c, err, classified);
    if (classified.kind === "database") return c.json(errorBody(503, TEXTS.api.serviceUnavailable), 503);
    return c.json(errorBody(500, TEXTS.api.internal), 500);
  });
  return app;
}
