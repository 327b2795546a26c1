// Shared by the notice modal (lounge) and the AI generator (resources): what the server can generate,
// and the spec's way of showing an AI failure.
import { useEffect, useState } from "react";
import type { IMAGE_MODELS } from "../../worker/shared/rules";
import { TEXT } from "../text";
import { api, ApiRequestError, unwrap, type Answer } from "../api";

export type AiCapabilities = Answer<typeof api.ai.capabilities.$get>;
type ImageModel = (typeof IMAGE_MODELS)[number];

const LABELS: Record<ImageModel, string> = { openai: "OpenAI", gemini: "Gemini", straico: "Straico" };

/** GET /api/ai/capabilities once per mount; null while loading or when it failed (the server decides then). */
export function useAiCapabilities(): AiCapabilities | null {
  const [caps, setCaps] = useState<AiCapabilities | null>(null);
  useEffect(() => {
    let live = true;
    unwrap(api.ai.capabilities.$get())
      .then((body) => {
        if (live && body && typeof body === "object" && body.images && body.text) setCaps(body);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return caps;
}

/**
 * Why image generation with `model` is unavailable ('Coming Soon' on the button), or null when it is
 * available or not known yet.
 */
export function imageUnavailableReason(caps: AiCapabilities | null, model: ImageModel): string | null {
  if (!caps || caps.images[model] !== false) return null;
  if (model === "gemini") return TEXT.resources.geminiImagesSoonText;
  return TEXT.ai.imagesNotConfiguredShort(LABELS[model]);
}

/** An AI answer that is not what the contract says. */
export class AiInvalidResponse extends Error {
  constructor() {
    super(TEXT.lounge.aiInvalidResponse);
  }
}

/** docs/spec.md §8: the server's error (or the fallback), then 'Details: …' and 'Model: …' lines when given. */
export function aiErrorLines(err: unknown, fallback: string): string[] {
  if (err instanceof AiInvalidResponse) return [err.message];
  if (!(err instanceof ApiRequestError)) return [fallback];
  const body = err.body && typeof err.body === "object" ? err.body : {};
  const details = "details" in body ? body.details : undefined;
  const model = "model" in body ? body.model : undefined;
  const lines = [err.serverError || fallback];
  if (typeof details === "string" && details) lines.push(TEXT.ai.detailsLine(details));
  if (typeof model === "string" && model) lines.push(TEXT.ai.modelLine(model));
  return lines;
}

/** Awaits an AI call; a 2xx body that is not JSON is an invalid response, not a network failure. */
export async function aiCall<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (err) {
    if (err instanceof SyntaxError) throw new AiInvalidResponse();
    throw err;
  }
}
