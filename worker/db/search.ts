// Full-text search over posts, comments, chat messages and resources (the FTS5 indexes of
// migrations/0003_search.sql). One statement: a UNION ALL of one ranked branch per kind, each joined
// to its source rows so the same visibility rules as everywhere apply (channels the viewer may read;
// resources only when the caller passes libraryOpen). Deleted rows are gone from the indexes (triggers).
import { type SQL, sql } from "drizzle-orm";
import type { SessionUser } from "../env";
import { mentionsAsText } from "../shared/mentions";
import { LIMITS } from "../shared/rules";
import { type SearchHit, type SearchKind, type SearchResult, searchHitUrl } from "../shared/search";
import type { Database } from "./client";

/** Private-use characters snippet() puts around each hit; replaced by <mark> after the text is escaped. */
const OPEN = "\uE000";
const CLOSE = "\uE001";
const ELLIPSIS = "…";
/** Tokens of context in a snippet. */
const SNIPPET_TOKENS = 16;
const TITLE_MAX = 80;

/**
 * The member's text as an FTS5 query that is always valid and always a plain search: each
 * whitespace-separated word becomes a quoted phrase (quotes removed, so `"`, `*`, `NEAR`, `AND`,
 * parentheses and column filters are only text), all words must match, and the last one also matches
 * as a prefix (search as you type). Null when nothing searchable is left (only punctuation).
 */
