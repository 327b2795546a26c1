// Search's wire format (GET /api/search), shared by the worker and the client: the result kinds, the
// in-app address of each result (built from item-links.ts) and the snippet markup (escaped text with
// <mark> around the hits).
import { searchResultUrl } from "./item-links";

/** The kinds the full-text indexes hold (worker/features/search/queries.ts). */
export const INDEXED_KINDS = ["post", "comment", "message", "resource", "event"] as const;
export type IndexedKind = (typeof INDEXED_KINDS)[number];
/** Every kind of result: the indexed ones, and programs and lessons (found by the programs feature, with its locks). */
export const SEARCH_KINDS = [...INDEXED_KINDS, "program", "lesson"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export type SearchResult = {
  kind: SearchKind;
  id: number;
  /** Plain text: a post's opening words (for a comment, its post's), a channel's name, a resource's or an event's
   * title. */
  title: string;
  /** HTML: the matching passage, escaped, with <mark>…</mark> around the matched words; empty for a locked lesson
   * (found by its title only, its text never sent). */
  snippet: string;
  created_at: string;
  /** Where the item is shown in context (the post with its comments, the channel at the message, the resource). */
  url: string;
};

/** What places a result: a comment carries its post, a message its channel, a lesson its program (group_id). */
export type SearchHit = { id: number } & (
  | { kind: "post" | "resource" | "event" | "program"; post_id: null; group_id: null }
  | { kind: "comment"; post_id: number; group_id: null }
  | { kind: "message" | "lesson"; post_id: null; group_id: number }
);

export function searchHitUrl(hit: SearchHit): string {
  switch (hit.kind) {
    case "post":
      return searchResultUrl.post(hit.id);
    case "comment":
      return searchResultUrl.comment(hit.post_id, hit.id);
    case "message":
      return searchResultUrl.message(hit.group_id, hit.id);
    case "resource":
      return searchResultUrl.resource(hit.id);
    case "event":
      return searchResultUrl.event(hit.id);
    case "program":
      return searchResultUrl.program(hit.id);
    case "lesson":
      return searchResultUrl.lesson(hit.group_id, hit.id);
  }
}

/** A snippet split into plain-text parts, `hit` marking the matched words (for rendering without innerHTML). */
export function snippetParts(snippet: string): { text: string; hit: boolean }[] {
  const parts: { text: string; hit: boolean }[] = [];
  for (const [i, piece] of snippet.split(/<\/?mark>/).entries()) {
    if (piece) parts.push({ text: unescapeHtml(piece), hit: i % 2 === 1 });
  }
  return parts;
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
const unescapeHtml = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]);
