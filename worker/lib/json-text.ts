import type { Context, TypedResponse } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { JSONParsed } from "hono/utils/types";
import type { JsonText } from "../db/json";

/**
 * c.json for JSON text SQLite already wrote (worker/db/json.ts): sent as it is, typed for hc<AppType>
 * as c.json(value: T) would be. The one place that vouches for the text's type is its query.
 */
export function sendJsonText<T, S extends ContentfulStatusCode = 200>(c: Context, text: JsonText<T>, status?: S) {
  const res: Response = c.body(text, status ?? 200, { "content-type": "application/json" });
  return res as Response & TypedResponse<JSONParsed<T>, S, "json">;
}
