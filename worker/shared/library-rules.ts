// The resource library's limits that only the server checks (worker/shared/rules.ts LIMITS has those the
// client reads too).

export const LIBRARY_LIMITS = {
  resourceTitleMax: 200,
  resourceDescriptionMax: 2000,
  resourcesPageMax: 50,
  resourceSearchMax: 100,
} as const;
