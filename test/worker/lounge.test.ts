import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { describe, expect, it } from "vitest";
import { comments, notices, postLikes, posts, users } from "../../worker/db/schema";
import { TEXTS } from "../../worker/shared/texts";
import { type Api, api, call, countingDb, db, errorBody, signIn } from "./helpers";

const post = (cookie: string, content: string) => api(cookie).posts.$post({ json: { content } });
const createdPost = async (cookie: string, content = "Hello cosmos") => {
  const res = await post(cookie, content);
  expect(res.status).toBe(201);
  return res.json();
};
const like = (cookie: string, id: number) => api(cookie).posts[":id"].like.$post({ param: { id: String(id) } });
const comment = (cookie: string, id: number, content: string) =>
  api(cookie).posts[":id"].comments.$post({ param: { id: String(id) }, json: { content } });
type NoticeInput = InferRequestType<Api["cosmic-notices"]["$post"]>["json"];
const publish = (cookie: string, json: NoticeInput) => api(cookie)["cosmic-notices"].$post({ json });
/** Raw, so that bad notices can be sent too. */
const notice = (cookie: string, body: unknown) => call("/api/cosmic-notices", { method: "POST", json: body, cookie });
const feed = async (cookie: string, query: { before?: number; limit?: number } = {}) => {
  const res = await api(cookie).posts.$get({
    query: { before: query.before?.toString(), limit: query.limit?.toString() },
  });
  expect(res.status).toBe(200);
  return res.json();
};
const storedPost = async (id: number) => (await db().select().from(posts).where(eq(posts.id, id)))[0];

