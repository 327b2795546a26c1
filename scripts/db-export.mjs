// `npm run db:export`: writes the D1 database's data as SQL that restores into an empty database.
//
//   npm run db:export                                   # the local state (COSMIC_STATE_DIR, else .wrangler/state)
//   npm run db:export -- --remote --env production      # a deployed target's database (staging or production)
//   npm run db:export -- --output some/file.sql         # instead of backups/d1-<env>-<UTC time>.sql
//
// The data of the ordinary tables, without the schema: D1 refuses to export a database as a whole once it
// holds FTS5 tables (the search indexes; cloudflare/workers-sdk#6305), and the schema is the migrations.
// Restore = `wrangler d1 migrations apply` on an empty database, then `wrangler d1 execute --file` the dump
// (docs/operating.md, "Backups and restore"; scripts/restore-drill.mjs proves it in CI). Inserting rows fires
// the schema's AFTER INSERT triggers: the search indexes refill (they are not exported), but the tables
// those triggers write (the library's tag counts and total, the notification outbox) would get rows the
// dump holds too. So those tables come last, each emptied first, and end exactly as exported. The migrations seed
// rows too (the plans), so every other table is emptied before its rows as well.
// The local dump is made by the same statement `wrangler d1 export --local` runs (miniflare's
// `PRAGMA miniflare_d1_export`), on the state directory wrangler itself cannot be pointed at.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openLocalState, root, stateDir } from "./local-state.mjs";

const USAGE = "usage: npm run db:export -- [--remote --env staging|production] [--output FILE]";
let remote = false;
let env = null;
let output = null;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--remote") remote = true;
  else if (argv[i] === "--env") env = argv[++i];
  else if (argv[i] === "--output") output = argv[++i];
  else fail(USAGE);
}
if (remote) env ??= "production";
if (remote ? env !== "staging" && env !== "production" : env && env !== "local") fail(USAGE);
const name = remote ? env : "local";
output = path.resolve(
  output ?? path.join(root, "backups", `d1-${name}-${new Date().toISOString().replace(/[-:]|\.\d+/g, "")}.sql`),
);
mkdirSync(path.dirname(output), { recursive: true });

const TABLES = "PRAGMA table_list";
const TRIGGERS = "SELECT sql FROM sqlite_master WHERE type = 'trigger'";

/** The data tables in two groups: `plain`, and `derived` (written by an AFTER INSERT trigger), restored last. */
function tableOrder(tableList, triggerSql) {
  const data = tableList
    .filter((t) => t.schema === "main" && t.type === "table" && !/^(sqlite_|_cf_|d1_migrations$)/.test(t.name))
    .map((t) => t.name)
    .sort();
  const written = new Set(
    triggerSql
      .filter((sql) => /\bAFTER\s+INSERT\s+ON\b/i.test(sql))
      .flatMap((sql) => [...sql.matchAll(/\bINSERT\s+(?:OR\s+\w+\s+)?INTO\s+[`"]?(\w+)/gi)].map((m) => m[1])),
  );
  return { plain: data.filter((t) => !written.has(t)), derived: data.filter((t) => written.has(t)) };
}

/**
 * Each plain table emptied (of the rows a migration seeds, such as the plans) and its rows, then each derived table
 * emptied (of the rows its triggers just wrote) and its rows: every table ends exactly as exported.
 */
function join(plain, derived, order) {
  const emptied = (tables) => tables.map((t) => `DELETE FROM "${t}";`);
  return [...emptied(order.plain), plain, ...emptied(order.derived), derived].filter((part) => part.trim()).join("\n");
}

async function exportLocal() {
  const { env: local, dispose } = await openLocalState();
  try {
    const tables = (await local.DB.prepare(TABLES).all()).results;
    const triggers = (await local.DB.prepare(TRIGGERS).all()).results.map((r) => r.sql);
    const order = tableOrder(tables, triggers);
    const part = async (names) => {
      if (!names.length) return "";
      const [rows] = await local.DB.prepare("PRAGMA miniflare_d1_export(?,?,?);")
        .bind(1, 0, ...names)
        .raw();
      return rows.join("\n");
    };
    return join(await part(order.plain), await part(order.derived), order);
  } finally {
    await dispose();
  }
}

async function exportRemote() {
  const where = ["--remote", "--env", env];
  const query = (sql) => JSON.parse(wrangler(["d1", "execute", "DB", ...where, "--json", "--command", sql]))[0].results;
  const order = tableOrder(
    query(TABLES),
    query(TRIGGERS).map((r) => r.sql),
  );
  const dir = mkdtempSync(path.join(tmpdir(), "cosmic-export-"));
  try {
    const part = (names, file) => {
      if (!names.length) return "";
      const tableArgs = names.flatMap((t) => ["--table", t]);
      // The operator asked for this export: no prompt (the database is unavailable while it exports).
      wrangler([
        "d1",
        "export",
        "DB",
        ...where,
        "--skip-confirmation",
        "--no-schema",
        ...tableArgs,
        "--output",
        path.join(dir, file),
      ]);
      return readFileSync(path.join(dir, file), "utf8");
    };
    return join(part(order.plain, "plain.sql"), part(order.derived, "derived.sql"), order);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const dump = remote ? await exportRemote() : await exportLocal();
writeFileSync(output, dump);
console.log(
  `wrote ${path.relative(process.cwd(), output)} (${remote ? `remote ${env}` : path.relative(root, stateDir) || "."})`,
);

function wrangler(args) {
  const result = spawnSync("wrangler", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (result.status !== 0) fail(`wrangler ${args.slice(0, 3).join(" ")} failed`);
  return result.stdout;
}

function fail(message) {
  console.error(message);
  process.exit(2);
}
