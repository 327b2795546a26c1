// Full-text search over posts, comments, chat messages, resources and events (the FTS5 indexes of
// migrations/0003_search.sql and 0012_events_search.sql). One statement, sent in the session's batch:
// each kind's candidates joined to their source rows so the same visibility rules as everywhere apply
// (channels the member may read; the library and paid-only events only with paid access), ranked
// together, then the snippets of the best. Deleted rows are gone from the indexes (triggers).
// Its cost does not grow with the number of matches: each kind ranks its newest SEARCH_LIMITS.searchCandidates
// matches only, by BM25 computed over that window (FTS5's bm25() counts every match of each word in
// the whole index first), the last word is expanded into whole terms through the index's term list
// (a prefix query merges every matching row before the first one is read), and the snippets are read
// in one pass over that window.
// Its text is the same for any words (they are bound parameters, the ranking's included): D1 keeps a prepared
// statement per text, and preparing this one is the largest part of a search's cost (50-60 ms when every
// search was a new text). Each part that names another CTE copies it where it is named, so the parts stay
// per kind: each kind's best (`<kind>_best`) is what `top` and that kind's snippets read, never `top` itself.
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { membershipCoversSql } from "../../db/memberships";
import { memberships } from "../../db/schema";
import type { SessionMemberSql } from "../../db/sessions";
import { escapeHtml } from "../../platform/html";
import { mentionsAsText } from "../../shared/mentions";
import { type IndexedKind, type SearchHit, type SearchResult, searchHitUrl } from "../../shared/search";
import { SEARCH_LIMITS } from "../../shared/search-rules";

/** Private-use characters snippet() puts around each hit; replaced by <mark> after the text is escaped. */
const OPEN = "\uE000";
const CLOSE = "\uE001";
const ELLIPSIS = "…";
/** Tokens of context in a snippet. */
const SNIPPET_TOKENS = 16;
const TITLE_MAX = 80;

