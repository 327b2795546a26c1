import { useState } from "react";
import { useFetcher } from "react-router";

/** What a page loader answers: a failed page is shown as such, not thrown to the route's error boundary. */
export type PageResult<T> = { ok: true; items: T[] } | { ok: false };

/** A page loader from a request for one page. */
export async function loadPage<T>(request: () => Promise<T[]>): Promise<PageResult<T>> {
  try {
    return { ok: true, items: await request() };
  } catch {
    return { ok: false };
  }
}

/**
 * A list paged by `before` (the id of the last item shown): the route's loader gives the first page,
 * a fetcher loads the next ones from `pageHref(lastId)` (a data-only route). A new `key` (another
 * search) starts over; a page loaded again (the router revalidates fetchers after a write) replaces
 * its items in place, so nothing is shown twice.
 */
export function usePages<T extends { id: number }>(
  first: readonly T[],
  pageSize: number,
  key: string,
  pageHref: (before: number) => string,
) {
  const fetcher = useFetcher<PageResult<T>>();
  const [older, setOlder] = useState<{ key: string; seen: unknown; items: T[]; lastPageSize: number }>({
    key,
    seen: fetcher.data,
    items: [],
    lastPageSize: first.length,
  });

  // Adjusted while rendering (React's pattern for state that follows props), not in an effect.
  let next = older;
  if (next.key !== key) next = { key, seen: fetcher.data, items: [], lastPageSize: first.length };
  if (fetcher.data?.ok && fetcher.data !== next.seen) {
    const byId = new Map(next.items.map((item) => [item.id, item]));
    for (const item of fetcher.data.items) byId.set(item.id, item);
    next = { ...next, seen: fetcher.data, items: [...byId.values()], lastPageSize: fetcher.data.items.length };
  }
  if (next !== older) setOlder(next);

  const firstIds = new Set(first.map((item) => item.id));
  const items = [...first, ...next.items.filter((item) => !firstIds.has(item.id))];
  const hasMore = (next.items.length === 0 ? first.length : next.lastPageSize) === pageSize;
  const loading = fetcher.state === "loading";
  const failed = !loading && fetcher.data?.ok === false;
  const loadMore = () => {
    if (loading || !hasMore || items.length === 0) return;
    void fetcher.load(pageHref(items[items.length - 1].id));
  };
  return { items, hasMore, loading, failed, loadMore };
}
