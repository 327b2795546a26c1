// Search's data: the data-only route the search dialog's fetcher loads (/data/search?q=&kind=).
import type { LoaderFunctionArgs } from "react-router";
import { LIMITS } from "../../worker/shared/rules";
import { SEARCH_KINDS, type SearchKind } from "../../worker/shared/search";
import { api, unwrap } from "../api";
import { SEARCH_PATH } from "../data-paths";

const isKind = (value: string | null): value is SearchKind => SEARCH_KINDS.some((k) => k === value);

/** The address of one search: every kind when `kind` is "all". */
export function searchHref(q: string, kind: SearchKind | "all") {
  const params = new URLSearchParams({ q: q.slice(0, LIMITS.searchQueryMax) });
  if (kind !== "all") params.set("kind", kind);
  return `${SEARCH_PATH}?${params}`;
}

/** Answers which search it is (`q`, `kind`), so the dialog never shows the results of an older one as current. */
export async function searchLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim();
  const kind = params.get("kind");
  const which = { q, kind: isKind(kind) ? kind : ("all" as const) };
  if (!q) return { ...which, ok: true as const, results: [] };
  try {
    const { results } = await unwrap(api.search.$get({ query: { q, ...(isKind(kind) ? { kind } : {}) } }));
    return { ...which, ok: true as const, results };
  } catch {
    return { ...which, ok: false as const };
  }
}
