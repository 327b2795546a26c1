// The spec's texts of one area (worker/shared/texts.ts gathers them for the worker).
export const SEARCH_TEXTS = {
  queryRequired: "Type something to search for",
} as const;
