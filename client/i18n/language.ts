// The UI's language (docs/client.md "Words"): a first visit follows the browser's languages, a choice
// is remembered on this device (and on the profile when signed in: client/i18n/data.ts), and a
// signed-in member's saved language wins once their user record arrives. setLanguage() loads the
// catalogue (Spanish is a chunk of its own), points `TEXT` at it, sets `<html lang>` and tells the
// subscribers: the landing page repaints, the React app re-renders its tree (client/app.tsx).
import type { SessionStore } from "../session/session-store";
import { activateCatalog, type Catalog, ENGLISH, type ShellCatalog, TEXT } from "../text";
import { isLanguage, LANGUAGES, type Language } from "./catalog";
import { pickLanguage } from "./pick-language";

/**
 * The words that load with the screens that show them, by group, in each language (docs/client.md
 * "Words"): a screen's route loads its groups with its code (client/screens.ts), and a language change
 * loads the groups loaded so far in the new language before the app renders in it.
 */
export const WORDS = {
  search: { en: () => import("../search/words"), es: () => import("../search/words.es") },
  devSignIn: { en: () => import("../auth-dev/words"), es: () => import("../auth-dev/words.es") },
  notFound: {
    en: () => import("../components/not-found-words"),
    es: () => import("../components/not-found-words.es"),
  },
  landing: { en: () => import("../landing/words"), es: () => import("../landing/words.es") },
  lounge: { en: () => import("../lounge/words"), es: () => import("../lounge/words.es") },
  loungeDialogs: { en: () => import("../lounge/dialog-words"), es: () => import("../lounge/dialog-words.es") },
  chat: { en: () => import("../chat/words"), es: () => import("../chat/words.es") },
  channelDialogs: { en: () => import("../chat/dialog-words"), es: () => import("../chat/dialog-words.es") },
  conversations: { en: () => import("../conversations/words"), es: () => import("../conversations/words.es") },
  menus: { en: () => import("../conversations/menu-words"), es: () => import("../conversations/menu-words.es") },
  reportDialog: {
    en: () => import("../moderation/report-words"),
    es: () => import("../moderation/report-words.es"),
  },
  admin: { en: () => import("../admin/words"), es: () => import("../admin/words.es") },
  adminTabs: { en: () => import("../admin/tabs-words"), es: () => import("../admin/tabs-words.es") },
  payments: { en: () => import("../profile/payment-words"), es: () => import("../profile/payment-words.es") },
  profile: { en: () => import("../profile/words"), es: () => import("../profile/words.es") },
  dataRights: {
    en: () => import("../profile/data-rights-words"),
    es: () => import("../profile/data-rights-words.es"),
  },
  library: { en: () => import("../resources/words"), es: () => import("../resources/words.es") },
  libraryDialogs: {
    en: () => import("../resources/dialog-words"),
    es: () => import("../resources/dialog-words.es"),
  },
  ai: { en: () => import("../ai/words"), es: () => import("../ai/words.es") },
  autorenew: { en: () => import("../autorenew/words"), es: () => import("../autorenew/words.es") },
  checkout: { en: () => import("../pricing/words"), es: () => import("../pricing/words.es") },
  events: { en: () => import("../events/words"), es: () => import("../events/words.es") },
  notifications: { en: () => import("../notifications/words"), es: () => import("../notifications/words.es") },
  notify: { en: () => import("../notify/words"), es: () => import("../notify/words.es") },
} satisfies Record<string, Record<Language, () => Promise<{ words: Partial<Catalog> }>>>;
export type WordGroup = keyof typeof WORDS;
const loadedGroups = new Set<WordGroup>();

/** Adds `groups`' words in `language` to `catalog` (the same object stays the language's catalogue). */
const addWords = (catalog: ShellCatalog, groups: Iterable<WordGroup>, language: Language) =>
  Promise.all([...groups].map((group) => WORDS[group][language]().then((m) => Object.assign(catalog, m.words))));

/** Loads `groups`' words in the active language into `TEXT`. */
export async function loadWords(groups: readonly WordGroup[]) {
  for (const group of groups) loadedGroups.add(group);
  await addWords(TEXT, groups, active);
}

/** Starts downloading `groups`' words in `language` (a first visit, before the app is there). */
export function preloadWords(groups: readonly WordGroup[], language: Language) {
  for (const group of groups) void WORDS[group][language]().catch(() => undefined);
}

/** Where this device keeps its choice (index.html's first-paint script reads it too). */
export const LANGUAGE_STORAGE_KEY = "cosmic-lounge.language";
let active: Language = "en";
let latestRequest = 0;
const listeners = new Set<() => void>();

/** The language chosen on this device, if any (storage can be unavailable: private modes, policies). */
export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisted on this device; the choice still applies until the page is closed.
  }
}

/** This device's choice, else the browser's languages. */
export const initialLanguage = (): Language => pickLanguage(storedLanguage(), navigator.languages, LANGUAGES);

export const getLanguage = (): Language => active;

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Makes `language` the active one; when calls overlap, the last one asked for wins. */
export async function setLanguage(language: Language): Promise<void> {
  const request = ++latestRequest;
  const catalog = language === "es" ? (await import("./es")).es : ENGLISH;
  await addWords(catalog, loadedGroups, language);
  if (request !== latestRequest) return;
  activateCatalog(catalog);
  document.documentElement.lang = language;
  if (active === language) return;
  active = language;
  for (const listener of listeners) listener();
}

/** Applies a signed-in member's saved language (from /api/users/me) whenever it arrives or changes. */
export function followSavedLanguage(session: SessionStore): () => void {
  let seen: string | null | undefined;
  const check = () => {
    const saved = session.getState().user?.language ?? null;
    if (saved === seen) return;
    seen = saved;
    if (isLanguage(saved) && saved !== active) {
      rememberLanguage(saved);
      void setLanguage(saved);
    }
  };
  check();
  return session.subscribe(check);
}
