// `npm run db:export -- --remote --env staging` against the stand-in wrangler: the tables it asks for, the
// prompt it skips, and the order of the dump (the tables insert triggers write come last, emptied first),
// which the restore drill (scripts/restore-drill.mjs) proves on a real local database.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const work = mkdtempSync(path.join(tmpdir(), "cosmic-export-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const table = (name: string, type = "table") => ({ schema: "main", name, type });

it("a remote export asks wrangler for the data tables, each emptied first, trigger-written ones last", () => {
  const wrangler = path.join(work, "wrangler");
  writeFileSync(
    wrangler,
    `#!/bin/sh\nexec "${process.execPath}" "${path.join(import.meta.dirname, "stand-in/wrangler.mjs")}" "$@"\n`,
  );
  chmodSync(wrangler, 0o755);
  const state = path.join(work, "account.json");
  const log = path.join(work, "calls.jsonl");
  writeFileSync(log, "");
  writeFileSync(
    state,
    JSON.stringify({
      envs: { staging: { worker: "cosmic-lounge-staging", database: "cosmic-lounge-staging" } },
      remoteSchema: {
        tables: [
          table("users"),
          table("notifications"),
          table("notification_deliveries"),
          table("resources"),
          table("resource_tags"),
          table("reactions"),
          table("posts_fts", "virtual"),
          table("posts_fts_data", "shadow"),
          table("sqlite_sequence"),
          table("d1_migrations"),
          table("_cf_KV"),
        ],
        // As in migrations/0024, 0021 and 0027: an insert trigger, a delete trigger, an insert trigger.
        triggers: [
          "CREATE TRIGGER `resources_tags_insert` AFTER INSERT ON `resources` BEGIN\n  INSERT INTO `resource_tags` (`tag`, `resources`) SELECT 1, 1;\nEND",
          "CREATE TRIGGER `reactions_post_delete` AFTER DELETE ON `posts` BEGIN\n  DELETE FROM `reactions` WHERE kind = 'post';\nEND",
          "CREATE TRIGGER `notifications_outbox_insert` AFTER INSERT ON `notifications` BEGIN\n  INSERT INTO `notification_deliveries` (`notification_id`, `user_id`) VALUES (new.`id`, new.`user_id`);\nEND",
          "CREATE TRIGGER `posts_fts_insert` AFTER INSERT ON `posts` BEGIN\n  INSERT INTO posts_fts(rowid, content) VALUES (new.id, new.content);\nEND",
        ],
      },
    }),
  );
  const output = path.join(work, "staging.sql");
  const run = spawnSync(
    process.execPath,
    [path.join(root, "scripts/db-export.mjs"), "--remote", "--env", "staging", "--output", output],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, PATH: `${work}:${process.env.PATH}`, STAND_IN_STATE: state, STAND_IN_LOG: log },
    },
  );
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  const calls = readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .map((line) =>
      JSON.parse(line)
        .args.join(" ")
        .replace(/--output \S+/, "--output <file>"),
    );
  expect(calls).toEqual([
    "d1 execute DB --remote --env staging --json --command PRAGMA table_list",
    "d1 execute DB --remote --env staging --json --command SELECT sql FROM sqlite_master WHERE type = 'trigger'",
    "d1 export DB --remote --env staging --skip-confirmation --no-schema --table notifications --table reactions --table resources --table users --output <file>",
    "d1 export DB --remote --env staging --skip-confirmation --no-schema --table notification_deliveries --table resource_tags --output <file>",
  ]);
  expect(readFileSync(output, "utf8").split("\n")).toEqual([
    // Every table emptied before its rows: a migrated database may hold rows its migrations seed (the plans).
    'DELETE FROM "notifications";',
    'DELETE FROM "reactions";',
    'DELETE FROM "resources";',
    'DELETE FROM "users";',
    "PRAGMA defer_foreign_keys=TRUE;",
    'INSERT INTO "notifications" ("id") VALUES(1);',
    'INSERT INTO "reactions" ("id") VALUES(1);',
    'INSERT INTO "resources" ("id") VALUES(1);',
    'INSERT INTO "users" ("id") VALUES(1);',
    'DELETE FROM "notification_deliveries";',
    'DELETE FROM "resource_tags";',
    "PRAGMA defer_foreign_keys=TRUE;",
    'INSERT INTO "notification_deliveries" ("id") VALUES(1);',
    'INSERT INTO "resource_tags" ("id") VALUES(1);',
  ]);
});