describe("posts", () => {
  it("needs a signed-in user for every lounge call", async () => {
    expect((await call("/api/posts")).status).toBe(401);
    expect((await call("/api/posts", { method: "POST", json: { content: "x" } })).status).toBe(401);
    expect((await call("/api/posts/1/like", { method: "POST" })).status).toBe(401);
    expect((await call("/api/posts/1/comments")).status).toBe(401);
    expect((await call("/api/cosmic-notices")).status).toBe(401);
    expect((await call("/api/cosmic-notices", { method: "POST", json: { title: "t", content: "c" } })).status).toBe(
      401,
    );
  });

  it("creates a post and lists it with the author fields, counters and is_liked", async () => {
    const cookie = await signIn("luna@example.com", "Luna");
    const created = await createdPost(cookie, "  Hello cosmos https://example.com  ");
    expect(created).toMatchObject({
      content: "Hello cosmos https://example.com",
      author_name: "Luna",
      author_role: "member",
      likes_count: 0,
      comments_count: 0,
      is_liked: false,
    });

    const list = await feed(cookie);
    expect(list).toHaveLength(1);
    expect(Object.keys(list[0]).sort()).toEqual(
      [
        "author_avatar",
        "author_blocked",
        "author_id",
        "author_name",
        "author_role",
        "comments_count",
        "content",
        "created_at",
        "edited_at",
        "hidden",
        "hidden_reason",
        "id",
        "is_liked",
        "likes_count",
        "reactions",
      ].sort(),
    );
    expect(list[0]).toMatchObject({
      id: created.id,
      author_avatar: null,
      author_id: expect.any(Number),
      author_blocked: false,
    });
    expect(new Date(list[0].created_at).toISOString()).toBe(list[0].created_at);
  });

  it("accepts 500 characters after trim and refuses 501, blank and missing content", async () => {
    const cookie = await signIn("luna@example.com");
    expect((await post(cookie, "a".repeat(500))).status).toBe(201);
    expect((await post(cookie, `   ${"b".repeat(500)}   `)).status).toBe(201);
    const tooLong = await post(cookie, "a".repeat(501));
    expect(tooLong.status).toBe(400);
    expect((await errorBody(tooLong)).error).toMatch(/at most 500 characters/);
    const blank = await post(cookie, "   \n ");
    expect(blank.status).toBe(400);
    expect((await errorBody(blank)).error).toMatch(/Post content is required/);
    expect((await call("/api/posts", { method: "POST", json: {}, cookie })).status).toBe(400);
    expect((await call("/api/posts", { method: "POST", json: { content: 5 }, cookie })).status).toBe(400);
    expect(
      (
        await call("/api/posts", {
          method: "POST",
          body: "{not json",
          headers: { "content-type": "application/json" },
          cookie,
        })
      ).status,
    ).toBe(400);
    expect(await db().select().from(posts)).toHaveLength(2);
  });

  it("lists newest first with cursor paging (?before=&limit=), default 20, max 50", async () => {
    const cookie = await signIn("luna@example.com");
    const me = (await db().select().from(users))[0];
    // D1 binds at most 100 variables per statement: insert in chunks.
    for (let start = 0; start < 45; start += 15) {
      await db()
        .insert(posts)
        .values(Array.from({ length: 15 }, (_, i) => ({ authorId: me.id, content: `post ${start + i + 1}` })));
    }

    const first = await feed(cookie);
    expect(first).toHaveLength(20);
    expect(first[0].content).toBe("post 45");
    expect(first.map((p) => p.id)).toEqual([...first.map((p) => p.id)].sort((a, b) => b - a));

    const second = await feed(cookie, { before: first[19].id, limit: 20 });
    expect(second[0].content).toBe("post 25");
    const third = await feed(cookie, { before: second[19].id, limit: 20 });
    expect(third.map((p) => p.content)).toEqual(["post 5", "post 4", "post 3", "post 2", "post 1"]);

    expect(await feed(cookie, { limit: 50 })).toHaveLength(45);
    for (const bad of ["limit=51", "limit=0", "limit=abc", "before=0", "before=x"]) {
      expect((await call(`/api/posts?${bad}`, { cookie })).status).toBe(400);
    }
  });

  it("reads the feed in a constant number of queries whatever the page size", async () => {
    const cookie = await signIn("luna@example.com");
    const other = await signIn("sol@example.com", "Sol");
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await createdPost(i % 2 ? cookie : other, `p${i}`)).id);
    await like(cookie, ids[3]);

    const small = countingDb();
    const a = await (await api(cookie, { env: { DB: small.DB } }).posts.$get({ query: { limit: "2" } })).json();
    const large = countingDb();
    const b = await (await api(cookie, { env: { DB: large.DB } }).posts.$get({ query: { limit: "12" } })).json();
    expect(a).toHaveLength(2);
    expect(b).toHaveLength(12);
    expect(large.counter.statements).toBe(small.counter.statements);
    // The session lookup and the feed itself.
    expect(large.counter.statements).toBeGreaterThanOrEqual(2);
    expect(large.counter.statements).toBeLessThanOrEqual(3);
    expect(b.find((p) => p.id === ids[3])?.is_liked).toBe(true);
    expect(b.filter((p) => p.is_liked)).toHaveLength(1);
  });

  it("lets the author delete their post, with its likes and comments", async () => {
    const cookie = await signIn("luna@example.com");
    const other = await signIn("sol@example.com");
    const { id } = await createdPost(cookie);
    await like(other, id);
    await comment(other, id, "lovely");
    const res = await api(cookie).posts[":id"].$delete({ param: { id: String(id) } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(await db().select().from(posts)).toHaveLength(0);
    expect(await db().select().from(postLikes)).toHaveLength(0);
    expect(await db().select().from(comments)).toHaveLength(0);
    expect((await api(cookie).posts[":id"].$delete({ param: { id: String(id) } })).status).toBe(404);
  });

  it("refuses a member deleting another member's post (403) and lets an admin do it", async () => {
    const author = await signIn("luna@example.com");
    const member = await signIn("sol@example.com");
    const admin = await signIn("admin@example.com", "Ada");
    const { id } = await createdPost(author);
    const refused = await api(member).posts[":id"].$delete({ param: { id: String(id) } });
    expect(refused.status).toBe(403);
    expect(await errorBody(refused)).toEqual({ error: TEXTS.api.forbidden, code: "forbidden" });
    expect(await db().select().from(posts)).toHaveLength(1);
    expect((await api(admin).posts[":id"].$delete({ param: { id: String(id) } })).status).toBe(200);
    expect(await db().select().from(posts)).toHaveLength(0);
  });

  it("answers one post as the feed shows it (GET /api/posts/:id), 404 once deleted", async () => {
    const author = await signIn("luna@example.com", "Luna");
    const reader = await signIn("sol@example.com", "Sol");
    const created = await createdPost(author, "Open me from a search");
    expect((await like(reader, created.id)).status).toBe(200);
    const res = await api(reader).posts[":id"].$get({ param: { id: String(created.id) } });
    expect(res.status).toBe(200);
    const [inFeed] = await feed(reader);
    expect(await res.json()).toEqual({ ...inFeed, is_liked: true, likes_count: 1 });
    expect((await call(`/api/posts/${created.id}`)).status).toBe(401);
    expect((await api(author).posts[":id"].$delete({ param: { id: String(created.id) } })).status).toBe(200);
    const gone = await api(reader).posts[":id"].$get({ param: { id: String(created.id) } });
    expect(gone.status).toBe(404);
    expect(await errorBody(gone)).toMatchObject({ error: TEXTS.lounge.postNotFound });
  });

  it("answers 400 for non-numeric ids and 404 for missing posts", async () => {
    const cookie = await signIn("luna@example.com");
    const admin = await signIn("admin@example.com");
    for (const [path, method] of [
      ["/api/posts/abc", "DELETE"],
      ["/api/posts/abc/like", "POST"],
      ["/api/posts/-1/comments", "GET"],
      ["/api/posts/1.5/comments", "POST"],
      ["/api/cosmic-notices/x", "DELETE"],
    ] as const) {
      const res = await call(path, {
        method,
        cookie: path.includes("notices") ? admin : cookie,
        json: method === "POST" ? { content: "x" } : undefined,
      });
      expect(res.status, path).toBe(400);
    }
    expect((await api(cookie).posts[":id"].$delete({ param: { id: "999" } })).status).toBe(404);
    expect((await like(cookie, 999)).status).toBe(404);
    expect((await api(cookie).posts[":id"].comments.$get({ param: { id: "999" } })).status).toBe(404);
    expect((await comment(cookie, 999, "hi")).status).toBe(404);
  });
});

