// The library's paging and search on the server: GET /api/resources?limit=&before=&q=&tag= (the
// spec's array, newest first by created_at then id) and GET /api/resources/tags. Statement counts are
// structural: the same at 30 and at 10,000 resources.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberships, resources, resourceTags, resourceTotals, users } from "../../worker/db/schema";
import { resourceTagsQuery } from "../../worker/features/library/queries";
import { LIBRARY_LIMITS } from "../../worker/shared/library-rules";
import { LIMITS } from "../../worker/shared/rules";
import { TEXTS } from "../../worker/shared/texts";
import { call, countingDb, db, json, signIn, testEnv } from "./helpers";

const T0 = 1_700_000_000_000;
type Listed = { id: number; title: string; description: string | null; tags: string; created_at: string | number };

async function paidMember(email = "reader@example.com") {
  const cookie = await signIn(email, "Reader");
  const [user] = await db().select().from(users).where(eq(users.email, email));
  await db()
    .insert(memberships)
    .values({ userId: user.id, nextPaymentDue: new Date(Date.now() + 86_400_000) });
  return cookie;
}

/** Inserts rows in the given order (ids ascend with it); returns their ids. */
async function insert(rows: { title: string; at: number; description?: string | null; tags?: string[] | string }[]) {
  const ids: number[] = [];
  for (const r of rows) {
    const [row] = await db()
      .insert(resources)
      .values({
        title: r.title,
        description: r.description ?? null,
        externalUrl: "https://example.com/x.pdf",
        fileName: "x.pdf",
        fileType: "application/pdf",
        tags: typeof r.tags === "string" ? r.tags : JSON.stringify(r.tags ?? []),
        ownerName: "Owner",
        createdAt: new Date(r.at),
      })
      .returning({ id: resources.id });
    ids.push(row.id);
  }
  return ids;
}

