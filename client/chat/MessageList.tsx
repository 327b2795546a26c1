import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { MessageDto } from "../../worker/shared/chat-wire";
import { LIMITS, MEDIA_PREVIEW_MAX_HEIGHT_PX } from "../../worker/shared/rules";
import { type Answer, api, unwrap } from "../api";
import { Avatar } from "../components/Avatar";
import { formatDateTime, relativeTime } from "../components/format";
import { Icon } from "../components/Icon";
import { LazyReportModal } from "../components/LazyReportModal";
import { extractLinks, LinkifiedText } from "../components/LinkifiedText";
import { Removed } from "../components/Removed";
import { TEXT } from "../text";

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
  );

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

function LinkPreviewCard({ url }: { url: string }) {
  const state = usePreview(url);
  if (!state.done) return <div className="link-preview link-preview-loading" aria-hidden="true" />;
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

/** Previews for the first LIMITS.linkPreviewsPerMessage links, then '+ N more link(s)'. */
export function LinkPreviews({ text }: { text: string }) {
  const links = Array.from(new Set(extractLinks(text)));
  if (links.length === 0) return null;
  const shown = links.slice(0, LIMITS.linkPreviewsPerMessage);
  const rest = links.length - shown.length;
  return (
    <div className="link-previews">
      {shown.map((url) => (
        <LinkPreviewCard key={url} url={url} />
      ))}
      {rest > 0 && <span className="faint">{TEXT.chat.moreLinks(rest)}</span>}
    </div>
  );
}

const imageName = (body: string) => /^\[Image: (.+)\]$/.exec(body)?.[1] ?? null;

function MessageItem({ message, own, linked }: { message: MessageDto; own: boolean; linked: boolean }) {
  const fileName = message.image_url ? imageName(message.body) : null;
  const [reporting, setReporting] = useState(false);
  return (
    <li id={`message-${message.id}`} className={`chat-message${own ? " own" : ""}${linked ? " linked" : ""}`}>
      <Avatar name={message.sender_name} size={36} />
      <div className="chat-message-body">
        <div className="chat-message-meta">
          <strong>{message.sender_name}</strong>
          <time className="faint" dateTime={message.created_at} title={formatDateTime(message.created_at)}>
            {relativeTime(message.created_at)}
          </time>
          {!own && !message.hidden && (
            <button
              type="button"
              className="btn btn-ghost btn-sm report-button"
              aria-label={TEXT.moderation.reportMessage(message.sender_name)}
              onClick={() => setReporting(true)}
            >
              <Icon name="flag" size={14} /> {TEXT.moderation.report}
            </button>
          )}
        </div>
        {message.hidden ? (
          <Removed reason={message.hidden_reason} className="chat-text" />
        ) : message.image_url ? (
          <figure className="chat-image">
            <a href={message.image_url} target="_blank" rel="noopener noreferrer">
              <img
                src={message.image_url}
                alt={fileName ? TEXT.chat.imageAlt(fileName) : TEXT.chat.sharedImage}
                style={{ maxHeight: MEDIA_PREVIEW_MAX_HEIGHT_PX }}
                loading="lazy"
              />
            </a>
            {fileName && <figcaption className="faint">{fileName}</figcaption>}
          </figure>
        ) : (
          <>
            <p className="chat-text">
              <LinkifiedText text={message.body} />
            </p>
            <LinkPreviews text={message.body} />
          </>
        )}
      </div>
      {reporting && <LazyReportModal kind="message" id={message.id} onClose={() => setReporting(false)} />}
    </li>
  );
}

/**
 * The message pane: oldest first, scrolled to the newest unless the reader scrolled up, or to the
 * linked message (`linkedId`, from a search result or a notification) once it is there.
 */
export function MessageList({
  messages,
  currentUserId,
  linkedId,
}: {
  messages: MessageDto[];
  currentUserId: number | undefined;
  linkedId?: number;
}) {
  const scroller = useRef<HTMLElement>(null);
  const pinned = useRef(true);
  const shownLink = useRef<number | undefined>(undefined);
  useEffect(() => {
    const el = scroller.current;
    if (linkedId && shownLink.current !== linkedId && messages.some((m) => m.id === linkedId)) {
      shownLink.current = linkedId;
      pinned.current = false;
      document.getElementById(`message-${linkedId}`)?.scrollIntoView?.({ block: "center" });
    } else if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [messages, linkedId]);
  return (
    <section
      ref={scroller}
      className="chat-messages"
      // biome-ignore lint/a11y: focusable so the keyboard can scroll it (axe: scrollable-region-focusable).
      tabIndex={0}
      aria-label={TEXT.chat.messagesLabel}
      onScroll={(e) => {
        const el = e.currentTarget;
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      }}
    >
      <ol className="chat-message-list">
        {messages.map((m) => (
          <MessageItem key={m.id} message={m} own={m.sender_id === currentUserId} linked={m.id === linkedId} />
        ))}
      </ol>
    </section>
  );
}
