// The notice modal's AI actions: ONE function per tab. Until the AI issue lands they throw, so each
// tab shows the spec's error text; the AI issue wires them to /api/ai/generate-notice-text and /api/ai/generate-notice-image.
import type { IMAGE_MODELS, IMAGE_QUALITIES, IMAGE_SIZES, IMAGE_STYLES, NOTICE_TEXT_TYPES, TEXT_MODELS } from "../../worker/shared/rules";
import { AI_NOTICE_DEFAULT_TITLE, LIMITS } from "../../worker/shared/rules";
import { TEXTS } from "../../worker/shared/texts";

export type NoticeTextRequest = { prompt: string; type: (typeof NOTICE_TEXT_TYPES)[number]; model: (typeof TEXT_MODELS)[number] };
export type NoticeImageRequest = {
  prompt: string;
  style: (typeof IMAGE_STYLES)[number];
  quality: (typeof IMAGE_QUALITIES)[number];
  size: (typeof IMAGE_SIZES)[number];
  model: (typeof IMAGE_MODELS)[number];
};

/** An error whose message is already the text to show (SPEC §8). */
export class NoticeAiError extends Error {}

/** AI Text tab: returns the draft (title cut to 60, content as paragraph HTML) for the Manual tab. */
export async function generateNoticeText(request: NoticeTextRequest): Promise<{ title: string; content: string }> {
  // TODO(AI issue): POST /api/ai/generate-notice-text with `request`, then `return toNoticeDraft(body)`.
  void request;
  throw new NoticeAiError(TEXTS.lounge.aiTextFailed);
}

/** AI Image tab: returns the generated image's URL for the Manual tab. */
export async function generateNoticeImage(request: NoticeImageRequest): Promise<{ image_url: string }> {
  // TODO(AI issue): POST /api/ai/generate-notice-image with `request` and return `{ image_url }`.
  void request;
  throw new NoticeAiError(TEXTS.lounge.aiImageFailed);
}

/**
 * SPEC §5: an AI response must carry string title/content; content must be non-empty; the title is cut
 * to 60 characters (default 'AI Generated Notice'); content without paragraph or heading markup is
 * wrapped in paragraphs (blank lines -> paragraphs, single newlines -> line breaks). The server
 * sanitises whatever is finally submitted.
 */
export function toNoticeDraft(body: unknown): { title: string; content: string } {
  if (!body || typeof body !== "object") throw new NoticeAiError(TEXTS.lounge.aiInvalidResponse);
  const { title, content } = body as { title?: unknown; content?: unknown };
  if (typeof content !== "string" || (title !== undefined && title !== null && typeof title !== "string")) {
    throw new NoticeAiError(TEXTS.lounge.aiInvalidResponse);
  }
  const text = content.trim();
  if (!text) throw new NoticeAiError(TEXTS.lounge.aiEmpty);
  const html = /<(p|h[1-6])[\s>]/i.test(text)
    ? text
    : text
        .split(/\n\s*\n/)
        .map((para) => `<p>${para.trim().replace(/\n/g, "<br>")}</p>`)
        .join("");
  return { title: (typeof title === "string" && title.trim() ? title.trim() : AI_NOTICE_DEFAULT_TITLE).slice(0, LIMITS.aiNoticeTitleMax), content: html };
}
