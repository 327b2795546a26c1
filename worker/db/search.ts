// Full-text search over posts, comments, chat messages, resources and events (the FTS5 indexes of
// migrations/0003_search.sql and 0012_events_search.sql). One statement: a UNION ALL of one ranked branch per kind, each joined
// to its source rows so the same visibility rules as everywhere apply (channels the viewer may read;
// resources only when the caller passes libraryOpen). Deleted rows are gone from the indexes (triggers).
// Its cost does not grow with the number of matches: each kind ranks its newest LIMITS.searchCandidates
// matches only, by BM25 computed over that window (FTS5's bm25() counts every match of each word in
// the whole index first), and the last word is expanded into whole terms through the index's term list
// (a prefix query merges every matching row before the first one is read).
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

/** The member's searchable words: quotes removed, at least one letter or digit each, at most LIMITS.searchTermsMax. */
function wordsOf(text: string): string[] {
  return text
    .normalize("NFC")
    .split(/\s+/)
    .map((word) => word.replace(/"/g, ""))
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, LIMITS.searchTermsMax);
}

const phrase = (word: string) => `"${word}"`;

/**
 * The member's text as an FTS5 query that is always valid and always a plain search: each
 * whitespace-separated word becomes a quoted phrase (quotes removed, so `"`, `*`, `NEAR`, `AND`,
 * parentheses and column filters are only text), all words must match, and the last one also matches
 * as a prefix (search as you type). Null when nothing searchable is left (only punctuation).
 */
export function toFtsQuery(text: string): string | null {
  const words = wordsOf(text);
  if (words.length === 0) return null;
  return words.map((word, i) => `${phrase(word)}${i === words.length - 1 ? "*" : ""}`).join(" ");
}

/** What search() needs of the member's text; null when nothing searchable is left. */
export type SearchQuery = {
  /** The whole query as toFtsQuery gives it (the last word a prefix). */
  fts: string;
  /** Every word but the last, as phrases, each followed by AND (FTS5 takes no implicit AND before a parenthesis). */
  head: string;
  /**
   * The last word as the index stores its terms (lower case, accents removed, as the unicode61
   * tokenizer with remove_diacritics 2 does) when it is one term; it is then expanded into the
   * index's terms that start with it. Null for a word the tokenizer splits (e.g. "e-mail"), which
   * stays a prefix query.
   */
  prefix: string | null;
  /** The words as typed, lower-cased, for ranking. */
  words: string[];
};

export function toSearchQuery(text: string): SearchQuery | null {
  const fts = toFtsQuery(text);
  if (!fts) return null;
  const words = wordsOf(text);
  const last = words[words.length - 1].normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  return {
    fts,
    head: words
      .slice(0, -1)
      .map((word) => `${phrase(word)} AND `)
      .join(""),
    prefix: /^[\p{L}\p{N}]+$/u.test(last) ? last : null,
    words: words.map((word) => word.toLowerCase()),
  };
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

/** Who searches: `paid` is their paid access (paid-only events; the route leaves resources out without it). */
type Viewer = Pick<SessionUser, "id" | "role"> & { paid: boolean };

type Row = { title: string | null; snippet: string; created_at: number; rank: number } & SearchHit;

const snippet = (table: string, column: number) =>
  sql.raw(`snippet(${table}, ${column}, '${OPEN}', '${CLOSE}', '${ELLIPSIS}', ${SNIPPET_TOKENS})`);

const INDEXES = {
  post: "posts_fts",
  comment: "comments_fts",
  message: "messages_fts",
  resource: "resources_fts",
  event: "events_fts",
} as const;

/**
 * The terms of `index` that start with the query's last word, in one recursive walk of its term list
 * (`<index>_terms`, migrations/0019_search_vocab.sql): each step seeks the next term after the last one
 * found (a space sorts below every character a term has), at most LIMITS.searchPrefixTerms steps.
 */
function prefixTerms(index: string, prefix: string): SQL {
  const terms = sql.raw(`${index}_terms`);
  const walk = sql.raw(`${index}_prefix`);
  const end = `${prefix}\u{10FFFF}`;
  return sql`${walk}(term, n) as (
    select (select term from ${terms} where term >= ${prefix} and term < ${end} limit 1), 1
    union all
    select (select term from ${terms} where term >= ${walk}.term || ' ' and term < ${end} limit 1), n + 1
    from ${walk} where ${walk}.term is not null and n < ${LIMITS.searchPrefixTerms})`;
}

/** The MATCH expression of `index`: the query with its last word replaced by the terms it starts. */
function matchOf(index: string, query: SearchQuery): SQL {
  if (!query.prefix) return sql`${query.fts}`;
  const walk = sql.raw(`${index}_prefix`);
  // No term starts with it: the prefix query finds nothing, at no cost.
  return sql`(select case when count(term) = 0 then ${query.fts}
    else ${query.head} || '(' || group_concat('"' || term || '"', ' OR ') || ')' end from ${walk} where term is not null)`;
}

/** A word as an SQL string literal (ranking only; the MATCH takes bound parameters). */
const literal = (word: string) => sql.raw(`'${word.replace(/\p{Cc}/gu, "").replace(/'/g, "''")}'`);
const BM25_K1 = 1.2;
const BM25_B = 0.75;

/**
 * BM25 of `text` for the query's words within the candidate window: each word's occurrences
 * (case-insensitively for ASCII; a word matched only through its accents counts once when `matched`)
 * saturate with k1 and are weighed by the text's length against the window's average. The inverse
 * document frequency is left out: every candidate contains every word, so it is the same for all.
 * Higher is better.
 */
function windowBm25(text: SQL, query: SearchQuery, matched: boolean): SQL {
  const lowered = sql`lower(coalesce(${text}, ''))`;
  const norm = sql`(${sql.raw(String(1 - BM25_B))} + ${sql.raw(String(BM25_B))} * length(${lowered}) / max(1.0, avg(length(${lowered})) over ()))`;
  const parts = query.words.map((word) => {
    const count = sql`((length(${lowered}) - length(replace(${lowered}, ${literal(word)}, ''))) / length(${literal(word)}))`;
    const tf = matched ? sql`max(1.0, ${count})` : sql`(${count} * 1.0)`;
    return sql`(${tf} * ${sql.raw(String(BM25_K1 + 1))} / (${tf} + ${sql.raw(String(BM25_K1))} * ${norm}))`;
  });
  return sql.join(parts, sql` + `);
}

/** The newest LIMITS.searchCandidates matches of `index` (ids only: FTS5 walks the index backwards and stops). */
const window = (index: string, query: SearchQuery) =>
  sql`(select rowid as id from ${sql.raw(index)} where ${sql.raw(index)} match ${matchOf(index, query)}
    order by rowid desc limit ${LIMITS.searchCandidates})`;

/**
 * One kind's best matches: `ranked` (its window joined to the source rows, filtered, scored, the best
 * LIMITS.searchResults) and then the snippet, for those rows only (a cross join, so FTS5 looks each
 * one up by rowid instead of walking every match).
 */
function withSnippet(index: string, query: SearchQuery, ranked: SQL, snippetSql: SQL): SQL {
  return sql`select top.kind as kind, top.id as id, top.title as title, ${snippetSql} as snippet,
    top.created_at as created_at, top.rank as rank, top.post_id as post_id, top.group_id as group_id
    from (${ranked} order by rank desc, created_at desc limit ${LIMITS.searchResults}) top
    cross join ${sql.raw(index)} on ${sql.raw(index)}.rowid = top.id
    where ${sql.raw(index)} match ${matchOf(index, query)}`;
}

function branch(kind: SearchKind, query: SearchQuery, viewer: Viewer): SQL {
  const index = INDEXES[kind];
  switch (kind) {
    case "post":
      // Hidden by a moderator (issue 20): never found, like deleted posts.
      return withSnippet(
        index,
        query,
        sql`select 'post' as kind, p.id as id, substr(p.content, 1, ${TITLE_MAX + 1}) as title, p.created_at as created_at,
          ${windowBm25(sql`p.content`, query, true)} as rank, p.id as post_id, null as group_id
          from ${window(index, query)} w join posts p on p.id = w.id where p.hidden_at is null`,
        snippet(index, 0),
      );
    case "comment":
      // A hidden comment, or any comment of a hidden post, is never found.
      return withSnippet(
        index,
        query,
        sql`select 'comment' as kind, cm.id as id, substr(p.content, 1, ${TITLE_MAX + 1}) as title, cm.created_at as created_at,
          ${windowBm25(sql`cm.content`, query, true)} as rank, cm.post_id as post_id, null as group_id
          from ${window(index, query)} w join comments cm on cm.id = w.id join posts p on p.id = cm.post_id
          where cm.hidden_at is null and p.hidden_at is null`,
        snippet(index, 0),
      );
    case "message": {
      // The channel rule of worker/db/chat.ts (visibleTo): public, created by the viewer, or a member of it; admins read all.
      // The window is taken before this filter: a member who may read few of the newest matches of a
      // word found everywhere gets fewer results for it, never someone else's.
      const readable =
        viewer.role === "admin"
          ? sql`1 = 1`
          : sql`(ch.is_private = 0 or ch.created_by = ${viewer.id}
              or exists(select 1 from channel_members cmb
                where cmb.channel_id = ch.id and cmb.user_id = ${viewer.id}))`;
      // Hidden messages are never found.
      return withSnippet(
        index,
        query,
        sql`select 'message' as kind, m.id as id, ch.name as title, m.created_at as created_at,
          ${windowBm25(sql`m.body`, query, true)} as rank, null as post_id, m.channel_id as group_id
          from ${window(index, query)} w join messages m on m.id = w.id join channels ch on ch.id = m.channel_id
          where ${readable} and m.hidden_at is null`,
        snippet(index, 0),
      );
    }
    case "resource":
      // A title hit counts three times a description or tag hit; the snippet prefers the description.
      return withSnippet(
        index,
        query,
        sql`select 'resource' as kind, r.id as id, r.title as title, r.created_at as created_at,
          3 * (${windowBm25(sql`r.title`, query, false)}) + ${windowBm25(sql`r.description`, query, false)}
            + ${windowBm25(sql`r.tags`, query, false)} as rank, null as post_id, null as group_id
          from ${window(index, query)} w join resources r on r.id = w.id`,
        sql`coalesce(nullif(${snippet(index, 1)}, ''), ${snippet(index, 0)})`,
      );
    case "event": {
      // Paid-only events only for viewers with paid access (their details are withheld from the others).
      const visible = viewer.paid ? sql`1 = 1` : sql`e.paid_only = 0`;
      // A title hit counts three times a description or place hit; the snippet prefers the description.
      return withSnippet(
        index,
        query,
        sql`select 'event' as kind, e.id as id, e.title as title, e.starts_at as created_at,
          3 * (${windowBm25(sql`e.title`, query, false)}) + ${windowBm25(sql`e.description`, query, false)}
            + ${windowBm25(sql`e.place`, query, false)} as rank, null as post_id, null as group_id
          from ${window(index, query)} w join events e on e.id = w.id where ${visible}`,
        sql`coalesce(nullif(${snippet(index, 1)}, ''), ${snippet(index, 0)})`,
      );
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
 * The best matches of `kinds` for the viewer, best first (newest first among equals). The caller
 * decides whether "resource" may be among the kinds.
 */
export async function search(
  db: Database,
  viewer: Viewer,
  query: SearchQuery,
  kinds: readonly SearchKind[],
): Promise<SearchResult[]> {
  if (kinds.length === 0) return [];
  const { prefix } = query;
  const prefixWalks = prefix
    ? sql`with recursive ${sql.join(
        kinds.map((kind) => prefixTerms(INDEXES[kind], prefix)),
        sql`, `,
      )} `
    : sql``;
  const union = sql.join(
    kinds.map((kind) => sql`select * from (${branch(kind, query, viewer)})`),
    sql` union all `,
  );
  const rows = await db.all<Row>(
    sql`${prefixWalks}select * from (${union}) order by rank desc, created_at desc limit ${LIMITS.searchResults}`,
  );
  return rows.map(toResult);
}
