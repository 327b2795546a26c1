import { api, ApiRequestError, errorText, unwrap } from "../api";
import { TEXT } from "../text";

/** The library, or the locked screen's text on 403 (the server decides), or a failure to show with a retry. */
export async function resourcesLoader() {
  try {
    return { state: "ready" as const, resources: await unwrap(api.resources.$get({ query: {} })) };
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 403) return { state: "locked" as const, message: errorText(err, TEXT.resources.accessDenied) };
    return { state: "error" as const };
  }
}
