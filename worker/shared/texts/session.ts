// The spec's texts of one area (worker/shared/texts.ts gathers them for the worker).
export const SESSION_TEXTS = {
  fetchUserFailed: (status: number) => `Failed to fetch user: API responded with HTTP status ${status}`,
  redirectFailed: (status: number) => `Failed to get login redirect URL: API responded with HTTP status ${status}`,
  exchangeFailed: (status: number) =>
    `Failed to exchange code for session token: API responded with HTTP status ${status}`,
  noCode: "Cannot exchange code for session token: no code provided in the URL search params",
  logoutFailed: "Failed to logout",
  completing: "Completing your cosmic journey...",
  loading: "Loading...",
} as const;
