// The UI's language (docs/client.md "Words"): a first visit follows the browser's languages, a choice
// is remembered on this device (and on the profile when signed in: client/i18n/data.ts), and a
// signed-in member's saved language wins once their user record arrives. setLanguage() loads the
// catalogue (Spanish is a chunk of its own), points `TEXT` at it, sets `<html lang>` and tells the
// subscribers: the landing page repaints, the React app re-renders its tree (client/app.tsx).
import type { SessionStore } from "../session/session-store";
import { activateCatalog, ENGLISH, type ShellCatalog, TEXT } from "../text";
import { isLanguage, LANGUAGES, type Language } from "./catalog";
import { pickLanguage } from "./pick-language";
import { WORDS, type WordGroup, type WordLoader } from "./word-groups";

const loadedGroups = new Set<WordGroup>();

/** Every group's loader in `language`: Spanish's are a chunk of their own, loaded with its catalogue. */
export const wordLoaders = async (language: Language): Promise<Record<WordGroup, WordLoader>> =>
  language === "es" ? (await import("./es-words")).ES_WORDS : WORDS;

/** Adds `groups`' words in `language` to `catalog` (the same object stays the language's catalogue). */
async function addWords(catalog: ShellCatalog, groups: Iterable<WordGroup>, language: Language) {
  const loaders = await wordLoaders(language);
  await Promise.all([...groups].map((group) => loaders[group]().then((m) => Object.assign(catalog, m.words))));
}

/** Loads `groups`' words in the active language into `TEXT`. */
export async function loadWords(groups: readonly WordGroup[]) {
  for (const group of groups) loadedGroups.add(group);
  await addWords(TEXT, groups, active);
}

/** Starts downloading `groups`' words in `language` (a first visit, before the app is there). */
export function preloadWords(groups: readonly WordGroup[], language: Language) {
  void wordLoaders(language)
    .then((loaders) => {
      for (const group of groups) void loaders[group]().catch(() => undefined);
    })
    .catch(() => undefined);
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

/** The cookie that tells the worker this device's choice, so the pages it renders are in it (client/server-render.tsx). */
export const LANGUAGE_COOKIE = "lang";

export function rememberLanguage(language: Language) {
  // biome-ignore lint/suspicious/noDocumentCookie: a fixed word (en, es) written where every browser can (Cookie Store is newer).
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
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
  // Spanish's loaders download beside its catalogue, not after it.
  const [catalog] = await Promise.all([
    language === "es" ? import("./es").then((m) => m.es) : ENGLISH,
    wordLoaders(language),
  ]);
  await addWords(catalog, loadedGroups, language);
  if (request !== latestRequest) return;
  activateCatalog(catalog);
  // The worker renders in a language too (client/server-render.tsx): no document there.
  if (typeof document !== "undefined") document.documentElement.lang = language;
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
