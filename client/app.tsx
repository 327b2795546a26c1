import { Fragment, type ReactNode, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { ConfirmProvider } from "./components/ConfirmDialog";
import { useLanguage } from "./components/LanguageSwitch";
import { ToastProvider } from "./components/Toasts";
import { nextTask } from "./first-load";
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
