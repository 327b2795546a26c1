// Search (issue 19): GET /api/search?q=&kind= across posts, comments, chat messages, resources and events,
// with the permissions of each: channels the member may read, the library and paid-only events only
// with paid access.
import { z } from "zod";
import { getMembership } from "../db/memberships";
import { search, toSearchQuery } from "../db/search";
import { createRouter } from "../lib/create-app";
import { validate } from "../lib/validate";
import { requireUser } from "../middleware/auth";
import { hasPaidAccess, LIMITS } from "../shared/rules";
import { SEARCH_KINDS, type SearchResult } from "../shared/search";
import { TEXTS } from "../shared/texts";

const searchQuery = z.object({
  q: z.string(TEXTS.search.queryRequired).trim().min(1, TEXTS.search.queryRequired).max(LIMITS.searchQueryMax),
  kind: z.enum(SEARCH_KINDS).optional(),
});

export const searchRoutes = createRouter().get("/", requireUser, validate("query", searchQuery), async (c) => {
  const { q, kind } = c.req.valid("query");
  const query = toSearchQuery(q);
  if (!query) return c.json({ results: [] as SearchResult[] });
  let kinds = kind ? [kind] : [...SEARCH_KINDS];
  const paid = hasPaidAccess((await getMembership(c.var.db, c.var.user)).status);
  if (!paid) {
    // Without paid access the library is left out: never an error, the same answer as "no resource matched".
    kinds = kinds.filter((k) => k !== "resource");
  }
  return c.json({ results: await search(c.var.db, { ...c.var.user, paid }, query, kinds) });
});
