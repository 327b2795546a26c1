// Search: GET /api/search?q=&kind= across posts, comments, chat messages, resources, events, programs and lessons,
// with the permissions of each: channels the member may read, the library and paid-only events only
// with paid access, programs and lessons with the programs feature's locks (a locked lesson by its title only).
// The session and the search are one D1 round trip (withSessionBatch). Without a kind, up to
// SEARCH_LIMITS.programResults programs and lessons come first, then the indexed kinds' best.
import { z } from "zod";
import { requireUserInBatch, withSessionBatch } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { validate } from "../../platform/validate";
import { LIMITS } from "../../shared/rules";
import { INDEXED_KINDS, SEARCH_KINDS, type SearchResult } from "../../shared/search";
import { SEARCH_LIMITS } from "../../shared/search-rules";
import { TEXTS } from "../../shared/texts";
import { programSearchResults, programSearchStatements } from "../programs/index";
import { programHitResult } from "./program-hits";
import { searchResults, searchStatement, toSearchQuery } from "./queries";

const searchQuery = z.object({
  q: z.string(TEXTS.search.queryRequired).trim().min(1, TEXTS.search.queryRequired).max(LIMITS.searchQueryMax),
  kind: z.enum(SEARCH_KINDS).optional(),
});

export const searchRoutes = createRouter().get("/", requireUserInBatch, validate("query", searchQuery), async (c) => {
  const { q, kind } = c.req.valid("query");
  const query = toSearchQuery(q);
  // Only punctuation: nothing to search, but still an answer for a live session only.
  if (!query) {
    await withSessionBatch(c, () => []);
    return c.json({ results: searchResults([]) });
  }
  // The programs' search reads the text as typed (one phrase), as GET /api/programs/search does.
  if (kind === "program" || kind === "lesson") {
    const { user, results } = await withSessionBatch(c, (member) => [...programSearchStatements(c.var.db, member, q)]);
    const hits = programSearchResults(user, results, q).filter((hit) => hit.kind === kind);
    return c.json({ results: hits.slice(0, SEARCH_LIMITS.searchResults).map((hit) => programHitResult(hit, q)) });
  }
  if (kind) {
    const {
      results: [rows],
    } = await withSessionBatch(c, (member) => [searchStatement(c.var.db, member, query, [kind])]);
    return c.json({ results: searchResults(rows) });
  }
  const {
    user,
    results: [rows, ...programRows],
  } = await withSessionBatch(c, (member) => [
    searchStatement(c.var.db, member, query, INDEXED_KINDS),
    ...programSearchStatements(c.var.db, member, q),
  ]);
  const programHits = programSearchResults(user, programRows, q).slice(0, SEARCH_LIMITS.programResults);
  const results: SearchResult[] = [...programHits.map((hit) => programHitResult(hit, q)), ...searchResults(rows)];
  return c.json({ results: results.slice(0, SEARCH_LIMITS.searchResults) });
});
