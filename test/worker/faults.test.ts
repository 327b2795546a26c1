// Faults in the middle of multi-step writes: D1, R2, the payment provider or the chat Durable Object
// fails, and nothing is left half-written. The failing binding is wrapped and handed to the worker
// through call(path, { env }), so only that request sees the fault.
import { evictDurableObject } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages, payments, resources } from "../../worker/db/schema";
import type { Env } from "../../worker/env";
import { chatRoomStub } from "../../worker/platform/room-stub";
import type { MessageDto } from "../../worker/shared/chat-wire";
import { CLOSE_SESSION_ENDED } from "../../worker/shared/chat-wire";
import { TEXTS } from "../../worker/shared/texts";
import { call, db, json, openSocket, testEnv, until } from "./helpers";
import { IDS, PNG, seedWorld } from "./seed";

afterEach(() => vi.restoreAllMocks());

/** A D1 binding whose statements matching `failing` throw (as a D1 outage or a constraint would). */
function faultyDb(failing: RegExp): D1Database {
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(obj, prop) {
        if (prop === "prepare") {
          return (query: string) => {
            if (failing.test(query)) throw new Error("D1_ERROR: simulated failure");
            return (obj as unknown as D1Database).prepare(query);
          };
        }
        if (prop === "withSession")
          return (...args: [string]) => wrap((obj as unknown as D1Database).withSession(...args));
        const value = Reflect.get(obj, prop);
        return typeof value === "function" ? value.bind(obj) : value;
      },
    });
  return wrap(testEnv.DB);
}

/** An R2 binding whose put throws; everything else reaches the real bucket. */
function faultyBucket(): R2Bucket {
  return new Proxy(testEnv.BLOBS, {
    get(obj, prop) {
      if (prop === "put") return async () => Promise.reject(new Error("R2 put failed: simulated"));
      const value = Reflect.get(obj, prop);
      return typeof value === "function" ? value.bind(obj) : value;
    },
  });
}

async function objectCount() {
  return (await testEnv.BLOBS.list()).objects.length;
}
const rowCount = async (table: typeof messages | typeof resources) =>
  (await db().select({ n: count() }).from(table))[0].n;

/** A 500 that says nothing about the failure. */
async function expectInternalError(res: Response) {
  expect(res.status).toBe(500);
  expect(await json(res)).toEqual({ error: "Internal server error", code: "internal" });
}

/** A failing D1 is an outage to the visitor: 503, nothing about the failure. */
async function expectServiceUnavailable(res: Response) {
  expect(res.status).toBe(503);
  expect(await json(res)).toEqual({ error: TEXTS.api.serviceUnavailable, code: "service_unavailable" });
}

function imageForm(groupId: number) {
  const form = new FormData();
  form.set("group_id", String(groupId));
  form.set("image", new File([PNG as unknown as BlobPart], "a.png", { type: "image/png" }));
  return form;
}
const pngDataUrl = `data:image/png;base64,${btoa(String.fromCharCode(...PNG))}`;