const list = async (cookie: string, query: Record<string, string | number>) => {
  const res = await call(
    `/api/resources?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    { cookie },
  );
  expect(res.status, JSON.stringify(query)).toBe(200);
  return json<Listed[]>(res);
};

/** Follows `before` cursors from the first page until an empty page; returns every page's titles. */
async function walk(cookie: string, query: Record<string, string | number>) {
  const pages: string[][] = [];
  let before: number | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const page = await list(cookie, before === undefined ? query : { ...query, before });
    if (page.length === 0) return pages;
    pages.push(page.map((r) => r.title));
    before = page.at(-1)!.id;
  }
  throw new Error("paging did not end");
}

describe("GET /api/resources paging", () => {
  it("walks every resource once, newest first, ties on created_at broken by id, pages of `limit`", async () => {
    const cookie = await paidMember();
    // Five share one instant (ties across page boundaries); one inserted last is the oldest, so the
    // order is created_at's, not the id's.
    await insert([
      { title: "a", at: T0 + 1000 },
      { title: "b", at: T0 + 2000 },
      { title: "c", at: T0 + 2000 },
      { title: "d", at: T0 + 2000 },
      { title: "e", at: T0 + 2000 },
      { title: "f", at: T0 + 2000 },
      { title: "g", at: T0 + 3000 },
      { title: "oldest", at: T0 },
    ]);
    const pages = await walk(cookie, { limit: 3 });
    expect(pages).toEqual([
      ["g", "f", "e"],
      ["d", "c", "b"],
      ["a", "oldest"],
    ]);
    // An exact multiple of the page size ends with one empty page, nothing repeated.
    expect((await walk(cookie, { limit: 4 })).flat()).toEqual(["g", "f", "e", "d", "c", "b", "a", "oldest"]);
    expect((await list(cookie, { limit: 1 })).map((r) => r.title)).toEqual(["g"]);
  });

  it("defaults to 24 and serves at most 50 per page", async () => {
    const cookie = await paidMember();
    await insert(Array.from({ length: 60 }, (_, i) => ({ title: `r${i}`, at: T0 + i })));
    expect(await list(cookie, {})).toHaveLength(LIMITS.resourcesPageDefault);
    expect(await list(cookie, { limit: 50 })).toHaveLength(LIBRARY_LIMITS.resourcesPageMax);
  });

  it("keeps paging after the cursor's resource was deleted", async () => {
    const cookie = await paidMember();
    await insert(["a", "b", "c", "d", "e"].map((title, i) => ({ title, at: T0 + i * 1000 })));
    const first = await list(cookie, { limit: 2 });
    expect(first.map((r) => r.title)).toEqual(["e", "d"]);
    await db().delete(resources).where(eq(resources.id, first[1].id));
    expect((await list(cookie, { limit: 2, before: first[1].id })).map((r) => r.title)).toEqual(["c", "b"]);
  });
});

describe("GET /api/resources search and tag filter", () => {
  it("matches q in the title, the description or a tag, case-insensitively, and pages the matches", async () => {
    const cookie = await paidMember();
    await insert([
      { title: "Morning Breath", at: T0 + 1 },
      { title: "Other", description: "a guide to BREATHING", at: T0 + 2 },
      { title: "Tagged", tags: ["Breathwork", "sleep"], at: T0 + 3 },
      { title: "Unrelated", description: "stars", tags: ["moon"], at: T0 + 4 },
      { title: "Also breath", at: T0 + 5 },
    ]);
    expect((await list(cookie, { q: "breath" })).map((r) => r.title)).toEqual([
      "Also breath",
      "Tagged",
      "Other",
      "Morning Breath",
    ]);
    expect(await walk(cookie, { q: "  BREATH ", limit: 3 })).toEqual([
      ["Also breath", "Tagged", "Other"],
      ["Morning Breath"],
    ]);
    expect(await list(cookie, { q: "nothing like this" })).toEqual([]);
  });

  it(`takes wildcards, quotes and JSON punctuation literally, at any allowed length, never a syntax \
error`, async () => {
    const cookie = await paidMember();
    await insert([
      { title: "100% calm", at: T0 + 1 },
      { title: "snake_case notes", at: T0 + 2 },
      { title: "back\\slash", at: T0 + 3 },
      { title: "plain", tags: ["x", "y"], at: T0 + 4 },
      { title: "it's fine", at: T0 + 5 },
    ]);
    expect((await list(cookie, { q: "%" })).map((r) => r.title)).toEqual(["100% calm"]);
    expect((await list(cookie, { q: "_" })).map((r) => r.title)).toEqual(["snake_case notes"]);
    expect((await list(cookie, { q: "\\" })).map((r) => r.title)).toEqual(["back\\slash"]);
    expect((await list(cookie, { q: "'" })).map((r) => r.title)).toEqual(["it's fine"]);
    // The stored tags text is '["x","y"]': its quotes and commas are not searchable text.
    for (const q of ['"', '","', "[", 'x","y']) expect(await list(cookie, { q })).toEqual([]);
    for (const q of ['")) OR 1=1 --', "' OR ''='", "%%__\\\\"]) expect(await list(cookie, { q })).toEqual([]);
    // A search text at the length limit (D1 refuses LIKE patterns over 50 bytes: not a pattern here).
    expect(await list(cookie, { q: "é".repeat(LIBRARY_LIMITS.resourceSearchMax) })).toEqual([]);
  });

  it("filters by one exact tag, combines with q, and reads a malformed tags value as no tags", async () => {
    const cookie = await paidMember();
    await insert([
      { title: "one", tags: ["sleep", "calm"], at: T0 + 1 },
      { title: "two", tags: ["sleepy"], at: T0 + 2 },
      { title: "three", tags: ["Sleep"], at: T0 + 3 },
      { title: "four sleep", tags: ["sleep"], at: T0 + 4 },
      { title: "broken", tags: "not json", at: T0 + 5 },
    ]);
    expect((await list(cookie, { tag: "sleep" })).map((r) => r.title)).toEqual(["four sleep", "one"]);
    expect((await list(cookie, { tag: "sleep", q: "one" })).map((r) => r.title)).toEqual(["one"]);
    expect(await walk(cookie, { tag: "sleep", limit: 1 })).toEqual([["four sleep"], ["one"]]);
    expect(await list(cookie, { tag: "nope" })).toEqual([]);
    expect((await list(cookie, { q: "broken" })).map((r) => r.title)).toEqual(["broken"]);
  });
});

describe("GET /api/resources/tags", () => {
  it("lists every distinct tag sorted and the total number of resources", async () => {
    const cookie = await paidMember();
    expect(await json(await call("/api/resources/tags", { cookie }))).toEqual({ tags: [], total: 0 });
    await insert([
      { title: "one", tags: ["sleep", "calm"], at: T0 + 1 },
      { title: "two", tags: ["Breath", "sleep"], at: T0 + 2 },
      { title: "three", at: T0 + 3 },
      { title: "broken", tags: "{", at: T0 + 4 },
    ]);
    expect(await json(await call("/api/resources/tags", { cookie }))).toEqual({
      tags: ["Breath", "calm", "sleep"],
      total: 4,
    });
  });
});

describe("the tag counts behind GET /api/resources/tags", () => {
  const counts = async () =>
    Object.fromEntries((await db().select().from(resourceTags)).map((row) => [row.tag, row.resources]));
  const tagsOf = async (cookie: string) =>
    json<{ tags: string[]; total: number }>(await call("/api/resources/tags", { cookie }));

  it("follow every insert, tag edit and delete: a tag leaves the list with its last resource", async () => {
    const cookie = await paidMember();
    const admin = await signIn("admin@example.com", "Ada Admin");
    const [one, two, three] = await insert([
      { title: "one", tags: ["sleep", "calm"], at: T0 + 1 },
      { title: "two", tags: ["sleep", "sleep", " "], at: T0 + 2 },
      { title: "three", tags: "not json", at: T0 + 3 },
    ]);
    expect(await counts()).toEqual({ sleep: 2, calm: 1, " ": 1 });

    const edit = (id: number, tags: string[], title = "edited") =>
      call(`/api/resources/${id}`, { method: "PUT", cookie: admin, json: { title, description: null, tags } });
    // Its repeated and blank tags went with its old tags.
    expect((await edit(two, ["Breath", "calm"])).status).toBe(200);
    expect(await counts()).toEqual({ sleep: 1, calm: 2, Breath: 1 });
    expect(await tagsOf(cookie)).toEqual({ tags: ["Breath", "calm", "sleep"], total: 3 });
    // A title edit with the same tags changes no count.
    expect((await edit(two, ["Breath", "calm"], "retitled")).status).toBe(200);
    expect(await counts()).toEqual({ sleep: 1, calm: 2, Breath: 1 });
    expect((await edit(three, ["calm"])).status).toBe(200);
    expect(await counts()).toEqual({ sleep: 1, calm: 3, Breath: 1 });

    expect((await call(`/api/resources/${one}`, { method: "DELETE", cookie: admin })).status).toBe(200);
    expect(await counts()).toEqual({ calm: 2, Breath: 1 });
    expect((await call(`/api/resources/${two}`, { method: "DELETE", cookie: admin })).status).toBe(200);
    expect(await tagsOf(cookie)).toEqual({ tags: ["calm"], total: 1 });
    // A refused edit (bad input) or one of a missing resource changes nothing.
    expect((await edit(three, ["x".repeat(LIMITS.tagMax + 1)])).status).toBe(400);
    expect((await edit(999_999, ["ghost"])).status).toBe(404);
    expect(await counts()).toEqual({ calm: 1 });
    expect((await call(`/api/resources/${three}`, { method: "DELETE", cookie: admin })).status).toBe(200);
    expect(await tagsOf(cookie)).toEqual({ tags: [], total: 0 });
    expect(await counts()).toEqual({});
  });
});

describe("the total behind GET /api/resources/tags", () => {
  const stored = async () => (await db().select().from(resourceTotals)).map((row) => row.resources);

  it("follows every insert and delete, however it is made, and no edit", async () => {
    const cookie = await paidMember();
    const admin = await signIn("admin@example.com", "Ada Admin");
    const [one, two] = await insert([
      { title: "one", tags: ["sleep"], at: T0 + 1 },
      { title: "two", tags: "not json", at: T0 + 2 },
      { title: "three", at: T0 + 3 },
    ]);
    expect(await stored()).toEqual([3]);
    // An edit of the title or the tags leaves the total as it is.
    const edit = await call(`/api/resources/${one}`, {
      method: "PUT",
      cookie: admin,
      json: { title: "renamed", description: null, tags: ["calm"] },
    });
    expect(edit.status).toBe(200);
    expect(await stored()).toEqual([3]);
    expect((await call(`/api/resources/${two}`, { method: "DELETE", cookie: admin })).status).toBe(200);
    // A refused delete (a missing resource) changes nothing.
    expect((await call(`/api/resources/${two}`, { method: "DELETE", cookie: admin })).status).toBe(404);
    expect(await json(await call("/api/resources/tags", { cookie }))).toEqual({ tags: ["calm"], total: 2 });
    // Rows written outside the routes (many in one statement) are counted too.
    await insert(Array.from({ length: 5 }, (_, i) => ({ title: `bulk ${i}`, tags: ["bulk"], at: T0 + 10 + i })));
    await testEnv.DB.prepare("DELETE FROM resources WHERE title IN ('bulk 0', 'bulk 1', 'three')").run();
    expect(await stored()).toEqual([4]);
    expect(await json(await call("/api/resources/tags", { cookie }))).toEqual({ tags: ["bulk", "calm"], total: 4 });
    await testEnv.DB.prepare("DELETE FROM resources").run();
    expect(await json(await call("/api/resources/tags", { cookie }))).toEqual({ tags: [], total: 0 });
  });

  it("is read with the tags from their indexes, never by going through the resources or sorting", async () => {
    const { sql, params } = resourceTagsQuery(db()).toSQL();
    const plan = (
      await testEnv.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>()
    ).results.map((row) => row.detail);
    expect(plan.join("\n")).toContain("resource_tags_order_idx");
    expect(plan.filter((detail) => /\bresources\b|TEMP B-TREE/.test(detail))).toEqual([]);
  });
});

describe("bad paging input and access", () => {
  it("answers 400 with a JSON error to bad parameters", async () => {
    const cookie = await paidMember();
    const bad = [
      "limit=0",
      "limit=51",
      "limit=abc",
      "limit=2.5",
      "before=0",
      "before=-3",
      "before=x",
      `q=${"a".repeat(LIBRARY_LIMITS.resourceSearchMax + 1)}`,
      `tag=${"t".repeat(LIMITS.tagMax + 1)}`,
      "q=%01",
    ];
    for (const query of bad) {
      const res = await call(`/api/resources?${query}`, { cookie });
      expect(res.status, query).toBe(400);
      expect(typeof (await json(res)).error, query).toBe("string");
    }
  });

  it("answers 401 to anonymous callers and 403 to members without a paid membership, on both routes", async () => {
    const unpaid = await signIn("unpaid@example.com");
    for (const path of ["/api/resources?limit=5&q=x", "/api/resources/tags"]) {
      expect((await call(path)).status, path).toBe(401);
      const denied = await call(path, { cookie: unpaid });
      expect(denied.status, path).toBe(403);
      expect(await json(denied)).toEqual({ error: TEXTS.resources.membershipRequired, code: "membership_required" });
    }
  });
});

describe("D1 statements per library request", () => {
  it("are the same at 30 and at 10,000 resources, for every kind of page", { timeout: 120_000 }, async () => {
    const cookie = await paidMember();
    const seed = (from: number, to: number) =>
      testEnv.DB.prepare(
        `INSERT INTO resources (title, description, external_url, file_name, file_type,
          kind, tags, owner_name, created_at)
         WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})
         SELECT 'Seed ' || i, 'seeded', 'https://example.com/x.pdf', 'x.pdf', 'application/pdf', 'upload',
           CASE WHEN i % 100 = 0 THEN '["rare","seed"]' ELSE '["seed"]' END, 'Seed', ${T0} + (i / 3) * 1000 FROM n`,
      ).run();
    const paths = [
      "/api/resources",
      "/api/resources?limit=50&before=20",
      "/api/resources?q=seed%201",
      "/api/resources?tag=rare",
      "/api/resources?q=zzz",
      "/api/resources/tags",
    ];
    const measure = async () => {
      const counts: number[] = [];
      for (const path of paths) {
        const { counter, DB } = countingDb();
        const res = await call(path, { cookie, env: { DB } });
        expect(res.status, path).toBe(200);
        await res.arrayBuffer();
        counts.push(counter.statements);
      }
      return counts;
    };
    await seed(1, 30);
    const small = await measure();
    await seed(31, 10_000);
    const large = await measure();
    expect(large).toEqual(small);
    // The session, the membership check, and ONE statement for the page (or the tags and total).
    expect(small).toEqual(paths.map(() => 3));
    expect((await list(cookie, { tag: "rare" })).length).toBe(LIMITS.resourcesPageDefault);
    expect(await json(await call("/api/resources/tags", { cookie }))).toEqual({
      tags: ["rare", "seed"],
      total: 10_000,
    });
  });
});
