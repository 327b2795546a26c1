// Each screen's code by path: the router loads a screen's component lazily from here, and the entry
// starts the current one's download at once, in parallel with the app shell and the screen's data.
import type { ComponentType } from "react";
import { SETTINGS_PATH } from "../worker/shared/settings";
import type { Language } from "./i18n/catalog";
import { loadWords, preloadWords } from "./i18n/language";
import type { WordGroup } from "./i18n/word-groups";
import { firstPostsRequest, noticesRequest } from "./lounge/requests";
import type { SessionStore } from "./session/session-store";

type ScreenModule = () => Promise<{ default: ComponentType }>;
/** A screen's code and the groups of words it shows beyond the shell's (client/i18n/language.ts WORDS). */
type Screen = { load: ScreenModule; words: readonly WordGroup[] };

export const SCREENS = {
  "/pricing": { load: () => import("./pricing/PricingPage"), words: ["autorenew", "checkout"] },
  "/auth/dev": { load: () => import("./auth-dev/DevSignInPage"), words: ["devSignIn"] },
  "/pay/return": { load: () => import("./pay-return/PayReturnPage"), words: ["checkout"] },
  "/gift": { load: () => import("./payments/GiftRedeemPage"), words: ["checkout"] },
  "/app/lounge": { load: () => import("./lounge/LoungePage"), words: ["lounge", "conversations"] },
  "/app/chat": { load: () => import("./chat/ChatPage"), words: ["chat", "conversations"] },
  "/app/resources": { load: () => import("./resources/ResourcesPage"), words: ["library"] },
  "/app/profile": { load: () => import("./profile/ProfilePage"), words: ["profile"] },
  "/app/events": { load: () => import("./events/EventsPage"), words: ["events"] },
  "/app/events/:id": { load: () => import("./events/EventPage"), words: ["events"] },
  "/app/programs": { load: () => import("./programs/ProgramsPage"), words: ["programs"] },
  "/app/programs/:id": { load: () => import("./programs/ProgramPage"), words: ["programs"] },
  "/app/programs/:id/lessons/:lessonId": { load: () => import("./programs/LessonPage"), words: ["programs"] },
  // The payments tab loads the payments' words with its code (AdminPage).
  "/admin": { load: () => import("./admin/AdminPage"), words: ["admin"] },
  notFound: { load: () => import("./components/NotFoundPage"), words: ["notFound"] },
  // The settings' list, and each of its sections (client/settings/) with the words it shares with other screens.
  "/app/settings": { load: () => import("./settings/SettingsPage"), words: ["settings"] },
  "/app/settings/notifications": {
    load: () => import("./settings/notifications/NotificationsSection"),
    words: ["settings", "notificationSettings"],
  },
  "/app/settings/membership": {
    load: () => import("./settings/membership/MembershipSection"),
    words: ["settings", "autorenew", "payments", "checkout"],
  },
  "/app/settings/privacy": {
    load: () => import("./settings/privacy/PrivacySection"),
    words: ["settings", "profile", "conversations"],
  },
  "/app/settings/devices": {
    load: () => import("./settings/devices/DevicesSection"),
    words: ["settings", "profile", "notificationSettings"],
  },
  "/app/settings/calendar": {
    load: () => import("./settings/calendar/CalendarSection"),
    words: ["settings", "events"],
  },
  "/app/settings/data": { load: () => import("./settings/data/DataSection"), words: ["settings", "dataRights"] },
} satisfies Record<string, Screen>;

/** The router's `lazy` for a screen's component: its code and its words, loaded together. */
export const lazyScreen = (screen: Screen) => ({
  // biome-ignore lint/correctness/noComponentHookFactories: React Router's lazy() loader, not a component.
  Component: async () => (await Promise.all([screen.load(), loadWords(screen.words)]))[0].default,
});

/**
 * Starts fetching the chunk of `pathname`'s screen and its words in `language` (a settings section's with the
 * settings' list it shows in, as an email's link opens one); no-op for other paths.
 */
export function preloadScreen(pathname: string, language: Language) {
  const paths = pathname.startsWith(`${SETTINGS_PATH}/`) ? [SETTINGS_PATH, pathname] : [pathname];
  for (const screen of Object.entries(SCREENS).flatMap(([path, s]): Screen[] => (paths.includes(path) ? [s] : []))) {
    void screen.load().catch(() => undefined);
    preloadWords(screen.words, language);
  }
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
