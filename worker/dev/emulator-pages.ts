// What the emulators share: their pages (Webpay Plus's payment form, Oneclick Mall's card enrolment) with one
// look, a strict CSP and the auto-submitted form that takes the browser back to the store; the gate that makes them
// exist only where configured; Transbank's error answer; and a record's look-up.
import { eq } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { notFound } from "../platform/errors";
import { escapeHtml } from "../platform/html";

/** The script that submits the return form (served by the Webpay Plus emulator's routes). */
export const SCRIPT_PATH = "/api/dev/webpay/autosubmit.js";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef0f5;color:#1d2433}
main{max-width:420px;margin:48px auto;padding:0 16px}
.card{background:#fff;border-radius:14px;box-shadow:0 6px 24px rgba(20,30,60,.12);padding:28px}
.brand{font-weight:800;color:#c8102e;letter-spacing:.02em;margin:0 0 4px}
.tag{display:inline-block;font-size:12px;font-weight:700;background:#fff3cd;color:#7a5b00;border-radius:999px;
padding:2px 10px}
h1{font-size:20px;margin:16px 0 4px}.amount{font-size:32px;font-weight:800;margin:4px 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:14px;color:#4a5468;margin:0 0 20px}
dt{font-weight:600}dd{margin:0;word-break:break-all}
.actions{display:grid;gap:10px}
button{font:inherit;font-weight:700;border-radius:10px;padding:12px 16px;
border:1px solid #c9cfdb;background:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #3b6fd8;outline-offset:2px}
.approve{background:#1f7a4d;border-color:#1f7a4d;color:#fff}
.decline{color:#8a1c1c}.hint{font-size:13px;color:#5d6678;margin-top:16px}`;

/** A page of the emulator (its own strict CSP; `formOrigin` is where its form may go back to). */
export function page(
  c: Context,
  title: string,
  body: string,
  formOrigin?: string,
  status: 200 | 404 | 409 = 200,
  brand = "Webpay Plus",
) {
  const formAction = formOrigin && formOrigin !== new URL(c.req.url).origin ? `'self' ${formOrigin}` : "'self'";
  c.header(
    "Content-Security-Policy",
    `default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; form-action ${formAction}; base-uri 'none'; \
frame-ancestors 'none'`,
  );
  c.header("Cache-Control", "no-store");
  // Not no-referrer: Chrome then sends `Origin: null` with the form posts, which the same-origin guard refuses.
  c.header("Referrer-Policy", "same-origin");
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,\
initial-scale=1">` +
      `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><div class="card">` +
      `<p class="brand">${escapeHtml(brand)}</p><span class="tag">Local emulator: no real money</span>${body}</div>\
</main></body></html>`,
    status,
  );
}

/** The auto-submitted form that takes the browser back to the store's `url` with `fields`. */
export function returnTo(
  c: Context,
  url: string,
  fields: Record<string, string>,
  method: "get" | "post",
  brand = "Webpay Plus",
) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  return page(
    c,
    `${brand}: returning`,
    `<h1>Returning to the store…</h1><form id="webpay-return" method="${method}" action="${escapeHtml(url)}" \
class="actions">${inputs}` +
      `<button type="submit" class="approve">Continue</button></form><script src="${SCRIPT_PATH}"></script>`,
    new URL(url).origin,
    200,
    brand,
  );
}

/** An emulator's record by its key column (a token, a buy order, a tbk_user), as Transbank looks one up. */
export async function recordBy<T extends SQLiteTable>(
  env: { DB: D1Database },
  table: T,
  key: SQLiteColumn,
  value: string,
): Promise<T["$inferSelect"] | undefined> {
  const [row] = await getDb(env.DB)
    .select()
    .from(table as SQLiteTable)
    .where(eq(key, value))
    .limit(1);
  return row as T["$inferSelect"] | undefined;
}

/** Transbank's error answer: `{ error_message }` with the status. */
export const providerError = (c: Context, status: 400 | 401 | 404 | 422, message: string) =>
  c.json({ error_message: message }, status);

/**
 * An emulator exists only where WEBPAY_ENV is "emulator" outside production (404 elsewhere), and its REST API (the
 * paths under `apiPrefix`) takes only the integration credentials' API-key headers, as Transbank's does.
 */
export const emulatorGate = (apiPrefix: string, credentials: { keyId: string; secret: string }) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (c.env.WEBPAY_ENV !== "emulator" || c.env.APP_ENV === "production") throw notFound();
    const authorised =
      c.req.header("tbk-api-key-id") === credentials.keyId && c.req.header("tbk-api-key-secret") === credentials.secret;
    if (c.req.path.includes(apiPrefix) && !authorised) return providerError(c, 401, "Not Authorized");
    await next();
  });
