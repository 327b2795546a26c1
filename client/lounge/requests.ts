// The lounge's reads, without React: the route's loader (data.ts) uses them, and the entry starts the
// first ones early on a first visit to the lounge (client/screens.ts FIRST_DATA).
import { LIMITS } from "../../worker/shared/rules";
import { api, unwrap } from "../api";
import { startable } from "../first-load";

export const PAGE = LIMITS.postsPageDefault;

export const postsPage = (before?: number) =>
  unwrap(api.posts.$get({ query: { limit: String(PAGE), ...(before ? { before: String(before) } : {}) } }));

/** The notice board and the feed's first page, as the lounge's loader asks for them. */
export const noticesRequest = startable(() => unwrap(api["cosmic-notices"].$get()));
export const firstPostsRequest = startable(() => postsPage());
