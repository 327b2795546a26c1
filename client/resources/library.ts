// Pure logic of the resource library's cards (no React, no network): tags, type labels and text formats.
// Reading a file's text is file-text.ts, the upload checks of docs/spec.md §5 upload.ts: both load on demand.
// Unit-tested in test/client/resources.test.tsx.

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

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
