// The notice modal's AI requests: ONE function per tab, calling /api/ai/generate-notice-text and
// /api/ai/generate-notice-image through the typed client. The lounge's action runs them with
// `aiAttempt`: a failure shows the server's error (or the spec's fallback) with its 'Details' and
// 'Model' lines; an answer that breaks the contract throws NoticeAiError with its own text.
import { noticeTitle, wrapParagraphs } from "../../worker/shared/ai-text";
import { TEXT } from "../text";
import type { InferRequestType } from "hono/client";
import { api, unwrap } from "../api";
import { aiCall } from "../components/ai";
import { ShownError } from "../data/actions";

export type NoticeTextRequest = InferRequestType<(typeof api.ai)["generate-notice-text"]["$post"]>["json"];
export type NoticeImageRequest = InferRequestType<(typeof api.ai)["generate-notice-image"]["$post"]>["json"];

/** An AI answer that broke its contract; its message is the text to show (docs/spec.md §8). */
export class NoticeAiError extends ShownError {}

/** AI Text tab: returns the draft (title cut to 60, content as paragraph HTML) for the Manual tab. */
export async function generateNoticeText(request: NoticeTextRequest): Promise<{ title: string; content: string }> {
  const body: unknown = await aiCall(unwrap(api.ai["generate-notice-text"].$post({ json: request })));
  return toNoticeDraft(body);
}

/** AI Image tab: returns the generated image's URL for the Manual tab. */
export async function generateNoticeImage(request: NoticeImageRequest): Promise<{ image_url: string }> {
  const body: unknown = await aiCall(unwrap(api.ai["generate-notice-image"].$post({ json: request })));
  const imageUrl = body && typeof body === "object" && "image_url" in body ? body.image_url : undefined;
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
  const title = "title" in body ? body.title : undefined;
  const content = "content" in body ? body.content : undefined;
  if (typeof content !== "string" || (title !== undefined && title !== null && typeof title !== "string")) {
    throw new NoticeAiError(TEXT.lounge.aiInvalidResponse);
  }
  if (!content.trim()) throw new NoticeAiError(TEXT.lounge.aiEmpty);
  return { title: noticeTitle(title), content: wrapParagraphs(content) };
}
