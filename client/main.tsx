import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { ConfirmProvider } from "./components/ConfirmDialog";
import { TestModeBanner } from "./components/TestModeBanner";
import { ToastProvider } from "./components/Toasts";
import { preloadScreen, routes } from "./router";
import { SessionProvider } from "./session/session-context";
import { createSessionStore } from "./session/session-store";
import "./styles/theme.css";
import "./styles/screens.css";

preloadScreen(window.location.pathname);
const router = createBrowserRouter(routes);
const session = createSessionStore();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <TestModeBanner />
    <SessionProvider store={session}>
      <ToastProvider>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </ToastProvider>
    </SessionProvider>
  </StrictMode>,
);
