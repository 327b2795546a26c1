// The AI generator's calls: one function per tab, POST /api/ai/generate-text and
// POST /api/ai/generate-image through the typed client. Failures are thrown as they are
// (ApiRequestError carries { error, details, model }); an answer without success is AiInvalidResponse.
import type { InferRequestType } from "hono/client";
import { api, unwrap } from "../api";
import { aiCall, AiInvalidResponse } from "../components/ai";

export type TextGenerationInput = InferRequestType<(typeof api.ai)["generate-text"]["$post"]>["json"];
export type ImageGenerationInput = InferRequestType<(typeof api.ai)["generate-image"]["$post"]>["json"];

/** A generation that succeeded; storage_method 'temporary_url' means the image link may expire. */
export type GenerationResult = { success: true; storage_method?: string };

function checked(body: unknown): GenerationResult {
  if (!body || typeof body !== "object" || !("success" in body) || body.success !== true) throw new AiInvalidResponse();
  const method = "storage_method" in body ? body.storage_method : undefined;
  return { success: true, storage_method: typeof method === "string" ? method : undefined };
}

export async function generateResourceText(input: TextGenerationInput): Promise<GenerationResult> {
  return checked(await aiCall(unwrap(api.ai["generate-text"].$post({ json: input }))));
}

export async function generateResourceImage(input: ImageGenerationInput): Promise<GenerationResult> {
  return checked(await aiCall(unwrap(api.ai["generate-image"].$post({ json: input }))));
}
