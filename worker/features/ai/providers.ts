// Builds the AI providers from the environment (keys are secrets, models and base URLs are vars)
// and reports key health without ever returning a key.
import type { Env } from "../../env";
import { AI_LIMITS, TEXT_MODELS } from "../../shared/ai-rules";
import { TEXTS } from "../../shared/texts";
import { createGeminiProvider } from "./gemini";
import { createOpenAiProvider } from "./openai";
import { createStraicoProvider } from "./straico";
import type { AiProvider, FetchLike, ProviderConfig, ProviderName, ProviderTimeouts } from "./types";

export { createGeminiProvider } from "./gemini";
export { createOpenAiProvider } from "./openai";
export { createStraicoProvider } from "./straico";
export type { AiProvider, GeneratedImage, ImageRequest, KeyCheck, ProviderConfig, ProviderName } from "./types";

export const AI_PROVIDERS = TEXT_MODELS;

/** Test seams: a fetch in place of the global one, shorter timeouts. */
export interface AiOptions {
  fetch?: FetchLike;
  timeouts?: Partial<ProviderTimeouts>;
}

type AiEnv = Pick<
  Env,
  | "OPENAI_API_KEY"
  | "GEMINI_API_KEY"
  | "STRAICO_API_KEY"
  | "OPENAI_BASE_URL"
  | "GEMINI_BASE_URL"
  | "STRAICO_BASE_URL"
  | "OPENAI_TEXT_MODEL"
  | "OPENAI_IMAGE_MODEL"
  | "GEMINI_TEXT_MODEL"
  | "GEMINI_IMAGE_MODEL"
  | "STRAICO_TEXT_MODEL"
  | "STRAICO_IMAGE_MODEL"
  | "AI_CALLS_PER_HOUR"
>;

// Defaults used only when a var is missing entirely; wrangler.toml sets them all.
const DEFAULT_MODELS = {
  openai: { text: "gpt-5-mini", image: "gpt-image-1.5" },
  gemini: { text: "gemini-2.5-flash", image: "gemini-2.5-flash-image" },
  straico: { text: "openai/gpt-4o-mini", image: "openai/dall-e-3" },
} as const;

/** A var that is set but empty ("") means "off" (e.g. no Gemini image model). */
const pick = (value: string | undefined, fallback: string) => (value === undefined ? fallback : value.trim());

const ENV_PREFIX = { openai: "OPENAI", gemini: "GEMINI", straico: "STRAICO" } as const;

/** A provider's settings from its variables: {PREFIX}_API_KEY, _BASE_URL, _TEXT_MODEL, _IMAGE_MODEL. */
export function providerConfig(env: AiEnv, name: ProviderName, options: AiOptions = {}): ProviderConfig {
  const prefix = ENV_PREFIX[name];
  return {
    fetch: options.fetch,
    timeouts: options.timeouts,
    apiKey: env[`${prefix}_API_KEY`],
    baseUrl: env[`${prefix}_BASE_URL`] ?? "",
    textModel: pick(env[`${prefix}_TEXT_MODEL`], DEFAULT_MODELS[name].text),
    imageModel: pick(env[`${prefix}_IMAGE_MODEL`], DEFAULT_MODELS[name].image),
  };
}

/** The provider the request names (`model` in the spec's AI requests is one of openai|gemini|straico). */
export function getAiProvider(env: AiEnv, name: ProviderName, options: AiOptions = {}): AiProvider {
  const config = providerConfig(env, name, options);
  if (name === "openai") return createOpenAiProvider(config);
  if (name === "gemini") return createGeminiProvider(config);
  return createStraicoProvider(config);
}

/**
 * A key described without revealing it: 'sk-p…9xQz (51 chars)' (prefix up to 4, last four, length).
 * Keys shorter than 12 characters show only their length, so no short key is ever shown whole.
 */
export function maskKey(key: string | undefined | null): string {
  const trimmed = key?.trim() ?? "";
  if (!trimmed) return TEXTS.ai.keyNotConfigured;
  const length = `(${trimmed.length} chars)`;
  if (trimmed.length < 12) return `… ${length}`;
  return `${trimmed.slice(0, 4)}…${trimmed.slice(-4)} ${length}`;
}

export interface KeyHealth {
  available: boolean;
  keyFormat: string;
  error: string | null;
}

/** Checks the three keys in parallel (each check has its own timeout and never throws). */
export async function checkAllKeys(env: AiEnv, options: AiOptions = {}): Promise<Record<ProviderName, KeyHealth>> {
  const keys: Record<ProviderName, string | undefined> = {
    openai: env.OPENAI_API_KEY,
    gemini: env.GEMINI_API_KEY,
    straico: env.STRAICO_API_KEY,
  };
  const entries = await Promise.all(
    AI_PROVIDERS.map(async (name) => {
      const check = await getAiProvider(env, name, options).checkKey();
      return [name, { available: check.available, keyFormat: maskKey(keys[name]), error: check.error }] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<ProviderName, KeyHealth>;
}

/** AI calls allowed per user per hour: AI_CALLS_PER_HOUR, or the default when unset or not a positive integer. */
export function aiCallsPerHour(env: Partial<Pick<Env, "AI_CALLS_PER_HOUR">>): number {
  const n = Number(env.AI_CALLS_PER_HOUR);
  return Number.isInteger(n) && n > 0 ? n : AI_LIMITS.callsPerHourDefault;
}
