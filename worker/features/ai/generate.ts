// What the AI routes do, one function per route: choose the provider, generate, shape the result
// (sanitised notice HTML, markdown resources) and store images in R2. The routes validate, authorize,
// count the call (limitAiCalls) and shape the response. Errors are ApiErrors `{ error, code, details?, model }`.
import type { Database } from "../../db/client";
import type { Env } from "../../env";
import { ApiError } from "../../platform/errors";
import { isBlankHtml, sanitizeHtml } from "../../platform/sanitize-html";
import { newBlobKey, putBlob } from "../../platform/storage";
import type { NOTICE_TEXT_TYPES, RESOURCE_TEXT_TYPES } from "../../shared/ai-rules";
import { cleanTitleLine, noticeTitle, splitTitle, wrapParagraphs } from "../../shared/ai-text";
import { LIBRARY_LIMITS } from "../../shared/library-rules";
import { DEFAULT_NAME, LIMITS } from "../../shared/rules";
import { API_ERRORS, type CodedText, errorText } from "../../shared/texts";
import { insertResource, type ResourceRow, storeResource } from "../library/index";
import { GEMINI_DEFAULT_BASE_URL } from "./gemini";
import { downloadImage, originOf } from "./image-download";
import { OPENAI_DEFAULT_BASE_URL } from "./openai";
import { noticeSystemPrompt, resourceSystemPrompt } from "./prompts";
import { AI_PROVIDERS, getAiProvider, providerConfig } from "./providers";
import { STRAICO_DEFAULT_BASE_URL } from "./straico";
import type { AiProvider, ImageRequest, ProviderName } from "./types";

const DEFAULT_BASE_URLS: Record<ProviderName, string> = {
  openai: OPENAI_DEFAULT_BASE_URL,
  gemini: GEMINI_DEFAULT_BASE_URL,
  straico: STRAICO_DEFAULT_BASE_URL,
};

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/bmp": "bmp",
};
const extensionOf = (contentType: string) => EXTENSIONS[contentType] ?? "png";

/** An error of our own about one provider's result, in the AI error shape. */
const aiFailure = (status: 400 | 422 | 502, message: string | CodedText, model: ProviderName, details?: unknown) =>
  new ApiError(status, message, details, undefined, { model });

/** The member a generated resource belongs to. */
export type ResourceOwner = { id: number; name: string | null };
const ownerOf = (user: ResourceOwner) => ({ id: user.id, name: user.name?.trim() || DEFAULT_NAME });

/** A file name from a title: letters and digits joined by dashes, or `fallback`. */
function fileNameFrom(title: string, extension: string, fallback: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return `${slug || fallback}.${extension}`;
}

/** A title from the prompt when none was given or generated. */
const titleFromPrompt = (text: string) => {
  const line = cleanTitleLine(text.split("\n")[0] ?? "");
  return line.length > LIMITS.aiNoticeTitleMax ? `${line.slice(0, LIMITS.aiNoticeTitleMax - 3).trimEnd()}...` : line;
};

/** The image's bytes (null when only a link could be had), and the provider's link if it gave one. */
type ImageResult = { bytes: Uint8Array | null; contentType: string; sourceUrl: string | null; error?: string };

/**
 * Generates an image and gets its bytes: given by the provider, or downloaded from the provider's URL
 * (SSRF-checked). When the download fails the bytes are null and the reason is given.
 */
async function generateImage(env: Env, provider: AiProvider, request: ImageRequest): Promise<ImageResult> {
  const image = await provider.generateImage(request);
  if (image.bytes?.length)
    return { bytes: image.bytes, contentType: image.contentType ?? "image/png", sourceUrl: image.url ?? null };
  if (!image.url) throw aiFailure(502, errorText("ai_empty_image", provider.label), provider.name);
  const trusted = originOf(providerConfig(env, provider.name).baseUrl || DEFAULT_BASE_URLS[provider.name]);
  try {
    const downloaded = await downloadImage(image.url, trusted);
    return { ...downloaded, sourceUrl: image.url };
  } catch (err) {
    return {
      bytes: null,
      contentType: "image/png",
      sourceUrl: image.url,
      error: err instanceof Error ? err.message : "download failed",
    };
  }
}

/** What the server can do, so the client can say why a button is disabled. */
export function aiCapabilities(env: Env) {
  const providers = AI_PROVIDERS.map((name) => getAiProvider(env, name));
  const map = (pick: (p: AiProvider) => boolean) =>
    Object.fromEntries(providers.map((p) => [p.name, pick(p)])) as Record<ProviderName, boolean>;
  return { images: map((p) => p.supportsImages), text: map((p) => p.configured) };
}

