// One interface over the AI providers (OpenAI, Gemini, Straico): text, image and key check.
import type { IMAGE_QUALITIES, IMAGE_SIZES, IMAGE_STYLES, TEXT_MODELS } from "../../shared/ai-rules";

export type ProviderName = (typeof TEXT_MODELS)[number];
export type ImageStyle = (typeof IMAGE_STYLES)[number];
export type ImageQuality = (typeof IMAGE_QUALITIES)[number];
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** The spec's image request (DALL-E 3 vocabulary); each adapter maps it onto its provider. */
export interface ImageRequest {
  prompt: string;
  style: ImageStyle;
  quality: ImageQuality;
  size: ImageSize;
}

/** Either the image itself (OpenAI, Gemini) or a provider URL to download (Straico). */
export interface GeneratedImage {
  bytes?: Uint8Array;
  contentType?: string;
  url?: string;
}

export interface KeyCheck {
  available: boolean;
  error: string | null;
}

export interface AiProvider {
  readonly name: ProviderName;
  /** Human name used in messages: "OpenAI", "Gemini", "Straico". */
  readonly label: string;
  /** True when an API key is set. */
  readonly configured: boolean;
  /** True when a key and an image model are set (Gemini needs GEMINI_IMAGE_MODEL). */
  readonly supportsImages: boolean;
  /** Generated text, never empty (an empty answer throws TEXTS.lounge.aiEmpty). */
  generateText(prompt: string, system?: string): Promise<string>;
  generateImage(request: ImageRequest): Promise<GeneratedImage>;
  /** Never throws: a missing or refused key reads as `{ available: false, error }`. */
  checkKey(): Promise<KeyCheck>;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ProviderTimeouts {
  textMs: number;
  imageMs: number;
  keyCheckMs: number;
}

/** What an adapter needs; built from the environment by index.ts (tests build it directly). */
export interface ProviderConfig {
  apiKey?: string;
  baseUrl: string;
  textModel: string;
  /** Empty or absent: image generation is not configured. */
  imageModel?: string;
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: FetchLike;
  timeouts?: Partial<ProviderTimeouts>;
}
