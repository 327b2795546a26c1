// Unread counts: a read marker per member per channel. GET /api/groups carries each
// channel's unread_count; fetching a channel's messages or POST /api/groups/:id/read marks it read;
// writing in a channel marks it read for the writer. The live socket (/api/live/socket) carries
// `activity` for channels the member may read and `read` when the member read one elsewhere.
import { beforeEach, describe, expect, it } from "vitest";
import type { ChannelListItem, MessageDto, ServerFrame } from "../../worker/shared/chat-wire";
import { LIMITS } from "../../worker/shared/rules";
import { call, json, testEnv, until } from "./helpers";
import { IDS, seedWorld, type World } from "./seed";

let world: World;
beforeEach(async () => {
  world = await seedWorld();
});
type Who = keyof World["cookie"];
const cookie = (who: Who) => world.cookie[who];

async function unread(who: Who): Promise<Record<number, number>> {
  const res = await call("/api/groups", { cookie: cookie(who) });
  expect(res.status).toBe(200);
  const list = await json<ChannelListItem[]>(res);
  return Object.fromEntries(list.map((c) => [c.id, c.unread_count]));
}
async function send(who: Who, groupId: number, body = "hello") {
  const res = await call("/api/messages", { method: "POST", json: { group_id: groupId, body }, cookie: cookie(who) });
  expect(res.status).toBe(201);
  return json<MessageDto>(res);
}
const read = (who: Who, groupId: number) =>
  call(`/api/groups/${groupId}/read`, { method: "POST", cookie: cookie(who) });

