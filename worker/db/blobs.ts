// Which R2 objects a row still points at (the orphan sweep, worker/platform/sweep-orphan-blobs.ts): a chat image
// (messages.image_key), a library file (resources.file_key) or an event's cover (events.cover_key).
import { sql } from "drizzle-orm";
import type { Database } from "./client";
import { listTable } from "./lists";
import { events, messages, resources } from "./schema";

/** Of `keys` (one R2 listing page), those a row references; one statement binding one variable per column. */
export async function referencedBlobKeys(db: Database, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const listed = listTable(keys);
  const rows = await db.all<{ key: string }>(sql`
    select value as key from ${listed} where
      exists (select 1 from ${messages} where ${messages.imageKey} = value)
      or exists (select 1 from ${resources} where ${resources.fileKey} = value)
      or exists (select 1 from ${events} where ${events.coverKey} = value)`);
  return new Set(rows.map((r) => r.key));
}
