// A page the worker rendered (client/server-render.tsx), taken over by React: loaded only then, beside the app's
// shell, so a page the browser renders alone carries none of it (docs/client.md "Rendered by the worker").
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import { RouterProvider } from "react-router/dom";
import { AppTree } from "./app";
import { deserializeErrors } from "./page-errors";
import type { RenderedPage } from "./rendered-page";
import { createRoutes } from "./router";
import type { SessionStore } from "./session/session-store";

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