async function openLive(who: Who) {
  const res = await call("/api/live/socket", { cookie: cookie(who), headers: { upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const frames: ServerFrame[] = [];
  ws.addEventListener("message", (e) => frames.push(JSON.parse(e.data as string)));
  await until(() => frames.some((f) => f.type === "ready"));
  return {
    ws,
    frames,
    of: <T extends ServerFrame["type"]>(type: T) =>
      frames.filter((f): f is Extract<ServerFrame, { type: T }> => f.type === type),
  };
}

describe("unread counts", () => {
  it("count other members' messages per channel; the writer has read what they wrote", async () => {
    // The seeded image message in the private channel is unread for its other reader.
    expect(await unread("paid")).toEqual({ [IDS.publicChannel]: 0, [IDS.privateChannel]: 1 });
    expect(await unread("member")).toEqual({ [IDS.publicChannel]: 0 });
    for (let i = 0; i < 3; i++) await send("member", IDS.publicChannel, `hi ${i}`);
    expect((await unread("paid"))[IDS.publicChannel]).toBe(3);
    expect((await unread("owner"))[IDS.publicChannel]).toBe(3);
    expect((await unread("member"))[IDS.publicChannel]).toBe(0);
    // Writing marks read: the owner answers, so the three before are read too.
    await send("owner", IDS.publicChannel, "welcome");
    expect((await unread("owner"))[IDS.publicChannel]).toBe(0);
    expect((await unread("member"))[IDS.publicChannel]).toBe(1);
  });

  it("opening a channel (fetching its messages) marks it read; a poll with new messages does too", async () => {
    await send("member", IDS.publicChannel, "one");
    await send("member", IDS.publicChannel, "two");
    const page = await json<MessageDto[]>(
      await call(`/api/messages?group_id=${IDS.publicChannel}`, { cookie: cookie("paid") }),
    );
    expect(page).toHaveLength(2);
    expect((await unread("paid"))[IDS.publicChannel]).toBe(0);
    const third = await send("member", IDS.publicChannel, "three");
    expect((await unread("paid"))[IDS.publicChannel]).toBe(1);
    // An empty poll leaves the count as it is; the poll that brings the new message clears it.
    expect(
      await json(
        await call(`/api/messages?group_id=${IDS.publicChannel}&after=${third.id}`, { cookie: cookie("paid") }),
      ),
    ).toEqual([]);
    expect((await unread("paid"))[IDS.publicChannel]).toBe(1);
    await call(`/api/messages?group_id=${IDS.publicChannel}&after=${page.at(-1)!.id}`, { cookie: cookie("paid") });
    expect((await unread("paid"))[IDS.publicChannel]).toBe(0);
    // Other members' counts are their own.
    expect((await unread("owner"))[IDS.publicChannel]).toBe(3);
  });

  it("GET /api/unread answers the channel list's counts, for the channels the caller may see", async () => {
    await send("owner", IDS.privateChannel, "secret");
    await send("member", IDS.publicChannel, "news");
    for (const who of ["member", "paid", "owner", "admin"] as const) {
      const res = await call("/api/unread", { cookie: cookie(who) });
      expect(res.status, who).toBe(200);
      const counts = await json<{ group_id: number; unread_count: number }[]>(res);
      expect(Object.fromEntries(counts.map((c) => [c.group_id, c.unread_count])), who).toEqual(await unread(who));
    }
    expect((await call("/api/unread")).status).toBe(401);
  });

  it("GET /api/unread is read-only: a pending invitation stays pending until the channel list binds it", async () => {
    const invited = await call(`/api/groups/${IDS.privateChannel}/members`, {
      method: "POST",
      json: { email: "member@example.com" },
      cookie: cookie("owner"),
    });
    expect(invited.status).toBe(201);
    const counts = async () =>
      (await json<{ group_id: number }[]>(await call("/api/unread", { cookie: cookie("member") }))).map(
        (c) => c.group_id,
      );
    const pending = () =>
      testEnv.DB.prepare("SELECT count(*) AS n FROM channel_invitations WHERE channel_id = ? AND email = ?")
        .bind(IDS.privateChannel, "member@example.com")
        .first<{ n: number }>();
    expect(await counts()).toEqual([IDS.publicChannel]);
    expect(await counts()).toEqual([IDS.publicChannel]);
    expect((await pending())?.n).toBe(1);
    // The channel list is what accepts it; the counts follow.
    expect(Object.keys(await unread("member")).map(Number)).toEqual([IDS.publicChannel, IDS.privateChannel]);
    expect((await pending())?.n).toBe(0);
    expect(await counts()).toEqual([IDS.publicChannel, IDS.privateChannel]);
  });

  it("POST /api/groups/:id/read marks the channel read, for visible channels only", async () => {
    await send("owner", IDS.privateChannel, "secret");
    expect((await unread("paid"))[IDS.privateChannel]).toBe(2);
    expect((await read("paid", IDS.privateChannel)).status).toBe(200);
    expect((await unread("paid"))[IDS.privateChannel]).toBe(0);
    expect((await read("paid", IDS.privateChannel)).status).toBe(200); // again: nothing to move, still fine
    expect((await read("member", IDS.privateChannel)).status).toBe(404);
    expect((await call(`/api/groups/${IDS.privateChannel}/read`, { method: "POST" })).status).toBe(401);
    expect((await read("paid", 999_999)).status).toBe(404);
  });

  it("stops counting at the cap however far behind a member is", async () => {
    const values = Array.from(
      { length: LIMITS.unreadCountMax + 30 },
      (_, i) => `(${IDS.publicChannel}, ${IDS.member}, 'm${i}')`,
    ).join(",");
    await testEnv.DB.prepare(`INSERT INTO messages (channel_id, sender_id, body) VALUES ${values}`).run();
    expect((await unread("paid"))[IDS.publicChannel]).toBe(LIMITS.unreadCountMax);
    await read("paid", IDS.publicChannel);
    expect((await unread("paid"))[IDS.publicChannel]).toBe(0);
  });

  it(`the live socket tells readers of new messages, private channels only to their readers, and a read on another \
device`, async () => {
    const paid = await openLive("paid");
    const outsider = await openLive("member");
    const admin = await openLive("admin");
    const pub = await send("owner", IDS.publicChannel, "public news");
    const priv = await send("owner", IDS.privateChannel, "private news");
    await until(
      () =>
        paid.of("activity").length === 2 && admin.of("activity").length === 2 && outsider.of("activity").length === 1,
    );
    expect(paid.of("activity")).toEqual([
      { type: "activity", group_id: IDS.publicChannel, message_id: pub.id, sender_id: IDS.owner },
      { type: "activity", group_id: IDS.privateChannel, message_id: priv.id, sender_id: IDS.owner },
    ]);
    expect(outsider.of("activity")).toEqual([
      { type: "activity", group_id: IDS.publicChannel, message_id: pub.id, sender_id: IDS.owner },
    ]);

    await read("paid", IDS.privateChannel);
    await until(() => paid.of("read").length === 1);
    expect(paid.of("read")).toEqual([{ type: "read", group_id: IDS.privateChannel }]);
    // Another member's read is not announced to anyone else.
    await read("member", IDS.publicChannel);
    expect(admin.of("read")).toEqual([]);
    expect(outsider.of("read")).toEqual([{ type: "read", group_id: IDS.publicChannel }]);
    for (const s of [paid, outsider, admin]) s.ws.close();
  });

  it("the live socket needs a signed-in WebSocket upgrade from this site", async () => {
    expect((await call("/api/live/socket", { headers: { upgrade: "websocket" } })).status).toBe(401);
    expect((await call("/api/live/socket", { cookie: cookie("member") })).status).toBe(426);
    expect(
      (
        await call("/api/live/socket", {
          cookie: cookie("member"),
          headers: { upgrade: "websocket", origin: "https://evil.example" },
        })
      ).status,
    ).toBe(403);
  });
});
