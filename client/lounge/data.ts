// The lounge's data: its loader (notice board and the first page of the feed, in parallel), the
// data-only loaders of older pages and of a post's comments, and its action (every lounge write).
import type { InferRequestType } from "hono/client";
import type { LoaderFunctionArgs } from "react-router";
import { LIMITS } from "../../worker/shared/rules";
import { OPEN_PARAMS } from "../../worker/shared/search";
import { api, unwrap } from "../api";
import { aiAttempt } from "../components/ai";
import { attempt, readIntent, skipAfter, type ActionResult } from "../data/actions";
import { loadPage } from "../data/pages";
import { TEXT } from "../text";
import type { NoticeImageRequest, NoticeTextRequest } from "./notice-ai";

export type NoticeInput = InferRequestType<(typeof api)["cosmic-notices"]["$post"]>["json"];

export const LOUNGE_PATH = "/app/lounge";
export const POSTS_PAGE_PATH = "/data/posts";
export const commentsPath = (postId: number) => `/data/posts/${postId}/comments`;
export const PAGE = LIMITS.postsPageDefault;

const postsPage = (before?: number) => unwrap(api.posts.$get({ query: { limit: String(PAGE), ...(before ? { before: String(before) } : {}) } }));

/** The post a deep link names (?post=ID, from a search result or a notification); null when gone. */
const linkedPost = (request: Request) => {
  const id = Number(new URL(request.url).searchParams.get(OPEN_PARAMS.post));
  return Number.isSafeInteger(id) && id > 0 ? unwrap(api.posts[":id"].$get({ param: { id: String(id) } })).catch(() => null) : null;
};

/** The board fails on its own (it shows its error beside the feed); the feed's failure is the route's. */
export async function loungeLoader({ request }: LoaderFunctionArgs) {
  const [notices, posts, linked] = await Promise.all([unwrap(api["cosmic-notices"].$get()).catch(() => null), postsPage(), linkedPost(request)]);
  return { notices, posts, linked };
}

export const olderPostsLoader = ({ request }: LoaderFunctionArgs) => loadPage(() => postsPage(Number(new URL(request.url).searchParams.get("before")) || undefined));

export const commentsLoader = ({ params }: LoaderFunctionArgs) => loadPage(() => unwrap(api.posts[":id"].comments.$get({ param: { id: String(params.id) } })));

export type LoungeIntent =
  | { intent: "like"; id: number }
  | { intent: "delete-post"; id: number }
  | { intent: "create-post"; content: string }
  | { intent: "comment"; id: number; content: string }
  | { intent: "delete-notice"; id: number }
  | { intent: "create-notice"; notice: NoticeInput }
  | { intent: "notice-text"; request: NoticeTextRequest }
  | { intent: "notice-image"; request: NoticeImageRequest };

/** Every lounge write; the router then loads the lounge again (except after a like: its answer is the new state). */
export async function loungeAction({ request }: { request: Request }): Promise<ActionResult<unknown>> {
  const body = await readIntent<LoungeIntent>(request);
  const id = "id" in body ? { param: { id: String(body.id) } } : { param: { id: "" } };
  switch (body.intent) {
    case "like":
      return attempt(() => unwrap(api.posts[":id"].like.$post(id)));
    case "delete-post":
      return attempt(() => unwrap(api.posts[":id"].$delete(id)), TEXT.lounge.postDeleteFailed, { fixed: true });
    case "create-post":
      return attempt(() => unwrap(api.posts.$post({ json: { content: body.content } })));
    case "comment":
      return attempt(() => unwrap(api.posts[":id"].comments.$post({ ...id, json: { content: body.content } })));
    case "delete-notice":
      return attempt(() => unwrap(api["cosmic-notices"][":id"].$delete(id)), TEXT.lounge.noticeDeleteFailed, { fixed: true });
    case "create-notice":
      return attempt(() => unwrap(api["cosmic-notices"].$post({ json: body.notice })), TEXT.lounge.noticeCreateFailed);
    // The AI drafts fill the notice form; their code loads with the notice dialog, not with the app.
    case "notice-text": {
      const { generateNoticeText } = await import("./notice-ai");
      return aiAttempt(() => generateNoticeText(body.request), TEXT.lounge.aiTextFailed);
    }
    case "notice-image": {
      const { generateNoticeImage } = await import("./notice-ai");
      return aiAttempt(() => generateNoticeImage(body.request), TEXT.lounge.aiImageFailed);
    }
  }
}

/** A like's answer is the new state of that post, and an AI draft changes nothing yet: nothing to load again. */
export const skipAfterLikeOrDraft = skipAfter("like", "notice-text", "notice-image");