describe("chat image messages", () => {
  it("stores no message when the image cannot be put in R2 (multipart and data URL)", async () => {
    const world = await seedWorld();
    const before = { rows: await rowCount(messages), objects: await objectCount() };
    const env: Partial<Env> = { BLOBS: faultyBucket() };
    await expectInternalError(
      await call("/api/messages/image", {
        method: "POST",
        cookie: world.cookie.owner,
        body: imageForm(IDS.publicChannel),
        env,
      }),
    );
    await expectInternalError(
      await call("/api/messages", {
        method: "POST",
        cookie: world.cookie.owner,
        json: { group_id: IDS.publicChannel, body: "[Image: a.png]", image_url: pngDataUrl },
        env,
      }),
    );
    expect({ rows: await rowCount(messages), objects: await objectCount() }).toEqual(before);
  });

  it("leaves no image in R2 when the message row cannot be written", async () => {
    const world = await seedWorld();
    const before = { rows: await rowCount(messages), objects: await objectCount() };
    const env: Partial<Env> = { DB: faultyDb(/^insert into "messages"/i) };
    await expectServiceUnavailable(
      await call("/api/messages/image", {
        method: "POST",
        cookie: world.cookie.owner,
        body: imageForm(IDS.publicChannel),
        env,
      }),
    );
    await expectServiceUnavailable(
      await call("/api/messages", {
        method: "POST",
        cookie: world.cookie.owner,
        json: { group_id: IDS.publicChannel, body: "[Image: a.png]", image_url: pngDataUrl },
        env,
      }),
    );
    expect({ rows: await rowCount(messages), objects: await objectCount() }).toEqual(before);
    // With the fault gone, the same request works.
    expect(
      (
        await call("/api/messages/image", {
          method: "POST",
          cookie: world.cookie.owner,
          body: imageForm(IDS.publicChannel),
        })
      ).status,
    ).toBe(201);
    expect({ rows: await rowCount(messages), objects: await objectCount() }).toEqual({
      rows: before.rows + 1,
      objects: before.objects + 1,
    });
  });

  it("stores the message even when the chat object cannot be reached; clients catch up by cursor", async () => {
    const world = await seedWorld();
    const brokenRoom = {
      idFromName: (name: string) => testEnv.CHAT_ROOM.idFromName(name),
      get: () => ({ broadcast: () => Promise.reject(new Error("Durable Object unavailable")) }),
    } as unknown as Env["CHAT_ROOM"];
    const res = await call("/api/messages", {
      method: "POST",
      cookie: world.cookie.owner,
      json: { group_id: IDS.publicChannel, body: "stored anyway" },
      env: { CHAT_ROOM: brokenRoom },
    });
    expect(res.status).toBe(201);
    const sent = await json<MessageDto>(res);
    const caughtUp = await json<MessageDto[]>(
      await call(`/api/messages?group_id=${IDS.publicChannel}&after=0`, { cookie: world.cookie.member }),
    );
    expect(caughtUp.map((m) => m.id)).toEqual([sent.id]);
  });
});

describe("resources", () => {
  const upload = (cookie: string, env?: Partial<Env>) =>
    call("/api/resources/upload", {
      method: "POST",
      cookie,
      json: { title: "Guide", file_name: "a.txt", file_data: `data:text/plain;base64,${btoa("hello")}` },
      env,
    });
  const uploadMultipart = (cookie: string, env?: Partial<Env>) => {
    const form = new FormData();
    form.set("title", "Guide");
    form.set("file", new File(["hello"], "a.txt", { type: "text/plain" }));
    return call("/api/resources/upload", { method: "POST", cookie, body: form, env });
  };

  it("writes no row when the R2 put fails", async () => {
    const world = await seedWorld();
    const before = { rows: await rowCount(resources), objects: await objectCount() };
    await expectInternalError(await upload(world.cookie.paid!, { BLOBS: faultyBucket() }));
    await expectInternalError(await uploadMultipart(world.cookie.paid!, { BLOBS: faultyBucket() }));
    expect({ rows: await rowCount(resources), objects: await objectCount() }).toEqual(before);
  });

  it("leaves no R2 object when the D1 insert fails", async () => {
    const world = await seedWorld();
    const before = { rows: await rowCount(resources), objects: await objectCount() };
    const env = { DB: faultyDb(/^insert into "resources"/i) };
    await expectServiceUnavailable(await upload(world.cookie.paid!, env));
    await expectServiceUnavailable(await uploadMultipart(world.cookie.paid!, env));
    expect({ rows: await rowCount(resources), objects: await objectCount() }).toEqual(before);
    expect((await upload(world.cookie.paid!)).status).toBe(201);
    expect({ rows: await rowCount(resources), objects: await objectCount() }).toEqual({
      rows: before.rows + 1,
      objects: before.objects + 1,
    });
  });
});

