// The spec's texts of one area (worker/shared/texts.ts gathers them for the worker).
export const API_TEXTS = {
  unauthorized: "Authentication required",
  forbidden: "You do not have permission to do that",
  notFound: "Not found",
  internal: "Internal server error",
  serviceUnavailable: "The service is unavailable right now. Please try again in a few minutes.",
  invalidJson: "Request body must be valid JSON",
  controlCharacters: "Text must not contain control characters",
  unsupportedMediaType: "Send the request body as JSON",
  bodyTooLarge: "The request body is too large",
} as const;
