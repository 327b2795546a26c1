import { Fragment, type ReactNode, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import { RouterProvider } from "react-router/dom";
import { ConfirmProvider } from "./components/ConfirmDialog";
import { useLanguage } from "./components/LanguageSwitch";
import { ToastProvider } from "./components/Toasts";
import { nextTask } from "./first-load";
import { deserializeErrors } from "./page-errors";
import type { RenderedPage } from "./rendered-page";
import { createRoutes } from "./router";
import { SessionProvider } from "./session/session-context";
import type { SessionStore } from "./session/session-store";

/**
 * Screens read `TEXT` (client/text.ts) while rendering; on a language change this renders the tree
 * again from scratch (a new key), so every screen, dialog and memoised part shows the new words. The
 * router keeps its state and data; open dialogs and unsaved drafts close (docs/client.md "Words").
 */
function InActiveLanguage({ children }: { children: ReactNode }) {
  return <Fragment key={useLanguage()}>{children}</Fragment>;
}

/**
 * The providers around the router (the browser's, or the worker's static one: client/server-render.tsx):
 * the session, then (per language) toasts and confirmations.
 */
export function AppTree({ session, children }: { session: SessionStore; children: ReactNode }) {
  return (
    <SessionProvider store={session}>
      <InActiveLanguage>
        <ToastProvider>
          <ConfirmProvider>{children}</ConfirmProvider>
        </ToastProvider>
      </InActiveLanguage>
    </SessionProvider>
  );
}

/**
 * The React app: the router over the routes of client/router.tsx, with the session the entry created.
 * Three tasks: this chunk's evaluation, the router's start (it calls the loaders), the first render.
 */
export async function startApp(root: HTMLElement, session: SessionStore) {
  await nextTask();
  const router = createBrowserRouter(createRoutes(session));
  await nextTask();
  createRoot(root).render(
    <StrictMode>
      <AppTree session={session}>
        <RouterProvider router={router} />
      </AppTree>
    </StrictMode>,
  );
}

/**
 * Loads the code of the routes `pathname` matches (their `lazy` parts: component, loader, action), as the
 * worker did before rendering them: a router that starts with lazy matches would load and run their loaders
 * again instead of taking the page's data.
 */
async function loadMatchedRoutes(routes: RouteObject[], pathname: string) {
  const lazyRoutes = (matchRoutes(routes, pathname) ?? []).map((m) => m.route).filter((r) => r.lazy);
  await Promise.all(
    lazyRoutes.map(async (route) => {
      const lazy = route.lazy;
      if (!lazy || typeof lazy === "function") return;
      const parts = await Promise.all(Object.entries(lazy).map(async ([key, load]) => [key, await load?.()]));
      Object.assign(route, Object.fromEntries(parts), { lazy: undefined });
    }),
  );
}

/**
 * The page the worker rendered, taken over: the router starts from the data in the page (no loader runs
 * again) and React adopts the HTML instead of painting anew (docs/client.md "Rendered by the worker").
 */
export async function hydrateApp(root: HTMLElement, session: SessionStore, page: RenderedPage) {
  const routes = createRoutes(session);
  await loadMatchedRoutes(routes, window.location.pathname);
  const router = createBrowserRouter(routes, {
    hydrationData: { loaderData: page.loaderData, actionData: page.actionData, errors: deserializeErrors(page.errors) },
  });
  hydrateRoot(
    root,
    <StrictMode>
      <AppTree session={session}>
        <RouterProvider router={router} />
      </AppTree>
    </StrictMode>,
  );
}