describe("payments", () => {
  async function approvedAtProvider(cookie: string) {
    const initiated = await json<{ token: string }>(
      await call("/api/payments/initiate", {
        method: "POST",
        cookie,
        json: { amount: 15000, provider: "webpay_form" },
      }),
    );
    const card = await call("/api/dev/webpay/pay", {
      method: "POST",
      body: new URLSearchParams({ token_ws: initiated.token, action: "approve" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(card.status).toBe(200);
    return initiated.token;
  }
  const returnWith = (token: string, env?: Partial<Env>) =>
    call("/api/payments/webpay/return", {
      method: "POST",
      body: new URLSearchParams({ token_ws: token }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://webpay3gint.transbank.cl" },
      env,
    });
  const paymentRow = async () => (await db().select().from(payments).where(eq(payments.userId, IDS.member)))[0];
  const membership = async (cookie: string) =>
    (await json<{ status: string }>(await call("/api/membership/status", { cookie }))).status;

  it("stays pending when the commit times out; a later confirm settles it with the provider", async () => {
    const world = await seedWorld();
    const token = await approvedAtProvider(world.cookie.member!);
    // Transbank's host never answers (the network is faked at fetch).
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    });
    const returned = await returnWith(token, { WEBPAY_ENV: "integration" });
    expect(returned.headers.get("location")).toBe("/pay/return?success=false&error=verification_pending");
    expect(await paymentRow()).toMatchObject({ status: "pending" });
    expect(await membership(world.cookie.member!)).toBe("none");
    fetchSpy.mockRestore();
    const confirmed = await call("/api/payments/confirm", { method: "POST", cookie: world.cookie.member, json: {} });
    expect(confirmed.status).toBe(200);
    expect(await paymentRow()).toMatchObject({ status: "completed" });
    expect(await membership(world.cookie.member!)).toBe("active");
  });

  it(`stays pending, with no membership granted, when D1 fails while approving; the next check settles it \
once`, async () => {
    const world = await seedWorld();
    const token = await approvedAtProvider(world.cookie.member!);
    // The approval is one batch (membership + payment): the failure of its membership statement rolls back both.
    const returned = await returnWith(token, { DB: faultyDb(/^insert into "memberships"/i) });
    expect(returned.status).toBe(503);
    expect(await paymentRow()).toMatchObject({ status: "pending" });
    expect(await membership(world.cookie.member!)).toBe("none");
    const confirmed = await call("/api/payments/confirm", { method: "POST", cookie: world.cookie.member, json: {} });
    expect(confirmed.status).toBe(200);
    expect(await paymentRow()).toMatchObject({ status: "completed" });
    // The provider's return arriving again counts nothing twice.
    expect((await returnWith(token)).headers.get("location")).toBe("/pay/return?success=true&amount=15000");
    const after = await json<{ status: string; next_payment_due: string }>(
      await call("/api/membership/status", { cookie: world.cookie.member }),
    );
    expect(after.status).toBe("active");
    expect(new Date(after.next_payment_due).getTime() - Date.now()).toBeLessThanOrEqual(30 * 24 * 3600 * 1000);
  });
});

describe("chat after the Durable Object is evicted", () => {
  it(`hibernated sockets keep receiving; closed ones reconnect and catch up exactly the missed messages by \
cursor`, async () => {
    const world = await seedWorld();
    const stub = chatRoomStub(testEnv, IDS.publicChannel);
    const listeners = [
      await openSocket(IDS.publicChannel, world.cookie.member!),
      await openSocket(IDS.publicChannel, world.cookie.paid!),
    ];
    const send = async (body: string) =>
      json<MessageDto>(
        await call("/api/messages", {
          method: "POST",
          cookie: world.cookie.owner,
          json: { group_id: IDS.publicChannel, body },
        }),
      );

    const first = await send("one");
    await evictDurableObject(stub);
    const second = await send("two");
    await until(() => listeners.every((l) => l.messages().length === 2));
    for (const l of listeners) expect(l.messages().map((m) => m.id)).toEqual([first.id, second.id]);

    // An eviction that drops the sockets: the clients see the close, messages keep being stored.
    await evictDurableObject(stub, { webSockets: "close" });
    await until(() => listeners.every((l) => l.closes.length > 0));
    const missed = [await send("three"), await send("four")];
    const cursor = Math.max(...listeners[0].messages().map((m) => m.id));
    const caughtUp = await json<MessageDto[]>(
      await call(`/api/messages?group_id=${IDS.publicChannel}&after=${cursor}`, { cookie: world.cookie.member }),
    );
    expect(caughtUp.map((m) => m.id)).toEqual(missed.map((m) => m.id));

    // Reconnected, they are live again.
    const again = await openSocket(IDS.publicChannel, world.cookie.member!);
    const fifth = await send("five");
    await until(() => again.messages().length === 1);
    expect(again.messages()[0].id).toBe(fifth.id);
    expect(await stub.connections()).toBe(1);
    again.ws.close(1000, "done");
  });
});

describe("ending a member's access closes their chat sockets at once", () => {
  it("deleting a member closes their sockets in every channel; others stay connected", async () => {
    const world = await seedWorld();
    const paidPublic = await openSocket(IDS.publicChannel, world.cookie.paid!);
    const paidPrivate = await openSocket(IDS.privateChannel, world.cookie.paid!);
    const ownerPublic = await openSocket(IDS.publicChannel, world.cookie.owner!);
    const res = await call(`/api/admin/members/${IDS.paid}`, { method: "DELETE", cookie: world.cookie.admin });
    expect(res.status).toBe(200);
    await until(() => paidPublic.closes.length > 0 && paidPrivate.closes.length > 0);
    expect(paidPublic.closes).toEqual([CLOSE_SESSION_ENDED]);
    expect(paidPrivate.closes).toEqual([CLOSE_SESSION_ENDED]);
    // The reconnect is refused: the session went with the member.
    expect(
      (
        await call(`/api/groups/${IDS.publicChannel}/socket`, {
          cookie: world.cookie.paid,
          headers: { upgrade: "websocket" },
        })
      ).status,
    ).toBe(401);
    // Someone else's socket is untouched and still receives.
    expect(ownerPublic.closes).toEqual([]);
    await call("/api/messages", {
      method: "POST",
      cookie: world.cookie.member,
      json: { group_id: IDS.publicChannel, body: "still here" },
    });
    await until(() => ownerPublic.messages().length === 1);
    ownerPublic.ws.close(1000, "done");
  });

  it("demoting an admin closes their sockets (including private channels they saw as admin)", async () => {
    const world = await seedWorld();
    await call(`/api/admin/members/${IDS.owner}`, {
      method: "PATCH",
      cookie: world.cookie.admin,
      json: { role: "admin" },
    });
    // The role change ended the owner's sessions; sign the new admin in again (a fresh seeded session).
    const { sessions } = await import("../../worker/db/schema");
    const { sha256Hex } = await import("../../worker/platform/crypto");
    const token = "second-admin-session-token-0123456789";
    await db()
      .insert(sessions)
      .values({ id: await sha256Hex(token), userId: IDS.owner, expiresAt: new Date(Date.now() + 3600_000) });
    const cookie = `session=${token}`;
    const sockets = [await openSocket(IDS.publicChannel, cookie), await openSocket(IDS.privateChannel, cookie)];
    const res = await call(`/api/admin/members/${IDS.owner}`, {
      method: "PATCH",
      cookie: world.cookie.admin,
      json: { role: "member" },
    });
    expect(res.status).toBe(200);
    await until(() => sockets.every((s) => s.closes.length > 0));
    for (const s of sockets) expect(s.closes).toEqual([CLOSE_SESSION_ENDED]);
  });
});
