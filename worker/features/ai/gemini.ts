// Gemini: generateContent for text and (with an image model) images; /v1beta/models for the key.

import { sniffImageType } from "../../platform/storage";
import { errorText } from "../../shared/texts";
import {
  aiError,
  base64ToBytes,
  checkWith,
  nonEmpty,
  type ProviderInfo,
  providerBasics,
  requestJson,
  requireKey,
  styleHint,
} from "./http";
import type { AiProvider, ImageSize, ProviderConfig } from "./types";

export const GEMINI_DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com";
const info: ProviderInfo = { name: "gemini", label: "Gemini", secret: "GEMINI_API_KEY" };

export const GEMINI_ASPECT_RATIOS: Record<ImageSize, string> = {
  "1024x1024": "1:1",
  "1792x1024": "16:9",
  "1024x1792": "9:16",
};

/** Finish reasons that mean the answer was withheld rather than finished. */
const BLOCKING_FINISH = new Set([
  "SAFETY",
  "PROHIBITED_CONTENT",
  "BLOCKLIST",
  "SPII",
  "RECITATION",
  "IMAGE_SAFETY",
  "IMAGE_PROHIBITED_CONTENT",
]);

type Part = {
  text?: string;
  inlineData?: { mimeType?: string; data?: string };
  inline_data?: { mime_type?: string; data?: string };
};

/** The parts of Gemini's answer this module reads; every field may be missing. */
type GeminiAnswer = {
  promptFeedback?: { blockReason?: string; blockReasonMessage?: string };
  candidates?: { finishReason?: string; content?: { parts?: Part[] } }[];
} | null;

/** Throws 422 naming the reason when Gemini blocked the prompt or withheld the answer. */
function partsOf(body: GeminiAnswer): Part[] {
  const blockReason = body?.promptFeedback?.blockReason;
  if (blockReason)
    throw aiError(
      info,
      422,
      errorText("ai_blocked", info.label, String(blockReason)),
      body?.promptFeedback?.blockReasonMessage,
    );
  const candidate = body?.candidates?.[0];
  const parts: Part[] = Array.isArray(candidate?.content?.parts) ? candidate.content.parts : [];
  if (!parts.length && candidate?.finishReason && BLOCKING_FINISH.has(candidate.finishReason)) {
    throw aiError(info, 422, errorText("ai_blocked", info.label, candidate.finishReason));
  }
  return parts;
}

export function createGeminiProvider(config: ProviderConfig): AiProvider {
  const { base, timeouts, identity } = providerBasics(info, config, GEMINI_DEFAULT_BASE_URL);
  const auth = (key: string) => ({ "x-goog-api-key": key });
  const modelUrl = (model: string) => `${base}/v1beta/models/${encodeURIComponent(model)}:generateContent`;
  return {
    ...identity,

    async generateText(prompt, system) {
      const key = requireKey(info, config);
      const body = await requestJson(info, config, key, {
        url: modelUrl(config.textModel),
        headers: auth(key),
        body: {
          contents: [{ role: "user", parts: [{ text: prompt }] }],
          ...(system ? { systemInstruction: { parts: [{ text: system }] } } : {}),
        },
        timeoutMs: timeouts.textMs,
      });
      const text = partsOf(body)
        .map((p) => (typeof p.text === "string" ? p.text : ""))
        .join("");
      return nonEmpty(info, text);
    },

    async generateImage({ prompt, style, quality, size }) {
      const key = requireKey(info, config);
      if (!config.imageModel)
        throw aiError(info, 503, errorText("ai_images_not_configured", info.label, "GEMINI_IMAGE_MODEL"));
      const body = await requestJson(info, config, key, {
        url: modelUrl(config.imageModel),
        headers: auth(key),
        body: {
          contents: [{ role: "user", parts: [{ text: `${prompt}\n\n${styleHint(style, quality)}` }] }],
          generationConfig: {
            responseModalities: ["TEXT", "IMAGE"],
            imageConfig: { aspectRatio: GEMINI_ASPECT_RATIOS[size] },
          },
        },
        timeoutMs: timeouts.imageMs,
      });
      for (const part of partsOf(body)) {
        const inline =
          part.inlineData ??
          (part.inline_data && { mimeType: part.inline_data.mime_type, data: part.inline_data.data });
        if (inline?.data) {
          const bytes = base64ToBytes(inline.data);
          return { bytes, contentType: sniffImageType(bytes) ?? inline.mimeType ?? "image/png" };
        }
      }
      throw aiError(info, 502, errorText("ai_empty_image", info.label));
    },

    checkKey: () =>
      checkWith(info, config, (key) => ({
        url: `${base}/v1beta/models`,
        headers: auth(key),
        timeoutMs: timeouts.keyCheckMs,
      })),
  };
}
