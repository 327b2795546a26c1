// The client's one text catalogue: the spec's texts shared with the worker (worker/shared/texts.ts)
// plus every string the screens show, in English; client/i18n/es.ts is the same catalogue in Spanish
// (Chile). Screens read words only from `TEXT`, a live binding that setLanguage() (client/i18n/language.ts)
// points at the active language's catalogue before the app re-renders (docs/client.md "Words").
// This file holds the words of the shell and of more than one screen; the sections only one screen
// shows are in that screen's words.ts / words.es.ts and load with it (`WORDS`, client/i18n/language.ts).

import type { API_ERRORS } from "../worker/shared/texts";
import { CONFIRM_TEXTS } from "../worker/shared/texts/confirm";
import { MODERATION_TEXTS } from "../worker/shared/texts/moderation";
import { PAYMENT_PROCESSING_TEXTS } from "../worker/shared/texts/payment-processing";
import { SESSION_TEXTS } from "../worker/shared/texts/session";
import type { Widen } from "./i18n/catalog";

// The spec's texts of the sections that load with their screens (lounge, chat, admin, profile, account, autorenew) come
// with those words (words.ts); the API's error texts are not here: in English the server's own are shown.
const en = {
  session: SESSION_TEXTS,
  confirm: CONFIRM_TEXTS,
  /** The Intl locale of the language: numbers, money and dates. */
  locale: { tag: "en-US" },
  /** docs/spec.md §9 relative time: 'Just now', 'Nh ago', 'Nd ago'. */
  time: {
    justNow: "Just now",
    hoursAgo: (n: number) => `${n}h ago`,
    daysAgo: (n: number) => `${n}d ago`,
    hour: "hour",
  },
  /** The shell's navigation (client/components/AppLayout.tsx). */
  nav: {
    main: "Main",
    openNavigation: "Open navigation",
    lounge: "Lounge",
    chat: "Chat",
    resources: "Resources",
    profile: "Profile",
    settings: "Settings",
    /** The header's avatar: the menu to the member's profile and settings. */
    accountMenu: "Your account",
    events: "Events",
    programs: "Programs",
    admin: "Admin",
    member: "Member",
    signOut: "Sign Out",
  },
  language: {
    label: "Language",
    names: { en: "English", es: "Español" },
    saveFailed: "Your language could not be saved on your profile; it is kept on this device.",
  },
  common: {
    loading: "Loading",
    loadFailed: "This page could not be loaded.",
    writeFailed: "That did not work. Please try again.",
    tryAgain: "Try again",
    cancel: "Cancel",
    closeDialog: "Close dialog",
    working: "Working",
    pleaseConfirm: "Please confirm",
    delete: "Delete",
    loadMore: "Load more",
    skipToContent: "Skip to content",
    brand: "Cosmic Lounge",
    /** The document's title on a screen (client/components/PageTitle.tsx). */
    pageTitle: (screen: string) => `${screen} · Cosmic Lounge`,
  },
  /** Screen names for the document's title, where the navigation has none. */
  titles: {
    pricing: "Membership",
    payReturn: "Payment",
  },

  /** The payment return while the payment is verified (client/pay-return/Processing.tsx: the route's first paint). */
  paymentProcessing: {
    ...PAYMENT_PROCESSING_TEXTS,
    verifyingLabel: "Verifying payment",
    verifyingText: "Verifying your payment with Webpay...",
  },
  /** What the items show of moderation; the report dialog's words load with it (client/moderation/report-words.ts). */
  moderation: {
    ...MODERATION_TEXTS,
    report: "Report",
    reportPost: "Report post",
    reportComment: (name: string) => `Report the comment of ${name}`,
    reportMessage: (name: string) => `Report the message of ${name}`,
    postOptions: "Post options",
    deletePost: "Delete post",
  },
  /** The header's search button; the dialog's words load with it (client/search/words.ts). */
  search: { open: "Search", shortcut: "Ctrl K", shortcutMac: "⌘ K" },

  unread: {
    badge: (n: number) => (n === 1 ? "1 unread message" : `${n} unread messages`),
    more: (cap: number) => `${cap}+`,
  },
  mentions: {
    suggestions: "People to mention",
    noMatch: "No member by that name",
  },
};

/** The shell's part of every language's catalogue (client/i18n/es.ts is typed against it). */
export type ShellCatalog = Widen<typeof en>;
/** The sections that load with the screens that show them (each words.es.ts is typed against its words.ts). */
type ScreenWords = typeof import("./landing/words").words &
  typeof import("./auth-dev/words").words &
  typeof import("./components/not-found-words").words &
  typeof import("./search/words").words &
  typeof import("./lounge/words").words &
  typeof import("./lounge/dialog-words").words &
  typeof import("./chat/words").words &
  typeof import("./chat/dialog-words").words &
  typeof import("./conversations/words").words &
  typeof import("./conversations/menu-words").words &
  typeof import("./moderation/report-words").words &
  typeof import("./admin/words").words &
  typeof import("./admin/tabs-words").words &
  typeof import("./admin/revenue-words").words &
  typeof import("./profile/payment-words").words &
  typeof import("./profile/words").words &
  typeof import("./profile/data-rights-words").words &
  typeof import("./resources/words").words &
  typeof import("./resources/dialog-words").words &
  typeof import("./ai/words").words &
  typeof import("./autorenew/words").words &
  typeof import("./pricing/words").words &
  typeof import("./events/words").words &
  typeof import("./programs/words").words &
  typeof import("./notifications/words").words &
  typeof import("./notifications/settings-words").words &
  typeof import("./settings/words").words;
/** The API's error texts by code, in a translation: English shows the server's own `error` (client/api.ts). */
export type ErrorTexts = Widen<typeof API_ERRORS>;
/** A translation's shell: the API's error texts with it (client/i18n/es.ts). */
export type TranslatedShellCatalog = ShellCatalog & { errors: ErrorTexts };
/**
 * The whole catalogue. A screen's sections are there once its words have loaded: the route's `lazy`
 * waits for them (client/screens.ts), so a screen, its loader and its dialogs always find them.
 */
export type Catalog = ShellCatalog & Widen<ScreenWords> & { errors?: ErrorTexts };
const shell: ShellCatalog = en;
export const ENGLISH = shell as Catalog;

/** The active language's catalogue. Read it at render time (not in module-level constants). */
export let TEXT: Catalog = ENGLISH;

/**
 * Points `TEXT` at another catalogue; only setLanguage() calls it (then the app re-renders), after it
 * has added the words of the screens loaded so far.
 */
export function activateCatalog(catalog: ShellCatalog) {
  TEXT = catalog as Catalog;
}
