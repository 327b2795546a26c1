// The AI generator's calls: one function per tab. POST /api/ai/generate-text and
// POST /api/ai/generate-image belong to the AI feature; until it lands they fail, so the modal
// shows the spec's error texts.
import type { IMAGE_MODELS, IMAGE_QUALITIES, IMAGE_SIZES, IMAGE_STYLES, RESOURCE_TEXT_TYPES, TEXT_MODELS } from "../../worker/shared/rules";

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

export async function generateResourceText(_input: TextGenerationInput): Promise<GenerationResult> {
  // TODO(AI issue): return unwrap(api.ai["generate-text"].$post({ json: _input })).
  throw new Error("AI text generation is not available yet");
}

export async function generateResourceImage(_input: ImageGenerationInput): Promise<GenerationResult> {
  // TODO(AI issue): return unwrap(api.ai["generate-image"].$post({ json: _input })).
  throw new Error("AI image generation is not available yet");
}
