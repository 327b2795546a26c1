// Abuse limits (RATE_LIMITS): per user, per IP for sign-in and anonymous callers; 429 with Retry-After.
import { describe, expect, it } from "vitest";
import { rateLimits } from "../../worker/db/schema";
import { RATE_LIMITS } from "../../worker/shared/rules";
import { type CallOptions, call, db, json } from "./helpers";
import { type Caller, EMAILS, IDS, PNG, seedWorld } from "./seed";

type Case = {
  name: keyof typeof RATE_LIMITS;
  what: string;
  /** The counter's key for the caller (who is `owner` unless anonymous). */
  key: (ip: string) => string;
  anonymous?: boolean;
  /** Who calls (default: the owner). */
  as?: Caller;
  request: (i: number) => [string, CallOptions];
  ok: number;
  /** Who checks that another caller is unaffected (default: the paying member; null: nobody else may call it). */
  other?: Caller | null;
};

const imageForm = () => {
  const body = new FormData();
  body.set("group_id", String(IDS.publicChannel));
  body.set("image", new File([PNG as unknown as BlobPart], "a.png", { type: "image/png" }));
  return body;
};
const user =
  (name: string, who: keyof typeof IDS = "owner") =>
  () =>
    `${name}:user:${IDS[who]}`;
const OWNER_IP = "198.51.100.7";

const CASES: Case[] = [
  {
    name: "signIn",
    what: "GET /api/oauth/google/redirect_url",
    anonymous: true,
    key: (ip) => `signIn:redirect:ip:${ip}`,
    ok: 200,
    request: () => ["/api/oauth/google/redirect_url", {}],
  },
  {
    name: "signIn",
    what: "GET /api/auth/dev/authorize",
    anonymous: true,
    key: (ip) => `signIn:dev:ip:${ip}`,
    ok: 302,
    request: (i) => [`/api/auth/dev/authorize?email=u${i}%40example.com&state=s`, {}],
  },
  {
    name: "signIn",
    what: "POST /api/sessions",
    anonymous: true,
    key: (ip) => `signIn:session:ip:${ip}`,
    ok: 400,
    request: () => ["/api/sessions", { method: "POST", json: { code: "c", state: "s" } }],
  },
  {
    name: "posts",
    what: "POST /api/posts",
    key: user("posts"),
    ok: 201,
    request: (i) => ["/api/posts", { method: "POST", json: { content: `p${i}` } }],
  },
  {
    name: "comments",
    what: "POST /api/posts/:id/comments",
    key: user("comments"),
    ok: 201,
    request: (i) => [`/api/posts/${IDS.post}/comments`, { method: "POST", json: { content: `c${i}` } }],
  },
  {
    name: "messages",
    what: "POST /api/messages",
    key: user("messages"),
    ok: 201,
    request: (i) => ["/api/messages", { method: "POST", json: { group_id: IDS.publicChannel, body: `m${i}` } }],
  },
  {
    name: "uploads",
    what: "POST /api/messages/image",
    key: user("uploads"),
    ok: 201,
    request: () => ["/api/messages/image", { method: "POST", body: imageForm() }],
  },
  {
    name: "messages",
    what: "POST /api/messages/image",
    key: user("messages"),
    ok: 201,
    request: () => ["/api/messages/image", { method: "POST", body: imageForm() }],
  },
  {
    name: "uploads",
    what: "POST /api/resources/upload",
    key: user("uploads"),
    ok: 201,
    request: (i) => [
      "/api/resources/upload",
      {
        method: "POST",
        json: { title: `r${i}`, file_name: "a.txt", file_data: `data:text/plain;base64,${btoa("hi")}` },
      },
    ],
  },
  {
    name: "linkPreviews",
    what: "POST /api/link-preview",
    key: user("linkPreviews"),
    ok: 400,
    request: () => ["/api/link-preview", { method: "POST", json: { url: "http://127.0.0.1/" } }],
  },
  {
    name: "channels",
    what: "POST /api/groups",
    key: user("channels"),
    ok: 201,
    request: (i) => ["/api/groups", { method: "POST", json: { name: `c${i}` } }],
  },
  {
    name: "channelMembers",
    what: "POST /api/groups/:id/members",
    key: user("channelMembers"),
    ok: 201,
    other: "admin",
    request: () => [`/api/groups/${IDS.privateChannel}/members`, { method: "POST", json: { email: EMAILS.member } }],
  },
  {
    name: "likes",
    what: "POST /api/posts/:id/like",
    key: user("likes"),
    ok: 200,
    request: () => [`/api/posts/${IDS.post}/like`, { method: "POST" }],
  },
  {
    name: "profile",
    what: "PUT /api/profile",
    key: user("profile"),
    ok: 200,
    request: (i) => ["/api/profile", { method: "PUT", json: { goals: [`g${i}`] } }],
  },
  {
    name: "paymentInitiate",
    what: "POST /api/payments/initiate",
    key: user("paymentInitiate"),
    ok: 200,
    request: () => ["/api/payments/initiate", { method: "POST", json: { amount: 15000, provider: "webpay_form" } }],
  },
  {
    name: "paymentConfirm",
    what: "POST /api/payments/confirm",
    key: user("paymentConfirm"),
    ok: 402,
    request: () => ["/api/payments/confirm", { method: "POST", json: { success: true } }],
  },
  {
    name: "paymentReturn",
    what: "GET /api/payments/webpay/return",
    anonymous: true,
    key: (ip) => `paymentReturn:ip:${ip}`,
    ok: 303,
    request: () => [`/api/payments/webpay/return?token_ws=${"b".repeat(64)}`, {}],
  },
  {
    name: "readMarks",
    what: "POST /api/groups/:id/read",
    key: user("readMarks"),
    ok: 200,
    request: () => [`/api/groups/${IDS.publicChannel}/read`, { method: "POST" }],
  },
  {
    name: "readMarks",
    what: "POST /api/notifications/read",
    key: user("readMarks"),
    ok: 200,
    request: () => ["/api/notifications/read", { method: "POST", json: {} }],
  },
  // A report of something that does not exist is still counted: the limit comes before any lookup.
  {
    name: "reports",
    what: "POST /api/reports",
    key: user("reports"),
    ok: 404,
    request: () => ["/api/reports", { method: "POST", json: { kind: "post", id: 9999, reason: "spam" } }],
  },
  {
    name: "postDeletes",
    what: "DELETE /api/posts/:id",
    key: user("postDeletes"),
    ok: 404,
    request: () => ["/api/posts/9999", { method: "DELETE" }],
  },
  {
    name: "profile",
    what: "DELETE /api/sessions/others",
    key: user("profile"),
    ok: 200,
    request: () => ["/api/sessions/others", { method: "DELETE" }],
  },
  {
    name: "adminWrites",
    what: "DELETE /api/admin/payments/:id",
    as: "admin",
    other: null,
    key: user("adminWrites", "admin"),
    ok: 404,
    request: () => ["/api/admin/payments/9999", { method: "DELETE" }],
  },
];

