import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach } from "vitest";

const bindings = env as unknown as { DB: D1Database; BLOBS: R2Bucket; TEST_MIGRATIONS: Parameters<typeof applyD1Migrations>[1] };

// Applies only the migrations not yet applied, so running it per test file is safe.
await applyD1Migrations(bindings.DB, bindings.TEST_MIGRATIONS);

const tables = (
  await bindings.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<{ name: string }>()
).results.map((r) => r.name);

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
