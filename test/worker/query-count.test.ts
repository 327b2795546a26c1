// D1 statements per request of every hot read, at 10 posts and at 10,000 posts (likes, comments,
// 500 resources, 1,000 messages seeded): the count must not grow with the data. Structural, not timed.
// Prints one `D1_STATEMENTS {json}` line per route; `npm run bench` parses them into its table.
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { validateSessionToken } from "../../worker/db/sessions";
import { rateLimit } from "../../worker/platform/rate-limit";
import {
  SEED_CHANNEL_ID,
  SEED_LESSON_ID,
  SEED_PROGRAM_ID,
  SEEDED_REVENUE_PATH,
  seedBase,
  seedPayments,
  seedPosts,
  seedPrograms,
} from "../bench/seed-sql.mjs";
import { call, countingDb, signIn, testEnv } from "./helpers";
import { PNG } from "./seed";

const HOT_ROUTES = {
  health: "/api/health",
  "health signed in": "/api/health",
  "users/me": "/api/users/me",
  posts: "/api/posts?limit=20",
  "messages poll": "", // filled in with the newest message id
  resources: "/api/resources",
  "resource tags": "/api/resources/tags",
  search: "/api/search?q=morning",
  // The pages the worker renders: the session once, then each loader's reads (worker/pages.ts).
  "page lounge": "/app/lounge",
  "page chat": "/app/chat",
} as const;

async function runAll(statements: string[]) {
  for (const sql of statements) await testEnv.DB.prepare(sql).run();
}

async function measure(path: string, cookie: string | undefined) {
  const { counter, DB } = countingDb();
  const res = await call(path, { cookie, env: { DB } });
  const body = await res.arrayBuffer();
  expect(res.status, path).toBe(200);
  return { statements: counter.statements, roundTrips: counter.roundTrips, bytes: body.byteLength };
}

