// Search: GET /api/search?q=&kind= across posts, comments, chat messages, resources and events,
// with the permissions of each: channels the member may read, the library and paid-only events only
// with paid access. The session and the search are one D1 round trip (withSessionBatch).
import { z } from "zod";
import { requireUserInBatch, withSessionBatch } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { validate } from "../../platform/validate";
import { LIMITS } from "../../shared/rules";
import { SEARCH_KINDS } from "../../shared/search";
import { TEXTS } from "../../shared/texts";
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
  const {
    results: [rows],
  } = await withSessionBatch(c, (member) => [searchStatement(c.var.db, member, query, kind ? [kind] : SEARCH_KINDS)]);
  return c.json({ results: searchResults(rows) });
});
