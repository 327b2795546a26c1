// Pure logic of the resource library (no React, no network): tags, type labels, content
// decoding and the upload checks of docs/spec.md §5. Unit-tested in test/client/resources.test.tsx.

import {
  RESOURCE_ACCEPT_EXTENSIONS,
  RESOURCE_EXTENSION_TYPES,
  RESOURCE_TYPE_PREFIXES,
} from "../../worker/shared/resource-files";
import { LIMITS } from "../../worker/shared/rules";
import type { Answer, api } from "../api";
import { TEXT } from "../text";

/** A Resource as GET /api/resources sends it (docs/spec.md §3; tags are a JSON-encoded list). */
export type ResourceItem = Answer<typeof api.resources.$get>[number];

/** The tags of a resource; a malformed tags text gives none rather than breaking the card. */
export function parseTags(tags: string | null | undefined): string[] {
  if (!tags) return [];
  try {
    const parsed: unknown = JSON.parse(tags);
    return Array.isArray(parsed)
      ? parsed.filter((t): t is string => typeof t === "string" && t.trim() !== "").map((t) => t.trim())
      : [];
  } catch {
    return [];
  }
}

/** Comma-separated input -> trimmed tags, empty entries dropped (docs/spec.md §5). */
export const splitTagInput = (text: string) =>
  text
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);

export const fileExtension = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? "";

export type MediaKind = "image" | "audio" | "video" | null;

/** Which preview a card shows. */
export function mediaKind(r: Pick<ResourceItem, "kind" | "file_type">): MediaKind {
  // SVG is served only as a download (it can carry script), so it has no preview.
  if (r.kind === "ai_image" || (r.file_type.startsWith("image/") && r.file_type !== "image/svg+xml")) return "image";
  if (r.file_type.startsWith("audio/")) return "audio";
  if (r.file_type.startsWith("video/")) return "video";
  return null;
}

export type ResourceType = keyof typeof TEXT.library.typeLabels;

/** docs/spec.md §2: the card's type (its icon) and label; a plain file shows its extension. */
export function typeLabel(r: Pick<ResourceItem, "kind" | "file_type" | "file_name">): {
  type: ResourceType;
  label: string;
} {
  const labels = TEXT.library.typeLabels;
  if (r.kind === "ai_text") return { type: "aiText", label: labels.aiText };
  if (r.kind === "ai_image") return { type: "aiImage", label: labels.aiImage };
  const media = mediaKind(r);
  if (media) return { type: media, label: labels[media] };
  const ext = fileExtension(r.file_name);
  return { type: "file", label: ext ? ext.toUpperCase() : labels.file };
}

const isMarkdown = (r: Pick<ResourceItem, "file_type" | "file_name">) =>
  /^text\/(x-)?markdown/.test(r.file_type) || ["md", "markdown"].includes(fileExtension(r.file_name));
const isHtml = (r: Pick<ResourceItem, "file_type" | "file_name">) =>
  r.file_type.startsWith("text/html") || ["html", "htm"].includes(fileExtension(r.file_name));

export type TextFormat = "markdown" | "html" | "text";

/** The text format of a resource whose content the card can decode and show, or null. */
export function textFormat(r: Pick<ResourceItem, "kind" | "file_type" | "file_name">): TextFormat | null {
  if (r.kind === "ai_text" || isMarkdown(r)) return "markdown";
  if (isHtml(r)) return "html";
  if (r.file_type.startsWith("text/plain")) return "text";
  return null;
}

/** Decodes a base64 data URL as UTF-8 text (docs/spec.md §3). */
export function decodeDataUrl(url: string): string {
  const comma = url.indexOf(",");
  const meta = url.slice(5, comma);
  const payload = url.slice(comma + 1);
  if (!/;base64$/i.test(meta)) return decodeURIComponent(payload);
  const bin = atob(payload);
  const bytes = Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export type Decoded = { ok: true; text: string } | { ok: false; error: string };

/**
 * The content to show for a text resource. JSON-looking content must carry a `content` string
 * (how generated content is sometimes wrapped); otherwise it is the 'Content format error' of docs/spec.md §8.
 */
export function decodeContent(raw: string): Decoded {
  const trimmed = raw.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (parsed && typeof parsed === "object" && "content" in parsed && typeof parsed.content === "string")
        return { ok: true, text: parsed.content };
    } catch {
      /* JSON-looking but not JSON */
    }
    return { ok: false, error: TEXT.resources.contentFormatError };
  }
  return { ok: true, text: raw };
}

/** HTML as readable text (parsed inertly, never rendered: scripts and handlers do not run). */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, "text/html");
  for (const el of doc.querySelectorAll("script, style")) el.remove();
  for (const el of doc.querySelectorAll("br")) el.replaceWith("\n");
  for (const el of doc.querySelectorAll("p, div, h1, h2, h3, h4, h5, h6, li, pre, blockquote, tr")) el.append("\n");
  return (doc.body.textContent ?? "").replace(/\n{3,}/g, "\n\n").trim();
}

/** The file's type as the server will judge it: the browser's, or the one its extension implies. */
export function effectiveFileType(file: Pick<File, "type" | "name">): string {
  if (file.type && file.type !== "application/octet-stream") return file.type.toLowerCase();
  return RESOURCE_EXTENSION_TYPES[fileExtension(file.name)] ?? file.type ?? "";
}

/** docs/spec.md §5 client-side file checks: the spec's texts, or null when the file may be sent. */
export function checkUploadFile(file: Pick<File, "type" | "name" | "size">): string | null {
  const type = effectiveFileType(file);
  if (!RESOURCE_TYPE_PREFIXES.some((p) => type.startsWith(p))) return TEXT.resources.typeNotSupported;
  if (file.size > LIMITS.resourceUploadMaxBytes) return TEXT.resources.tooLarge;
  return null;
}

/** The file name without its extension: the upload title's default. */
export const titleFromFileName = (name: string) => name.replace(/\.[^./\\]+$/, "") || name;

/** The file chooser's accept list: the allowed type prefixes plus docs/spec.md §5's extensions. */
export const UPLOAD_ACCEPT = [
  ...RESOURCE_TYPE_PREFIXES.map((p) => (p.endsWith("/") ? `${p}*` : p)),
  "application/x-rar-compressed",
  ...RESOURCE_ACCEPT_EXTENSIONS,
].join(",");

/** A file name for downloads derived from a title. */
export const safeFileBase = (title: string) =>
  title
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a file name loses them.
    .replace(/[\\/:*?"<>|\x00-\x1f]+/g, " ")
    .trim()
    .slice(0, 100) || "resource";

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
