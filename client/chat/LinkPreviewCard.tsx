// A link's preview card in a chat message (MessageList's LinkPreviews), loaded with the first preview a page shows.
import { useCallback, useSyncExternalStore } from "react";
import { type Answer, api, unwrap } from "../api";
import { PreviewLoading } from "./PreviewLoading";

type Preview = NonNullable<Answer<(typeof api)["link-preview"]["$post"]>["preview"]>;

// One request per URL per page load, shared by every message that links it: a small external store
// (read with useSyncExternalStore) whose first subscriber for a URL starts its request.
type PreviewState = { done: false } | { done: true; preview: Preview | null };
const LOADING: PreviewState = { done: false };
const previews = new Map<string, PreviewState>();
const previewListeners = new Map<string, Set<() => void>>();

function subscribePreview(url: string, notify: () => void) {
  const listeners = previewListeners.get(url) ?? new Set();
  previewListeners.set(url, listeners);
  listeners.add(notify);
  if (!previews.has(url)) {
    previews.set(url, LOADING);
    void unwrap(api["link-preview"].$post({ json: { url } }))
      .then((r) => r.preview)
      .catch((err: unknown) => {
        console.warn("link preview failed", url, err instanceof Error ? err.message : err);
        return null;
      })
      .then((preview) => {
        previews.set(url, { done: true, preview });
        for (const listener of previewListeners.get(url) ?? []) listener();
      });
  }
  return () => void listeners.delete(notify);
}

const usePreview = (url: string) =>
  useSyncExternalStore(
    useCallback((notify: () => void) => subscribePreview(url, notify), [url]),
    () => previews.get(url) ?? LOADING,
    () => LOADING,
  );

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

export function LinkPreviewCard({ url }: { url: string }) {
  const state = usePreview(url);
  if (!state.done) return <PreviewLoading />;
  const { preview } = state;
  if (!preview || (!preview.title && !preview.description && !preview.image)) {
    // A failure shows only the hostname.
    return (
      <a className="link-preview link-preview-host" href={url} target="_blank" rel="noopener noreferrer">
        {hostOf(url)}
      </a>
    );
  }
  return (
    <a className="link-preview" href={url} target="_blank" rel="noopener noreferrer">
      {preview.image && (
        <img className="link-preview-image" src={preview.image} alt="" loading="lazy" referrerPolicy="no-referrer" />
      )}
      <span className="link-preview-text">
        <span className="link-preview-site">
          {preview.favicon && (
            <img src={preview.favicon} alt="" width={16} height={16} loading="lazy" referrerPolicy="no-referrer" />
          )}
          {preview.siteName ?? hostOf(url)}
        </span>
        {preview.title && <strong>{preview.title}</strong>}
        {preview.description && <span className="faint">{preview.description}</span>}
      </span>
    </a>
  );
}
