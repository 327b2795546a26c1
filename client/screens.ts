// Each screen's code by path: the router loads a screen's component lazily from here, and the entry
// starts the current one's download at once, in parallel with the app shell and the screen's data.
import type { ComponentType } from "react";
import { firstPostsRequest, noticesRequest } from "./lounge/requests";
import type { SessionStore } from "./session/session-store";

type ScreenModule = () => Promise<{ default: ComponentType }>;

export const SCREENS = {
  "/pricing": () => import("./pricing/PricingPage"),
  "/auth/dev": () => import("./auth-dev/DevSignInPage"),
  "/pay/return": () => import("./pay-return/PayReturnPage"),
  "/app/lounge": () => import("./lounge/LoungePage"),
  "/app/chat": () => import("./chat/ChatPage"),
  "/app/resources": () => import("./resources/ResourcesPage"),
  "/app/profile": () => import("./profile/ProfilePage"),
  "/app/events": () => import("./events/EventsPage"),
  "/app/events/:id": () => import("./events/EventPage"),
  "/admin": () => import("./admin/AdminPage"),
  notFound: () => import("./components/NotFoundPage"),
} satisfies Record<string, ScreenModule>;

/** The router's `lazy` for a screen: only its component loads lazily; its loader is in the shell. */
export const lazyScreen = (load: ScreenModule) => ({
  // biome-ignore lint/correctness/noComponentHookFactories: React Router's lazy() loader, not a component.
  Component: async () => (await load()).default,
});

/** Starts fetching the chunk of `pathname`'s screen; no-op for other paths. */
export function preloadScreen(pathname: string) {
  const load: ScreenModule | undefined = Object.entries(SCREENS).find(([path]) => path === pathname)?.[1];
  void load?.().catch(() => undefined);
}

/**
 * The requests of a first visit to a screen, started by the entry with the screen's code, before the
 * app's shell and router arrive (the router's loaders take them: client/first-load.ts). The
 * signed-in user (the shell's guard) is asked for at the same time.
 */
const FIRST_DATA: Partial<Record<keyof typeof SCREENS, Array<() => void>>> = {
  "/app/lounge": [noticesRequest.start, firstPostsRequest.start],
};

export function startFirstData(pathname: string, session: SessionStore) {
  const starts = Object.entries(FIRST_DATA).find(([path]) => path === pathname)?.[1];
  if (!starts) return;
  void session.fetchUser();
  for (const start of starts) start();
}
