// The chat's limits that only the server checks (worker/shared/rules.ts LIMITS has those the client reads too).

export const CHAT_LIMITS = {
  /** GET /messages without `after`: the latest page (LIMITS.chatCatchUpPage: with `after`). */
  chatHistoryPage: 50,
} as const;
