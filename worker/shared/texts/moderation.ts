// The spec's texts of one area (worker/shared/texts.ts gathers them for the worker).
export const MODERATION_TEXTS = {
  /** What everyone sees in place of hidden content. */
  removed: "Removed by a moderator",
  removedReason: (reason: string) => `Removed by a moderator: reported as ${reason}. Only you see this reason.`,
  reasonLabels: { spam: "spam", harassment: "harassment", other: "breaking the community's guidelines" },
  muted: (until: string) => `You are muted until ${until}. You can read, but not post, comment or chat until then.`,
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
