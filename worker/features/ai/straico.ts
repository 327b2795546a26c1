// Straico: /v0/prompt/completion for text, /v0/image/generation (URLs) for images, /v0/user for the key.
import { errorText } from "../../shared/texts";
import {
  aiError,
  checkWith,
  nonEmpty,
  type ProviderInfo,
  providerBasics,
  requestJson,
  requireKey,
  styleHint,
} from "./http";
import type { AiProvider, ImageSize, ProviderConfig } from "./types";

export const STRAICO_DEFAULT_BASE_URL = "https://api.straico.com";
const info: ProviderInfo = { name: "straico", label: "Straico", secret: "STRAICO_API_KEY" };

export const STRAICO_IMAGE_SIZES: Record<ImageSize, "square" | "landscape" | "portrait"> = {
  "1024x1024": "square",
  "1792x1024": "landscape",
  "1024x1792": "portrait",
};

export function createStraicoProvider(config: ProviderConfig): AiProvider {
  const { base, timeouts, identity } = providerBasics(info, config, STRAICO_DEFAULT_BASE_URL);
  const auth = (key: string) => ({ authorization: `Bearer ${key}` });
  return {
    ...identity,

    async generateText(prompt, system) {
      const key = requireKey(info, config);
      // Straico's completion takes one message: the instructions go first.
      const body = await requestJson(info, config, key, {
        url: `${base}/v0/prompt/completion`,
        headers: auth(key),
        body: { model: config.textModel, message: system ? `${system}\n\n${prompt}` : prompt },
        timeoutMs: timeouts.textMs,
      });
      return nonEmpty(info, body?.data?.completion?.choices?.[0]?.message?.content);
    },

    async generateImage({ prompt, style, quality, size }) {
      const key = requireKey(info, config);
      if (!config.imageModel)
        throw aiError(info, 503, errorText("ai_images_not_configured", info.label, "STRAICO_IMAGE_MODEL"));
      const body = await requestJson(info, config, key, {
        url: `${base}/v0/image/generation`,
        headers: auth(key),
        body: {
          model: config.imageModel,
          description: `${prompt}\n\n${styleHint(style, quality)}`,
          size: STRAICO_IMAGE_SIZES[size],
          variations: 1,
        },
        timeoutMs: timeouts.imageMs,
      });
      const url = body?.data?.images?.[0];
      if (typeof url === "string" && /^https?:\/\//.test(url)) return { url };
      throw aiError(info, 502, errorText("ai_empty_image", info.label));
    },

    checkKey: () =>
      checkWith(info, config, (key) => ({
        url: `${base}/v0/user`,
        headers: auth(key),
        timeoutMs: timeouts.keyCheckMs,
      })),
  };
}