export function toFtsQuery(text: string): string | null {
  const words = text
    .normalize("NFC")
    .split(/\s+/)
    .map((word) => word.replace(/"/g, ""))
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, LIMITS.searchTermsMax);
  if (words.length === 0) return null;
  return words.map((word, i) => `"${word}"${i === words.length - 1 ? "*" : ""}`).join(" ");
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);

/**
 * snippet() output -> escaped HTML with balanced <mark> elements (a stray marker typed by a member cannot unbalance
 * them).
 */
export function markSnippet(raw: string): string {
  let out = "";
  let open = false;
  for (const piece of raw.split(/([\uE000\uE001])/)) {
    if (piece === OPEN) {
      if (!open) out += "<mark>";
      open = true;
    } else if (piece === CLOSE) {
      if (open) out += "</mark>";
      open = false;
    } else out += escapeHtml(piece);
  }
  return open ? `${out}</mark>` : out;
}

/** A one-line title: whitespace collapsed, cut with an ellipsis. */
function titleOf(text: string | null): string {
  const line = (text ?? "").replace(/\s+/g, " ").trim();
  const chars = Array.from(line);
  return chars.length > TITLE_MAX
    ? `${chars
        .slice(0, TITLE_MAX - 1)
        .join("")
        .trimEnd()}${ELLIPSIS}`
    : line;
}

/**
 * Ranking every match of a word that is everywhere (a word in all 100,000 messages) costs seconds, so
 * each kind ranks only its newest LIMITS.searchCandidates matches: the rowid floor is found by walking
 * the index backwards (cheap), and FTS5 applies a rowid range inside the MATCH. Rarer words rank all.
 * (For messages the window is taken before the channel filter: a member who may read few of the newest
 * matches gets fewer results for such a word, never someone else's.)
 */
const recentMatches = (table: string, query: string) =>
  sql`${sql.raw(table)}.rowid >= coalesce((select rowid from ${sql.raw(table)} where ${sql.raw(table)} match ${query}
    order by rowid desc limit 1 offset ${LIMITS.searchCandidates - 1}), 0)`;

/** Who searches: `paid` is their paid access (paid-only events; the route leaves resources out without it). */
type Viewer = Pick<SessionUser, "id" | "role"> & { paid: boolean };

type Row = { title: string | null; snippet: string; created_at: number; rank: number } & SearchHit;

const snippet = (table: string, column: number) =>
  sql.raw(`snippet(${table}, ${column}, '${OPEN}', '${CLOSE}', '${ELLIPSIS}', ${SNIPPET_TOKENS})`);

/** One kind's best matches, ranked by bm25 (lower is better). */
function branch(kind: SearchKind, query: string, viewer: Viewer): SQL {
  const limit = LIMITS.searchResults;
  switch (kind) {
    case "post":
      // Hidden by a moderator (issue 20): never found, like deleted posts.
      return sql`select * from (select 'post' as kind, p.id as id, substr(p.content, 1, ${TITLE_MAX + 1}) as title,
        ${snippet("posts_fts", 0)} as snippet, p.created_at as created_at, bm25(posts_fts) as rank,
        p.id as post_id, null as group_id
        from posts_fts join posts p on p.id = posts_fts.rowid
        where posts_fts match ${query} and ${recentMatches("posts_fts", query)} and p.hidden_at is null
        order by rank limit ${limit})`;
    case "comment":
      // A hidden comment, or any comment of a hidden post, is never found.
      return sql`select * from (select 'comment' as kind, cm.id as id, substr(p.content, 1, ${TITLE_MAX + 1}) as title,
        ${snippet("comments_fts", 0)} as snippet, cm.created_at as created_at, bm25(comments_fts) as rank,
        cm.post_id as post_id, null as group_id
        from comments_fts join comments cm on cm.id = comments_fts.rowid join posts p on p.id = cm.post_id
        where comments_fts match ${query} and ${recentMatches("comments_fts", query)}
          and cm.hidden_at is null and p.hidden_at is null
        order by rank limit ${limit})`;
    case "message": {
      // The channel rule of worker/db/chat.ts (visibleTo): public, created by the viewer, or a member of it; admins
      // read all but the direct messages they are not in.
      const member = sql`exists(select 1 from channel_members cmb
        where cmb.channel_id = ch.id and cmb.user_id = ${viewer.id})`;
      const readable =
        viewer.role === "admin"
          ? sql`(ch.direct_key is null or ${member})`
          : sql`(ch.is_private = 0 or ch.created_by = ${viewer.id} or ${member})`;
      // Hidden messages are never found.
      // A direct message has no name of its own: its hits are titled with the other member's name.
      const title = sql`case when ch.direct_key is null then ch.name else coalesce((select u.name
        from channel_members cmo join users u on u.id = cmo.user_id
        where cmo.channel_id = ch.id and cmo.user_id <> ${viewer.id}), '') end`;
      return sql`select * from (select 'message' as kind, m.id as id, ${title} as title,
        ${snippet("messages_fts", 0)} as snippet, m.created_at as created_at, bm25(messages_fts) as rank,
        null as post_id, m.channel_id as group_id
        from messages_fts join messages m on m.id = messages_fts.rowid join channels ch on ch.id = m.channel_id
        where messages_fts match ${query} and ${recentMatches("messages_fts", query)} and ${readable}
          and m.hidden_at is null
        order by rank limit ${limit})`;
    }
    case "resource":
      // A title hit counts three times a description or tag hit; the snippet prefers the description.
      return sql`select * from (select 'resource' as kind, r.id as id, r.title as title,
        coalesce(nullif(${snippet("resources_fts", 1)}, ''), ${snippet("resources_fts", 0)}) as snippet,
        r.created_at as created_at, bm25(resources_fts, 3.0, 1.0, 1.0) as rank, null as post_id, null as group_id
        from resources_fts join resources r on r.id = resources_fts.rowid
        where resources_fts match ${query} and ${recentMatches("resources_fts", query)} order by rank limit ${limit})`;
    case "event": {
      // Paid-only events only for viewers with paid access (their details are withheld from the others).
      const visible = viewer.paid ? sql`1 = 1` : sql`e.paid_only = 0`;
      return sql`select * from (select 'event' as kind, e.id as id, e.title as title,
        coalesce(nullif(${snippet("events_fts", 1)}, ''), ${snippet("events_fts", 0)}) as snippet,
        e.starts_at as created_at, bm25(events_fts, 3.0, 1.0, 1.0) as rank, null as post_id, null as group_id
        from events_fts join events e on e.id = events_fts.rowid
        where events_fts match ${query} and ${recentMatches("events_fts", query)} and ${visible}
          order by rank limit ${limit})`;
    }
  }
}

function toResult(row: Row): SearchResult {
  return {
    kind: row.kind,
    id: row.id,
    title: titleOf(row.title && mentionsAsText(row.title)),
    snippet: markSnippet(mentionsAsText(row.snippet)),
    created_at: new Date(row.created_at).toISOString(),
    url: searchHitUrl(row),
  };
}

/**
 * The best matches of `kinds` for the viewer, best first (newest first among equals). `query` is the
 * output of toFtsQuery. The caller decides whether "resource" may be among the kinds.
 */
export async function search(
  db: Database,
  viewer: Viewer,
  query: string,
  kinds: readonly SearchKind[],
): Promise<SearchResult[]> {
  if (kinds.length === 0) return [];
  const union = sql.join(
    kinds.map((kind) => branch(kind, query, viewer)),
    sql` union all `,
  );
  const rows = await db.all<Row>(
    sql`select * from (${union}) order by rank, created_at desc limit ${LIMITS.searchResults}`,
  );
  return rows.map(toResult);
}
