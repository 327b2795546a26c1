// The AI generator's calls: one function per tab, POST /api/ai/generate-text and
// POST /api/ai/generate-image through the typed client. Failures are thrown as they are
// (ApiRequestError carries { error, details, model }); an answer without success is AiInvalidResponse.
import type { IMAGE_MODELS, IMAGE_QUALITIES, IMAGE_SIZES, IMAGE_STYLES, RESOURCE_TEXT_TYPES, TEXT_MODELS } from "../../worker/shared/rules";
import { api, unwrap } from "../api";
import { aiCall, AiInvalidResponse } from "../components/ai";

export type TextGenerationInput = {
  prompt: string;
  title?: string;
  type: (typeof RESOURCE_TEXT_TYPES)[number];
  tags: string[];
  model: (typeof TEXT_MODELS)[number];
};

export type ImageGenerationInput = {
  prompt: string;
  title?: string;
  style: (typeof IMAGE_STYLES)[number];
  quality: (typeof IMAGE_QUALITIES)[number];
  size: (typeof IMAGE_SIZES)[number];
  tags: string[];
  model: (typeof IMAGE_MODELS)[number];
};

/** A generation that succeeded; storage_method 'temporary_url' means the image link may expire. */
export type GenerationResult = { success: true; storage_method?: string };

function checked(body: unknown): GenerationResult {
  if (!body || typeof body !== "object" || (body as { success?: unknown }).success !== true) throw new AiInvalidResponse();
  const method = (body as { storage_method?: unknown }).storage_method;
  return { success: true, storage_method: typeof method === "string" ? method : undefined };
}

export async function generateResourceText(input: TextGenerationInput): Promise<GenerationResult> {
  return checked(await aiCall(unwrap(api.ai["generate-text"].$post({ json: input }))));
}

export async function generateResourceImage(input: ImageGenerationInput): Promise<GenerationResult> {
  return checked(await aiCall(unwrap(api.ai["generate-image"].$post({ json: input }))));
}
