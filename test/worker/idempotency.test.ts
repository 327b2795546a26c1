// Idempotent writes (worker/platform/idempotency.ts, docs/api-idempotency.md), per write kind: the same key twice
// is one row and the same answer; the same key with another body is 422; two concurrent requests with one key are
// one row; and the key's rules (a UUID, per member, kept 24 hours, released by a failure, pruned hourly).
import { count, eq, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import {
  comments,
  eventRsvps,
  gifts,
  idempotencyKeys,
  messages,
  payments,
  posts,
  programEnrolments,
  reportReasons,
} from "../../worker/db/schema";
import { pruneIdempotencyKeys } from "../../worker/platform/prune-idempotency-keys";
import { IDEMPOTENCY } from "../../worker/shared/rules";
import { call, db, errorBody, json, testEnv } from "./helpers";
import { IDS, PNG, seedWorld, type World } from "./seed";

const pngDataUrl = `data:image/png;base64,${btoa(String.fromCharCode(...PNG))}`;

function imageForm(name: string) {
  const form = new FormData();
  form.set("group_id", String(IDS.publicChannel));
  form.set("image", new File([PNG as unknown as BlobPart], name, { type: "image/png" }));
  return form;
}

type WriteKind = {
  kind: string;
  path: string;
  caller: keyof World["cookie"];
  /** A body builder: `variant` 0 is the request, 1 a different one. Multipart bodies are built anew each time. */
  body: (variant: 0 | 1) => { json: unknown } | { body: FormData };
  status: number;
  /** The rows the write adds. */
  rows: () => Promise<number>;
};

const rowsOf = async (table: SQLiteTable, where?: SQL) =>
  (await db().select({ n: count() }).from(table).where(where))[0].n;

const KINDS: WriteKind[] = [
  {
    kind: "text message",
    path: "/api/messages",
    caller: "owner",
    body: (v) => ({ json: { group_id: IDS.publicChannel, body: v ? "other words" : "hello once" } }),
    status: 201,
    rows: () => rowsOf(messages),
  },
  {
    kind: "image message (data URL)",
    path: "/api/messages",
    caller: "owner",
    body: (v) => ({
      json: { group_id: IDS.publicChannel, body: v ? "[Image: b.png]" : "[Image: a.png]", image_url: pngDataUrl },
    }),
    status: 201,
    rows: () => rowsOf(messages),
  },
  {
    kind: "image message (multipart)",
    path: "/api/messages/image",
    caller: "owner",
    body: (v) => ({ body: imageForm(v ? "b.png" : "a.png") }),
    status: 201,
    rows: () => rowsOf(messages),
  },
  {
    kind: "post",
    path: "/api/posts",
    caller: "member",
    body: (v) => ({ json: { content: v ? "Another post" : "A post, once" } }),
    status: 201,
    rows: () => rowsOf(posts),
  },
  {
    kind: "comment",
    path: `/api/posts/${IDS.post}/comments`,
    caller: "paid",
    body: (v) => ({ json: { content: v ? "Another comment" : "A comment, once" } }),
    status: 201,
    rows: () => rowsOf(comments),
  },
  {
    kind: "RSVP",
    path: `/api/events/${IDS.event}/rsvp`,
    caller: "member",
    body: (v) => ({ json: { status: v ? "maybe" : "going" } }),
    status: 200,
    rows: () => rowsOf(eventRsvps),
  },
  {
    kind: "report",
    path: "/api/reports",
    caller: "member",
    body: (v) => ({ json: { kind: "post", id: IDS.post, reason: v ? "harassment" : "spam" } }),
    status: 201,
    rows: () => rowsOf(reportReasons),
  },
  {
    kind: "payment initiate",
    path: "/api/payments/initiate",
    caller: "member",
    body: (v) => ({
      json: v ? { provider: "webpay_form", amount: 15000 } : { amount: 15000, provider: "webpay_form" },
    }),
    status: 200,
    rows: () => rowsOf(payments, eq(payments.userId, IDS.member)),
  },
  {
    kind: "gift checkout",
    path: "/api/gifts",
    caller: "member",
    body: (v) => ({ json: { plan_months: v ? 3 : 1, recipient_email: "friend@example.com" } }),
    status: 200,
    rows: () => rowsOf(gifts),
  },
  {
    // Enrolling carries no fields: another body is another request all the same.
    kind: "program enrolment",
    path: `/api/programs/${IDS.program}/enrol`,
    caller: "member",
    body: (v) => ({ json: v ? { again: true } : {} }),
    status: 200,
    rows: () => rowsOf(programEnrolments),
  },
];

const send = (world: World, w: WriteKind, key: string | null, variant: 0 | 1 = 0) =>
  call(w.path, {
    method: "POST",
    cookie: world.cookie[w.caller],
    headers: key ? { "idempotency-key": key } : {},
    ...w.body(variant),
  });

describe.each(KINDS)("$kind with an Idempotency-Key", (w) => {
  it("the same key twice: one row, the same answer (marked replayed)", async () => {
    const world = await seedWorld();
    const before = await w.rows();
    const key = crypto.randomUUID();
    const first = await send(world, w, key);
    expect(first.status).toBe(w.status);
    const firstBody = await first.text();
    const again = await send(world, w, key);
    expect(again.status).toBe(w.status);
    expect(await again.text()).toBe(firstBody);
    expect(again.headers.get(IDEMPOTENCY.replayedHeader)).toBe("true");
    expect(first.headers.get(IDEMPOTENCY.replayedHeader)).toBeNull();
    expect(await w.rows()).toBe(before + 1);
  });

  it("the same key with another body: 422 idempotency_key_reused, nothing written", async () => {
    const world = await seedWorld();
    const key = crypto.randomUUID();
    expect((await send(world, w, key)).status).toBe(w.status);
    const rows = await w.rows();
    const other = await send(world, w, key, 1);
    expect(other.status).toBe(422);
    expect(await errorBody(other)).toEqual({
      error: "This Idempotency-Key was already used for a different request",
      code: "idempotency_key_reused",
    });
    expect(await w.rows()).toBe(rows);
  });

  it("two concurrent requests with one key: one row; the other is the replay or 409 request_in_progress", async () => {
    const world = await seedWorld();
    const before = await w.rows();
    const key = crypto.randomUUID();
    const answers = await Promise.all([send(world, w, key), send(world, w, key)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === w.status).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) {
      if (a.status === 409) {
        expect(await errorBody(a)).toMatchObject({ code: "request_in_progress" });
        expect(a.headers.get("retry-after")).toBe("1");
      } else expect(a.status).toBe(w.status);
    }
    expect(await w.rows()).toBe(before + 1);
    // Once both ended, the key answers with the first outcome: still one row.
    const later = await send(world, w, key);
    expect(later.headers.get(IDEMPOTENCY.replayedHeader)).toBe("true");
    expect(await w.rows()).toBe(before + 1);
  });
});

describe("Idempotency-Key rules", () => {
  const post = (world: World, key: string, content = "Hello", caller: keyof World["cookie"] = "member") =>
    call("/api/posts", {
      method: "POST",
      cookie: world.cookie[caller],
      headers: { "idempotency-key": key },
      json: { content },
    });

  it("without the header every request writes (the route is as before)", async () => {
    const world = await seedWorld();
    const before = await rowsOf(posts);
    for (let i = 0; i < 2; i++)
      expect(
        (await call("/api/posts", { method: "POST", cookie: world.cookie.member, json: { content: "x" } })).status,
      ).toBe(201);
    expect(await rowsOf(posts)).toBe(before + 2);
  });

  it("a key that is not a UUID is 400 and writes nothing; the draft's quoted form is accepted", async () => {
    const world = await seedWorld();
    const before = await rowsOf(posts);
    const bad = await post(world, "not-a-uuid");
    expect(bad.status).toBe(400);
    expect(await errorBody(bad)).toEqual({ error: "Idempotency-Key must be a UUID", code: "idempotency_key_invalid" });
    expect(await rowsOf(posts)).toBe(before);
    const key = crypto.randomUUID();
    expect((await post(world, `"${key}"`)).status).toBe(201);
    // The same key, bare and upper-case: the same key.
    expect((await post(world, key.toUpperCase())).headers.get(IDEMPOTENCY.replayedHeader)).toBe("true");
    expect(await rowsOf(posts)).toBe(before + 1);
  });

  it("keys are per member: another member's same key is their own write", async () => {
    const world = await seedWorld();
    const key = crypto.randomUUID();
    const before = await rowsOf(posts);
    expect((await post(world, key, "Hello", "member")).status).toBe(201);
    const theirs = await post(world, key, "Hello", "paid");
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get(IDEMPOTENCY.replayedHeader)).toBeNull();
    expect(await rowsOf(posts)).toBe(before + 2);
  });

  it("the key is bound to the route: the same key and body on another route is 422", async () => {
    const world = await seedWorld();
    const key = crypto.randomUUID();
    expect((await post(world, key, "Same words")).status).toBe(201);
    const elsewhere = await call(`/api/posts/${IDS.post}/comments`, {
      method: "POST",
      cookie: world.cookie.member,
      headers: { "idempotency-key": key },
      json: { content: "Same words" },
    });
    expect(elsewhere.status).toBe(422);
  });

  it("a refusal the handler decided is kept (the repeat is the same 4xx); a 429 is not", async () => {
    const world = await seedWorld();
    const key = crypto.randomUUID();
    const empty = await post(world, key, "   ");
    expect(empty.status).toBe(400);
    const again = await post(world, key, "   ");
    expect(again.status).toBe(400);
    expect(again.headers.get(IDEMPOTENCY.replayedHeader)).toBe("true");
    // Over the posts limit (10 a minute): 429, and the key stays free for a later try.
    for (let i = 0; i < 10; i++)
      await call("/api/posts", { method: "POST", cookie: world.cookie.paid, json: { content: `p${i}` } });
    const limitedKey = crypto.randomUUID();
    expect((await post(world, limitedKey, "late", "paid")).status).toBe(429);
    const rows = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, limitedKey));
    expect(rows).toEqual([]);
  });

  it("a key held by a running request answers 409 with Retry-After; an expired key is claimed afresh", async () => {
    const world = await seedWorld();
    const key = crypto.randomUUID();
    expect((await post(world, key)).status).toBe(201);
    // As while the first request still runs: claimed, no outcome yet.
    await db().update(idempotencyKeys).set({ status: null, responseBody: null }).where(eq(idempotencyKeys.key, key));
    const running = await post(world, key);
    expect(running.status).toBe(409);
    expect(running.headers.get("retry-after")).toBe("1");
    expect(await errorBody(running)).toEqual({
      error: "A request with this Idempotency-Key is still in progress; retry shortly",
      code: "request_in_progress",
    });
    const before = await rowsOf(posts);
    await db()
      .update(idempotencyKeys)
      .set({ createdAt: Date.now() - IDEMPOTENCY.keptMs - 1 })
      .where(eq(idempotencyKeys.key, key));
    const fresh = await post(world, key);
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get(IDEMPOTENCY.replayedHeader)).toBeNull();
    expect(await rowsOf(posts)).toBe(before + 1);
  });

  it(`a claim whose request died mid-way stays in progress (409) for its 24 hours, however old: whether it wrote is \
unknown, and a second row is never the answer`, async () => {
    const world = await seedWorld();
    const key = crypto.randomUUID();
    expect((await post(world, key, "Maybe written")).status).toBe(201);
    // As a request whose worker stopped after its write, before its outcome was kept.
    await db()
      .update(idempotencyKeys)
      .set({ status: null, responseBody: null, createdAt: Date.now() - IDEMPOTENCY.keptMs + 60_000 })
      .where(eq(idempotencyKeys.key, key));
    expect((await post(world, key, "Maybe written")).status).toBe(409);
    expect(await rowsOf(posts, eq(posts.content, "Maybe written"))).toBe(1);
  });

  it("a member holds at most keysPerMemberMax keys: the oldest finished ones make room", async () => {
    const world = await seedWorld();
    const max = IDEMPOTENCY.keysPerMemberMax;
    const now = Date.now();
    const old = Array.from({ length: max }, (_, i) => ({
      userId: IDS.member,
      key: crypto.randomUUID(),
      requestHash: "x",
      status: 201,
      responseBody: "{}",
      createdAt: now - max + i,
    }));
    // Within D1's bound of 100 variables per statement: 6 columns, 16 rows a statement.
    for (let i = 0; i < old.length; i += 16)
      await db()
        .insert(idempotencyKeys)
        .values(old.slice(i, i + 16));
    expect((await post(world, crypto.randomUUID())).status).toBe(201);
    const held = await db().select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, IDS.member));
    expect(held[0].n).toBe(max);
    const oldest = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, old[0].key));
    expect(oldest).toEqual([]);
    // All running: refused with 429, nothing written.
    await db()
      .update(idempotencyKeys)
      .set({ status: null, responseBody: null })
      .where(eq(idempotencyKeys.userId, IDS.member));
    const before = await rowsOf(posts);
    const full = await post(world, crypto.randomUUID());
    expect(full.status).toBe(429);
    expect(await errorBody(full)).toMatchObject({ code: "idempotency_keys_full" });
    expect(await rowsOf(posts)).toBe(before);
  });

  it("the hourly job prunes keys past their 24 hours, and only those", async () => {
    await seedWorld();
    const now = Date.now();
    await db()
      .insert(idempotencyKeys)
      .values([
        {
          userId: IDS.member,
          key: "old",
          requestHash: "x",
          status: 201,
          responseBody: "{}",
          createdAt: now - IDEMPOTENCY.keptMs - 1,
        },
        { userId: IDS.member, key: "new", requestHash: "x", status: 201, responseBody: "{}", createdAt: now - 1000 },
      ]);
    expect(await pruneIdempotencyKeys.run(testEnv, new Date(now))).toEqual({ pruned: 1 });
    expect((await db().select().from(idempotencyKeys)).map((r) => r.key)).toEqual(["new"]);
  });

  it("an anonymous caller with a key is 401, as without one", async () => {
    await seedWorld();
    const res = await call("/api/posts", {
      method: "POST",
      headers: { "idempotency-key": crypto.randomUUID() },
      json: { content: "x" },
    });
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({ code: "unauthorized" });
  });
});
