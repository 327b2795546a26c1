// Columns every table writes the same way.
import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";

/** When a row was written: integer milliseconds, surfaced as a Date. */
export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`);
