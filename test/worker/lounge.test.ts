import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { comments, notices, postLikes, posts, users } from "../../worker/db/schema";
import { call, countingDb, db, json, signIn } from "./helpers";

const post = (cookie: string, content: string) => call("/api/posts", { method: "POST", json: { content }, cookie });
const createdPost = async (cookie: string, content = "Hello cosmos") => {
  const res = await post(cookie, content);
  expect(res.status).toBe(201);
  return json(res);
};
const like = (cookie: string, id: number) => call(`/api/posts/${id}/like`, { method: "POST", cookie });
const comment = (cookie: string, id: number, content: string) => call(`/api/posts/${id}/comments`, { method: "POST", json: { content }, cookie });
const notice = (cookie: string, body: unknown) => call("/api/cosmic-notices", { method: "POST", json: body, cookie });
const storedPost = async (id: number) => (await db().select().from(posts).where(eq(posts.id, id)))[0];

/** A D1 binding that counts the statements prepared through it. */
describe("posts", () => {
  it("needs a signed-in user for every lounge call", async () => {
    expect((await call("/api/posts")).status).toBe(401);
    expect((await call("/api/posts", { method: "POST", json: { content: "x" } })).status).toBe(401);
    expect((await call("/api/posts/1/like", { method: "POST" })).status).toBe(401);
    expect((await call("/api/posts/1/comments")).status).toBe(401);
    expect((await call("/api/cosmic-notices")).status).toBe(401);
    expect((await call("/api/cosmic-notices", { method: "POST", json: { title: "t", content: "c" } })).status).toBe(401);
  });

  it("creates a post and lists it with the author fields, counters and is_liked", async () => {
    const cookie = await signIn("luna@example.com", "Luna");
    const created = await createdPost(cookie, "  Hello cosmos https://example.com  ");
    expect(created).toMatchObject({ content: "Hello cosmos https://example.com", author_name: "Luna", author_role: "member", likes_count: 0, comments_count: 0, is_liked: false });

    const res = await call("/api/posts", { cookie });
    expect(res.status).toBe(200);
    const list = await json<any[]>(res);
    expect(list).toHaveLength(1);
    expect(Object.keys(list[0]).sort()).toEqual(
      ["author_avatar", "author_id", "author_name", "author_role", "comments_count", "content", "created_at", "hidden", "hidden_reason", "id", "is_liked", "likes_count"].sort(),
    );
    expect(list[0]).toMatchObject({ id: created.id, author_avatar: null, author_id: expect.any(Number) });
    expect(new Date(list[0].created_at).toISOString()).toBe(list[0].created_at);
  });

  it("accepts 500 characters after trim and refuses 501, blank and missing content", async () => {
    const cookie = await signIn("luna@example.com");
    expect((await post(cookie, "a".repeat(500))).status).toBe(201);
    expect((await post(cookie, `   ${"b".repeat(500)}   `)).status).toBe(201);
    const tooLong = await post(cookie, "a".repeat(501));
    expect(tooLong.status).toBe(400);
    expect((await json(tooLong)).error).toMatch(/at most 500 characters/);
    const blank = await post(cookie, "   \n ");
    expect(blank.status).toBe(400);
    expect((await json(blank)).error).toMatch(/Post content is required/);
    expect((await call("/api/posts", { method: "POST", json: {}, cookie })).status).toBe(400);
    expect((await call("/api/posts", { method: "POST", json: { content: 5 }, cookie })).status).toBe(400);
    expect((await call("/api/posts", { method: "POST", body: "{not json", headers: { "content-type": "application/json" }, cookie })).status).toBe(400);
    expect(await db().select().from(posts)).toHaveLength(2);
  });

  it("lists newest first with cursor paging (?before=&limit=), default 20, max 50", async () => {
    const cookie = await signIn("luna@example.com");
    const me = (await db().select().from(users))[0];
    // D1 binds at most 100 variables per statement: insert in chunks.
    for (let start = 0; start < 45; start += 15) {
      await db().insert(posts).values(Array.from({ length: 15 }, (_, i) => ({ authorId: me.id, content: `post ${start + i + 1}` })));
    }

    const first = await json<any[]>(await call("/api/posts", { cookie }));
    expect(first).toHaveLength(20);
    expect(first[0].content).toBe("post 45");
    expect(first.map((p) => p.id)).toEqual([...first.map((p) => p.id)].sort((a, b) => b - a));

    const second = await json<any[]>(await call(`/api/posts?before=${first[19].id}&limit=20`, { cookie }));
    expect(second[0].content).toBe("post 25");
    const third = await json<any[]>(await call(`/api/posts?before=${second[19].id}&limit=20`, { cookie }));
    expect(third.map((p) => p.content)).toEqual(["post 5", "post 4", "post 3", "post 2", "post 1"]);

    expect(await json<any[]>(await call("/api/posts?limit=50", { cookie }))).toHaveLength(45);
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
    const a = await json<any[]>(await call("/api/posts?limit=2", { cookie, env: { DB: small.DB } }));
    const large = countingDb();
    const b = await json<any[]>(await call("/api/posts?limit=12", { cookie, env: { DB: large.DB } }));
    expect(a).toHaveLength(2);
    expect(b).toHaveLength(12);
    expect(large.counter.statements).toBe(small.counter.statements);
    // The session lookup and the feed itself.
    expect(large.counter.statements).toBeGreaterThanOrEqual(2);
    expect(large.counter.statements).toBeLessThanOrEqual(3);
    expect(b.find((p) => p.id === ids[3]).is_liked).toBe(true);
    expect(b.filter((p) => p.is_liked)).toHaveLength(1);
  });

  it("lets the author delete their post, with its likes and comments", async () => {
    const cookie = await signIn("luna@example.com");
    const other = await signIn("sol@example.com");
    const { id } = await createdPost(cookie);
    await like(other, id);
    await comment(other, id, "lovely");
    const res = await call(`/api/posts/${id}`, { method: "DELETE", cookie });
    expect(res.status).toBe(200);
    expect(await db().select().from(posts)).toHaveLength(0);
    expect(await db().select().from(postLikes)).toHaveLength(0);
    expect(await db().select().from(comments)).toHaveLength(0);
    expect((await call(`/api/posts/${id}`, { method: "DELETE", cookie })).status).toBe(404);
  });

  it("refuses a member deleting another member's post (403) and lets an admin do it", async () => {
    const author = await signIn("luna@example.com");
    const member = await signIn("sol@example.com");
    const admin = await signIn("admin@example.com", "Ada");
    const { id } = await createdPost(author);
    const refused = await call(`/api/posts/${id}`, { method: "DELETE", cookie: member });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({ error: expect.any(String) });
    expect(await db().select().from(posts)).toHaveLength(1);
    expect((await call(`/api/posts/${id}`, { method: "DELETE", cookie: admin })).status).toBe(200);
    expect(await db().select().from(posts)).toHaveLength(0);
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
      const res = await call(path, { method, cookie: path.includes("notices") ? admin : cookie, json: method === "POST" ? { content: "x" } : undefined });
      expect(res.status, path).toBe(400);
    }
    expect((await call("/api/posts/999", { method: "DELETE", cookie })).status).toBe(404);
    expect((await like(cookie, 999)).status).toBe(404);
    expect((await call("/api/posts/999/comments", { cookie })).status).toBe(404);
    expect((await comment(cookie, 999, "hi")).status).toBe(404);
  });
});

