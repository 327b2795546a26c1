// Security round 2, attack 1: a chat socket belongs to the session that opened it. Every event that ends or
// narrows that session closes it at once with a clear code; the socket never outlives its session.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { channelMembers, sessions } from "../../worker/db/schema";
import { closeUserSockets } from "../../worker/features/chat/sockets";
import { sha256Hex } from "../../worker/platform/crypto";
import { chatRoomStub } from "../../worker/platform/room-stub";
import { CLOSE_ACCESS_REVOKED, CLOSE_REAUTHORIZE, CLOSE_SESSION_ENDED } from "../../worker/shared/chat-wire";
import { call, db, json, openSocket, testEnv, until } from "./helpers";
import { IDS, seedWorld } from "./seed";

/** A second session for a seeded user (another device), expiring after `ttlMs`. */
async function anotherSession(userId: number, label: string, ttlMs = 3600_000) {
  const token = `another-session-${label}-0123456789abcdef`;
  await db()
    .insert(sessions)
    .values({ id: await sha256Hex(token), userId, expiresAt: new Date(Date.now() + ttlMs), userAgent: label });
  return `session=${token}`;
}

const stillOpen = async (
  socket: Awaited<ReturnType<typeof openSocket>>,
  sender: string,
  channelId: number = IDS.publicChannel,
) => {
  const before = socket.messages().length;
  const res = await call("/api/messages", {
    method: "POST",
    cookie: sender,
    json: { group_id: channelId, body: "still delivered" },
  });
  expect(res.status).toBe(201);
  await until(() => socket.messages().length === before + 1);
  expect(socket.closes).toEqual([]);
};

