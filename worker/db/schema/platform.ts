// What every feature uses: rate limit counters and idempotency keys.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";

/** Fixed-window counters for rate limits, keyed by action and caller. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

/**
 * A member's Idempotency-Key (worker/platform/idempotency.ts): claimed with `status` null while the first
 * request runs, then its outcome (status and JSON body), kept for IDEMPOTENCY.keptMs.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is refused. */
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    responseBody: text("response_body"),
    /** Milliseconds since the epoch. */
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index("idempotency_keys_user_created_idx").on(t.userId, t.createdAt),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);
