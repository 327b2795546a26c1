// Faults injected while members keep writing, one test per line of the list, each at the boundary
// where the fault happens: D1 failing at each statement of a message send's batch and of a payment's settlement, the
// chat object unreachable or evicted during a fan-out, R2 failing before and after a row, the delivery queue's
// consumer failing for a while, the worker stopping between a change and its follow-up, and Transbank not answering.
// The failing binding is handed to the worker through call(path, { env }), so only that request sees the fault.
import { evictDurableObject } from "cloudflare:test";
import { count, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CRON, JOBS, scheduledHandler } from "../../worker/cron";
import { memberships, messages, payments, resources } from "../../worker/db/schema";
import type { Env } from "../../worker/env";
import { QUEUED_LEASE_MS } from "../../worker/features/notifications/deliver";
import { queue as consume } from "../../worker/features/notifications/queue";
import { reconcilePayments } from "../../worker/features/payments/jobs/reconcile-payments";
import { WEBPAY_TOKEN_LIFETIME_MS } from "../../worker/features/payments/webpay";
import worker from "../../worker/index";
import { chatRoomStub } from "../../worker/platform/room-stub";
import { ORPHAN_MIN_AGE_MS, sweepOrphanBlobs } from "../../worker/platform/sweep-orphan-blobs";
import type { MessageDto } from "../../worker/shared/chat-wire";
import type { DeliveryJob } from "../../worker/shared/delivery-jobs";
import { IDEMPOTENCY } from "../../worker/shared/rules";
import { TEXTS } from "../../worker/shared/texts";
import { call, db, drain, json, ORIGIN, openSocket, outbox, recordingQueue, signIn, testEnv, until } from "./helpers";
import { IDS, PNG, seedWorld, snapshot } from "./seed";

afterEach(() => vi.restoreAllMocks());

const DAY = 24 * 60 * 60 * 1000;

/**
 * A D1 binding whose batch holding a statement that matches `target` fails at its statement number `failAt`, as
 * D1 fails mid-transaction (the statements before it ran, and are rolled back). `batches` records the statement
 * count of each such batch, so a test can fail each statement in turn.
 */
function failingBatch(target: RegExp, failAt: number | null) {
  const sqlOf = new WeakMap<object, string>();
  const seen = { batches: [] as number[], fired: 0 };
  const wrap = <T extends object>(binding: T): T =>
    new Proxy(binding, {
      get(obj, prop) {
        const real = obj as unknown as D1Database;
        if (prop === "prepare")
          return (query: string) =>
            new Proxy(real.prepare(query), {
              get(stmt, p) {
                if (p === "bind")
                  return (...params: unknown[]) => {
                    const bound = stmt.bind(...params);
                    sqlOf.set(bound, query);
                    return bound;
                  };
                const value = Reflect.get(stmt, p);
                return typeof value === "function" ? value.bind(stmt) : value;
              },
            });
        if (prop === "batch")
          return (statements: D1PreparedStatement[]) => {
            if (!statements.some((s) => target.test(sqlOf.get(s) ?? ""))) return real.batch(statements);
            seen.batches.push(statements.length);
            if (failAt === null) return real.batch(statements);
            seen.fired++;
            // A statement that fails when D1 runs it (not when it is prepared): malformed JSON at run time.
            const failing = real.prepare("select json(?)").bind("{ simulated D1 failure");
            return real.batch(statements.map((s, i) => (i === failAt ? failing : s)));
          };
        if (prop === "withSession") return (...args: [string]) => wrap(real.withSession(...args));
        const value = Reflect.get(obj, prop);
        return typeof value === "function" ? value.bind(obj) : value;
      },
    });
  return { DB: wrap(testEnv.DB), seen };
}

/** A D1 binding whose statements matching `failing` throw when prepared (as a D1 outage or a constraint would). */
function faultyDb(failing: RegExp): D1Database {
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(obj, prop) {
        if (prop === "prepare")
          return (query: string) => {
            if (failing.test(query)) throw new Error("D1_ERROR: simulated failure");
            return (obj as unknown as D1Database).prepare(query);
          };
        if (prop === "withSession")
          return (...args: [string]) => wrap((obj as unknown as D1Database).withSession(...args));
        const value = Reflect.get(obj, prop);
        return typeof value === "function" ? value.bind(obj) : value;
      },
    });
  return wrap(testEnv.DB);
}