describe("attack: a chat socket outlives the session that opened it", () => {
  it(`security round 2 attack 1: a chat socket outlives logout (now closed with CLOSE_SESSION_ENDED; the same \
person's other device stays)`, async () => {
    const world = await seedWorld();
    const phone = await anotherSession(IDS.paid, "phone");
    const laptopPublic = await openSocket(IDS.publicChannel, world.cookie.paid!);
    const laptopPrivate = await openSocket(IDS.privateChannel, world.cookie.paid!);
    const phoneSocket = await openSocket(IDS.publicChannel, phone);

    const res = await call("/api/logout", { cookie: world.cookie.paid, headers: { "sec-fetch-site": "same-origin" } });
    expect(res.status).toBe(200);
    await until(() => laptopPublic.closes.length > 0 && laptopPrivate.closes.length > 0);
    expect(laptopPublic.closes).toEqual([CLOSE_SESSION_ENDED]);
    expect(laptopPrivate.closes).toEqual([CLOSE_SESSION_ENDED]);
    await stillOpen(phoneSocket, world.cookie.owner!);
    phoneSocket.ws.close(1000, "done");
  });

  it("logout also closes that session's live socket (unread activity), not the other device's", async () => {
    const world = await seedWorld();
    const phone = await anotherSession(IDS.paid, "phone");
    const openLive = async (cookie: string) => {
      const res = await call("/api/live/socket", { cookie, headers: { upgrade: "websocket" } });
      expect(res.status).toBe(101);
      const ws = res.webSocket!;
      ws.accept();
      const closes: number[] = [];
      let ready = false;
      ws.addEventListener("message", () => (ready = true));
      ws.addEventListener("close", (e) => closes.push(e.code));
      await until(() => ready);
      return { ws, closes };
    };
    const laptop = await openLive(world.cookie.paid!);
    const other = await openLive(phone);
    expect(
      (await call("/api/logout", { cookie: world.cookie.paid, headers: { "sec-fetch-site": "same-origin" } })).status,
    ).toBe(200);
    await until(() => laptop.closes.length > 0);
    expect(laptop.closes).toEqual([CLOSE_SESSION_ENDED]);
    expect(other.closes).toEqual([]);
    other.ws.close(1000, "done");
  });

  it("sign-out of other devices closes their sockets; the current device's socket stays", async () => {
    const world = await seedWorld();
    const phone = await anotherSession(IDS.member, "phone");
    const tablet = await anotherSession(IDS.member, "tablet");
    const current = await openSocket(IDS.publicChannel, world.cookie.member!);
    const others = [await openSocket(IDS.publicChannel, phone), await openSocket(IDS.publicChannel, tablet)];

    const res = await call("/api/sessions/others", { method: "DELETE", cookie: world.cookie.member });
    expect(await json(res)).toEqual({ success: true, signed_out: 2 });
    await until(() => others.every((s) => s.closes.length > 0));
    for (const s of others) expect(s.closes).toEqual([CLOSE_SESSION_ENDED]);
    await stillOpen(current, world.cookie.owner!);
    current.ws.close(1000, "done");
  });

  it("a session that expires closes its sockets at the channel's next session check, without any request", async () => {
    const world = await seedWorld();
    const socket = await openSocket(IDS.publicChannel, world.cookie.member!);
    const stub = chatRoomStub(testEnv, IDS.publicChannel);
    // The object has its check scheduled no later than the session's expiry (and the recheck bound).
    const [session] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.id, await sha256Hex(world.cookie.member!.slice("session=".length))));
    const alarm = await runInDurableObject(stub, (_room, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm!).toBeLessThanOrEqual(Math.min(session.expiresAt.getTime(), Date.now() + 10 * 60_000));
    // Time passes without a request: the session is now past its expiry when the check runs.
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session.id));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await until(() => socket.closes.length > 0);
    expect(socket.closes).toEqual([CLOSE_SESSION_ENDED]);
  });

  it("a session renewed meanwhile keeps its socket through the check", async () => {
    const world = await seedWorld();
    const socket = await openSocket(IDS.publicChannel, world.cookie.member!);
    const stub = chatRoomStub(testEnv, IDS.publicChannel);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await stillOpen(socket, world.cookie.owner!);
    // The check was scheduled again while the socket stays open.
    expect(await runInDurableObject(stub, (_room, state) => state.storage.getAlarm())).not.toBeNull();
    socket.ws.close(1000, "done");
  });

  it("deleting a member closes their sockets in every channel they could see with CLOSE_SESSION_ENDED", async () => {
    const world = await seedWorld();
    const sockets = [
      await openSocket(IDS.publicChannel, world.cookie.paid!),
      await openSocket(IDS.privateChannel, world.cookie.paid!),
    ];
    expect(
      (await call(`/api/admin/members/${IDS.paid}`, { method: "DELETE", cookie: world.cookie.admin })).status,
    ).toBe(200);
    await until(() => sockets.every((s) => s.closes.length > 0));
    for (const s of sockets) expect(s.closes).toEqual([CLOSE_SESSION_ENDED]);
  });

  it("changing a member's role closes their sockets with CLOSE_SESSION_ENDED (their sessions ended)", async () => {
    const world = await seedWorld();
    const socket = await openSocket(IDS.publicChannel, world.cookie.member!);
    expect(
      (
        await call(`/api/admin/members/${IDS.member}`, {
          method: "PATCH",
          cookie: world.cookie.admin,
          json: { role: "admin" },
        })
      ).status,
    ).toBe(200);
    await until(() => socket.closes.length > 0);
    expect(socket.closes).toEqual([CLOSE_SESSION_ENDED]);
  });

  it("removal from a private channel closes the removed member's socket there with CLOSE_ACCESS_REVOKED", async () => {
    const world = await seedWorld();
    const removed = await openSocket(IDS.privateChannel, world.cookie.paid!);
    const removedPublic = await openSocket(IDS.publicChannel, world.cookie.paid!);
    const creator = await openSocket(IDS.privateChannel, world.cookie.owner!);
    const res = await call(`/api/groups/${IDS.privateChannel}/members/${IDS.paid}`, {
      method: "DELETE",
      cookie: world.cookie.owner,
    });
    expect(res.status).toBe(200);
    await until(() => removed.closes.length > 0);
    expect(removed.closes).toEqual([CLOSE_ACCESS_REVOKED]);
    await stillOpen(creator, world.cookie.owner!, IDS.privateChannel);
    await stillOpen(removedPublic, world.cookie.owner!);
    creator.ws.close(1000, "done");
    removedPublic.ws.close(1000, "done");
  });

  it("turning a public channel private closes non-members' sockets; its creator, members and admins stay", async () => {
    const world = await seedWorld();
    await db().insert(channelMembers).values({ channelId: IDS.publicChannel, userId: IDS.paid });
    const outsider = await openSocket(IDS.publicChannel, world.cookie.member!);
    const kept = [
      await openSocket(IDS.publicChannel, world.cookie.paid!),
      await openSocket(IDS.publicChannel, world.cookie.owner!),
      await openSocket(IDS.publicChannel, world.cookie.admin!),
    ];
    const res = await call(`/api/groups/${IDS.publicChannel}`, {
      method: "PUT",
      cookie: world.cookie.owner,
      json: { name: "Public", is_private: true },
    });
    expect(res.status).toBe(200);
    await until(() => outsider.closes.length > 0);
    expect(outsider.closes).toEqual([CLOSE_ACCESS_REVOKED]);
    for (const s of kept) await stillOpen(s, world.cookie.owner!);
    for (const s of kept) s.ws.close(1000, "done");
    // The reconnect is refused: the channel is hidden from the outsider now.
    expect(
      (
        await call(`/api/groups/${IDS.publicChannel}/socket`, {
          cookie: world.cookie.member,
          headers: { upgrade: "websocket" },
        })
      ).status,
    ).toBe(404);
  });

  it("the exported helper closes one person's sockets with the code a caller (moderation) chooses", async () => {
    const world = await seedWorld();
    const target = await openSocket(IDS.publicChannel, world.cookie.member!);
    const bystander = await openSocket(IDS.publicChannel, world.cookie.paid!);
    expect(
      await closeUserSockets(testEnv, [IDS.publicChannel, IDS.privateChannel], IDS.member, CLOSE_REAUTHORIZE),
    ).toBe(1);
    await until(() => target.closes.length > 0);
    expect(target.closes).toEqual([CLOSE_REAUTHORIZE]);
    await stillOpen(bystander, world.cookie.owner!);
    bystander.ws.close(1000, "done");
  });
});
