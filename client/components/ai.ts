// Shared by the notice modal (lounge) and the AI generator (resources): what the server can generate
// (the AI requests themselves and their failures: client/ai/requests.ts, loaded on first use).
import { useFetcher } from "react-router";
import type { IMAGE_MODELS } from "../../worker/shared/ai-rules";
import { type Answer, api, unwrap } from "../api";
import { AI_CAPABILITIES_PATH } from "../data-paths";
import { TEXT } from "../text";

export type AiCapabilities = Answer<typeof api.ai.capabilities.$get>;
type ImageModel = (typeof IMAGE_MODELS)[number];

const LABELS: Record<ImageModel, string> = { openai: "OpenAI", gemini: "Gemini", straico: "Straico" };

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
  if (caps?.images[model] !== false) return null;
  if (model === "gemini") return TEXT.ai.geminiImagesSoonText;
  return TEXT.ai.imagesNotConfiguredShort(LABELS[model]);
}
