// Each word group's loader in Spanish (client/i18n/word-groups.ts has English's), loaded only when the
// language is Spanish. Apart from the catalogue (client/i18n/es.ts): the groups' Spanish words import
// shared texts from it, and nothing there imports them back.
import type { WordGroup, WordLoader } from "./word-groups";

export const ES_WORDS = {
  search: () => import("../search/words.es"),
  devSignIn: () => import("../auth-dev/words.es"),
  notFound: () => import("../components/not-found-words.es"),
  landing: () => import("../landing/words.es"),
  lounge: () => import("../lounge/words.es"),
  loungeDialogs: () => import("../lounge/dialog-words.es"),
  chat: () => import("../chat/words.es"),
  channelDialogs: () => import("../chat/dialog-words.es"),
  conversations: () => import("../conversations/words.es"),
  menus: () => import("../conversations/menu-words.es"),
  reportDialog: () => import("../moderation/report-words.es"),
  admin: () => import("../admin/words.es"),
  adminTabs: () => import("../admin/tabs-words.es"),
  revenue: () => import("../admin/revenue-words.es"),
  payments: () => import("../profile/payment-words.es"),
  profile: () => import("../profile/words.es"),
  dataRights: () => import("../profile/data-rights-words.es"),
  library: () => import("../resources/words.es"),
  libraryDialogs: () => import("../resources/dialog-words.es"),
  ai: () => import("../ai/words.es"),
  autorenew: () => import("../autorenew/words.es"),
  checkout: () => import("../pricing/words.es"),
  events: () => import("../events/words.es"),
  programs: () => import("../programs/words.es"),
  notifications: () => import("../notifications/words.es"),
  notificationSettings: () => import("../notifications/settings-words.es"),
  settings: () => import("../settings/words.es"),
} satisfies Record<WordGroup, WordLoader>;
