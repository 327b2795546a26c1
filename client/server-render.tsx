// The first screen, rendered by the worker (worker/pages.ts) with the browser's own route table, loaders and
// guards (client/router.tsx): React Router's static handler runs the loaders, whose requests go to the
// worker's API in the same isolate with the member's cookie (`setApiFetch`), then React 19's streaming
// renderer writes the screen. The browser hydrates it (client/hydrate.tsx `hydrateApp`) from the data the
// page carries (client/rendered-page.ts). docs/client.md "Rendered by the worker".
import { renderToReadableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import type { PageAnswer, PageRequest, RenderPage } from "../worker/shared/page-render";
import { LANGUAGES } from "../worker/shared/rules";
import { setApiFetch } from "./api";
import { AppTree } from "./app";
import { setDisplayZone } from "./components/format";
import { LANGUAGE_COOKIE, setLanguage } from "./i18n/language";
import { pickLanguage } from "./i18n/pick-language";
import { errorStatus, serializeErrors } from "./page-errors";
import { renderedPageJson } from "./rendered-page";
import { createRoutes } from "./router";
import { createSessionStore, defaultSessionDeps } from "./session/session-store";

/** Where a zone is known neither from the profile nor from the edge (the community is in Chile). */
export const DEFAULT_ZONE = "America/Santiago";
/** A render that has not finished by then is abandoned (the worker answers the client-rendered page). */
const RENDER_TIMEOUT_MS = 5_000;
/** `work`, or a failure once RENDER_TIMEOUT_MS have passed. */
function withinTime<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the page was not rendered within ${RENDER_TIMEOUT_MS} ms`)),
      RENDER_TIMEOUT_MS,
    );
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

const isZone = (zone: string | null | undefined): zone is string => {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** The browser's languages as the request lists them (`es-CL,es;q=0.9,en;q=0.8`), most wanted first. */
const acceptedLanguages = (header: string | null) =>
  (header ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(
        params
          .find((p) => p.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((l) => l.tag);

/**
 * The app's words (`TEXT`), zone and API client are the module's, as in the browser: one page is rendered
 * at a time in an isolate, start to finish, so two members' renders never share them. A render waits for its turn
 * with timers of its own request: following a promise another request made would run this render in that request's
 * I/O context (its streams then unreadable here: "Cannot perform I/O on behalf of a different request"), and a promise
 * only another request resolves does not wake this one (workerd cancels it as hung). A render whose request is
 * cancelled never gives the turn back: it lapses once held longer than a render may take.
 */
const TURN_LEASE_MS = RENDER_TIMEOUT_MS + 1_000;
const TURN_POLL_MS = 5;
let turn: { since: number } | null = null;

async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  while (turn !== null && Date.now() - turn.since < TURN_LEASE_MS)
    await new Promise((resolve) => setTimeout(resolve, TURN_POLL_MS));
  const mine = { since: Date.now() };
  turn = mine;
  try {
    return await work();
  } finally {
    if (turn === mine) turn = null;
  }
}

/** A render that hangs (a loader that never answers) gives its turn up in time: the next page is not held back. */
export const renderPage: RenderPage = (page) => oneAtATime(() => withinTime(render(page)));

async function render({ request, fetchApi, edgeZone }: PageRequest): Promise<PageAnswer> {
  const origin = new URL(request.url).origin;
  setApiFetch((input, init) => fetchApi(new Request(new URL(String(input), origin), init)));
  // The guards ask once (the user's answer is kept); a signed-out visitor's 401 is an answer, not a fault.
  const session = createSessionStore({ ...defaultSessionDeps, log: () => undefined });
  const user = await session.currentUser();
  // The member's saved language, else this device's choice (its cookie), else the browser's.
  const deviceChoice = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=(\\w+)`).exec(
    request.headers.get("Cookie") ?? "",
  )?.[1];
  const language =
    user?.language ??
    pickLanguage(deviceChoice ?? null, acceptedLanguages(request.headers.get("Accept-Language")), LANGUAGES);
  const zone = [user?.timezone, edgeZone].find(isZone) ?? DEFAULT_ZONE;
  await setLanguage(language);
  setDisplayZone(zone);

  const handler = createStaticHandler(createRoutes(session));
  const context = await handler.query(request);
  if (context instanceof Response) return { kind: "response", response: context };
  if (new URL(request.url).pathname === "/") return { kind: "landing" };

  const failed = Object.values(context.errors ?? {})[0];
  const notFound = context.matches.at(-1)?.route.path === "*";
  const status = failed !== undefined ? errorStatus(failed) : notFound ? 404 : context.statusCode;
  const router = createStaticRouter(handler.dataRoutes, context);
  let renderError: unknown;
  const stream = await renderToReadableStream(
    <AppTree session={session}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppTree>,
    {
      onError: (error) => {
        renderError ??= error;
      },
    },
  );
  await stream.allReady;
  const html = await new Response(stream).text();
  // A part that threw would be rendered again by the browser alone: the page as a whole is then not the server's.
  if (renderError !== undefined) throw renderError;
  return {
    kind: "page",
    status,
    html,
    language,
    signedIn: user !== null,
    screen: context.matches.findLast((match) => match.route.path)?.route.path,
    pageJson: renderedPageJson({
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: serializeErrors(context.errors),
      user,
      language,
      zone,
    }),
  };
}
