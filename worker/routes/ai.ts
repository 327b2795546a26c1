// AI (SPEC §2 notice modal and AI generator, §3, §5, §7): key health, what is configured, notice text
// and images for admins, library texts and images for everyone who can see the library. Every
// generation counts against the caller's hourly AI limit; errors carry { error, details?, model }.
import { z } from "zod";
import type { Env } from "../env";
import { recordAudit } from "../db/audit";
import { insertResource, normaliseTags, storeResource, toResourceDto } from "../db/resources";
import { createRouter } from "../lib/create-app";
import { ApiError } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireAdmin, requirePaidMember, requireUser } from "../middleware/auth";
import { limitAiCalls } from "../middleware/ai-limit";
import { AI_PROVIDERS, checkAllKeys, getAiProvider, providerConfig, type AiProvider, type ProviderName } from "../services/ai";
import { GEMINI_DEFAULT_BASE_URL } from "../services/ai/gemini";
import { downloadImage, originOf } from "../services/ai/image-download";
import { OPENAI_DEFAULT_BASE_URL } from "../services/ai/openai";
import { noticeSystemPrompt, resourceSystemPrompt } from "../services/ai/prompts";
import { STRAICO_DEFAULT_BASE_URL } from "../services/ai/straico";
import type { ImageRequest } from "../services/ai/types";
import { isBlankHtml, sanitizeHtml } from "../services/sanitize-html";
import { newBlobKey, putBlob, serveBlob } from "../services/storage";
import { cleanTitleLine, noticeTitle, splitTitle, wrapParagraphs } from "../shared/ai-text";
import {
  DEFAULT_NAME,
  IMAGE_MODELS,
  IMAGE_QUALITIES,
  IMAGE_SIZES,
  IMAGE_STYLES,
  LIMITS,
  NOTICE_TEXT_TYPES,
  RESOURCE_TEXT_TYPES,
  TEXT_MODELS,
} from "../shared/rules";
import { API_ERRORS as E, errorText, type CodedText } from "../shared/texts";

const prompt = z.string(E.prompt_required).trim().min(1, E.prompt_required).max(LIMITS.aiPromptMax);
const optionalTitle = z
  .string()
  .trim()
  .max(LIMITS.resourceTitleMax)
  .nullish()
  .transform((v) => v || null);
const tags = z
  .array(z.string().max(1000))
  .max(200)
  .optional()
  .transform((list) => normaliseTags(list ?? []))
  .pipe(
    z
      .array(z.string().max(LIMITS.tagMax, E.tag_too_long))
      .max(LIMITS.tagsMax, E.too_many_tags),
  );
const imageFields = {
  prompt,
  style: z.enum(IMAGE_STYLES),
  quality: z.enum(IMAGE_QUALITIES),
  size: z.enum(IMAGE_SIZES),
  model: z.enum(IMAGE_MODELS),
};

const noticeTextBody = z.object({ prompt, type: z.enum(NOTICE_TEXT_TYPES), model: z.enum(TEXT_MODELS) });
const noticeImageBody = z.object(imageFields);
const resourceTextBody = z.object({ prompt, title: optionalTitle, type: z.enum(RESOURCE_TEXT_TYPES), tags, model: z.enum(TEXT_MODELS) });
const resourceImageBody = z.object({ ...imageFields, title: optionalTitle, tags });

/** newBlobKey("ai") is ai/YYYY-MM/<24 base64url characters>; nothing else is ever served. */
const imageKeyParam = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/), token: z.string().regex(/^[A-Za-z0-9_-]{24}$/) });

const DEFAULT_BASE_URLS: Record<ProviderName, string> = {
  openai: OPENAI_DEFAULT_BASE_URL,
  gemini: GEMINI_DEFAULT_BASE_URL,
  straico: STRAICO_DEFAULT_BASE_URL,
};

/** An error of our own about one provider's result, in the AI error shape. */
const aiFailure = (status: 400 | 422 | 502, message: string | CodedText, model: ProviderName, details?: unknown) =>
  new ApiError(status, message, details, undefined, { model });

const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp", "image/avif": "avif", "image/bmp": "bmp" };

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
  if (image.bytes?.length) return { bytes: image.bytes, contentType: image.contentType ?? "image/png", sourceUrl: image.url ?? null };
  if (!image.url) throw aiFailure(502, errorText("ai_empty_image", provider.label), provider.name);
  const trusted = originOf(providerConfig(env, provider.name).baseUrl || DEFAULT_BASE_URLS[provider.name]);
  try {
    const downloaded = await downloadImage(image.url, trusted);
    return { ...downloaded, sourceUrl: image.url };
  } catch (err) {
    return { bytes: null, contentType: "image/png", sourceUrl: image.url, error: err instanceof Error ? err.message : "download failed" };
  }
}

/** What the server can do, so the client can say why a button is disabled. */
function capabilities(env: Env) {
  const providers = AI_PROVIDERS.map((name) => getAiProvider(env, name));
  const map = (pick: (p: AiProvider) => boolean) => Object.fromEntries(providers.map((p) => [p.name, pick(p)])) as Record<ProviderName, boolean>;
  return { images: map((p) => p.supportsImages), text: map((p) => p.configured) };
}