describe("likes", () => {
  it("toggles: { liked: true } then { liked: false }, one row per user and post, count follows", async () => {
    const cookie = await signIn("luna@example.com");
    const other = await signIn("sol@example.com");
    const { id } = await createdPost(cookie);

    expect(await json(await like(cookie, id))).toEqual({ liked: true });
    expect((await storedPost(id)).likesCount).toBe(1);
    expect(await json(await like(other, id))).toEqual({ liked: true });
    expect((await storedPost(id)).likesCount).toBe(2);
    const feed = await json<any[]>(await call("/api/posts", { cookie }));
    expect(feed[0]).toMatchObject({ likes_count: 2, is_liked: true });

    expect(await json(await like(cookie, id))).toEqual({ liked: false });
    expect((await storedPost(id)).likesCount).toBe(1);
    expect(await db().select().from(postLikes)).toHaveLength(1);
    const again = await json<any[]>(await call("/api/posts", { cookie }));
    expect(again[0]).toMatchObject({ likes_count: 1, is_liked: false });
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
    for (const res of liked) expect(await json(res)).toEqual({ liked: true });
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
    expect(await json(first)).toMatchObject({ content: "first", author_name: "Luna", author_role: "member", author_avatar: null });
    await comment(admin, id, "second");

    const res = await call(`/api/posts/${id}/comments`, { cookie });
    expect(res.status).toBe(200);
    const list = await json<any[]>(res);
    expect(list.map((c) => [c.content, c.author_role])).toEqual([["first", "member"], ["second", "admin"]]);
    expect(Object.keys(list[0])).toEqual(expect.arrayContaining(["id", "content", "created_at", "author_name", "author_avatar", "author_role"]));
    expect((await storedPost(id)).commentsCount).toBe(2);
    expect((await json<any[]>(await call("/api/posts", { cookie })))[0].comments_count).toBe(2);

    await Promise.all([1, 2, 3].map((i) => comment(admin, id, `c${i}`)));
    expect((await storedPost(id)).commentsCount).toBe(5);
  });

  it("accepts 300 characters and refuses 301 and blank comments", async () => {
    const cookie = await signIn("luna@example.com");
    const { id } = await createdPost(cookie);
    expect((await comment(cookie, id, "c".repeat(300))).status).toBe(201);
    const tooLong = await comment(cookie, id, "c".repeat(301));
    expect(tooLong.status).toBe(400);
    expect((await json(tooLong)).error).toMatch(/at most 300 characters/);
    const blank = await comment(cookie, id, "  ");
    expect(blank.status).toBe(400);
    expect((await json(blank)).error).toMatch(/Comment is required/);
    expect(await db().select().from(comments)).toHaveLength(1);
    expect((await storedPost(id)).commentsCount).toBe(1);
  });
});

