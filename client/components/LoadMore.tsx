import { useInfiniteScroll } from "../data/infinite-scroll";
import type { usePages } from "../data/pages";
import { TEXT } from "../text";
import { Spinner } from "./Spinner";

type Pages = Pick<ReturnType<typeof usePages>, "hasMore" | "loading" | "failed" | "loadMore">;

/**
 * The end of a paged list: a sentinel that loads the next page as the member scrolls near it, and
 * the 'Load more' button (the keyboard's way, and the retry after a failed page) with the failure line.
 */
export function LoadMore({
  pages,
  loadingLabel,
  failedText,
}: {
  pages: Pages;
  loadingLabel: string;
  failedText: string;
}) {
  const sentinel = useInfiniteScroll(pages.hasMore && !pages.failed, pages.loadMore);
  return (
    <>
      <div ref={sentinel} className="feed-sentinel" aria-hidden="true" />
      {pages.hasMore && (
        <div className="feed-more">
          {pages.failed && (
            <p className="muted" role="alert">
              {failedText}
            </p>
          )}
          <button type="button" className="btn" onClick={pages.loadMore} disabled={pages.loading}>
            {pages.loading ? <Spinner small label={loadingLabel} /> : TEXT.common.loadMore}
          </button>
        </div>
      )}
    </>
  );
}
