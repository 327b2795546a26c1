// Each screen's code by path: the router loads a screen's component lazily from here, and the entry
// starts the current one's download at once, in parallel with the app shell and the screen's data.
import type { ComponentType } from "react";

type ScreenModule = () => Promise<{ default: ComponentType }>;

export const SCREENS = {
  "/pricing": () => import("./pricing/PricingPage"),
  "/auth/dev": () => import("./auth-dev/DevSignInPage"),
  "/pay/return": () => import("./pay-return/PayReturnPage"),
  "/app/lounge": () => import("./lounge/LoungePage"),
  "/app/chat": () => import("./chat/ChatPage"),
  "/app/resources": () => import("./resources/ResourcesPage"),
  "/app/profile": () => import("./profile/ProfilePage"),
  "/admin": () => import("./admin/AdminPage"),
  notFound: () => import("./components/NotFoundPage"),
} satisfies Record<string, ScreenModule>;

/** The router's `lazy` for a screen: only its component loads lazily; its loader is in the shell. */
export const lazyScreen = (load: ScreenModule) => ({ Component: async () => (await load()).default });

/** Starts fetching the chunk of `pathname`'s screen; no-op for other paths. */
export function preloadScreen(pathname: string) {
  const load: ScreenModule | undefined = Object.entries(SCREENS).find(([path]) => path === pathname)?.[1];
  void load?.().catch(() => undefined);
}
