// The local outbox: GET /api/dev/mail (the mail the worker would have sent, as JSON) and GET /api/dev/outbox (its
// page). Locally, email lands there instead of being sent (worker/features/notifications/email/send.ts).
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { type OutboxMessage, readOutbox } from "../features/notifications";
import { requireAdmin } from "../platform/auth";
import { createRouter } from "../platform/create-app";
import { notFound } from "../platform/errors";
import { escapeHtml } from "../platform/html";
import { API_ERRORS as E } from "../shared/texts";

/** One outbox message as the developer needs to see it; the email's HTML runs in a sandbox (no scripts, no forms). */
const outboxEntry = (m: OutboxMessage) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<dl><dt>To</dt><dd>${escapeHtml(m.to)}</dd><dt>Sent</dt><dd>${escapeHtml(m.sent_at)}</dd>
${Object.entries(m.headers)
  .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`)
  .join("")}</dl>
<details><summary>Plain text</summary><pre>${escapeHtml(m.text)}</pre></details>
<iframe sandbox title="${escapeHtml(m.subject)}" srcdoc="${escapeHtml(m.html)}"></iframe>
</article>`;

const OUTBOX_STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;
color:#222}
article{border:1px solid #ccd;border-radius:8px;padding:0 1rem 1rem;margin:1rem 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;font-size:13px}dt{font-weight:600}
dd{margin:0;word-break:break-all}pre{white-space:pre-wrap;background:#f5f5f8;padding:8px}
iframe{width:100%;height:22rem;border:1px solid #ccd;background:#fff}`;

/**
 * The outbox exists only locally (404 elsewhere, whoever asks). Even there it holds every member's mail
 * and unsubscribe links, so only an admin reads it (requireAdmin after this).
 */
const localOutbox = createMiddleware<AppEnv>(async (c, next) => {
  if (c.env.APP_ENV !== "local") throw notFound(E.not_found);
  await next();
});

export const outboxRoutes = createRouter()
  .get("/dev/mail", localOutbox, requireAdmin, async (c) => c.json({ messages: await readOutbox(c.env) }))
  .get("/dev/outbox", localOutbox, requireAdmin, async (c) => {
    const messages = await readOutbox(c.env);
    // The page's own strict CSP, which the sandboxed emails inherit: styles only, no scripts, no loads.
    c.header(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'",
    );
    c.header("Cache-Control", "no-store");
    return c.html(`<!doctype html><html lang="en"><meta charset="utf-8">
<meta name="viewport" content="width=device-width">
<title>Local outbox</title><style>${OUTBOX_STYLE}</style>
<h1>Local outbox</h1>
<p>Mail the worker would have sent, newest first (the last 50; JSON at <a href="/api/dev/mail">/api/dev/mail</a>).
Nothing here left this machine.</p>
${messages.length ? messages.map(outboxEntry).join("\n") : "<p>No mail yet.</p>"}
</html>`);
  });
