// Search: GET /api/search over the FTS5 indexes. Permissions as everywhere (channels the
// caller may read, the library only with paid access, deleted items never), ranking and highlighted,
// escaped snippets, and member-typed FTS syntax that is always a plain search, never an error.

import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { comments, memberships, messages, posts, resources } from "../../worker/db/schema";
import { sessionMemberSql } from "../../worker/db/sessions";
import { searchStatement, toFtsQuery, toSearchQuery } from "../../worker/features/search/queries";
import type { SearchResult } from "../../worker/shared/search";
import { INDEXED_KINDS, snippetParts } from "../../worker/shared/search";
import { SEARCH_LIMITS } from "../../worker/shared/search-rules";
import { call, db, json, testEnv } from "./helpers";
import { IDS, seedWorld, type World } from "./seed";

let world: World;
beforeEach(async () => {
  world = await seedWorld();
});

const as = (who: keyof World["cookie"]) => world.cookie[who];

async function find(who: keyof World["cookie"], q: string, kind?: string) {
  const params = new URLSearchParams({ q, ...(kind ? { kind } : {}) });
  const res = await call(`/api/search?${params}`, { cookie: as(who) });
  expect(res.status, `${q}: ${res.status}`).toBe(200);
  return (await json<{ results: SearchResult[] }>(res)).results;
}

const post = async (who: keyof World["cookie"], content: string) =>
  json<{ id: number }>(await call("/api/posts", { method: "POST", json: { content }, cookie: as(who) }));
const comment = async (who: keyof World["cookie"], postId: number, content: string) =>
  json<{ id: number }>(
    await call(`/api/posts/${postId}/comments`, { method: "POST", json: { content }, cookie: as(who) }),
  );
const message = async (who: keyof World["cookie"], groupId: number, body: string) => {
  const res = await call("/api/messages", { method: "POST", json: { group_id: groupId, body }, cookie: as(who) });
  expect(res.status).toBe(201);
  return json<{ id: number }>(res);
};
const upload = async (title: string, description: string, tags: string[] = []) => {
  const res = await call("/api/resources/upload", {
    method: "POST",
    json: { title, description, tags, file_name: "a.txt", file_data: `data:text/plain;base64,${btoa("hello")}` },
    cookie: as("owner"),
  });
  expect(res.status).toBe(201);
  return json<{ id: number }>(res);
};

