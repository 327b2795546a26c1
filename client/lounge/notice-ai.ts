// The notice modal's AI actions: ONE function per tab, calling /api/ai/generate-notice-text and
// /api/ai/generate-notice-image through the typed client. Failures become NoticeAiError with the text
// to show: the server's error (or the spec's fallback), plus 'Details' and 'Model' lines when given.
import type { IMAGE_MODELS, IMAGE_QUALITIES, IMAGE_SIZES, IMAGE_STYLES, NOTICE_TEXT_TYPES, TEXT_MODELS } from "../../worker/shared/rules";
import { noticeTitle, wrapParagraphs } from "../../worker/shared/ai-text";
import { TEXT } from "../text";
import { api, unwrap } from "../api";
import { aiCall, aiErrorLines } from "../components/ai";

export type NoticeTextRequest = { prompt: string; type: (typeof NOTICE_TEXT_TYPES)[number]; model: (typeof TEXT_MODELS)[number] };
export type NoticeImageRequest = {
  prompt: string;
  style: (typeof IMAGE_STYLES)[number];
  quality: (typeof IMAGE_QUALITIES)[number];
  size: (typeof IMAGE_SIZES)[number];
  model: (typeof IMAGE_MODELS)[number];
};

/** An error whose message is already the text to show (docs/spec.md §8). */
export class NoticeAiError extends Error {}

async function call<T>(request: Promise<T>, fallback: string): Promise<T> {
  try {
    return await aiCall(request);
  } catch (err) {
    throw new NoticeAiError(aiErrorLines(err, fallback).join("\n"));
  }
}

/** AI Text tab: returns the draft (title cut to 60, content as paragraph HTML) for the Manual tab. */
export async function generateNoticeText(request: NoticeTextRequest): Promise<{ title: string; content: string }> {
  const body: unknown = await call(unwrap(api.ai["generate-notice-text"].$post({ json: request })), TEXT.lounge.aiTextFailed);
  return toNoticeDraft(body);
}

/** AI Image tab: returns the generated image's URL for the Manual tab. */
export async function generateNoticeImage(request: NoticeImageRequest): Promise<{ image_url: string }> {
  const body: unknown = await call(unwrap(api.ai["generate-notice-image"].$post({ json: request })), TEXT.lounge.aiImageFailed);
  const imageUrl = body && typeof body === "object" ? (body as { image_url?: unknown }).image_url : undefined;
  if (typeof imageUrl !== "string" || !imageUrl) throw new NoticeAiError(TEXT.lounge.aiInvalidResponse);
  return { image_url: imageUrl };
}

/**
 * docs/spec.md §5: an AI response must carry string title/content; content must be non-empty; the title is cut
 * to 60 characters (default 'AI Generated Notice'); content without paragraph or heading markup is
 * wrapped in paragraphs (worker/shared/ai-text, the rule the server applies too). The server
 * sanitises whatever is finally submitted.
 */
export function toNoticeDraft(body: unknown): { title: string; content: string } {
  if (!body || typeof body !== "object") throw new NoticeAiError(TEXT.lounge.aiInvalidResponse);
  const { title, content } = body as { title?: unknown; content?: unknown };
  if (typeof content !== "string" || (title !== undefined && title !== null && typeof title !== "string")) {
    throw new NoticeAiError(TEXT.lounge.aiInvalidResponse);
  }
  if (!content.trim()) throw new NoticeAiError(TEXT.lounge.aiEmpty);
  return { title: noticeTitle(title), content: wrapParagraphs(content) };
}