describe("D1 statements per request", () => {
  it("stay the same at 10 and at 10,000 posts", { timeout: 120_000 }, async () => {
    await runAll(seedBase());
    await runAll(seedPosts(10));
    // An admin: passes the paid-member guard of /api/resources after the same membership read a member has.
    const cookie = await signIn("admin@example.com", "Bench Admin");
    const last = await testEnv.DB.prepare("SELECT max(id) AS id FROM messages WHERE channel_id = ?")
      .bind(SEED_CHANNEL_ID)
      .first<{ id: number }>();
    const routes: Record<string, string> = {
      ...HOT_ROUTES,
      "messages poll": `/api/messages?group_id=${SEED_CHANNEL_ID}&after=${last!.id}`,
    };

    const small: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    for (const [name, path] of Object.entries(routes))
      small[name] = await measure(path, name === "health" ? undefined : cookie);
    await runAll(seedPosts(10_000 - 10));
    const { count } = (await testEnv.DB.prepare("SELECT count(*) AS count FROM posts").first<{ count: number }>())!;
    expect(count).toBe(10_000);
    const large: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    for (const [name, path] of Object.entries(routes))
      large[name] = await measure(path, name === "health" ? undefined : cookie);

    for (const name of Object.keys(routes)) {
      console.log(
        "D1_STATEMENTS",
        JSON.stringify({
          route: name,
          path: routes[name],
          at10: small[name].statements,
          at10000: large[name].statements,
          roundTrips: large[name].roundTrips,
          bytes: large[name].bytes,
        }),
      );
      expect(large[name].statements, name).toBe(small[name].statements);
      expect(large[name].roundTrips, name).toBe(small[name].roundTrips);
    }
    // What each one costs: the health check (called without a cookie, the benchmark's baseline) touches no database; a
    // signed-in read is the session lookup plus its own query (the resources guard adds the membership read).
    expect(small.health.statements).toBe(0);
    expect(small.health.roundTrips).toBe(0);
    expect(small["health signed in"].roundTrips).toBe(1);
    expect(small["users/me"].statements).toBe(1);
    expect(small["users/me"].roundTrips).toBe(1);
    // The hottest reads send their statements in the same batch as the session lookup: ONE round trip
    // (docs/architecture.md, "Decisions and their reasons").
    expect(small.posts.statements).toBe(2);
    expect(small.posts.roundTrips).toBe(1);
    expect(small.resources.statements).toBe(3);
    expect(small.resources.roundTrips).toBe(1);
    // The tag list: the session, the membership and ONE statement on the maintained counts, in one batch.
    expect(small["resource tags"].statements).toBe(3);
    expect(small["resource tags"].roundTrips).toBe(1);
    // Search: the session, ONE statement over every index (paid access decided in it) and the programs' search (the
    // membership and ONE statement over programs and lessons), in one batch.
    expect(small.search.statements).toBe(4);
    expect(small.search.roundTrips).toBe(1);
    // The poll with nothing new: the session plus ONE query (channel access and messages together), and a tiny body.
    expect(small["messages poll"].statements).toBe(2);
    expect(small["messages poll"].roundTrips).toBe(1);
    expect(large["messages poll"].bytes).toBeLessThanOrEqual(2);
    // A rendered page costs what its loaders' API reads cost, no more: the lounge's user (1), its notice board (the
    // session, then the board: 2) and its feed (1); the chat's user, channel list and unread counts.
    expect(small["page lounge"].roundTrips).toBe(4);
    expect(small["page chat"].roundTrips).toBe(4);
  });

  it("the programs list, a program's lessons and a lesson page stay the same at 10 and 1,000 programs", {
    timeout: 120_000,
  }, async () => {
    await runAll(seedBase({ messages: 10, resources: 10 }));
    await runAll(seedPrograms(10));
    const cookie = await signIn("admin@example.com", "Bench Admin");
    const routes = {
      programs: "/api/programs",
      "program lessons": `/api/programs/${SEED_PROGRAM_ID}/lessons`,
      lesson: `/api/lessons/${SEED_LESSON_ID}`,
    };
    const small: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    for (const [name, path] of Object.entries(routes)) small[name] = await measure(path, cookie);
    await runAll(seedPrograms(990, { from: 11 }));
    const large: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    for (const [name, path] of Object.entries(routes)) large[name] = await measure(path, cookie);
    for (const [name, path] of Object.entries(routes)) {
      console.log(
        "D1_STATEMENTS",
        JSON.stringify({
          route: name,
          path,
          at10: small[name].statements,
          at10000: large[name].statements,
          roundTrips: large[name].roundTrips,
          bytes: large[name].bytes,
        }),
      );
      expect(large[name].statements, name).toBe(small[name].statements);
      expect(large[name].roundTrips, name).toBe(small[name].roundTrips);
    }
    // Each is the session lookup and its own statements in ONE batch: the list one statement; the lessons and the
    // lesson page the membership, the program and its lessons.
    expect(small.programs).toMatchObject({ statements: 2, roundTrips: 1 });
    expect(small["program lessons"]).toMatchObject({ statements: 4, roundTrips: 1 });
    expect(small.lesson).toMatchObject({ statements: 4, roundTrips: 1 });
  });

  it("a session lookup and a rate-limit count are one statement each", async () => {
    const cookie = await signIn("member@example.com", "Member");
    const { counter, DB } = countingDb();
    const session = await validateSessionToken(getDb(DB), cookie.replace(/^session=/, ""));
    expect(session?.user.email).toBe("member@example.com");
    expect({ statements: counter.statements, roundTrips: counter.roundTrips }).toEqual({
      statements: 1,
      roundTrips: 1,
    });
    const counted = await rateLimit(getDb(DB), { action: "probe", key: "user:1", limit: 5, windowSeconds: 60 });
    expect(counted.count).toBe(1);
    expect({ statements: counter.statements, roundTrips: counter.roundTrips }).toEqual({
      statements: 2,
      roundTrips: 2,
    });
  });

  it(`a chat message costs the same few statements whatever the channel's history (the write path of \
docs/capacity.md)`, {
    timeout: 60_000,
  }, async () => {
    await runAll(seedBase());
    const cookie = await signIn("admin@example.com", "Bench Admin");
    const send = async () => {
      const { counter, DB } = countingDb();
      const res = await call("/api/messages", {
        method: "POST",
        cookie,
        env: { DB },
        json: { group_id: SEED_CHANNEL_ID, body: "Breathe in the starlight" },
      });
      expect(res.status).toBe(201);
      return { statements: counter.statements, roundTrips: counter.roundTrips };
    };
    const first = await send();
    await runAll(seedBase({ messages: 5_000 }).filter((sql) => /INSERT INTO messages/i.test(sql)));
    const later = await send();
    console.log(
      "D1_STATEMENTS",
      JSON.stringify({
        route: "message send",
        path: "POST /api/messages",
        at10: first.statements,
        at10000: later.statements,
        roundTrips: later.roundTrips,
        bytes: 0,
      }),
    );
    expect(later).toEqual(first);
    // docs/capacity.md counts on five statements in ONE round trip: the session read, the rate-limit
    // upsert, the channel visibility read, the message insert and the sender's read marker upsert
    // (three of them writes, guarded by the others in the same batch).
    expect(first).toEqual({ statements: 5, roundTrips: 1 });
  });

  it(`an image message checks the send rules in the session's round trip, then counts the upload and stores the \
row`, async () => {
    await runAll(seedBase());
    const cookie = await signIn("admin@example.com", "Bench Admin");
    const form = new FormData();
    form.set("group_id", String(SEED_CHANNEL_ID));
    form.set("image", new File([PNG as unknown as BlobPart], "a.png", { type: "image/png" }));
    const { counter, DB } = countingDb();
    const res = await call("/api/messages/image", { method: "POST", cookie, env: { DB }, body: form });
    expect(res.status).toBe(201);
    console.log(
      "D1_STATEMENTS",
      JSON.stringify({
        route: "image message send",
        path: "POST /api/messages/image",
        statements: counter.statements,
        roundTrips: counter.roundTrips,
      }),
    );
    expect({ statements: counter.statements, roundTrips: counter.roundTrips }).toEqual({
      statements: 6,
      roundTrips: 3,
    });
  });
});

describe("D1 statements of /pricing's data and the revenue dashboard", () => {
  it("stay the same at 100 and at 100,000 payments", { timeout: 180_000 }, async () => {
    await runAll(seedBase());
    await runAll(seedPayments(100));
    const admin = await signIn("admin@example.com", "Bench Admin");
    const routes = { plans: "/api/plans", revenue: SEEDED_REVENUE_PATH };
    const small: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    for (const [name, path] of Object.entries(routes)) small[name] = await measure(path, admin);
    await testEnv.DB.prepare("DELETE FROM payments WHERE buy_order LIKE 'seed-pay-%'").run();
    await runAll(seedPayments(100_000));
    const large: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    for (const [name, path] of Object.entries(routes)) large[name] = await measure(path, admin);
    for (const name of Object.keys(routes)) {
      console.log(
        "D1_STATEMENTS",
        JSON.stringify({
          route: name,
          path: routes[name as keyof typeof routes],
          at10: small[name].statements,
          at10000: large[name].statements,
          roundTrips: large[name].roundTrips,
          bytes: large[name].bytes,
        }),
      );
      expect(large[name].statements, name).toBe(small[name].statements);
    }
  });
});
