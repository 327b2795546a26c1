// EXPLAIN QUERY PLAN on every hot query, exactly as the app sends it (SQL and parameters recorded
// through the counting D1 proxy while the real routes run). A full table scan of a growing table fails:
// every read must SEARCH by an index, or SCAN in an index's order (whole-table lists ordered by it).
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { latestPaymentOf } from "../../worker/features/payments/queries/payments";
import {
  SEED_CHANNEL_ID,
  SEED_ID_BASE,
  SEEDED_REVENUE_PATH,
  seedBase,
  seedPayments,
  seedPosts,
} from "../bench/seed-sql.mjs";
import { call, countingDb, type RecordedQuery, signIn, testEnv } from "./helpers";

/** Every table that grows with use (everything but the fixed-size rate-limit windows). */
const GROWING = [
  "users",
  "sessions",
  "profiles",
  "memberships",
  "payments",
  "posts",
  "post_likes",
  "comments",
  "notices",
  "channels",
  "channel_members",
  "messages",
  "resources",
];

/**
 * The whole-table reads that are the point of their query: an admin's channel list is every channel
 * (nothing to narrow by; read in primary-key order, with no sort); the library's tag filter lists every
 * distinct tag of every resource (sorting that distinct set, not the table).
 */
const WHOLE_TABLE_BY_DESIGN: Record<string, string[]> = {
  "channel list (admin)": ["channels"],
  "resource tags and total": ["resources"],
};

type PlanRow = { id: number; parent: number; detail: string };

async function planOf(q: RecordedQuery): Promise<string[]> {
  const { results } = await testEnv.DB.prepare(`EXPLAIN QUERY PLAN ${q.sql}`)
    .bind(...q.params)
    .all<PlanRow>();
  return results.map((r) => r.detail);
}

/** "SCAN posts" (or "SCAN p" of an aliased table) with no index: a full table scan. */
const fullScanOf = (detail: string) => {
  const m = /^SCAN (\w+)(?: AS \w+)?(.*)$/.exec(detail);
  if (!m) return null;
  if (/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/.test(m[2])) return null;
  return m[1];
};

async function run(path: string, cookie?: string) {
  const { counter, DB } = countingDb();
  const res = await call(path, { cookie, env: { DB } });
  expect(res.status, path).toBe(200);
  await res.arrayBuffer();
  return counter.queries;
}

describe("query plans of the hot queries", () => {
  it("never scan a whole growing table", { timeout: 120_000 }, async () => {
    for (const sql of [...seedBase(), ...seedPosts(2000), ...seedPayments(2000)]) await testEnv.DB.prepare(sql).run();
    // No ANALYZE: without statistics the planner assumes large tables, which is the case this guards.
    const admin = await signIn("admin@example.com", "Admin");
    const member = await signIn("nova@example.com", "Nova");
    const nova = (await testEnv.DB.prepare("SELECT id FROM users WHERE email = 'nova@example.com'").first<{
      id: number;
    }>())!.id;
    await testEnv.DB.prepare(
      "INSERT INTO memberships (user_id, plan, kind, next_payment_due) VALUES (?, 'monthly', 'paid', 4102444800000)",
    )
      .bind(nova)
      .run();
    const post = (await testEnv.DB.prepare("SELECT max(id) AS id FROM posts").first<{ id: number }>())!.id;
    const lastMessage = (await testEnv.DB.prepare("SELECT max(id) AS id FROM messages").first<{ id: number }>())!.id;

    const hot: Record<string, RecordedQuery[]> = {
      "session lookup + feed page": await run("/api/posts?limit=20", member),
      "feed page after a cursor": await run(`/api/posts?limit=20&before=${post - 100}`, member),
      "comments of a post": await run(`/api/posts/${post}/comments`, member),
      "notices board": await run("/api/cosmic-notices", member),
      "messages after the cursor (poll)": await run(
        `/api/messages?group_id=${SEED_CHANNEL_ID}&after=${lastMessage - 5}`,
        member,
      ),
      "latest messages": await run(`/api/messages?group_id=${SEED_CHANNEL_ID}`, member),
      "channel list with visibility (member)": await run("/api/groups", member),
      "channel list (admin)": await run("/api/groups", admin),
      "membership lookup": await run("/api/membership/status", member),
      "resources list (paying member)": await run("/api/resources", member),
      "resources page after a cursor, searched and tagged": await run(
        "/api/resources?limit=24&before=400&q=seed&tag=bench",
        member,
      ),
      "resource tags and total": await run("/api/resources/tags", member),
      "own sessions": await run("/api/sessions", member),
      "admin: members": await run("/api/admin/members", admin),
      "admin: payments": await run("/api/admin/payments", admin),
      "admin: revenue dashboard": await run(SEEDED_REVENUE_PATH, admin),
    };
    const { counter, DB } = countingDb();
    await latestPaymentOf(getDb(DB), SEED_ID_BASE + 1);
    hot["payments by user"] = counter.queries;

    const failures: string[] = [];
    for (const [name, queries] of Object.entries(hot)) {
      expect(queries.length, name).toBeGreaterThan(0);
      for (const q of queries) {
        const plan = await planOf(q);
        console.log(`PLAN ${name}\n  ${q.sql}\n    ${plan.join("\n    ")}`);
        // A sort of a whole growing table is as bad as scanning it: lists must come in an index's order.
        if (
          plan.some((d) => d.startsWith("USE TEMP B-TREE FOR ORDER BY")) &&
          !/ limit \?$/.test(q.sql) &&
          !/where/.test(q.sql) &&
          !WHOLE_TABLE_BY_DESIGN[name]
        ) {
          failures.push(`${name}: sorts the whole table  <-  ${q.sql}`);
        }
        for (const detail of plan) {
          const table = fullScanOf(detail);
          if (table && GROWING.includes(table) && !WHOLE_TABLE_BY_DESIGN[name]?.includes(table))
            failures.push(`${name}: ${detail}  <-  ${q.sql}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The poll reads the channel's own index range, not every newer message of every channel.
    const poll = hot["messages after the cursor (poll)"].find((q) =>
      q.sql.includes('from "channels" left join "messages"'),
    )!;
    expect((await planOf(poll)).join("\n")).toMatch(
      /SEARCH messages USING (COVERING )?INDEX messages_channel_idx \(channel_id=\? AND (row)?id>\?\)/,
    );
  });
});
