import { useCallback, useRef } from "react";

/**
 * A ref for a sentinel element: `onVisible` runs when it comes within 400 px of the viewport while
 * `enabled` (a 'Load more' button stays as the fallback, and for keyboard users). A ref callback
 * with cleanup (React 19), so the observer lives exactly as long as the element.
 */
export function useInfiniteScroll(enabled: boolean, onVisible: () => void) {
  const latest = useRef(onVisible);
  latest.current = onVisible;
  return useCallback(
    (target: HTMLElement | null) => {
      if (!target || !enabled || typeof IntersectionObserver === "undefined") return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) latest.current();
        },
        { rootMargin: "400px" },
      );
      observer.observe(target);
      return () => observer.disconnect();
    },
    [enabled],
  );
}
