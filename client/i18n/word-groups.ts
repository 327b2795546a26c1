// The word groups (docs/client.md "Words"): a screen's route loads its groups with its code
// (client/screens.ts), and a language change loads the groups loaded so far in the new language before
// the app renders in it (client/i18n/language.ts). Spanish's loaders are `ES_WORDS` (client/i18n/es-words.ts),
// a chunk of their own: an English visit does not carry them.
import type { Catalog } from "../text";

/** A group's words in one language. */
export type WordLoader = () => Promise<{ words: Partial<Catalog> }>;

/** Each group's words in English. */
export const WORDS = {
  search: () => import("../search/words"),
  devSignIn: () => import("../auth-dev/words"),
  notFound: () => import("../components/not-found-words"),
  landing: () => import("../landing/words"),
  lounge: () => import("../lounge/words"),
  loungeDialogs: () => import("../lounge/dialog-words"),
  chat: () => import("../chat/words"),
  channelDialogs: () => import("../chat/dialog-words"),
  conversations: () => import("../conversations/words"),
  menus: () => import("../conversations/menu-words"),
  reportDialog: () => import("../moderation/report-words"),
  admin: () => import("../admin/words"),
  adminTabs: () => import("../admin/tabs-words"),
  revenue: () => import("../admin/revenue-words"),
  payments: () => import("../profile/payment-words"),
  profile: () => import("../profile/words"),
  dataRights: () => import("../profile/data-rights-words"),
  library: () => import("../resources/words"),
  libraryDialogs: () => import("../resources/dialog-words"),
  ai: () => import("../ai/words"),
  autorenew: () => import("../autorenew/words"),
  checkout: () => import("../pricing/words"),
  events: () => import("../events/words"),
  programs: () => import("../programs/words"),
  notifications: () => import("../notifications/words"),
  notificationSettings: () => import("../notifications/settings-words"),
  settings: () => import("../settings/words"),
} satisfies Record<string, WordLoader>;
export type WordGroup = keyof typeof WORDS;
