// The spec's texts of one area (worker/shared/texts.ts gathers them for the worker, with moderation.ts's):
// the server's answers to reports and moderators' writes. The client shows two, with its report dialog.
export const MODERATION_ANSWER_TEXTS = {
  cannotMuteAdmin: "Admins cannot be muted",
  reportSent: "Thanks. A moderator will review it; the author will not know who reported it.",
  alreadyReported: "You have already reported this",
  cannotReportOwn: "You cannot report your own content",
  alreadyRemoved: "This was already removed by a moderator",
  contentNotFound: "That content no longer exists",
  reportNotFound: "Report not found",
  alreadyResolved: "This report was already resolved",
  hiddenNoInteraction: "This post was removed by a moderator",
} as const;
