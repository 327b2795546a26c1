// `npm run db:restore-drill` (CI runs it): the backup runbook, end to end, on throwaway local states.
//  1. seed: the sample community (`npm run db:seed`) plus a few thousand rows (test/bench/seed-sql.mjs);
//  2. export it with `npm run db:export`;
//  3. restore into an empty database: `npm run db:migrate:local`, then `wrangler d1 execute --file` the dump;
//  4. compare every data table (and the search indexes the triggers refill): row count and a checksum of
//     its rows, original against restored, printed as one table;
//  5. start the app (`npm run dev`) on the restored state, sign in as the sample's paying member, and read
//     the lounge, a channel's messages and her payment back through the API, compared with the original.
// Every step is the command the runbook (docs/operating.md, "Backups and restore") gives an operator,
// pointed at its state directory by COSMIC_STATE_DIR. Exits 1 on any difference. Port: DRILL_PORT (5197).
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { apiFetch, signIn, sleep } from "../test/bench/lib.mjs";
import { SEED_ID_BASE, seedBase, seedPosts } from "../test/bench/seed-sql.mjs";
import { CHAT_LIMITS } from "../worker/shared/chat-rules.ts";
import { openLocalState, root } from "./local-state.mjs";

const port = Number(process.env.DRILL_PORT ?? 5197);
const base = `http://localhost:${port}`;
const work = mkdtempSync(path.join(tmpdir(), "cosmic-restore-drill-"));
const original = path.join(work, "original");
const restored = path.join(work, "restored");
const dump = path.join(work, "export.sql");
const started = Date.now();
const PAYING_MEMBER = "luna@example.com";
const SEARCH_INDEXES = ["posts_fts", "comments_fts", "messages_fts", "resources_fts", "events_fts"];

/**
 * Rows the schema's triggers act on: notifications (each writes its delivery in the outbox, most of them
 * then delivered), reactions and the audit log. A restore that let the triggers' rows stand would send
 * every notification again; the delivered states must come back as they were.
 */
const ACTIVITY = [
  `INSERT INTO notifications (user_id, kind, actor_id, post_id, created_at) SELECT ${SEED_ID_BASE} + 1 + (id % 50), 'like',
    ${SEED_ID_BASE} + 1 + ((id + 7) % 50), id, 1750000000000 + id FROM posts WHERE id % 2 = 0`,
  "UPDATE notification_deliveries SET state = 'delivered' WHERE id % 3 <> 0",
  `INSERT INTO reactions (kind, target_id, user_id, emoji) SELECT 'post', id, ${SEED_ID_BASE} + 1 + (id % 50), '✨'
    FROM posts WHERE id % 5 = 0`,
  `INSERT INTO audit_log (actor_id, action, target_type, target_id) SELECT id, 'member.add', 'user', id FROM users
    WHERE id > ${SEED_ID_BASE}`,
];

