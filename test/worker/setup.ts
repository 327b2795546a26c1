import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach } from "vitest";

const bindings = env as unknown as {
  DB: D1Database;
  BLOBS: R2Bucket;
  TEST_MIGRATIONS: Parameters<typeof applyD1Migrations>[1];
};

// Applies only the migrations not yet applied, so running it per test file is safe.
await applyD1Migrations(bindings.DB, bindings.TEST_MIGRATIONS);

// Ordinary tables only: the full-text indexes (virtual tables and their shadow tables) follow their
// source tables through triggers, and clearing them directly would corrupt them.
const tables = (
  await bindings.DB.prepare("PRAGMA table_list").all<{ name: string; type: string; schema: string }>()
).results
  .filter((t) => t.schema === "main" && t.type === "table" && !/^(sqlite_|_cf_|d1_migrations$)/.test(t.name))
  .map((t) => t.name);

// Every test starts from empty tables and an empty bucket.
beforeEach(async () => {
  await bindings.DB.batch([
    bindings.DB.prepare("PRAGMA defer_foreign_keys = on"),
    ...tables.map((t) => bindings.DB.prepare(`DELETE FROM "${t}"`)),
  ]);
  let cursor: string | undefined;
  do {
    const page = await bindings.BLOBS.list({ cursor });
    if (page.objects.length) await bindings.BLOBS.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
});