describe("GET /api/search", () => {
  it("is refused to anonymous callers", async () => {
    const res = await call("/api/search?q=moon");
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ error: "Authentication required", code: "unauthorized" });
  });

  it("finds posts, comments, messages and resources, each with its in-context address", async () => {
    const p = await post("member", "Tonight the harvest moon rises");
    const cm = await comment("paid", IDS.post, "What a harvest of stars");
    const m = await message("member", IDS.publicChannel, "Harvest circle at nine");
    const r = await upload("Harvest meditation", "Breathing with the season");
    const results = await find("paid", "harvest");
    const byKind = Object.fromEntries(results.map((x) => [x.kind, x]));
    expect(Object.keys(byKind).sort()).toEqual(["comment", "message", "post", "resource"]);
    expect(byKind.post).toMatchObject({
      id: p.id,
      title: "Tonight the harvest moon rises",
      url: `/app/lounge?post=${p.id}`,
    });
    expect(byKind.post.snippet).toBe("Tonight the <mark>harvest</mark> moon rises");
    expect(byKind.comment).toMatchObject({
      id: cm.id,
      title: "Owner's post",
      url: `/app/lounge?post=${IDS.post}&comment=${cm.id}`,
    });
    expect(byKind.message).toMatchObject({
      id: m.id,
      title: "Public",
      url: `/app/chat?group=${IDS.publicChannel}&message=${m.id}`,
    });
    expect(byKind.resource).toMatchObject({
      id: r.id,
      title: "Harvest meditation",
      url: `/app/resources?resource=${r.id}`,
    });
    for (const x of results) expect(new Date(x.created_at).toISOString()).toBe(x.created_at);
  });

  it("ranks the closer match first and narrows to one kind with `kind`", async () => {
    const weak = await post(
      "member",
      "A long evening of talk about gardens, tea, music, friends, and once, briefly, the nebula",
    );
    const strong = await post("member", "Nebula nebula");
    await message("member", IDS.publicChannel, "nebula photos tonight");
    const posts = await find("member", "nebula", "post");
    expect(posts.map((x) => x.id)).toEqual([strong.id, weak.id]);
    expect((await find("member", "nebula", "message")).map((x) => x.kind)).toEqual(["message"]);
  });

  it("escapes HTML in snippets and titles stay plain text; marks only the matched words", async () => {
    await post("member", `<img src=x onerror=alert(1)> & "quasar" <b>bold</b>`);
    const [hit] = await find("member", "quasar");
    expect(hit.snippet).toBe(
      "&lt;img src=x onerror=alert(1)&gt; &amp; &quot;<mark>quasar</mark>&quot; &lt;b&gt;bold&lt;/b&gt;",
    );
    expect(hit.title).toBe(`<img src=x onerror=alert(1)> & "quasar" <b>bold</b>`);
    expect(snippetParts(hit.snippet).filter((p) => p.hit)).toEqual([{ text: "quasar", hit: true }]);
  });

  it("keeps <mark> balanced when a member types the private-use marker characters", async () => {
    await post("member", "pulsar \uE000 open \uE001\uE001 close");
    const [hit] = await find("member", "pulsar");
    expect(hit.snippet.split("<mark>").length).toBe(hit.snippet.split("</mark>").length);
  });

  it("returns messages only from channels the caller may read", async () => {
    await message("owner", IDS.privateChannel, "secret aurora meeting");
    await message("owner", IDS.publicChannel, "public aurora meeting");
    const bodies = async (who: keyof World["cookie"]) => (await find(who, "aurora", "message")).map((x) => x.snippet);
    expect(await bodies("member")).toEqual(["public <mark>aurora</mark> meeting"]);
    for (const who of ["paid", "owner", "admin"] as const)
      expect((await bodies(who)).sort()).toEqual([
        "public <mark>aurora</mark> meeting",
        "secret <mark>aurora</mark> meeting",
      ]);
    // Removed from the private channel: its messages leave the member's results at once.
    expect(
      (await call(`/api/groups/${IDS.privateChannel}/members/${IDS.paid}`, { method: "DELETE", cookie: as("owner") }))
        .status,
    ).toBe(200);
    expect(await bodies("paid")).toEqual(["public <mark>aurora</mark> meeting"]);
  });

  it("returns resources only to paying members and admins", async () => {
    await upload("Solstice guide", "Light rituals");
    expect(await find("member", "solstice")).toEqual([]);
    expect(await find("member", "solstice", "resource")).toEqual([]);
    expect((await find("paid", "solstice")).map((x) => x.kind)).toEqual(["resource"]);
    expect((await find("admin", "solstice", "resource")).map((x) => x.kind)).toEqual(["resource"]);
  });

  it("decides paid access in the search itself: a membership past its due date opens no resource", async () => {
    await upload("Equinox guide", "Balance rituals");
    expect((await find("paid", "equinox", "resource")).map((x) => x.kind)).toEqual(["resource"]);
    await db()
      .update(memberships)
      .set({ nextPaymentDue: new Date(Date.now() - 1000) })
      .where(eq(memberships.userId, IDS.paid));
    expect(await find("paid", "equinox")).toEqual([]);
    expect(await find("paid", "equinox", "resource")).toEqual([]);
  });

  it("answers only a live session, also when nothing in the text can be searched", async () => {
    await post("member", "aurora borealis");
    for (const q of ["aurora", "?!"]) {
      expect((await call(`/api/search?q=${encodeURIComponent(q)}`)).status, q).toBe(401);
      expect((await call(`/api/search?q=${encodeURIComponent(q)}`, { cookie: "session=unknown" })).status, q).toBe(401);
    }
    expect(await find("member", "?!")).toEqual([]);
    await testEnv.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(IDS.member).run();
    expect((await call("/api/search?q=aurora", { cookie: as("member") })).status).toBe(401);
  });

  it("never returns deleted items, and follows edits", async () => {
    const p = await post("owner", "comet sighting");
    await comment("member", p.id, "comet tail too");
    const r = await upload("Comet notes", "Orbit");
    const channel = await json<{ id: number }>(
      await call("/api/groups", { method: "POST", json: { name: "Sky" }, cookie: as("owner") }),
    );
    await message("owner", channel.id, "comet over the hills");
    expect((await find("admin", "comet")).map((x) => x.kind).sort()).toEqual([
      "comment",
      "message",
      "post",
      "resource",
    ]);

    expect((await call(`/api/posts/${p.id}`, { method: "DELETE", cookie: as("owner") })).status).toBe(200);
    expect((await call(`/api/groups/${channel.id}`, { method: "DELETE", cookie: as("owner") })).status).toBe(200);
    expect(
      (
        await call(`/api/resources/${r.id}`, {
          method: "PUT",
          json: { title: "Meteor notes", description: "Orbit", tags: [] },
          cookie: as("admin"),
        })
      ).status,
    ).toBe(200);
    expect(await find("admin", "comet")).toEqual([]);
    expect((await find("admin", "meteor")).map((x) => x.id)).toEqual([r.id]);

    expect((await call(`/api/resources/${r.id}`, { method: "DELETE", cookie: as("admin") })).status).toBe(200);
    expect(await find("admin", "meteor")).toEqual([]);
    // The indexes hold nothing the tables do not (no stale rows left behind by the deletes).
    // (integrity-check with rank 1 compares each index with its source table and throws on any difference.)
    for (const index of ["posts_fts", "comments_fts", "messages_fts", "resources_fts"]) {
      await testEnv.DB.prepare(`INSERT INTO ${index}(${index}, rank) VALUES ('integrity-check', 1)`).run();
    }
  });

  it("never returns what a moderator hid: posts, comments (or those of a hidden post) and messages", async () => {
    const p = await post("owner", "nebula first light");
    await comment("member", p.id, "nebula glow");
    const other = await post("owner", "plain post");
    const c2 = await comment("member", other.id, "nebula echo");
    const channel = await json<{ id: number }>(
      await call("/api/groups", { method: "POST", json: { name: "Sky" }, cookie: as("owner") }),
    );
    const m = await message("owner", channel.id, "nebula tonight");
    expect((await find("admin", "nebula")).length).toBe(4);

    const hiddenAt = new Date();
    await db().update(posts).set({ hiddenAt }).where(eq(posts.id, p.id));
    await db().update(comments).set({ hiddenAt }).where(eq(comments.id, c2.id));
    await db().update(messages).set({ hiddenAt }).where(eq(messages.id, m.id));
    for (const who of ["admin", "member"] as const) expect(await find(who, "nebula"), who).toEqual([]);
  });

  it("matches without accents, by prefix, and across resource tags", async () => {
    await post("member", "Canción de la luna");
    await upload("Tag test", "Nothing here", ["chakras"]);
    expect((await find("member", "cancion")).length).toBe(1);
    expect((await find("member", "CANCIÓN")).length).toBe(1);
    expect((await find("member", "canc")).length).toBe(1);
    expect((await find("paid", "chakras", "resource")).length).toBe(1);
    await db().update(resources).set({ tags: "[]" }).where(eq(resources.ownerId, IDS.owner));
    expect(await find("paid", "chakras", "resource")).toEqual([]);
  });

  it("treats FTS syntax typed by a member as plain text, never an error", async () => {
    await post("member", "full moon near the old bridge (tonight)");
    await post("member", "moon and stars");
    const typed = [
      `"full moon`,
      `full moon"`,
      `"full moon"`,
      `NEAR(full bridge)`,
      `NEAR(full bridge, 2)`,
      `moon*`,
      `(moon`,
      `moon)`,
      `moon AND`,
      `AND moon`,
      `moon OR`,
      `NOT moon`,
      `moon -stars`,
      `content:moon`,
      `{content}: moon`,
      `^moon`,
      `moon + stars`,
      `moon's`,
      `"`,
      `*`,
      `(((`,
      `:`,
      `-`,
      `' OR 1=1 --`,
      `moon\tstars`,
      "🌕 moon",
    ];
    for (const q of typed) await find("member", q);
    // Words are matched as words: AND/OR/NOT are just words that must appear, so `moon AND` finds the second post only.
    expect((await find("member", "moon AND")).map((x) => x.title)).toEqual(["moon and stars"]);
    expect((await find("member", `"full moon`)).map((x) => x.title)).toEqual([
      "full moon near the old bridge (tonight)",
    ]);
    expect((await find("member", "NEAR(full bridge)")).length).toBe(0); // "near full" is not a phrase in the post
    expect((await find("member", "(tonight)")).length).toBe(1);
    expect(await find("member", "*")).toEqual([]);
    expect(await find("member", `"`)).toEqual([]);
  });

  it("ranks a word found everywhere among its newest matches only", async () => {
    const old = await post("member", "galaxy galaxy galaxy");
    const values = Array.from(
      { length: SEARCH_LIMITS.searchCandidates },
      (_, i) => `(${IDS.member}, 'a long line about many things and one galaxy ${i}')`,
    ).join(",");
    await testEnv.DB.prepare(`INSERT INTO posts (author_id, content) VALUES ${values}`).run();
    const results = await find("member", "galaxy", "post");
    expect(results).toHaveLength(SEARCH_LIMITS.searchResults);
    expect(results.map((x) => x.id)).not.toContain(old.id);
    // One newer match than the window holds, and the strongest match ranks first again.
    await testEnv.DB.prepare(`DELETE FROM posts WHERE id = (SELECT max(id) FROM posts)`).run();
    expect((await find("member", "galaxy", "post"))[0].id).toBe(old.id);
  });

  it("ranks each kind within its own window, and marks the words of a result at the window's far end", async () => {
    // Older than every post: the posts' window of newest matches leaves it out, the library's has it.
    const guide = await upload("Comet guide", "Where to look");
    const outside = await post("member", "comet comet comet comet");
    const edge = await post("member", "comet comet comet at the edge");
    const filler = Array.from(
      { length: SEARCH_LIMITS.searchCandidates - 1 },
      (_, i) => `(${IDS.member}, 'a long line of many words about the sky, the sea and one comet ${i}')`,
    ).join(",");
    await testEnv.DB.prepare(`INSERT INTO posts (author_id, content) VALUES ${filler}`).run();
    const posts = await find("paid", "comet", "post");
    expect(posts).toHaveLength(SEARCH_LIMITS.searchResults);
    expect(posts[0].id).toBe(edge.id);
    expect(posts.map((x) => x.id)).not.toContain(outside.id);
    expect(snippetParts(posts[0].snippet).filter((part) => part.hit)).toEqual(
      Array.from({ length: 3 }, () => ({ text: "comet", hit: true })),
    );
    const all = await find("paid", "comet");
    expect(all.find((x) => x.kind === "resource")?.id).toBe(guide.id);
    expect(all.map((x) => x.id)).toContain(edge.id);
    for (const x of all.filter((hit) => hit.kind === "post"))
      expect(snippetParts(x.snippet).some((part) => part.hit && /comet/i.test(part.text))).toBe(true);
  });

  it("expands the last word into the whole terms that start with it, at most SEARCH_LIMITS.searchPrefixTerms of them", async () => {
    await post("member", "full moonlight over the bay");
    await post("member", "a full moon tonight");
    await post("member", "moonstone without the other word");
    expect((await find("member", "full moo", "post")).map((x) => x.title).sort()).toEqual([
      "a full moon tonight",
      "full moonlight over the bay",
    ]);
    const hit = (await find("member", "moonl", "post"))[0];
    expect(snippetParts(hit.snippet).filter((p) => p.hit)).toEqual([{ text: "moonlight", hit: true }]);
    // More terms than the cap start with "zz": the first ones in alphabetical order are searched.
    const terms = Array.from(
      { length: SEARCH_LIMITS.searchPrefixTerms + 2 },
      (_, i) => `zz${String(i).padStart(2, "0")}`,
    );
    const all = await post("member", terms.join(" "));
    await post("member", terms.at(-1)!);
    const found = await find("member", "zz", "post");
    expect(found.map((x) => x.id)).toEqual([all.id]);
    expect(snippetParts(found[0].snippet).filter((p) => p.hit)).toHaveLength(SEARCH_LIMITS.searchPrefixTerms);
  });

  it("splits the member's text for the bounded search: phrases joined by AND, the last word folded for the term list", () => {
    expect(toSearchQuery(`full "Canción`)).toEqual({
      fts: `"full" "Canción"*`,
      head: `"full" AND `,
      prefix: "cancion",
      words: ["full", "canción"],
    });
    // A word the tokenizer splits stays a prefix query.
    expect(toSearchQuery("e-mail")?.prefix).toBeNull();
    expect(toSearchQuery(' * ( ) " ')).toBeNull();
  });

  it("is one statement text whatever the words (D1 prepares it once, not once per search)", () => {
    const textOf = (q: string) =>
      searchStatement(db(), sessionMemberSql("session"), toSearchQuery(q)!, INDEXED_KINDS).toSQL();
    // Words, quotes and SQL typed by a member are bound parameters; only the last word's shape picks the statement:
    // one whole term (expanded through the term list), or a word the tokenizer splits (a prefix query).
    for (const group of [
      ["moon", "sol", "full moon", "a b c d e f g h", "l'été pleine"],
      ["e-mail", "x-ray", "it's", "'; drop table posts; --"],
    ]) {
      const [first, ...others] = group.map(textOf);
      for (const [i, other] of others.entries()) {
        expect(other.sql, group[i + 1]).toBe(first.sql);
        expect(other.params.length, group[i + 1]).toBe(first.params.length);
      }
    }
  });

  it("turns any text into a valid FTS5 query (quoted words, last one a prefix)", () => {
    expect(toFtsQuery(`full "moon`)).toBe(`"full" "moon"*`);
    expect(toFtsQuery("NEAR(a b)")).toBe(`"NEAR(a" "b)"*`);
    expect(toFtsQuery(' * ( ) " ')).toBeNull();
    expect(toFtsQuery("one two three four five six seven eight nine ten")).toBe(
      `"one" "two" "three" "four" "five" "six" "seven" "eight"*`,
    );
  });

  it("refuses a missing, blank or too long search text and an unknown kind", async () => {
    for (const path of [
      "/api/search",
      "/api/search?q=",
      "/api/search?q=%20%20",
      `/api/search?q=${"a".repeat(201)}`,
      "/api/search?q=moon&kind=user",
    ]) {
      const res = await call(path, { cookie: as("member") });
      expect(res.status, path).toBe(400);
      expect(typeof (await json(res)).error).toBe("string");
    }
  });
});
