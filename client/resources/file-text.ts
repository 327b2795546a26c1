// A text resource's content as its card shows it ("View content", the PDF download): fetched or decoded
// from its data URL, unwrapped, HTML read as text. Loaded when a member first opens or downloads one.
import { api, requestError } from "../api";
import { TEXT } from "../text";
import type { ResourceItem, TextFormat } from "./library";

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

/** The raw text of a resource's file: decoded from a data URL, or fetched from its file route. */
async function loadFileText(r: ResourceItem): Promise<string> {
  if (r.file_url.startsWith("data:")) return decodeDataUrl(r.file_url);
  const res = await api.resources[":id"].file.$get({ param: { id: String(r.id) } });
  if (!res.ok) throw await requestError(res);
  return res.text();
}

/** The text to show for a resource of `format`: HTML as text, anything else as decoded. */
export async function readFileText(r: ResourceItem, format: TextFormat | null): Promise<Decoded> {
  const result = decodeContent(await loadFileText(r));
  return result.ok && format === "html" ? { ok: true, text: htmlToText(result.text) } : result;
}
