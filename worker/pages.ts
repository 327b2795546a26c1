// The app's pages, rendered here: a navigation to the lounge, the pricing page, the admin or any screen under
// /app gets its first screen as HTML, with its data, before any script runs (client/server-render.tsx renders
// it with the browser's routes and loaders, whose requests come back to `app` in this isolate with the
// member's cookie), and the browser hydrates it. Guards answer before any HTML. A render that fails answers
// the page the browser renders alone, as before (its error logged). docs/client.md "Rendered by the worker".
import { renderPage } from "cosmic:server-render";
import type { Context } from "hono";
import { app } from "./app";
import type { AppEnv } from "./env";
import { createApp } from "./platform/create-app";
import { CACHE_CONTROL, newNonce, pageHeaders } from "./platform/page-headers";
import { classifyError, logError } from "./platform/request-log";
import { SCREEN_FILES_ID } from "./shared/page-render";

/** The navigations the worker renders (wrangler.toml's `run_worker_first` sends these paths here first). */
export const RENDERED_PATHS = /^\/(?:pricing|admin|app\/.+)?$/;
/** Pages anyone may see signed out: kept briefly by shared caches when they are (worker/platform/page-headers.ts). */
const PUBLIC_PATHS = new Set(["/", "/pricing"]);
/** When there is no index.html to fill (the worker tests run without the client's build). */
const BARE_TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8"></head><body><div id="root"></div></body></html>';

/** The client's index.html as the assets serve it (in `vite dev`, as Vite transforms it). */
async function template(c: Context<AppEnv>): Promise<string> {
  const res = await c.env.ASSETS.fetch(new URL("/", c.req.url));
  return res.ok && res.headers.get("Content-Type")?.includes("text/html") ? res.text() : BARE_TEMPLATE;
}

/**
 * The links that make a rendered page's screen look right at once and hydrate sooner: its stylesheets (the HTML
 * uses their classes) and its chunks as modulepreloads, from the build's list in index.html (none in `vite dev`).
 */
function screenLinks(html: string, screen: string | undefined): string {
  const listed = new RegExp(`<script type="application/json" id="${SCREEN_FILES_ID}">(.*?)</script>`).exec(html)?.[1];
  const files: string[] = (listed && screen && JSON.parse(listed)[screen]) || [];
  return files
    .map((file) =>
      file.endsWith(".css") ? `<link rel="stylesheet" href="/${file}">` : `<link rel="modulepreload" href="/${file}">`,
    )
    .join("");
}

type FilledPage = { language: string; html: string; pageJson: string; screen: string | undefined };

/** index.html with the page's language, its screen in #root, its data beside it, and its inline scripts allowed. */
function fillTemplate(html: string, nonce: string, page?: FilledPage) {
  let rewriter = new HTMLRewriter().on("script", {
    element: (script) => void script.setAttribute("nonce", nonce),
  });
  if (page)
    rewriter = rewriter
      .on("html", { element: (el) => void el.setAttribute("lang", page.language) })
      .on("head", { element: (head) => void head.append(screenLinks(html, page.screen), { html: true }) })
      // The landing page in every language, which only `/` shows.
      .on('template[id^="landing-"]', { element: (el) => void el.remove() })
      .on("#root", {
        element: (root) => {
          root.setInnerContent(page.html, { html: true });
          root.after(`<script type="application/json" id="rendered-page">${page.pageJson}</script>`, { html: true });
        },
      });
  return rewriter.transform(new Response(html)).body;
}

export const pages = createApp().get("*", async (c) => {
  const nonce = newNonce();
  const index = await template(c);
  const cookie = c.req.header("Cookie");
  const fetchApi = (request: Request) => {
    const headers = new Headers(request.headers);
    if (cookie) headers.set("Cookie", cookie);
    return Promise.resolve(app.fetch(new Request(request, { headers }), c.env, c.executionCtx));
  };
  const publicPage = PUBLIC_PATHS.has(c.req.path);
  /** The page the browser renders alone: the shell, its script and its own requests. */
  const shell = () => new Response(fillTemplate(index, nonce), { headers: pageHeaders(nonce, "personal") });
  if (c.env.SERVER_RENDERING === "off") return shell();
  try {
    const zone = c.req.raw.cf?.timezone;
    const answer = await renderPage({
      request: c.req.raw,
      fetchApi,
      edgeZone: typeof zone === "string" ? zone : undefined,
    });
    if (answer.kind === "response") {
      const headers = new Headers(answer.response.headers);
      headers.set("Cache-Control", CACHE_CONTROL.personal);
      return new Response(answer.response.body, { status: answer.response.status, headers });
    }
    if (answer.kind === "landing")
      return new Response(fillTemplate(index, nonce), { headers: pageHeaders(nonce, "public") });
    const cache = publicPage && !answer.signedIn ? "public" : "personal";
    return new Response(fillTemplate(index, nonce, answer), {
      status: answer.status,
      headers: pageHeaders(nonce, cache),
    });
  } catch (error) {
    logError(c, error, classifyError(error));
    return shell();
  }
});
