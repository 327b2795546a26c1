// The spec's texts of one area (worker/shared/texts.ts gathers them for the worker).
export const AI_TEXTS = {
  notConfigured: (label: string, secret: string) => `${label} is not configured: set the ${secret} secret`,
  imageNotConfigured: (label: string, variable: string) =>
    `${label} image generation is not configured: set the ${variable} variable to an image model`,
  invalidKey: (label: string) => `Invalid API key for ${label}`,
  timeout: "The AI provider did not answer in time",
  unreachable: (label: string) => `Could not reach ${label}. Please try again.`,
  unavailable: (label: string, status: number) =>
    `${label} is unavailable right now (HTTP ${status}). Please try again later.`,
  busy: (label: string) => `${label} is busy or out of quota. Please try again later.`,
  rejected: (label: string, status: number) => `${label} rejected the request (HTTP ${status})`,
  blocked: (label: string, reason: string) =>
    `${label} blocked this prompt (${reason}). Please try a different prompt.`,
  invalidResponse: (label: string) => `${label} sent a response that could not be read`,
  emptyImage: (label: string) => `${label} returned no image. Please try with a different prompt.`,
  keyNotConfigured: "Not configured",
  promptRequired: "Prompt is required",
  imageStoreFailed: "The generated image could not be stored. Please try again.",
  imageDownloadRefused: "The image link from the AI provider was refused",
  temporaryUrlWarning:
    "The image could not be stored, so the AI provider's link was kept instead. This link may expire: download the image soon.",
  resourceGenerated: "Resource generated",
  notConfiguredShort: (label: string) => `${label} is not configured`,
  imagesNotConfiguredShort: (label: string) => `${label} image generation is not configured`,
  rateLimited: (limit: number, windowLabel: string, retryMinutes: number) =>
    `Too many AI requests: the limit is ${limit} per ${windowLabel}. Please try again in ${retryMinutes} minute${retryMinutes === 1 ? "" : "s"}.`,
} as const;
