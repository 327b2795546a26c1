// The lounge's data: its loader (notice board and the first page of the feed, in parallel), the
// data-only loaders of older pages and of a post's comments (its action: actions.ts).
import type { LoaderFunctionArgs } from "react-router";
import { OPEN_PARAMS } from "../../worker/shared/item-links";
import { api, unwrap } from "../api";
import { skipAfter } from "../data/actions";
import { loadPage } from "../data/pages";
import { firstPostsRequest, noticesRequest, postsPage } from "./requests";
export const LOUNGE_PATH = "/app/lounge";
export const POSTS_PAGE_PATH = "/data/posts";
export const commentsPath = (postId: number) => `/data/posts/${postId}/comments`;

/** The post a deep link names (?post=ID, from a search result or a notification); null when gone. */
const linkedPost = (request: Request) => {
  const id = Number(new URL(request.url).searchParams.get(OPEN_PARAMS.post));
  return Number.isSafeInteger(id) && id > 0
    ? unwrap(api.posts[":id"].$get({ param: { id: String(id) } })).catch(() => null)
    : null;
};

/** The board fails on its own (it shows its error beside the feed); the feed's failure is the route's. */
export async function loungeLoader({ request }: LoaderFunctionArgs) {
  const [notices, posts, linked] = await Promise.all([
    noticesRequest.take().catch(() => null),
    firstPostsRequest.take(),
    linkedPost(request),
  ]);
  return { notices, posts, linked };
}

export const olderPostsLoader = ({ request }: LoaderFunctionArgs) =>
  loadPage(() => postsPage(Number(new URL(request.url).searchParams.get("before")) || undefined));

export const commentsLoader = ({ params }: LoaderFunctionArgs) =>
  loadPage(() => unwrap(api.posts[":id"].comments.$get({ param: { id: String(params.id) } })));

/** A like's answer is the new state of that post, and an AI draft changes nothing yet: nothing to load again. */
export const skipAfterLikeOrDraft = skipAfter("like", "notice-text", "notice-image");
