// What the ai feature offers the others; anything not named here is its own.
export { generateImageBytes } from "./generate";
export { aiImageFields } from "./inputs";
export { limitAiCalls } from "./limit";
export { AI_PROVIDERS, getAiProvider } from "./providers";
export type { ImageRequest, ProviderName } from "./types";