/** Notice text: the title cut to the notice limit, the content wrapped in paragraphs and sanitised. */
export async function generateNoticeText(
  env: Env,
  input: { prompt: string; type: (typeof NOTICE_TEXT_TYPES)[number]; model: ProviderName },
) {
  const text = await getAiProvider(env, input.model).generateText(input.prompt, noticeSystemPrompt(input.type));
  const { title, body } = splitTitle(text);
  const content = await sanitizeHtml(wrapParagraphs(body));
  if (isBlankHtml(content)) throw aiFailure(502, API_ERRORS.ai_empty, input.model);
  return { title: noticeTitle(title), content };
}

/** An image to keep (a notice's, an event's cover): its bytes, or 502 when only an expiring link could be had. */
export async function generateImageBytes(
  env: Env,
  input: ImageRequest & { model: ProviderName },
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const { model, ...request } = input;
  const image = await generateImage(env, getAiProvider(env, model), request);
  if (!image.bytes) throw aiFailure(502, API_ERRORS.ai_image_store_failed, model, image.error);
  return { bytes: image.bytes, contentType: image.contentType };
}

/** Notice image: stored in R2 under ai/; returns the key (served by /api/ai/images/...). */
export async function generateNoticeImage(env: Env, input: ImageRequest & { model: ProviderName }): Promise<string> {
  const { model } = input;
  const image = await generateImageBytes(env, input);
  const key = newBlobKey("ai");
  try {
    await putBlob(env.BLOBS, key, image.bytes, {
      contentType: image.contentType,
      fileName: `ai-notice.${extensionOf(image.contentType)}`,
    });
  } catch {
    throw aiFailure(502, API_ERRORS.ai_image_store_failed, model);
  }
  return key;
}

type ResourceTextInput = {
  prompt: string;
  title: string | null;
  type: (typeof RESOURCE_TEXT_TYPES)[number];
  tags: string[];
  model: ProviderName;
};

/** Library text: a markdown resource, titled from the answer when no title was given. */
export async function generateResourceText(
  db: Database,
  env: Env,
  owner: ResourceOwner,
  input: ResourceTextInput,
): Promise<ResourceRow> {
  const provider = getAiProvider(env, input.model);
  const text = await provider.generateText(input.prompt, resourceSystemPrompt(input.type, !input.title));
  let title = input.title;
  let markdown = text.trim();
  if (!title) {
    const split = splitTitle(markdown);
    title = split.title.slice(0, LIBRARY_LIMITS.resourceTitleMax) || titleFromPrompt(input.prompt);
    markdown = split.body;
  }
  if (!markdown) throw aiFailure(502, API_ERRORS.ai_empty, input.model);
  const bytes = new TextEncoder().encode(markdown);
  return storeResource(db, env.BLOBS, {
    title,
    description: `AI ${input.type} generated with ${provider.label}`,
    tags: input.tags,
    fileName: fileNameFrom(title, "md", "ai-content"),
    fileType: "text/markdown",
    kind: "ai_text",
    owner: ownerOf(owner),
    body: bytes,
    size: bytes.length,
  });
}

type ResourceImageInput = ImageRequest & { title: string | null; tags: string[]; model: ProviderName };

/**
 * Library image: stored in R2 ("r2"); only if that fails is the provider's link kept ("temporary_url",
 * which may expire; the client warns).
 */
export async function generateResourceImage(db: Database, env: Env, user: ResourceOwner, input: ResourceImageInput) {
  const { model, title: givenTitle, tags, ...request } = input;
  const provider = getAiProvider(env, model);
  const image = await generateImage(env, provider, request);
  const title = givenTitle || titleFromPrompt(request.prompt);
  const owner = ownerOf(user);
  const description = `AI image generated with ${provider.label}`;
  const fileName = fileNameFrom(title, extensionOf(image.contentType), "ai-image");
  if (image.bytes) {
    try {
      const row = await storeResource(db, env.BLOBS, {
        title,
        description,
        tags,
        fileName,
        fileType: image.contentType,
        kind: "ai_image",
        owner,
        body: image.bytes,
        size: image.bytes.length,
      });
      return { storage_method: "r2" as const, row };
    } catch {
      // storeResource removed anything half-written; without a provider link the image is lost.
      if (!image.sourceUrl) throw aiFailure(502, API_ERRORS.ai_image_store_failed, model);
    }
  }
  const row = await insertResource(db, {
    title,
    description,
    fileKey: null,
    externalUrl: image.sourceUrl,
    fileName,
    fileType: image.contentType,
    fileSize: 0,
    kind: "ai_image",
    tags: JSON.stringify(tags),
    ownerId: owner.id,
    ownerName: owner.name,
  });
  return { storage_method: "temporary_url" as const, row };
}
