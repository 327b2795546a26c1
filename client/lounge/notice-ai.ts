// The notice modal's AI requests, run by the lounge's action: ONE function per tab, calling
// /api/ai/generate-notice-text and /api/ai/generate-notice-image through the typed client, answering an
// ActionResult: a failure shows the server's error (or the spec's fallback) with its 'Details' and
// 'Model' lines; an answer that breaks the contract shows NoticeAiError's own text.

import type { InferRequestType } from "hono/client";
import { noticeTitle, wrapParagraphs } from "../../worker/shared/ai-text";
import { aiAttempt, aiCall } from "../ai/requests";
import { api, unwrap } from "../api";
import { ShownError } from "../data/actions";
import { TEXT } from "../text";

export type NoticeTextRequest = InferRequestType<(typeof api.ai)["generate-notice-text"]["$post"]>["json"];
export type NoticeImageRequest = InferRequestType<(typeof api.ai)["generate-notice-image"]["$post"]>["json"];

/** An AI answer that broke its contract; its message is the text to show (docs/spec.md §8). */
export class NoticeAiError extends ShownError {}

/** AI Text tab: the draft (title cut to 60, content as paragraph HTML) for the Manual tab, or the error to show. */
export const generateNoticeText = (request: NoticeTextRequest) =>
  aiAttempt(
    async () => toNoticeDraft(await aiCall(unwrap(api.ai["generate-notice-text"].$post({ json: request })))),
    TEXT.lounge.aiTextFailed,
  );

/** AI Image tab: the generated image's URL for the Manual tab, or the error to show. */
export const generateNoticeImage = (request: NoticeImageRequest) =>
  aiAttempt(async () => {
    const body: unknown = await aiCall(unwrap(api.ai["generate-notice-image"].$post({ json: request })));
    const imageUrl = body && typeof body === "object" && "image_url" in body ? body.image_url : undefined;
    if (typeof imageUrl !== "string" || !imageUrl) throw new NoticeAiError(TEXT.lounge.aiInvalidResponse);
    return { image_url: imageUrl };
  }, TEXT.lounge.aiImageFailed);

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
