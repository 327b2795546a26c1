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
// The tables triggers write (totals, the outbox) are emptied last, after the rows whose deletion writes to them.
const triggerSql = (
  await bindings.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger'").all<{ sql: string }>()
).results.map((r) => r.sql);
const written = new Set(
  triggerSql.flatMap((sql) =>
    [...sql.matchAll(/\b(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE)\s+[`"]?(\w+)/gi)].map((m) => m[1]),
  ),
);
tables.sort((a, b) => Number(written.has(a)) - Number(written.has(b)));

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
