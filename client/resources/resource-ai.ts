// The AI generator's calls, run by the library's action: one function per tab, POST /api/ai/generate-text
// and POST /api/ai/generate-image through the typed client, answering an ActionResult (a failure: the
// server's error with its details and model; an answer without success: AiInvalidResponse's text).
import type { InferRequestType } from "hono/client";
import { AiInvalidResponse, aiAttempt, aiCall } from "../ai/requests";
import { api, unwrap } from "../api";
import { TEXT } from "../text";

export type TextGenerationInput = InferRequestType<(typeof api.ai)["generate-text"]["$post"]>["json"];
export type ImageGenerationInput = InferRequestType<(typeof api.ai)["generate-image"]["$post"]>["json"];

/** A generation that succeeded; storage_method 'temporary_url' means the image link may expire. */
export type GenerationResult = { success: true; storage_method?: string };

function checked(body: unknown): GenerationResult {
  if (!body || typeof body !== "object" || !("success" in body) || body.success !== true) throw new AiInvalidResponse();
  const method = "storage_method" in body ? body.storage_method : undefined;
  return { success: true, storage_method: typeof method === "string" ? method : undefined };
}

export const generateResourceText = (input: TextGenerationInput) =>
  aiAttempt(
    async () => checked(await aiCall(unwrap(api.ai["generate-text"].$post({ json: input })))),
    TEXT.lounge.aiTextFailed,
  );

export const generateResourceImage = (input: ImageGenerationInput) =>
  aiAttempt(
    async () => checked(await aiCall(unwrap(api.ai["generate-image"].$post({ json: input })))),
    TEXT.lounge.aiImageFailed,
  );
