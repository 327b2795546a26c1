// The spec's texts of one area (worker/shared/texts.ts gathers them for the worker).
export const AUTH_TEXTS = {
  googleAccountMismatch:
    "This email is already linked to a different Google account. Sign in with the Google account you used before, or ask an admin for help.",
} as const;
