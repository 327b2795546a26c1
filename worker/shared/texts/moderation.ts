// The spec's texts of one area (worker/shared/texts.ts gathers them for the worker): what items and a muted
// member show. The server's answers to reports and moderators' writes are in moderation-answers.ts: the
// client's shell shows these, its report dialog those.
export const MODERATION_TEXTS = {
  /** What everyone sees in place of hidden content. */
  removed: "Removed by a moderator",
  removedReason: (reason: string) => `Removed by a moderator: reported as ${reason}. Only you see this reason.`,
  reasonLabels: { spam: "spam", harassment: "harassment", other: "breaking the community's guidelines" },
  muted: (until: string) => `You are muted until ${until}. You can read, but not post, comment or chat until then.`,
} as const;
