import { drizzle } from "drizzle-orm/d1";

export type Database = ReturnType<typeof getDb>;

/**
 * A drizzle handle on D1 or on a request's D1 session. Built for every request, so without `schema`:
 * the relational query API (db.query.*) is not used, and building its table map cost ≈ 50-90 µs per
 * request (docs/capacity.md, "where the time goes").
 */
export const getDb = (d1: D1Database | D1DatabaseSession) => drizzle(d1 as D1Database);
