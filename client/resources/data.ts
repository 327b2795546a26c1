// The library's data: its loader (the first page of the current search, the tags and the total, in
// parallel), the data-only loader of the next pages, and the search in the URL (`?q=&tag=`), so a
// search is a navigation the router loads and the back button undoes. Searching and paging happen on
// the server (GET /api/resources: limit, before, q, tag; docs/architecture.md).
import type { LoaderFunctionArgs } from "react-router";
import { LIMITS } from "../../worker/shared/rules";
import { api, ApiRequestError, errorText, unwrap } from "../api";
import { loadPage } from "../data/pages";
import { TEXT } from "../text";

export const RESOURCES_PAGE_PATH = "/data/resources";
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

export const resourcesPageHref = (search: LibrarySearch, before: number) => `${RESOURCES_PAGE_PATH}?${searchParamsOf(search, before)}`;

const resourcesPage = (search: LibrarySearch, before?: number) =>
  unwrap(api.resources.$get({ query: { limit: String(PAGE), ...Object.fromEntries(searchParamsOf(search, before)) } }));

/** The library, or the locked screen's text on 403 (the server decides), or a failure to show with a retry. */
export async function resourcesLoader(request: Request) {
  const search = librarySearch(new URL(request.url));
  try {
    const [resources, summary] = await Promise.all([resourcesPage(search), unwrap(api.resources.tags.$get())]);
    return { state: "ready" as const, search, resources, tags: summary.tags, total: summary.total };
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 403) return { state: "locked" as const, message: errorText(err, TEXT.resources.accessDenied) };
    return { state: "error" as const, search };
  }
}

/** A next page of the search in the request's URL; a failed page is shown beside the list, not thrown. */
export function resourcesPageLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return loadPage(() => resourcesPage(librarySearch(url), Number(url.searchParams.get("before")) || undefined));
}