const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? "ok" : "NOT OK"} - ${what}`);
  if (!ok) failures.push(what);
};
/** An npm script or a tool, with COSMIC_STATE_DIR pointing at `state`, as an operator would type it. */
/** Runs an SQL file on the local database kept in `state`. */
const executeFile = (state, file) =>
  sh(state, "npx", [
    "wrangler",
    "d1",
    "execute",
    "DB",
    "--local",
    "--env",
    "local",
    "--persist-to",
    state,
    "--file",
    file,
  ]);

function sh(state, command, args) {
  console.log(`$ COSMIC_STATE_DIR=${path.relative(root, state)} ${command} ${args.join(" ")}`);
  execFileSync(command, args, {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, COSMIC_STATE_DIR: state, WRANGLER_SEND_METRICS: "false" },
  });
}

let server;
try {
  // 1. The original: the sample community (it applies the migrations first) and the bulk rows.
  sh(original, "npm", ["run", "db:seed"]);
  const bulk = path.join(work, "bulk.sql");
  writeFileSync(bulk, [...seedBase(), ...seedPosts(1000), ...ACTIVITY].map((sql) => `${sql};`).join("\n"));
  executeFile(original, bulk);
  // 2. The export, 3. the restore into an empty database.
  sh(original, "npm", ["run", "db:export", "--", "--output", dump]);
  sh(restored, "npm", ["run", "db:migrate:local"]);
  executeFile(restored, dump);

  // 4. Every table, original against restored.
  const before = await tableDigests(original);
  const after = await tableDigests(restored);
  const rows = [...before.keys()].map((table) => ({ table, a: before.get(table), b: after.get(table) }));
  const width = Math.max(...rows.map((r) => r.table.length));
  console.log(
    `\n${"table".padEnd(width)}  ${"rows".padStart(6)}  ${"restored".padStart(8)}  checksum          restored          same`,
  );
  for (const { table, a, b } of rows) {
    const same = a.count === b?.count && a.sum === b?.sum;
    console.log(
      `${table.padEnd(width)}  ${String(a.count).padStart(6)}  ${String(b?.count ?? "-").padStart(8)}  ${a.sum}  ${b?.sum ?? "-".padEnd(16)}  ${same ? "yes" : "NO"}`,
    );
    if (!same) failures.push(`table ${table} differs after the restore`);
  }
  const total = rows.reduce((n, r) => n + r.a.count, 0);
  console.log(`${rows.length} tables, ${total} rows\n`);
  check(total > 3000, `the original holds a few thousand rows (${total})`);

  // 5. The app on the restored state.
  const expected = await expectations(original);
  server = spawn("npm", ["run", "dev", "--", "--port", String(port), "--strictPort"], {
    cwd: root,
    env: { ...process.env, COSMIC_STATE_DIR: restored, WRANGLER_SEND_METRICS: "false" },
    stdio: "ignore",
    detached: true,
  });
  await ready();
  const cookie = await signIn(base, PAYING_MEMBER, "Luna");
  const get = async (pathname) => {
    const response = await apiFetch(base, cookie, "GET", pathname);
    if (!response.ok) throw new Error(`GET ${pathname}: ${response.status}`);
    return response.json();
  };
  const feed = await get("/api/posts");
  const posts = Array.isArray(feed) ? feed : (feed.posts ?? feed.items);
  check(
    posts?.[0]?.content === expected.newestPost,
    `the lounge reads back: the newest post is "${expected.newestPost.slice(0, 40)}…"`,
  );
  const messages = await get(`/api/messages?group_id=${expected.channel.id}`);
  check(
    JSON.stringify(messages.map((m) => m.body)) === JSON.stringify(expected.channel.bodies),
    `the channel "${expected.channel.name}" reads back its ${expected.channel.bodies.length} messages in order`,
  );
  const payments = await get("/api/membership/payments");
  const { id, amount_clp, authorization_code } = expected.payment;
  check(
    payments.some((p) => p.id === id && p.amount_clp === amount_clp && p.authorization_code === authorization_code),
    `${PAYING_MEMBER}'s payment reads back (payment ${id}, ${amount_clp} CLP, authorization ${authorization_code})`,
  );
} catch (error) {
  failures.push(String(error?.stack ?? error));
  console.error(error);
} finally {
  if (server?.pid) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      /* gone */
    }
    await sleep(500);
  }
  rmSync(work, { recursive: true, force: true });
}
console.log(
  `\nrestore drill: ${failures.length ? `FAILED (${failures.length})` : "passed"} in ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(failures.length ? 1 : 0);

/**
 * Per table: its row count and a checksum (SHA-256 of its rows, each as JSON of its values, sorted, so
 * the order rows come back in does not matter), for the data tables the export carries and the search indexes.
 */
async function tableDigests(state) {
  const { env, dispose } = await openLocalState(state);
  try {
    const { results } = await env.DB.prepare("PRAGMA table_list").all();
    const tables = results
      .filter((t) => t.schema === "main" && t.type === "table" && !/^(sqlite_|_cf_|d1_migrations$)/.test(t.name))
      .map((t) => t.name)
      .sort();
    const digests = new Map();
    for (const table of [...tables, ...SEARCH_INDEXES]) {
      const select = SEARCH_INDEXES.includes(table) ? `SELECT rowid, * FROM "${table}"` : `SELECT * FROM "${table}"`;
      const rows = (await env.DB.prepare(select).raw()).map((row) => JSON.stringify(row)).sort();
      const sum = createHash("sha256").update(rows.join("\n")).digest("hex").slice(0, 16);
      digests.set(SEARCH_INDEXES.includes(table) ? `${table} (search index)` : table, { count: rows.length, sum });
    }
    return digests;
  } finally {
    await dispose();
  }
}

/** What the API must answer on the restored state, read from the original database. */
async function expectations(state) {
  const { env, dispose } = await openLocalState(state);
  try {
    const newestPost = await env.DB.prepare("SELECT content FROM posts ORDER BY id DESC LIMIT 1").first("content");
    const channel = await env.DB.prepare(
      "SELECT c.id, c.name FROM channels c JOIN messages m ON m.channel_id = c.id WHERE c.is_private = 0 GROUP BY c.id ORDER BY count(*) DESC, c.id LIMIT 1",
    ).first();
    const { results } = await env.DB.prepare("SELECT body FROM messages WHERE channel_id = ? ORDER BY id DESC LIMIT ?")
      .bind(channel.id, CHAT_LIMITS.chatHistoryPage)
      .all();
    const payment = await env.DB.prepare(
      "SELECT p.id, p.amount_clp, p.authorization_code FROM payments p JOIN users u ON u.id = p.user_id WHERE u.email = ?",
    )
      .bind(PAYING_MEMBER)
      .first();
    return { newestPost, channel: { ...channel, bodies: results.map((r) => r.body).reverse() }, payment };
  } finally {
    await dispose();
  }
}

async function ready() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`npm run dev exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/users/me`)).status === 401) return;
    } catch {
      /* not listening yet */
    }
    await sleep(500);
  }
  throw new Error("npm run dev did not answer within 120 s");
}
