import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { ConfirmProvider } from "./components/ConfirmDialog";
import { ToastProvider } from "./components/Toasts";
import { createRoutes } from "./router";
import { SessionProvider } from "./session/session-context";
import type { SessionStore } from "./session/session-store";

/** The React app: the router over the routes of client/router.tsx, with the session the entry created. */
export function startApp(root: HTMLElement, session: SessionStore) {
  const router = createBrowserRouter(createRoutes(session));
  createRoot(root).render(
    <StrictMode>
      <SessionProvider store={session}>
        <ToastProvider>
          <ConfirmProvider>
            <RouterProvider router={router} />
          </ConfirmProvider>
        </ToastProvider>
      </SessionProvider>
    </StrictMode>,
  );
}
