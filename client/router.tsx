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

export const routes: RouteObject[] = [
  { path: "/", element: <LandingPage /> },
  { path: "/pricing", element: screen(() => import("./pricing/PricingPage")) },
  { path: "/auth/callback", element: screen(() => import("./auth-callback/AuthCallbackPage")) },
  { path: "/auth/dev", element: screen(() => import("./auth-dev/DevSignInPage")) },
  { path: "/pay/return", element: screen(() => import("./pay-return/PayReturnPage")) },
  {
    element: guarded("user", <AppLayout />),
    children: [
      { path: "/app/lounge", element: screen(() => import("./lounge/LoungePage")) },
      { path: "/app/chat", element: screen(() => import("./chat/ChatPage")) },
      { path: "/app/resources", element: guarded("paid", screen(() => import("./resources/ResourcesPage"))) },
      { path: "/app/profile", element: screen(() => import("./profile/ProfilePage")) },
      { path: "/admin", element: guarded("admin", screen(() => import("./admin/AdminPage"))) },
    ],
  },
  { path: "*", element: screen(() => import("./components/NotFoundPage")) },
];
