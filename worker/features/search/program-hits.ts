// Programs and lessons as search results: found by the programs feature (its one search query and its locks, through
// its index.ts) and written in this feature's wire format, the snippet escaped with <mark> around the words searched.
import { escapeHtml } from "../../platform/html";
import { type SearchResult, searchHitUrl } from "../../shared/search";
import type { ProgramSearchHit } from "../programs/index";

/** `text` escaped, every occurrence of `needle` (any case) in <mark>. */
function marked(text: string, needle: string): string {
  if (!needle) return escapeHtml(text);
  const lower = text.toLowerCase();
  let out = "";
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
    out += `${escapeHtml(text.slice(from, at))}<mark>${escapeHtml(text.slice(at, at + needle.length))}</mark>`;
    from = at + needle.length;
  }
  return out + escapeHtml(text.slice(from));
}

/** A locked lesson keeps its empty snippet: its text never left the programs feature. */
export const programHitResult = (hit: ProgramSearchHit, q: string): SearchResult => ({
  kind: hit.kind,
  id: hit.id,
  title: hit.title,
  snippet: hit.snippet === null ? "" : marked(hit.snippet, q.toLowerCase()),
  created_at: hit.created_at,
  url:
    hit.kind === "program"
      ? searchHitUrl({ kind: "program", id: hit.id, post_id: null, group_id: null })
      : searchHitUrl({ kind: "lesson", id: hit.id, post_id: null, group_id: hit.program_id }),
});