async function expect429(res: Response, windowSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  const body = await json(res);
  expect(body.error).toMatch(/Too many requests/);
  expect(body.details).toMatchObject({ limit: expect.any(Number), window_seconds: windowSeconds });
}

describe("rate limits", () => {
  for (const c of CASES) {
    const { limit, windowSeconds } = RATE_LIMITS[c.name];
    it(`${c.what}: ${limit} per ${windowSeconds} s per ${c.anonymous ? "IP" : "user"}, then 429 with \
Retry-After`, async () => {
      const world = await seedWorld();
      const as = (ip: string, cookie?: string) => (i: number) => {
        const [path, options] = c.request(i);
        return call(path, {
          ...options,
          cookie,
          headers: { ...(options.headers as Record<string, string>), "cf-connecting-ip": ip },
        });
      };
      const owner = as(OWNER_IP, c.anonymous ? undefined : world.cookie[c.as ?? "owner"]);
      // The window already holds limit - 1 calls: one more is allowed, the next is refused.
      await db()
        .insert(rateLimits)
        .values({ key: c.key(OWNER_IP), windowStart: Date.now(), count: limit - 1 });
      expect((await owner(1)).status).toBe(c.ok);
      await expect429(await owner(2), windowSeconds);
      // Someone else (another user, or another address) is not affected.
      if (c.other !== null) {
        const other = as("203.0.113.50", c.anonymous ? undefined : world.cookie[c.other ?? "paid"]);
        expect((await other(3)).status).toBe(c.ok);
      }
      // When the window is over, the caller may go on.
      await db()
        .update(rateLimits)
        .set({ windowStart: Date.now() - windowSeconds * 1000 - 1 });
      expect((await owner(4)).status).toBe(c.ok);
    });
  }

  it("counts every call: the 11th post within a minute is refused, with nothing stored", async () => {
    const world = await seedWorld();
    const post = (i: number) =>
      call("/api/posts", { method: "POST", cookie: world.cookie.member, json: { content: `post ${i}` } });
    for (let i = 0; i < RATE_LIMITS.posts.limit; i++) expect((await post(i)).status).toBe(201);
    await expect429(await post(99), RATE_LIMITS.posts.windowSeconds);
    const feed = await json<{ content: string }[]>(await call("/api/posts?limit=50", { cookie: world.cookie.member }));
    expect(feed.filter((p) => p.content.startsWith("post "))).toHaveLength(RATE_LIMITS.posts.limit);
  });

  it("a chat message with a data-URL image counts against the upload limit too", async () => {
    const world = await seedWorld();
    await db()
      .insert(rateLimits)
      .values({ key: `uploads:user:${IDS.owner}`, windowStart: Date.now(), count: RATE_LIMITS.uploads.limit });
    const image_url = `data:image/png;base64,${btoa(String.fromCharCode(...PNG))}`;
    const withImage = await call("/api/messages", {
      method: "POST",
      cookie: world.cookie.owner,
      json: { group_id: IDS.publicChannel, body: "[Image: a.png]", image_url },
    });
    await expect429(withImage, RATE_LIMITS.uploads.windowSeconds);
    const plain = await call("/api/messages", {
      method: "POST",
      cookie: world.cookie.owner,
      json: { group_id: IDS.publicChannel, body: "text only" },
    });
    expect(plain.status).toBe(201);
  });

  it(`an image send the send rules refuse (a channel hidden from the caller) counts no upload, on either \
route`, async () => {
    const world = await seedWorld();
    const form = imageForm();
    form.set("group_id", String(IDS.privateChannel));
    const image_url = `data:image/png;base64,${btoa(String.fromCharCode(...PNG))}`;
    for (const res of [
      await call("/api/messages/image", { method: "POST", cookie: world.cookie.member, body: form }),
      await call("/api/messages", {
        method: "POST",
        cookie: world.cookie.member,
        json: { group_id: IDS.privateChannel, body: "[Image: a.png]", image_url },
      }),
    ]) {
      expect(res.status).toBe(404);
    }
    const keys = (await db().select({ key: rateLimits.key, count: rateLimits.count }).from(rateLimits)).filter((r) =>
      r.key.endsWith(`:user:${IDS.member}`),
    );
    expect(keys).toEqual([{ key: `messages:user:${IDS.member}`, count: 2 }]);
  });
});
