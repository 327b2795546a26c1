// OpenAI: chat completions for text, a GPT image model for images (base64 only), /v1/models for the key.

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
import type { AiProvider, ImageQuality, ImageSize, ProviderConfig } from "./types";

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com";
const info: ProviderInfo = { name: "openai", label: "OpenAI", secret: "OPENAI_API_KEY" };

/** DALL-E 3 sizes onto the GPT image models' sizes. */
export const OPENAI_IMAGE_SIZES: Record<ImageSize, string> = {
  "1024x1024": "1024x1024",
  "1792x1024": "1536x1024",
  "1024x1792": "1024x1536",
};
export const OPENAI_IMAGE_QUALITIES: Record<ImageQuality, string> = { standard: "medium", hd: "high" };

export function createOpenAiProvider(config: ProviderConfig): AiProvider {
  const { base, timeouts, identity } = providerBasics(info, config, OPENAI_DEFAULT_BASE_URL);
  const auth = (key: string) => ({ authorization: `Bearer ${key}` });
  return {
    ...identity,

    async generateText(prompt, system) {
      const key = requireKey(info, config);
      const messages = [...(system ? [{ role: "system", content: system }] : []), { role: "user", content: prompt }];
      const body = await requestJson(info, config, key, {
        url: `${base}/v1/chat/completions`,
        headers: auth(key),
        body: { model: config.textModel, messages },
        timeoutMs: timeouts.textMs,
      });
      const choice = body?.choices?.[0];
      if (choice?.message?.refusal && !choice.message.content) {
        throw aiError(
          info,
          422,
          errorText("ai_blocked", info.label, "refusal"),
          String(choice.message.refusal).slice(0, 300),
        );
      }
      return nonEmpty(info, choice?.message?.content);
    },

    async generateImage({ prompt, style, quality, size }) {
      const key = requireKey(info, config);
      if (!config.imageModel)
        throw aiError(info, 503, errorText("ai_images_not_configured", info.label, "OPENAI_IMAGE_MODEL"));
      const body = await requestJson(info, config, key, {
        url: `${base}/v1/images/generations`,
        headers: auth(key),
        body: {
          model: config.imageModel,
          prompt: `${prompt}\n\n${styleHint(style)}`,
          size: OPENAI_IMAGE_SIZES[size],
          quality: OPENAI_IMAGE_QUALITIES[quality],
          n: 1,
        },
        timeoutMs: timeouts.imageMs,
      });
      const item = body?.data?.[0];
      if (typeof item?.b64_json === "string" && item.b64_json) {
        const bytes = base64ToBytes(item.b64_json);
        return { bytes, contentType: sniffImageType(bytes) ?? "image/png" };
      }
      if (typeof item?.url === "string" && /^https?:\/\//.test(item.url)) return { url: item.url };
      throw aiError(info, 502, errorText("ai_empty_image", info.label));
    },

    checkKey: () =>
      checkWith(info, config, (key) => ({
        url: `${base}/v1/models`,
        headers: auth(key),
        timeoutMs: timeouts.keyCheckMs,
      })),
  };
}