/** An R2 binding whose `failing` methods throw; everything else reaches the real bucket. */
function faultyBucket(failing: ("put" | "delete")[]): R2Bucket {
  return new Proxy(testEnv.BLOBS, {
    get(obj, prop) {
      if (failing.includes(prop as "put")) return async () => Promise.reject(new Error(`R2 ${String(prop)} failed`));
      const value = Reflect.get(obj, prop);
      return typeof value === "function" ? value.bind(obj) : value;
    },
  });
}

const messageCount = async () => (await db().select({ n: count() }).from(messages))[0].n;
const objectKeys = async () => (await testEnv.BLOBS.list()).objects.map((o) => o.key).sort();

async function expectServiceUnavailable(res: Response) {
  expect(res.status).toBe(503);
  expect(await json(res)).toEqual({ error: TEXTS.api.serviceUnavailable, code: "service_unavailable" });
}

const sendMessage = (cookie: string, key: string, body: string, env?: Partial<Env>) =>
  call("/api/messages", {
    method: "POST",
    cookie,
    headers: { "idempotency-key": key },
    json: { group_id: IDS.publicChannel, body },
    env,
  });

describe("D1 failing at each statement of a batch", () => {
  it(`a message send: every statement's failure is a 503 that wrote nothing; the retry with the same key stores \
it once`, async () => {
    const world = await seedWorld();
    const probe = failingBatch(/^insert into "messages"/i, null);
    expect((await sendMessage(world.cookie.owner!, crypto.randomUUID(), "probe", { DB: probe.DB })).status).toBe(201);
    const [statements] = probe.seen.batches;
    expect(statements).toBeGreaterThanOrEqual(4);
    for (let failAt = 0; failAt < statements; failAt++) {
      const before = await snapshot();
      const key = crypto.randomUUID();
      const body = `at statement ${failAt}`;
      const faulty = failingBatch(/^insert into "messages"/i, failAt);
      await expectServiceUnavailable(await sendMessage(world.cookie.owner!, key, body, { DB: faulty.DB }));
      expect(faulty.seen.fired).toBe(1);
      expect(await snapshot()).toEqual(before);
      const retried = await sendMessage(world.cookie.owner!, key, body);
      expect(retried.status).toBe(201);
      expect(retried.headers.get(IDEMPOTENCY.replayedHeader)).toBeNull();
      // And the retry after that is the answer again, not a second row.
      expect((await sendMessage(world.cookie.owner!, key, body)).headers.get(IDEMPOTENCY.replayedHeader)).toBe("true");
      expect(await db().select().from(messages).where(eq(messages.body, body))).toHaveLength(1);
    }
  });

  it(`a payment's settlement: every statement's failure is a 503 that leaves it pending with no membership; the \
member's retry settles it once`, async () => {
    const world = await seedWorld();
    const cookie = world.cookie.member!;
    const approved = async () => {
      const initiated = await json<{ token: string }>(
        await call("/api/payments/initiate", {
          method: "POST",
          cookie,
          headers: { "idempotency-key": crypto.randomUUID() },
          json: { amount: 15000, provider: "webpay_form" },
        }),
      );
      const card = await call("/api/dev/webpay/pay", {
        method: "POST",
        body: new URLSearchParams({ token_ws: initiated.token, action: "approve" }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(card.status).toBe(200);
    };
    const confirm = (env?: Partial<Env>) => call("/api/payments/confirm", { method: "POST", cookie, json: {}, env });
    const settling = /^insert into "memberships"/i;
    const probe = failingBatch(settling, null);
    await approved();
    expect((await confirm({ DB: probe.DB })).status).toBe(200);
    const [statements] = probe.seen.batches;
    expect(statements).toBeGreaterThanOrEqual(3);
    await db().delete(memberships).where(eq(memberships.userId, IDS.member));
    for (let failAt = 0; failAt < statements; failAt++) {
      await approved();
      const before = await snapshot();
      await expectServiceUnavailable(await confirm({ DB: failingBatch(settling, failAt).DB }));
      expect(await snapshot()).toEqual(before);
      const [latest] = await db()
        .select()
        .from(payments)
        .where(eq(payments.userId, IDS.member))
        .orderBy(sql`${payments.id} desc`)
        .limit(1);
      expect(latest.status).toBe("pending");
      expect(await db().select().from(memberships).where(eq(memberships.userId, IDS.member))).toEqual([]);
      const settled = await confirm();
      expect(settled.status).toBe(200);
      const [membership] = await db().select().from(memberships).where(eq(memberships.userId, IDS.member));
      // One period from now: extended once.
      expect(Math.abs(membership.nextPaymentDue.getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
      expect((await confirm()).status).toBe(200);
      const [again] = await db().select().from(memberships).where(eq(memberships.userId, IDS.member));
      expect(again.nextPaymentDue).toEqual(membership.nextPaymentDue);
      await db().delete(memberships).where(eq(memberships.userId, IDS.member));
    }
  });
});

describe("the channel's object unreachable or evicted during a fan-out", () => {
  it("the message is stored; every listener gets what it missed with one poll from its cursor", async () => {
    const world = await seedWorld();
    const listeners = [
      await openSocket(IDS.publicChannel, world.cookie.member!),
      await openSocket(IDS.publicChannel, world.cookie.paid!),
    ];
    const rowsBefore = await messageCount();
    const live = await json<MessageDto>(await sendMessage(world.cookie.owner!, crypto.randomUUID(), "live"));
    await until(() => listeners.every((l) => l.messages().length === 1));
    // Unreachable: the fan-out fails after the row is stored.
    const unreachable = {
      idFromName: (name: string) => testEnv.CHAT_ROOM.idFromName(name),
      get: () => ({ broadcast: () => Promise.reject(new Error("Durable Object unavailable")) }),
    } as unknown as Env["CHAT_ROOM"];
    const lost = await sendMessage(world.cookie.owner!, crypto.randomUUID(), "while unreachable", {
      CHAT_ROOM: unreachable,
    });
    expect(lost.status).toBe(201);
    // Evicted with its sockets dropped, as the next message's fan-out runs.
    const stub = chatRoomStub(testEnv, IDS.publicChannel);
    const [evicted] = await Promise.all([
      sendMessage(world.cookie.owner!, crypto.randomUUID(), "while evicted"),
      evictDurableObject(stub, { webSockets: "close" }),
    ]);
    expect(evicted.status).toBe(201);
    const missed = [(await json<MessageDto>(lost)).id, (await json<MessageDto>(evicted)).id];
    for (const [i, listener] of listeners.entries()) {
      const cursor = Math.max(live.id, ...listener.messages().map((m) => m.id));
      const cookie = i === 0 ? world.cookie.member : world.cookie.paid;
      const poll = await json<MessageDto[]>(
        await call(`/api/messages?group_id=${IDS.publicChannel}&after=${cursor}`, { cookie }),
      );
      const got = new Set([...listener.messages().map((m) => m.id), ...poll.map((m) => m.id)]);
      expect(missed.every((id) => got.has(id))).toBe(true);
    }
    expect(await messageCount()).toBe(rowsBefore + 3);
  });
});

describe("the chaos run's fault switch (PUT /api/dev/faults/rooms/:id, local only)", () => {
  it(`drops the channel's sockets and fails every call to its object for the time given; messages are stored and \
caught up`, async () => {
    const world = await seedWorld();
    const listener = await openSocket(IDS.publicChannel, world.cookie.member!);
    const fault = (env?: Partial<Env>) =>
      call(`/api/dev/faults/rooms/${IDS.publicChannel}`, {
        method: "PUT",
        cookie: world.cookie.admin,
        json: { seconds: 1 },
        env,
      });
    expect((await fault({ APP_ENV: "production" })).status).toBe(404);
    const on = await fault();
    expect(on.status).toBe(200);
    expect(await json(on)).toMatchObject({ sockets_dropped: 1 });
    await until(() => listener.closes.length > 0);
    const stored = await sendMessage(world.cookie.owner!, crypto.randomUUID(), "while unreachable");
    expect(stored.status).toBe(201);
    const refused = await call(`/api/groups/${IDS.publicChannel}/socket`, {
      cookie: world.cookie.member,
      headers: { upgrade: "websocket" },
    });
    expect(refused.status).toBeGreaterThanOrEqual(500);
    await new Promise((r) => setTimeout(r, 1100));
    const back = await openSocket(IDS.publicChannel, world.cookie.member!);
    const poll = await json<MessageDto[]>(
      await call(`/api/messages?group_id=${IDS.publicChannel}&after=${IDS.imageMessage}`, {
        cookie: world.cookie.member,
      }),
    );
    expect(poll.map((m) => m.body)).toEqual(["while unreachable"]);
    back.ws.close(1000, "done");
  });
});

describe("R2 failing before and after the row", () => {
  const imageForm = () => {
    const form = new FormData();
    form.set("group_id", String(IDS.publicChannel));
    form.set("image", new File([PNG as unknown as BlobPart], "a.png", { type: "image/png" }));
    return form;
  };
  const sendImage = (cookie: string, key: string, env?: Partial<Env>) =>
    call("/api/messages/image", {
      method: "POST",
      cookie,
      headers: { "idempotency-key": key },
      body: imageForm(),
      env,
    });
  const upload = (cookie: string, env?: Partial<Env>) =>
    call("/api/resources/upload", {
      method: "POST",
      cookie,
      json: { title: "Guide", file_name: "a.txt", file_data: `data:text/plain;base64,${btoa("hello")}` },
      env,
    });
  const sweep = () => sweepOrphanBlobs.run(testEnv, new Date(Date.now() + ORPHAN_MIN_AGE_MS + 1000));

  it("before: the object is refused, no row is written; the retry with the same key stores both once", async () => {
    const world = await seedWorld();
    const before = { rows: await messageCount(), objects: await objectKeys() };
    const key = crypto.randomUUID();
    const refused = await sendImage(world.cookie.owner!, key, { BLOBS: faultyBucket(["put"]) });
    expect(refused.status).toBe(500);
    expect({ rows: await messageCount(), objects: await objectKeys() }).toEqual(before);
    expect((await sendImage(world.cookie.owner!, key)).status).toBe(201);
    expect((await sendImage(world.cookie.owner!, key)).headers.get(IDEMPOTENCY.replayedHeader)).toBe("true");
    expect(await messageCount()).toBe(before.rows + 1);
    expect((await objectKeys()).length).toBe(before.objects.length + 1);
  });

  it(`after: the row fails and the object's removal fails too; the cleanup job deletes the orphan and keeps every \
object a row holds`, async () => {
    const world = await seedWorld();
    const before = { rows: await messageCount(), objects: await objectKeys() };
    const rowFails = { DB: faultyDb(/^insert into "(messages|resources)"/i), BLOBS: faultyBucket(["delete"]) };
    await expectServiceUnavailable(await sendImage(world.cookie.owner!, crypto.randomUUID(), rowFails));
    await expectServiceUnavailable(await upload(world.cookie.paid!, rowFails));
    expect(await messageCount()).toBe(before.rows);
    expect(await db().select({ n: count() }).from(resources)).toEqual([{ n: 1 }]);
    // Two orphans in R2, under this month's chat/ and resources/.
    expect((await objectKeys()).length).toBe(before.objects.length + 2);
    // Stored properly meanwhile: kept.
    expect((await sendImage(world.cookie.owner!, crypto.randomUUID())).status).toBe(201);
    expect((await upload(world.cookie.paid!)).status).toBe(201);
    const kept = (await objectKeys()).length - 2;
    // Too young to judge: a write may still be between its object and its row.
    expect(await sweepOrphanBlobs.run(testEnv, new Date())).toMatchObject({ deleted: 0 });
    expect(await sweep()).toMatchObject({ deleted: 2 });
    const after = await objectKeys();
    expect(after.length).toBe(kept);
    const held = await db().all<{ key: string }>(
      sql`select image_key as key from messages where image_key is not null
        union all select file_key from resources where file_key is not null`,
    );
    for (const { key } of held) expect(after).toContain(key);
    expect(await sweep()).toMatchObject({ deleted: 0 });
  });
});

describe("the delivery queue's consumer failing for a while, then recovering", () => {
  /** wrangler.toml's [[queues.consumers]] max_retries: a message is tried 1 + 5 times, then dead-lettered. */
  const MAX_RETRIES = 5;
  type InFlight = { body: DeliveryJob; attempts: number };

  it(`each delivery is made once after its retries; the ones past their last retry are dead-lettered and counted on \
the Health tab`, async () => {
    const admin = await signIn("admin@example.com", "Admin");
    const email = (to: string): DeliveryJob => ({
      type: "email",
      email: { to, subject: "Hello", text: "t", html: "<p>h</p>", headers: {} },
    });
    // The queue as Cloudflare runs it: a retried message comes back with one more attempt; past max_retries it goes
    // to the dead-letter queue, whose consumer is the same handler.
    let pending: InFlight[] = [email("early-1@example.com"), email("early-2@example.com")].map((body) => ({
      body,
      attempts: 1,
    }));
    const dead: InFlight[] = [];
    const tick = async (env: Env) => {
      const next: InFlight[] = [];
      await consume(
        {
          queue: "cosmic-lounge-delivery",
          messages: pending.map((m) => ({
            body: m.body,
            attempts: m.attempts,
            ack() {},
            retry() {
              (m.attempts > MAX_RETRIES ? dead : next).push({ ...m, attempts: m.attempts + 1 });
            },
          })),
        } as unknown as MessageBatch,
        env,
      );
      pending = next;
    };
    // Every job fails while the outbox (the email provider, locally) refuses: six ticks.
    const failing = { ...testEnv, BLOBS: faultyBucket(["put"]) } as Env;
    for (let t = 0; t < 6; t++) {
      // Two more jobs arrive halfway through the outage.
      if (t === 3)
        pending.push(...["late-1@example.com", "late-2@example.com"].map((to) => ({ body: email(to), attempts: 1 })));
      await tick(failing);
    }
    for (let t = 0; t < 3 && pending.length; t++) await tick(testEnv);
    expect(pending).toEqual([]);
    await consume(
      {
        queue: "cosmic-lounge-delivery-dead",
        messages: dead.map((m) => ({ body: m.body, attempts: m.attempts, ack() {}, retry() {} })),
      } as unknown as MessageBatch,
      testEnv,
    );
    const sent = (await outbox()).map((m) => m.to).sort();
    expect(sent).toEqual(["late-1@example.com", "late-2@example.com"]);
    expect(dead.map((m) => (m.body as Extract<DeliveryJob, { type: "email" }>).email.to).sort()).toEqual([
      "early-1@example.com",
      "early-2@example.com",
    ]);
    const health = await json<{ checks: { name: string; detail: string }[] }>(
      await call("/api/admin/health", { cookie: admin }),
    );
    expect(health.checks.find((c) => c.name === "delivery")?.detail).toMatch(/^2 dead-lettered;/);
  });
});

describe("the worker stopping between a change and its follow-up", () => {
  it(`a reply's notification whose sender stopped after claiming it is sent by the sweep once its claim is stale, \
once`, async () => {
    const world = await seedWorld();
    const queue = recordingQueue();
    const first = await json<MessageDto>(await sendMessage(world.cookie.member!, crypto.randomUUID(), "question"));
    // The reply's request answers, writes the reply's notification after the answer, and its sender claims the
    // delivery; then the worker stops: the queue never takes it (the send hangs forever, its promise abandoned).
    const abandoned: Promise<unknown>[] = [];
    const hanging = { sendBatch: () => new Promise(() => undefined) } as unknown as Queue<DeliveryJob>;
    const reply = await worker.fetch(
      new Request(`${ORIGIN}/api/messages`, {
        method: "POST",
        headers: {
          cookie: world.cookie.owner!,
          origin: ORIGIN,
          "content-type": "application/json",
          "idempotency-key": crypto.randomUUID(),
        },
        body: JSON.stringify({ group_id: IDS.publicChannel, body: "answer", reply_to: first.id }),
      }) as Request<unknown, IncomingRequestCfProperties>,
      { ...testEnv, DELIVERY_QUEUE: hanging },
      {
        waitUntil: (p: Promise<unknown>) => abandoned.push(p),
        passThroughOnException() {},
      } as unknown as ExecutionContext,
    );
    expect(reply.status).toBe(201);
    const states = async () =>
      (
        await db().all<{ state: string }>(sql`select state from notification_deliveries where user_id = ${IDS.member}`)
      ).map((d) => d.state);
    for (let i = 0; i < 300 && (await states()).join() !== "queued"; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await states()).toEqual(["queued"]);
    const sweep = (at: number) =>
      scheduledHandler(JOBS)(
        { cron: CRON.everyFiveMinutes, scheduledTime: at, noRetry() {} } as ScheduledController,
        { ...testEnv, DELIVERY_QUEUE: queue.binding },
        { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext,
      );
    const [{ id: replyNotification }] = await db().all<{ id: number }>(
      sql`select notification_id as id from notification_deliveries where user_id = ${IDS.member}`,
    );
    // Jobs that carry the reply's notification (the seeded world's own pending deliveries go out too).
    const sentForReply = () =>
      queue.sent.filter((j) => j.type === "notified" && j.ids.includes(replyNotification)).length;
    // A few minutes later the claim may still be the queue's (retrying): not sent again.
    await sweep(Date.now() + 5 * 60_000);
    expect(sentForReply()).toBe(0);
    // Past the lease nothing holds it: sent, once, however often the sweep runs.
    await sweep(Date.now() + QUEUED_LEASE_MS + 60_000);
    expect(sentForReply()).toBe(1);
    // The queue's consumer delivers it (drain empties the recorded queue); later sweeps send nothing of it again.
    await drain(queue);
    expect(await states()).toEqual(["delivered"]);
    await sweep(Date.now() + QUEUED_LEASE_MS + 6 * 60_000);
    await sweep(Date.now() + 3 * QUEUED_LEASE_MS);
    expect(sentForReply()).toBe(0);
  });
});

describe("Transbank not answering", () => {
  it("a Webpay commit that times out leaves the payment pending; the reconciler's status check settles it once", async () => {
    const world = await seedWorld();
    const cookie = world.cookie.member!;
    const initiated = await json<{ token: string }>(
      await call("/api/payments/initiate", {
        method: "POST",
        cookie,
        headers: { "idempotency-key": crypto.randomUUID() },
        json: { amount: 15000, provider: "webpay_form" },
      }),
    );
    await call("/api/dev/webpay/pay", {
      method: "POST",
      body: new URLSearchParams({ token_ws: initiated.token, action: "approve" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    });
    const returned = await call("/api/payments/webpay/return", {
      method: "POST",
      body: new URLSearchParams({ token_ws: initiated.token }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://webpay3gint.transbank.cl" },
      env: { WEBPAY_ENV: "integration" },
    });
    expect(returned.headers.get("location")).toBe("/pay/return?success=false&error=verification_pending");
    fetchSpy.mockRestore();
    const paymentOf = async () => (await db().select().from(payments).where(eq(payments.userId, IDS.member)))[0];
    expect((await paymentOf()).status).toBe("pending");
    const later = new Date(Date.now() + WEBPAY_TOKEN_LIFETIME_MS + 60_000);
    // (The seeded world's other pending payment is checked too.)
    expect(await reconcilePayments.run(testEnv, later)).toMatchObject({ completed: 1 });
    expect(await reconcilePayments.run(testEnv, later)).toMatchObject({ completed: 0 });
    expect((await paymentOf()).status).toBe("completed");
    const [membership] = await db().select().from(memberships).where(eq(memberships.userId, IDS.member));
    expect(Math.abs(membership.nextPaymentDue.getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
  });
  // An Oneclick charge that gets no answer: test/worker/autorenew.test.ts, "an unknown outcome (timeout) is settled
  // by Transbank's status before anything else: authorized -> paid once".
});
