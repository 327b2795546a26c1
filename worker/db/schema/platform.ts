// What every feature uses: rate limit counters.
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Fixed-window counters for rate limits, keyed by action and caller. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});
