// The words of lounge in English, loaded with the screens that show them (client/i18n/language.ts
// WORDS; docs/client.md "Words"). words.es.ts is the same in Spanish.
import { LOUNGE_TEXTS } from "../../worker/shared/texts/lounge";

export const words = {
  lounge: {
    ...LOUNGE_TEXTS,
    heading: "Lounge",
    feedTitle: "Community",
    moreFailed: "Could not load more posts.",
    loadingMore: "Loading more posts",
    emptyTitle: "No posts yet",
    emptyText: "Be the first to share something with the community.",
    commentsTitle: "Comments",
    boardFailed: "Could not load the notice board.",
    noNotices: "No notices yet. The stars are quiet today.",
    newNotice: "+ New Notice",
    notices: "Notices",
    deleteNotice: (title: string) => `Delete notice ${title}`,
    welcomeTitle: "Welcome to the Cosmic Lounge",
    welcomeText:
      "A gentle space to share insights, celebrate small victories and support each other on the journey. Be kind, stay curious and let your light shine.",
    adminCrown: "Admin crown",
    adminTag: "ADMIN",
    like: "Like",
    unlike: "Unlike",
    likesNoun: (n: number) => (n === 1 ? "like" : "likes"),
    commentsNoun: (n: number) => (n === 1 ? "comment" : "comments"),
    share: "Share",
  },
};
