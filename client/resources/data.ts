// The library's data: its loaders (the first page of the current search; the tags and the total on
// the parent route, in parallel), the data-only loader of the next pages, and the search in the URL (`?q=&tag=`), so a
// search is a navigation the router loads and the back button undoes. Searching and paging happen on
// the server (GET /api/resources: limit, before, q, tag; docs/architecture.md).
import type { LoaderFunctionArgs, ShouldRevalidateFunction } from "react-router";
import { LIMITS } from "../../worker/shared/rules";
import { ApiRequestError, api, errorText, unwrap } from "../api";
import { skipAfterFailure } from "../data/actions";
import { loadPage } from "../data/pages";
import { RESOURCES_PAGE_PATH } from "../data-paths";
import { TEXT } from "../text";

export const PAGE = LIMITS.resourcesPageDefault;

/** What the member searches for: text over title, description and tags, and one exact tag ("" = none). */
export type LibrarySearch = { q: string; tag: string };

export function librarySearch(url: URL): LibrarySearch {
  return { q: url.searchParams.get("q")?.trim() ?? "", tag: url.searchParams.get("tag")?.trim() ?? "" };
}

/** The search as URL parameters, empty parts left out (plus `before` for a next page). */
export function searchParamsOf(search: LibrarySearch, before?: number) {
  const params = new URLSearchParams();
  if (search.q) params.set("q", search.q);
  if (search.tag) params.set("tag", search.tag);
  if (before !== undefined) params.set("before", String(before));
  return params;
}

export const resourcesPageHref = (search: LibrarySearch, before: number) =>
  `${RESOURCES_PAGE_PATH}?${searchParamsOf(search, before)}`;

const resourcesPage = (search: LibrarySearch, before?: number) =>
  unwrap(api.resources.$get({ query: { limit: String(PAGE), ...Object.fromEntries(searchParamsOf(search, before)) } }));

/**
 * A library request's failure as the screen shows it: the locked screen's text on 403 (the server decides), or an error
 * with a retry.
 */
function libraryFailure(err: unknown) {
  if (err instanceof ApiRequestError && err.status === 403)
    return { state: "locked" as const, message: errorText(err, TEXT.resources.accessDenied) };
  return { state: "error" as const };
}

/** The first page of the search in the URL. */
export async function resourcesLoader(request: Request) {
  const search = librarySearch(new URL(request.url));
  try {
    return { state: "ready" as const, search, resources: await resourcesPage(search) };
  } catch (err) {
    return { ...libraryFailure(err), search };
  }
}

/**
 * The tag list and the total, on the library's parent route: loaded when the library opens and again
 * after a write, not on each search (the tag list reads every resource: docs/capacity.md).
 */
export async function librarySummaryLoader() {
  try {
    return { state: "ready" as const, ...(await unwrap(api.resources.tags.$get())) };
  } catch (err) {
    return libraryFailure(err);
  }
}

/**
 * A new search (only the URL's query changed, no write) keeps the summary; anything else loads it again (not a failed
 * write).
 */
export const keepSummaryOnSearch: ShouldRevalidateFunction = (args) =>
  !args.formMethod &&
  args.currentUrl.pathname === args.nextUrl.pathname &&
  args.currentUrl.search !== args.nextUrl.search
    ? false
    : skipAfterFailure(args);

/** A next page of the search in the request's URL; a failed page is shown beside the list, not thrown. */
export function resourcesPageLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return loadPage(() => resourcesPage(librarySearch(url), Number(url.searchParams.get("before")) || undefined));
}

export const LIBRARY_PATH = "/app/resources";
