// The lounge's limits that only the server checks (worker/shared/rules.ts LIMITS has those the client reads too).

export const LOUNGE_LIMITS = {
  noticeContentMax: 20_000,
  postsPageMax: 50,
  commentsListMax: 200,
  noticesListMax: 50,
} as const;
