// The resource library: resources, their tag counts and the total.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

export const resources = sqliteTable(
  "resources",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    description: text("description"),
    /** R2 key (generated, never from the user's file name); null when only an external URL is kept. */
    fileKey: text("file_key"),
    /** Provider URL kept only when storing an AI image in R2 failed (storage_method 'temporary_url'). */
    externalUrl: text("external_url"),
    fileName: text("file_name").notNull(),
    fileType: text("file_type").notNull(),
    fileSize: integer("file_size").notNull().default(0),
    kind: text("kind", { enum: ["upload", "ai_text", "ai_image"] })
      .notNull()
      .default("upload"),
    /** JSON-encoded list of strings (docs/spec.md §3). */
    tags: text("tags").notNull().default("[]"),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    ownerName: text("owner_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("resources_owner_idx").on(t.ownerId),
    index("resources_created_idx").on(t.createdAt, t.id),
    // The orphan sweep asks which listed R2 keys a resource holds (worker/db/blobs.ts).
    index("resources_file_key_idx").on(t.fileKey),
  ],
);

/**
 * How many resources carry each tag, kept by triggers on `resources` (the resource_tags migration), so
 * the library's tag list is read without going through every resource's tags.
 */
export const resourceTags = sqliteTable(
  "resource_tags",
  {
    tag: text("tag").primaryKey(),
    resources: integer("resources").notNull(),
  },
  // The tag list's order (case-insensitively first), read from the index instead of sorted per request.
  (t) => [index("resource_tags_order_idx").on(sql`${t.tag} collate nocase`, t.tag)],
);

/**
 * The number of resources, in one row (id 1) kept by triggers on `resources` beside resource_tags, so
 * the library's total is read, not counted (no row reads as 0).
 */
export const resourceTotals = sqliteTable("resource_totals", {
  id: integer("id").primaryKey(),
  resources: integer("resources").notNull(),
});
