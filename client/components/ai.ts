// Shared by the notice modal (lounge) and the AI generator (resources): what the server can generate,
// and the spec's way of showing an AI failure.
import { useFetcher } from "react-router";
import type { IMAGE_MODELS } from "../../worker/shared/rules";
import { TEXT } from "../text";
import { api, ApiRequestError, unwrap, type Answer } from "../api";
import { attempt, ShownError } from "../data/actions";

export type AiCapabilities = Answer<typeof api.ai.capabilities.$get>;
type ImageModel = (typeof IMAGE_MODELS)[number];

const LABELS: Record<ImageModel, string> = { openai: "OpenAI", gemini: "Gemini", straico: "Straico" };

export const AI_CAPABILITIES_PATH = "/data/ai/capabilities";

/** GET /api/ai/capabilities; null when it failed or is malformed (the server decides then). */
export const aiCapabilitiesLoader = (): Promise<AiCapabilities | null> =>
  unwrap(api.ai.capabilities.$get()).then(
    (body) => (body && typeof body === "object" && body.images && body.text ? body : null),
    () => null,
  );

/**
 * What the server can generate, through one keyed fetcher of the data-only route: `load()` is called by
 * whatever opens an image form (once; the answer stays while a form shows it); `caps` is null while
 * loading or when it failed.
 */
export function useAiCapabilities() {
  const fetcher = useFetcher<typeof aiCapabilitiesLoader>({ key: "ai-capabilities" });
  const load = () => {
    if (fetcher.state === "idle" && fetcher.data === undefined) void fetcher.load(AI_CAPABILITIES_PATH);
  };
  return { caps: fetcher.data ?? null, load };
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
export class AiInvalidResponse extends ShownError {
  constructor() {
    super(TEXT.lounge.aiInvalidResponse);
  }
}

/** docs/spec.md §8: the server's error (or the fallback), then 'Details: …' and 'Model: …' lines when given. */
export function aiErrorLines(err: unknown, fallback: string): string[] {
  if (err instanceof ShownError) return [err.message];
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

/** Runs an AI request as an action's write: its failure is the lines of `aiErrorLines`, one text. */
export const aiAttempt = <T,>(run: () => Promise<T>, fallback: string) =>
  attempt(() =>
    run().catch((err: unknown) => {
      throw err instanceof ShownError ? err : new ShownError(aiErrorLines(err, fallback).join("\n"));
    }),
  );
