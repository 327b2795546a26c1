import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import type { RouteObject } from "react-router";
import { AppLayout } from "./components/AppLayout";
import { RouteGuard, type Access } from "./components/RouteGuard";
import { FullPageSpinner } from "./components/Spinner";
import LandingPage from "./landing/LandingPage";

// Every screen but the landing page is its own chunk, so a first visit loads only what it shows.
const screen = (load: () => Promise<{ default: ComponentType }>) => {
  const Screen = lazy(load);
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Screen />
    </Suspense>
  );
};
const guarded = (access: Access, element: ReactNode) => <RouteGuard access={access}>{element}</RouteGuard>;

type Load = () => Promise<{ default: ComponentType }>;

/** Each screen's chunk by path, so the current one can start loading before the session resolves. */
const screens = {
  "/pricing": () => import("./pricing/PricingPage"),
  "/auth/callback": () => import("./auth-callback/AuthCallbackPage"),
  "/auth/dev": () => import("./auth-dev/DevSignInPage"),
  "/pay/return": () => import("./pay-return/PayReturnPage"),
  "/app/lounge": () => import("./lounge/LoungePage"),
  "/app/chat": () => import("./chat/ChatPage"),
  "/app/resources": () => import("./resources/ResourcesPage"),
  "/app/profile": () => import("./profile/ProfilePage"),
  "/admin": () => import("./admin/AdminPage"),
} satisfies Record<string, Load>;

/** Starts fetching the chunk of `pathname`'s screen (in parallel with the session check); no-op otherwise. */
export function preloadScreen(pathname: string) {
  const load = (screens as Record<string, Load | undefined>)[pathname];
  void load?.().catch(() => undefined);
}

export const routes: RouteObject[] = [
  { path: "/", element: <LandingPage /> },
  { path: "/pricing", element: screen(screens["/pricing"]) },
  { path: "/auth/callback", element: screen(screens["/auth/callback"]) },
  { path: "/auth/dev", element: screen(screens["/auth/dev"]) },
  { path: "/pay/return", element: screen(screens["/pay/return"]) },
  {
    element: guarded("user", <AppLayout />),
    children: [
      { path: "/app/lounge", element: screen(screens["/app/lounge"]) },
      { path: "/app/chat", element: screen(screens["/app/chat"]) },
      { path: "/app/resources", element: guarded("paid", screen(screens["/app/resources"])) },
      { path: "/app/profile", element: screen(screens["/app/profile"]) },
      { path: "/admin", element: guarded("admin", screen(screens["/admin"])) },
    ],
  },
  { path: "*", element: screen(() => import("./components/NotFoundPage")) },
];