/** The member's searchable words: quotes removed, at least one letter or digit each, at most SEARCH_LIMITS.searchTermsMax. */
function wordsOf(text: string): string[] {
  return text
    .normalize("NFC")
    .split(/\s+/)
    .map((word) => word.replace(/"/g, ""))
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, SEARCH_LIMITS.searchTermsMax);
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
 * Who searches, as SQL read from the session in the same batch (sessionMemberSql): their id and role,
 * and whether they have paid access (the library, paid-only events), decided in the statement as
 * membershipView does (admins, or a membership that covers now: membershipCoversSql).
 */
const viewerCte = (member: SessionMemberSql, now: number) =>
  sql`viewer(id, role, paid) as (select v.id, v.role, v.role = 'admin' or exists(select 1 from ${memberships}
    where ${memberships.userId} = v.id and ${membershipCoversSql(now)})
    from (select ${member.id} as id, ${member.role} as role) v)`;
const viewer = (column: "id" | "role" | "paid") => sql.raw(`(select ${column} from viewer)`);

type Row = { title: string | null; snippet: string; created_at: number } & SearchHit;

const INDEXES = {
  post: "posts_fts",
  comment: "comments_fts",
  message: "messages_fts",
  resource: "resources_fts",
  event: "events_fts",
} as const;

/** The statement's named parts of one kind: `<kind>_prefix`, `<kind>_match`, `<kind>_rows`, `<kind>_best`. */
const part = (kind: IndexedKind, name: "prefix" | "match" | "rows" | "best") => sql.raw(`${kind}_${name}`);
/** The kind as an SQL string literal (one of INDEXED_KINDS). */
const kindText = (kind: IndexedKind) => sql.raw(`'${kind}'`);

/**
 * The terms of `index` that start with the query's last word, in one recursive walk of its term list
 * (`<index>_terms`, migrations/0025_search_vocab.sql): each step seeks the next term after the last one
 * found (a space sorts below every character a term has), at most SEARCH_LIMITS.searchPrefixTerms steps.
 */
function prefixTerms(kind: IndexedKind, prefix: string): SQL {
  const terms = sql.raw(`${INDEXES[kind]}_terms`);
  const walk = part(kind, "prefix");
  const end = `${prefix}\u{10FFFF}`;
  return sql`${walk}(term, n) as (
    select (select term from ${terms} where term >= ${prefix} and term < ${end} limit 1), 1
    union all
    select (select term from ${terms} where term >= ${walk}.term || ' ' and term < ${end} limit 1), n + 1
    from ${walk} where ${walk}.term is not null and n < ${sql.raw(String(SEARCH_LIMITS.searchPrefixTerms))})`;
}

/** `<kind>_match(q)`: the MATCH expression of the kind's index, the query's last word replaced by the terms it starts. */
function matchOf(kind: IndexedKind, query: SearchQuery): SQL {
  const match = part(kind, "match");
  if (!query.prefix) return sql`${match}(q) as (select ${query.fts})`;
  const walk = part(kind, "prefix");
  // No term starts with it: the prefix query finds nothing, at no cost.
  return sql`${prefixTerms(kind, query.prefix)}, ${match}(q) as (select case when count(term) = 0 then ${query.fts}
    else ${query.head} || '(' || group_concat('"' || term || '"', ' OR ') || ')' end from ${walk} where term is not null)`;
}

const BM25_K1 = 1.2;
const BM25_B = 0.75;

/** A kind indexed as a title, a description and tags or a place (the library's resources, events), not one text. */
const described = (kind: IndexedKind) => kind === "resource" || kind === "event";
/** The texts each kind ranks (lower-cased in `<kind>_rows`): its text, or title, description and tags or place. */
type TextColumn = "t" | "d" | "g";
const textColumns = (kind: IndexedKind): TextColumn[] => (described(kind) ? ["t", "d", "g"] : ["t"]);

/**
 * BM25 of the lower-cased text in `column` of `<kind>_rows` for the query's words (`words`) within the
 * candidate window: each word's occurrences (case-insensitively for ASCII; a word matched only
 * through its accents counts once when `matched`) saturate with k1 and are weighed by the text's
 * length against the window's average (`<column>_avg`). The inverse document frequency is left out: every
 * candidate contains every word, so it is the same for all. Higher is better.
 */
function windowBm25(column: TextColumn, matched: boolean): SQL {
  const text = sql.raw(column);
  const norm = sql.raw(`(${1 - BM25_B} + ${BM25_B} * length(${column}) / ${column}_avg)`);
  const count = sql`((length(${text}) - length(replace(${text}, w, ''))) / length(w))`;
  const tf = matched ? sql`max(1.0, ${count})` : sql`(${count} * 1.0)`;
  const [k1, k1Plus1] = [sql.raw(String(BM25_K1)), sql.raw(String(BM25_K1 + 1))];
  return sql`(select sum(${tf} * ${k1Plus1} / (${tf} + ${k1} * ${norm})) from words)`;
}

/** The newest SEARCH_LIMITS.searchCandidates matches of the kind's index (ids only: FTS5 walks the index backwards and stops). */
const window = (kind: IndexedKind) =>
  sql`(select rowid as id from ${sql.raw(INDEXES[kind])} where ${sql.raw(INDEXES[kind])} match (select q from ${part(kind, "match")})
    order by rowid desc limit ${sql.raw(String(SEARCH_LIMITS.searchCandidates))})`;

const lowered = (column: string, as: string) => sql.raw(`lower(coalesce(${column}, '')) as ${as}`);

/**
 * `<kind>_rows`: the kind's window joined to its source rows, with the visibility rules of
 * everywhere else, the texts ranked lower-cased once (materialized: the ranking reads each text
 * several times) and each text's average length over the window (`<column>_avg`, computed here once).
 */
function rowsOf(kind: IndexedKind): SQL {
  const averages = textColumns(kind).map((column) => `max(1.0, avg(length(${column})) over ()) as ${column}_avg`);
  return sql`${part(kind, "rows")} as materialized (select *, ${sql.raw(averages.join(", "))}
    from (${visibleCandidates(kind)}))`;
}

/** The kind's window joined to its source rows, the visibility rules of everywhere else applied, texts lower-cased. */
function visibleCandidates(kind: IndexedKind): SQL {
  const w = window(kind);
  switch (kind) {
    case "post":
      // Hidden by a moderator: never found, like deleted posts.
      return sql`select p.id as id, substr(p.content, 1, ${sql.raw(String(TITLE_MAX + 1))}) as title,
        p.created_at as created_at, p.id as post_id, null as group_id, ${lowered("p.content", "t")}
        from ${w} w join posts p on p.id = w.id where p.hidden_at is null`;
    case "comment":
      // A hidden comment, or any comment of a hidden post, is never found.
      return sql`select cm.id as id, substr(p.content, 1, ${sql.raw(String(TITLE_MAX + 1))}) as title,
        cm.created_at as created_at, cm.post_id as post_id, null as group_id, ${lowered("cm.content", "t")}
        from ${w} w join comments cm on cm.id = w.id join posts p on p.id = cm.post_id
        where cm.hidden_at is null and p.hidden_at is null`;
    case "message": {
      // The channel rule of worker/features/chat/queries/channels.ts (visibleTo): public, created by the viewer, or a member of it; admins
      // read all but the direct messages they are not in. The window is taken before this filter: a member who may
      // read few of the newest matches of a word found everywhere gets fewer results for it, never someone else's.
      // Hidden messages are never found.
      const member = sql`exists(select 1 from channel_members cmb where cmb.channel_id = ch.id and cmb.user_id = ${viewer("id")})`;
      // A direct message has no name of its own: its hits are titled with the other member's name.
      const title = sql`case when ch.direct_key is null then ch.name else coalesce((select u.name
        from channel_members cmo join users u on u.id = cmo.user_id
        where cmo.channel_id = ch.id and cmo.user_id <> ${viewer("id")}), '') end`;
      return sql`select m.id as id, ${title} as title, m.created_at as created_at,
        null as post_id, m.channel_id as group_id, ${lowered("m.body", "t")}
        from ${w} w join messages m on m.id = w.id join channels ch on ch.id = m.channel_id
        where m.hidden_at is null and (${viewer("role")} = 'admin' and (ch.direct_key is null or ${member})
          or ${viewer("role")} <> 'admin' and (ch.is_private = 0 or ch.created_by = ${viewer("id")} or ${member}))`;
    }
    case "resource":
      // The library only with paid access: without it, never an error, the same answer as "no resource matched".
      return sql`select r.id as id, r.title as title, r.created_at as created_at,
        null as post_id, null as group_id, ${lowered("r.title", "t")}, ${lowered("r.description", "d")}, ${lowered("r.tags", "g")}
        from ${w} w join resources r on r.id = w.id where ${viewer("paid")}`;
    case "event":
      // Paid-only events only for viewers with paid access (their details are withheld from the others).
      return sql`select e.id as id, e.title as title, e.starts_at as created_at,
        null as post_id, null as group_id, ${lowered("e.title", "t")}, ${lowered("e.description", "d")}, ${lowered("e.place", "g")}
        from ${w} w join events e on e.id = w.id where e.paid_only = 0 or ${viewer("paid")}`;
  }
}

/**
 * `<kind>_best`: the kind's best SEARCH_LIMITS.searchResults candidates (a title hit counts three times a
 * description, tag or place hit): those of `top` are among them.
 */
function ranked(kind: IndexedKind): SQL {
  const rank = described(kind)
    ? sql`3 * ${windowBm25("t", false)} + ${windowBm25("d", false)} + ${windowBm25("g", false)}`
    : windowBm25("t", true);
  const best = sql.raw(String(SEARCH_LIMITS.searchResults));
  return sql`${part(kind, "best")} as materialized (select ${kindText(kind)} as kind, id, title, created_at,
    ${rank} as rank, post_id, group_id from ${part(kind, "rows")} order by rank desc, created_at desc limit ${best})`;
}

const snippet = (index: string, column: number) =>
  sql.raw(`snippet(${index}, ${column}, '${OPEN}', '${CLOSE}', '${ELLIPSIS}', ${SNIPPET_TOKENS})`);
/** The largest rowid: the lower bound of a kind without results, so its pass reads nothing (whatever FTS5 makes of a NULL bound). */
const NO_ROWID = "9223372036854775807";

/**
 * The snippets of the kind's best (`<kind>_best`, a few more than `top` keeps of it: reading `top` here would copy
 * every kind's parts into each kind's), in ONE forward pass of its index over the rowids from
 * the oldest of them on (all within the window, so at most SEARCH_LIMITS.searchCandidates rows): a lookup by
 * rowid per result walks the word's whole list of rows up to it, on every lookup. The `+` keeps the
 * result ids a filter instead of one lookup each; the EXISTS, which reads no row of the index, is
 * tested once before it, so a kind without results never opens its index here. Resources and events
 * prefer the description.
 */
function snippetsOf(kind: IndexedKind): SQL {
  const index = sql.raw(INDEXES[kind]);
  const text = described(kind)
    ? sql`coalesce(nullif(${snippet(INDEXES[kind], 1)}, ''), ${snippet(INDEXES[kind], 0)})`
    : snippet(INDEXES[kind], 0);
  const best = part(kind, "best");
  return sql`select ${kindText(kind)} as kind, ${index}.rowid as id, ${text} as snippet from ${index}
    where exists (select 1 from ${best})
      and ${index} match (select q from ${part(kind, "match")})
      and ${index}.rowid >= coalesce((select min(id) from ${best}), ${sql.raw(NO_ROWID)})
      and +${index}.rowid in (select id from ${best})`;
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
 * The best matches of `kinds` for the member of the session read in the same batch, best first
 * (newest first among equals), as ONE statement: each kind's window ranked, the best
 * SEARCH_LIMITS.searchResults of them all (`top`), then their snippets. Resources and paid-only events only
 * with paid access, messages only from channels the member may read.
 */
export function searchStatement(
  db: Database,
  member: SessionMemberSql,
  query: SearchQuery,
  kinds: readonly IndexedKind[],
  now = Date.now(),
) {
  const each = (f: (kind: IndexedKind) => SQL, separator: SQL) => sql.join(kinds.map(f), separator);
  const found = sql`(with recursive ${viewerCte(member, now)},
    words(w) as materialized (select value from json_each(${JSON.stringify(query.words)})),
    ${each((kind) => sql`${matchOf(kind, query)}, ${rowsOf(kind)}, ${ranked(kind)}`, sql`, `)},
    top as materialized (${each((kind) => sql`select * from ${part(kind, "best")}`, sql` union all `)}
      order by rank desc, created_at desc limit ${sql.raw(String(SEARCH_LIMITS.searchResults))}),
    snippets as materialized (${each(snippetsOf, sql` union all `)})
    select top.*, snippets.snippet as snippet from top join snippets on snippets.kind = top.kind and snippets.id = top.id) found`;
  // A select over the statement, not db.all(): drizzle's D1 batch cannot bind a raw statement's parameters.
  return db
    .select({
      kind: sql<IndexedKind>`kind`,
      id: sql<number>`id`,
      title: sql<string | null>`title`,
      snippet: sql<string>`snippet`,
      created_at: sql<number>`created_at`,
      post_id: sql<number | null>`post_id`,
      group_id: sql<number | null>`group_id`,
    })
    .from(found)
    .orderBy(sql`rank desc, created_at desc`);
}

type Found = Awaited<ReturnType<typeof searchStatement>>[number];

/** The statement's rows as the API sends them (each kind's part fills post_id and group_id as its SearchHit shape says). */
export const searchResults = (rows: Found[]): SearchResult[] => (rows as Row[]).map(toResult);