export const aiRoutes = createRouter()
  // SPEC §3 API key check result: one entry per provider; the keys themselves never leave the server.
  .post("/ai/validate-keys", requireAdmin, async (c) => {
    const results = await checkAllKeys(c.env);
    const available = Object.fromEntries(Object.entries(results).map(([name, r]) => [name, r.available]));
    await recordAudit(c.var.db, { actorId: c.var.user.id, action: "ai.key_test", targetType: "ai_keys", after: available });
    return c.json({ results });
  })
  .get("/ai/capabilities", requireUser, (c) => c.json(capabilities(c.env)))
  // Notice text (admins): { title, content } with the title cut to 60 and the content wrapped and sanitised.
  .post("/ai/generate-notice-text", requireAdmin, validate("json", noticeTextBody), limitAiCalls, async (c) => {
    const { prompt, type, model } = c.req.valid("json");
    const text = await getAiProvider(c.env, model).generateText(prompt, noticeSystemPrompt(type));
    const { title, body } = splitTitle(text);
    const content = await sanitizeHtml(wrapParagraphs(body));
    if (isBlankHtml(content)) throw aiFailure(502, E.ai_empty, model);
    return c.json({ title: noticeTitle(title), content });
  })
  // Notice image (admins): stored in R2, served to signed-in users by /api/ai/images/...
  .post("/ai/generate-notice-image", requireAdmin, validate("json", noticeImageBody), limitAiCalls, async (c) => {
    const { model, ...request } = c.req.valid("json");
    const image = await generateImage(c.env, getAiProvider(c.env, model), request);
    if (!image.bytes) throw aiFailure(502, E.ai_image_store_failed, model, image.error);
    const key = newBlobKey("ai");
    try {
      await putBlob(c.env.BLOBS, key, image.bytes, { contentType: image.contentType, fileName: `ai-notice.${EXTENSIONS[image.contentType] ?? "png"}` });
    } catch {
      throw aiFailure(502, E.ai_image_store_failed, model);
    }
    // Absolute: a notice's image_url must be an http(s) address.
    return c.json({ image_url: new URL(`/api/${key.replace(/^ai\//, "ai/images/")}`, c.req.url).toString() });
  })
  .get("/ai/images/:month/:token", requireUser, validate("param", imageKeyParam), async (c) => {
    const { month, token } = c.req.valid("param");
    return serveBlob(c.req.raw, c.env.BLOBS, `ai/${month}/${token}`, { cacheControl: "private, max-age=86400" });
  })
  // Library text (paid members, admins): a markdown resource, titled from the answer when no title was given.
  .post("/ai/generate-text", requirePaidMember, validate("json", resourceTextBody), limitAiCalls, async (c) => {
    const input = c.req.valid("json");
    const provider = getAiProvider(c.env, input.model);
    const text = await provider.generateText(input.prompt, resourceSystemPrompt(input.type, !input.title));
    let title = input.title;
    let markdown = text.trim();
    if (!title) {
      const split = splitTitle(markdown);
      title = split.title.slice(0, LIMITS.resourceTitleMax) || titleFromPrompt(input.prompt);
      markdown = split.body;
    }
    if (!markdown) throw aiFailure(502, E.ai_empty, input.model);
    const bytes = new TextEncoder().encode(markdown);
    const row = await storeResource(c.var.db, c.env.BLOBS, {
      title,
      description: `AI ${input.type} generated with ${provider.label}`,
      tags: input.tags,
      fileName: fileNameFrom(title, "md", "ai-content"),
      fileType: "text/markdown",
      kind: "ai_text",
      owner: { id: c.var.user.id, name: c.var.user.name?.trim() || DEFAULT_NAME },
      body: bytes,
      size: bytes.length,
    });
    return c.json({ success: true as const, storage_method: "r2" as const, resource: toResourceDto(row) }, 201);
  })
  // Library image (paid members, admins): stored in R2; only if that fails is a provider URL kept.
  .post("/ai/generate-image", requirePaidMember, validate("json", resourceImageBody), limitAiCalls, async (c) => {
    const { model, title: givenTitle, tags, ...request } = c.req.valid("json");
    const provider = getAiProvider(c.env, model);
    const image = await generateImage(c.env, provider, request);
    const title = givenTitle || titleFromPrompt(request.prompt);
    const owner = { id: c.var.user.id, name: c.var.user.name?.trim() || DEFAULT_NAME };
    const description = `AI image generated with ${provider.label}`;
    let row = null;
    if (image.bytes) {
      try {
        row = await storeResource(c.var.db, c.env.BLOBS, {
          title,
          description,
          tags,
          fileName: fileNameFrom(title, EXTENSIONS[image.contentType] ?? "png", "ai-image"),
          fileType: image.contentType,
          kind: "ai_image",
          owner,
          body: image.bytes,
          size: image.bytes.length,
        });
      } catch {
        // storeResource removed anything half-written; without a provider link the image is lost.
        if (!image.sourceUrl) throw aiFailure(502, E.ai_image_store_failed, model);
      }
    }
    if (row) return c.json({ success: true as const, storage_method: "r2" as const, resource: toResourceDto(row) }, 201);
    // Storing failed but the provider gave a link: keep it (it may expire; the client warns).
    row = await insertResource(c.var.db, {
      title,
      description,
      fileKey: null,
      externalUrl: image.sourceUrl,
      fileName: fileNameFrom(title, EXTENSIONS[image.contentType] ?? "png", "ai-image"),
      fileType: image.contentType,
      fileSize: 0,
      kind: "ai_image",
      tags: JSON.stringify(tags),
      ownerId: owner.id,
      ownerName: owner.name,
    });
    return c.json({ success: true as const, storage_method: "temporary_url" as const, resource: toResourceDto(row) }, 201);
  });
