// The AI generation's rules (worker/shared/rules.ts re-exports them).

/** Cost control: AI calls per user per hour (AI_CALLS_PER_HOUR overrides it). */
export const AI_LIMITS = {
  callsPerHourDefault: 20,
  textTimeoutMs: 30_000,
  imageTimeoutMs: 60_000,
  keyCheckTimeoutMs: 10_000,
  /** A provider image downloaded by URL (Straico) is refused above this size. */
  imageDownloadMaxBytes: 20 * 1024 * 1024,
  imageDownloadMaxRedirects: 3,
} as const;

export const AI_NOTICE_DEFAULT_TITLE = "AI Generated Notice";

export const NOTICE_TEXT_TYPES = ["announcement", "newsletter", "welcome", "event", "wisdom", "update"] as const;
export const RESOURCE_TEXT_TYPES = ["article", "guide", "meditation", "wisdom"] as const;
export const TEXT_MODELS = ["openai", "gemini", "straico"] as const;
export const IMAGE_MODELS = ["openai", "gemini", "straico"] as const;
export const IMAGE_STYLES = ["vivid", "natural"] as const;
export const IMAGE_QUALITIES = ["standard", "hd"] as const;
export const IMAGE_SIZES = ["1792x1024", "1024x1024", "1024x1792"] as const;
