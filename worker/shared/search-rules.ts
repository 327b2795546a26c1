// Search's limits that only the server applies (worker/shared/rules.ts LIMITS has the query's length, which
// the client checks too).

export const SEARCH_LIMITS = {
  searchTermsMax: 8,
  searchResults: 20,
  /** Programs and lessons (the programs feature's search) shown first among all kinds; the indexed kinds fill the rest. */
  programResults: 5,
  /**
   * Search ranks the newest this-many matches of each kind (BM25 over that window: a word found
   * everywhere costs the same as a rare one; an older match of a word that is in more rows of a kind
   * than this is not found), and expands the last word into at most searchPrefixTerms whole terms that
   * start with it (the first ones in alphabetical order).
   */
  searchCandidates: 100,
  searchPrefixTerms: 16,
} as const;
