// The spec's texts of one area (worker/shared/texts.ts gathers them for the worker).
export const RATE_LIMIT_TEXTS = {
  tooMany: (retrySeconds: number) =>
    `Too many requests. Please try again in ${retrySeconds} second${retrySeconds === 1 ? "" : "s"}.`,
} as const;
