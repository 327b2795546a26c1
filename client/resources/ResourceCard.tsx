import { useEffect, useRef, useState } from "react";
import { MEDIA_PREVIEW_MAX_HEIGHT_PX } from "../../worker/shared/rules";
import { ApiRequestError, errorText } from "../api";
import { formatDate } from "../components/format";
import { Icon } from "../components/Icon";
import { ICON_SHAPES, type IconShape } from "../components/icon-shapes";
import { Spinner } from "../components/Spinner";
import { useToast } from "../components/Toasts";
import { TEXT } from "../text";
import type { Decoded } from "./file-text";
import {
  formatBytes,
  mediaKind,
  parseTags,
  type ResourceItem,
  type ResourceType,
  textFormat,
  typeLabel,
} from "./library";

/** The card's type icon. */
const TYPE_ICONS: Record<ResourceType, IconShape> = {
  aiText: ICON_SHAPES.sparkle,
  aiImage: ICON_SHAPES.sparkle,
  image: ICON_SHAPES.image,
  audio: ICON_SHAPES.book,
  video: ICON_SHAPES.book,
  file: ICON_SHAPES.book,
};

type Props = {
  resource: ResourceItem;
  isAdmin: boolean;
  onEdit(r: ResourceItem): void;
  onDelete(r: ResourceItem): void;
  /** A file call answered 403: the membership ended while the library was open. */
  onLocked(message: string): void;
  /** Opened by a link (?resource=ID, from search): scrolled to and marked. */
  linked?: boolean;
};

export function ResourceCard({ resource: r, isAdmin, onEdit, onDelete, onLocked, linked }: Props) {
  const toast = useToast();
  const T = TEXT.library;
  const { label, type } = typeLabel(r);
  const media = mediaKind(r);
  const format = textFormat(r);
  const tags = parseTags(r.tags);
  const [decoded, setDecoded] = useState<Decoded | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [busy, setBusy] = useState<null | "content" | "pdf" | "jpeg">(null);
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (linked) card.current?.scrollIntoView?.({ block: "center" });
  }, [linked]);

  /** A failed read: the locked screen when access has ended, otherwise the spec's text. */
  const readFailed = (err: unknown) => {
    if (err instanceof ApiRequestError && err.status === 403) onLocked(errorText(err, TEXT.resources.accessDenied));
    else toast.show(TEXT.resources.readFailed, "error");
  };

  /** Fetches and decodes the text once (its code loads on the first read); later calls reuse it. */
  async function ensureDecoded(): Promise<Decoded> {
    if (decoded) return decoded;
    const { readFileText } = await import("./file-text");
    const shown = await readFileText(r, format);
    setDecoded(shown);
    return shown;
  }

  async function toggleContent() {
    if (expanded) return setExpanded(false);
    setBusy("content");
    try {
      await ensureDecoded();
      setExpanded(true);
    } catch (err) {
      readFailed(err);
    } finally {
      setBusy(null);
    }
  }

  async function downloadPdf() {
    setBusy("pdf");
    try {
      const content = await ensureDecoded();
      if (!content.ok) {
        toast.show(content.error, "error");
        return;
      }
      // The browser-made downloads load when first used.
      const { exportPdf } = await import("./export");
      await exportPdf(r.title, content.text);
    } catch (err) {
      readFailed(err);
    } finally {
      setBusy(null);
    }
  }

  async function downloadAsJpeg() {
    setBusy("jpeg");
    try {
      const { downloadJpeg } = await import("./export");
      await downloadJpeg(r.file_url, r.title);
    } catch {
      toast.show(TEXT.resources.processFailed, "error");
    } finally {
      setBusy(null);
    }
  }

  const previewStyle = { maxHeight: MEDIA_PREVIEW_MAX_HEIGHT_PX };

  return (
    <article
      ref={card}
      className={linked ? "card resource-card linked" : "card resource-card"}
      aria-labelledby={`resource-${r.id}-title`}
      data-testid="resource-card"
    >
      <div className="spread resource-card-head">
        <span className="badge badge-tag resource-type" data-testid="resource-type">
          <Icon shape={TYPE_ICONS[type]} /> {label}
        </span>
        <span className="faint">{formatBytes(r.file_size)}</span>
      </div>
      <h3 id={`resource-${r.id}-title`}>{r.title}</h3>
      {r.description && <p className="muted resource-description">{r.description}</p>}

      {media === "image" && (
        <img className="resource-preview" src={r.file_url} alt={r.title} style={previewStyle} loading="lazy" />
      )}
      {media === "audio" && (
        // biome-ignore lint/a11y/useMediaCaption: members' own recordings come without captions.
        <audio className="resource-preview" controls preload="metadata" src={r.file_url} aria-label={T.play(r.title)} />
      )}
      {media === "video" && (
        // biome-ignore lint/a11y/useMediaCaption: members' own recordings come without captions.
        <video
          className="resource-preview"
          controls
          preload="metadata"
          src={r.file_url}
          style={previewStyle}
          aria-label={T.play(r.title)}
        />
      )}

      {tags.length > 0 && (
        <ul className="resource-tags" aria-label={T.tagsList}>
          {tags.map((t) => (
            <li key={t} className="badge badge-tag">
              #{t}
            </li>
          ))}
        </ul>
      )}
      <p className="faint resource-meta">
        {T.byOwner(r.owner_name)} · <time dateTime={r.created_at}>{formatDate(r.created_at)}</time>
      </p>

      {expanded &&
        decoded &&
        (decoded.ok ? (
          <section
            className="resource-content"
            data-testid="resource-content"
            // biome-ignore lint/a11y: focusable so the keyboard can scroll it (axe: scrollable-region-focusable).
            tabIndex={0}
            aria-label={T.contentOf(r.title)}
          >
            {decoded.text}
          </section>
        ) : (
          <p className="alert alert-error" role="alert">
            {decoded.error}
          </p>
        ))}

      <div className="row resource-actions">
        {format === "markdown" && (
          <button
            type="button"
            className="btn btn-sm"
            onClick={downloadPdf}
            disabled={busy !== null}
            aria-label={T.downloadPdf(r.title)}
          >
            {busy === "pdf" && <Spinner small label={T.preparingPdf} />} {T.pdf}
          </button>
        )}
        {r.kind === "ai_image" && (
          <button
            type="button"
            className="btn btn-sm"
            onClick={downloadAsJpeg}
            disabled={busy !== null}
            aria-label={T.downloadJpeg(r.title)}
          >
            {busy === "jpeg" && <Spinner small label={T.preparingJpeg} />} {T.jpeg}
          </button>
        )}
        {format && (
          <button
            type="button"
            className="btn btn-sm"
            onClick={toggleContent}
            disabled={busy !== null}
            aria-expanded={expanded}
          >
            {busy === "content" ? <Spinner small label={T.loadingContent} /> : null}
            {expanded ? T.hideContent : T.showContent}
          </button>
        )}
        <a className="btn btn-sm" href={r.file_url} download={r.file_name} aria-label={T.downloadOriginal(r.file_name)}>
          {T.original}
        </a>
        {isAdmin && (
          <>
            <button type="button" className="btn btn-sm" onClick={() => onEdit(r)} aria-label={T.editLabel(r.title)}>
              {T.edit}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-danger"
              onClick={() => onDelete(r)}
              aria-label={T.deleteLabel(r.title)}
            >
              {TEXT.common.delete}
            </button>
          </>
        )}
      </div>
    </article>
  );
}