describe("cosmic notices", () => {
  const body = { title: "Full moon circle", content: "<p>Tonight at <strong>9pm</strong></p>", image_url: null, is_pinned: false };

  it("lets admins create notices and lists them pinned first, then newest", async () => {
    const admin = await signIn("admin@example.com", "Ada");
    const member = await signIn("luna@example.com");
    const a = await notice(admin, { ...body, title: "older pinned", is_pinned: true });
    expect(a.status).toBe(201);
    expect(await json(a)).toMatchObject({ title: "older pinned", is_pinned: true, author_name: "Ada", image_url: null });
    await notice(admin, { ...body, title: "plain" });
    await notice(admin, { ...body, title: "newer pinned", is_pinned: true, image_url: "https://example.com/moon.png" });
    await notice(admin, { ...body, title: "newest plain" });

    const res = await call("/api/cosmic-notices", { cookie: member });
    expect(res.status).toBe(200);
    const list = await json<any[]>(res);
    expect(list.map((n) => n.title)).toEqual(["newer pinned", "older pinned", "newest plain", "plain"]);
    expect(Object.keys(list[0]).sort()).toEqual(["author_name", "content", "created_at", "id", "image_url", "is_pinned", "title"]);
    expect(list[0]).toMatchObject({ image_url: "https://example.com/moon.png", is_pinned: true, content: "<p>Tonight at <strong>9pm</strong></p>" });
  });

  it("refuses members creating (403) or deleting (403) notices", async () => {
    const admin = await signIn("admin@example.com");
    const member = await signIn("luna@example.com");
    const refused = await notice(member, body);
    expect(refused.status).toBe(403);
    expect(await db().select().from(notices)).toHaveLength(0);
    const { id } = await json(await notice(admin, body));
    expect((await call(`/api/cosmic-notices/${id}`, { method: "DELETE", cookie: member })).status).toBe(403);
    expect(await db().select().from(notices)).toHaveLength(1);
    expect((await call(`/api/cosmic-notices/${id}`, { method: "DELETE", cookie: admin })).status).toBe(200);
    expect(await db().select().from(notices)).toHaveLength(0);
    expect((await call(`/api/cosmic-notices/${id}`, { method: "DELETE", cookie: admin })).status).toBe(404);
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
      expect(typeof (await json(res)).error).toBe("string");
    }
    expect(await db().select().from(notices)).toHaveLength(0);
    const minimal = await notice(admin, { title: " t ", content: "c", image_url: "" });
    expect(minimal.status).toBe(201);
    expect(await json(minimal)).toMatchObject({ title: "t", content: "c", image_url: null, is_pinned: false });
  });

  it("sanitises the HTML before storing it", async () => {
    const admin = await signIn("admin@example.com");
    const dirty =
      '<p onclick="alert(1)">Hi <a href="javascript:alert(1)">bad</a> <a href="https://ok.example">good</a></p><script>alert(2)</script><svg onload="alert(3)"></svg><img src=x onerror=alert(4)><img src="https://ok.example/a.png" onerror="x">';
    const res = await notice(admin, { ...body, content: dirty });
    expect(res.status).toBe(201);
    const [stored] = await db().select().from(notices);
    for (const bad of ["onclick", "javascript:", "<script", "<svg", "onload", "onerror", "alert(2)", 'src="x"']) expect(stored.content).not.toContain(bad);
    expect(stored.content).toContain('<a href="https://ok.example" rel="noopener noreferrer" target="_blank">good</a>');
    expect(stored.content).toContain('<img src="https://ok.example/a.png"');
    expect(stored.content).toContain("bad");
    expect((await json(res)).content).toBe(stored.content);
  });
});