describe("likes", () => {
  it("toggles: { liked: true } then { liked: false }, one row per user and post, count follows", async () => {
    const cookie = await signIn("luna@example.com");
    const other = await signIn("sol@example.com");
    const { id } = await createdPost(cookie);

    expect(await (await like(cookie, id)).json()).toEqual({ liked: true });
    expect((await storedPost(id)).likesCount).toBe(1);
    expect(await (await like(other, id)).json()).toEqual({ liked: true });
    expect((await storedPost(id)).likesCount).toBe(2);
    expect((await feed(cookie))[0]).toMatchObject({ likes_count: 2, is_liked: true });

    expect(await (await like(cookie, id)).json()).toEqual({ liked: false });
    expect((await storedPost(id)).likesCount).toBe(1);
    expect(await db().select().from(postLikes)).toHaveLength(1);
    expect((await feed(cookie))[0]).toMatchObject({ likes_count: 1, is_liked: false });
  });

  it("never leaves a wrong count under concurrent toggles", async () => {
    const cookie = await signIn("luna@example.com");
    const { id } = await createdPost(cookie);
    const cookies = [cookie, ...(await Promise.all([1, 2, 3, 4].map((i) => signIn(`s${i}@example.com`))))];

    // The same user toggling twice at once, and five users liking at once.
    await Promise.all([like(cookie, id), like(cookie, id)]);
    let rows = await db().select().from(postLikes).where(eq(postLikes.postId, id));
    expect(rows.length).toBeLessThanOrEqual(1);
    expect((await storedPost(id)).likesCount).toBe(rows.length);

    const before = rows.length;
    const liked = await Promise.all(cookies.slice(1).map((c) => like(c, id)));
    for (const res of liked) expect(await res.json()).toEqual({ liked: true });
    rows = await db().select().from(postLikes).where(eq(postLikes.postId, id));
    expect(rows).toHaveLength(before + 4);
    expect((await storedPost(id)).likesCount).toBe(before + 4);

    const results = await Promise.all(cookies.map((c) => like(c, id)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    rows = await db().select().from(postLikes).where(eq(postLikes.postId, id));
    expect((await storedPost(id)).likesCount).toBe(rows.length);
  });
});

describe("comments", () => {
  it("adds comments (oldest first) with the author fields and keeps comments_count right", async () => {
    const cookie = await signIn("luna@example.com", "Luna");
    const admin = await signIn("admin@example.com", "Ada");
    const { id } = await createdPost(cookie);
    const first = await comment(cookie, id, "  first  ");
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      content: "first",
      author_name: "Luna",
      author_role: "member",
      author_avatar: null,
    });
    await comment(admin, id, "second");

    const res = await api(cookie).posts[":id"].comments.$get({ param: { id: String(id) } });
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list.map((c) => [c.content, c.author_role])).toEqual([
      ["first", "member"],
      ["second", "admin"],
    ]);
    expect(Object.keys(list[0])).toEqual(
      expect.arrayContaining(["id", "content", "created_at", "author_name", "author_avatar", "author_role"]),
    );
    expect((await storedPost(id)).commentsCount).toBe(2);
    expect((await feed(cookie))[0].comments_count).toBe(2);

    await Promise.all([1, 2, 3].map((i) => comment(admin, id, `c${i}`)));
    expect((await storedPost(id)).commentsCount).toBe(5);
  });

  it("accepts 300 characters and refuses 301 and blank comments", async () => {
    const cookie = await signIn("luna@example.com");
    const { id } = await createdPost(cookie);
    expect((await comment(cookie, id, "c".repeat(300))).status).toBe(201);
    const tooLong = await comment(cookie, id, "c".repeat(301));
    expect(tooLong.status).toBe(400);
    expect((await errorBody(tooLong)).error).toMatch(/at most 300 characters/);
    const blank = await comment(cookie, id, "  ");
    expect(blank.status).toBe(400);
    expect((await errorBody(blank)).error).toMatch(/Comment is required/);
    expect(await db().select().from(comments)).toHaveLength(1);
    expect((await storedPost(id)).commentsCount).toBe(1);
  });
});

describe("cosmic notices", () => {
  const body = {
    title: "Full moon circle",
    content: "<p>Tonight at <strong>9pm</strong></p>",
    image_url: null,
    is_pinned: false,
  };

  it("lets admins create notices and lists them pinned first, then newest", async () => {
    const admin = await signIn("admin@example.com", "Ada");
    const member = await signIn("luna@example.com");
    const a = await publish(admin, { ...body, title: "older pinned", is_pinned: true });
    expect(a.status).toBe(201);
    expect(await a.json()).toMatchObject({
      title: "older pinned",
      is_pinned: true,
      author_name: "Ada",
      image_url: null,
    });
    await publish(admin, { ...body, title: "plain" });
    await publish(admin, {
      ...body,
      title: "newer pinned",
      is_pinned: true,
      image_url: "https://example.com/moon.png",
    });
    await publish(admin, { ...body, title: "newest plain" });

    const res = await api(member)["cosmic-notices"].$get();
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list.map((n) => n.title)).toEqual(["newer pinned", "older pinned", "newest plain", "plain"]);
    expect(Object.keys(list[0]).sort()).toEqual([
      "author_name",
      "content",
      "created_at",
      "id",
      "image_url",
      "is_pinned",
      "title",
    ]);
    expect(list[0]).toMatchObject({
      image_url: "https://example.com/moon.png",
      is_pinned: true,
      content: "<p>Tonight at <strong>9pm</strong></p>",
    });
  });

  it("refuses members creating (403) or deleting (403) notices", async () => {
    const admin = await signIn("admin@example.com");
    const member = await signIn("luna@example.com");
    const refused = await publish(member, body);
    expect(refused.status).toBe(403);
    expect(await db().select().from(notices)).toHaveLength(0);
    const { id } = await (await publish(admin, body)).json();
    const remove = (cookie: string) => api(cookie)["cosmic-notices"][":id"].$delete({ param: { id: String(id) } });
    expect((await remove(member)).status).toBe(403);
    expect(await db().select().from(notices)).toHaveLength(1);
    expect((await remove(admin)).status).toBe(200);
    expect(await db().select().from(notices)).toHaveLength(0);
    expect((await remove(admin)).status).toBe(404);
  });

  it("requires title and content after trim, and an http(s) image URL or null", async () => {
    const admin = await signIn("admin@example.com");
    for (const bad of [
      { ...body, title: "   " },
      { ...body, content: "  " },
      { content: body.content },
      { title: "t" },
      { ...body, image_url: "javascript:alert(1)" },
      { ...body, image_url: "not a url" },
      { ...body, is_pinned: "yes" },
      { ...body, content: "<script>alert(1)</script>" },
    ]) {
      const res = await notice(admin, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(typeof (await errorBody(res)).error).toBe("string");
    }
    expect(await db().select().from(notices)).toHaveLength(0);
    const minimal = await publish(admin, { title: " t ", content: "c", image_url: "" });
    expect(minimal.status).toBe(201);
    expect(await minimal.json()).toMatchObject({ title: "t", content: "c", image_url: null, is_pinned: false });
  });

  it("sanitises the HTML before storing it", async () => {
    const admin = await signIn("admin@example.com");
    const dirty =
      '<p onclick="alert(1)">Hi <a href="javascript:alert(1)">bad</a> <a href="https://ok.example">good</a></p>' +
      '<script>alert(2)</script><svg onload="alert(3)"></svg><img src=x onerror=alert(4)><img ' +
      'src="https://ok.example/a.png" onerror="x">';
    const res = await publish(admin, { ...body, content: dirty });
    expect(res.status).toBe(201);
    const [stored] = await db().select().from(notices);
    for (const bad of ["onclick", "javascript:", "<script", "<svg", "onload", "onerror", "alert(2)", 'src="x"'])
      expect(stored.content).not.toContain(bad);
    expect(stored.content).toContain('<a href="https://ok.example" rel="noopener noreferrer" target="_blank">good</a>');
    expect(stored.content).toContain('<img src="https://ok.example/a.png"');
    expect(stored.content).toContain("bad");
    expect((await res.json()).content).toBe(stored.content);
  });
});
