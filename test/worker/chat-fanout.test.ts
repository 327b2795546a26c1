// The chat fan-out off the sender's path: the message route answers without waiting for the room's
// broadcast (waitUntil); every frame still reaches every socket, in the order handed over, and a channel
// deletion sends everything handed over before its notice and the close.
import { describe, expect, it } from "vitest";
import { chatRoomStub } from "../../worker/platform/room-stub";
import type { ChannelDto, MessageDto, ServerFrame } from "../../worker/shared/chat-wire";
import { CLOSE_CHANNEL_DELETED } from "../../worker/shared/chat-wire";
import { call, json, openSocket, signIn, testEnv, until } from "./helpers";

async function channelWithListeners(count: number) {
  const cookies = [];
  for (let i = 0; i < count; i++) cookies.push(await signIn(`listener${i}@example.com`, `Listener ${i}`));
  const created = await call("/api/groups", {
    method: "POST",
    cookie: cookies[0],
    json: { name: "Fan-out", description: null, is_private: false },
  });
  expect(created.status).toBe(201);
  const channel = await json<ChannelDto>(created);
  const sockets = [];
  for (const cookie of cookies) sockets.push(await openSocket(channel.id, cookie));
  return { channel, cookies, sockets };
}

const room = (channelId: number) => chatRoomStub(testEnv, channelId);
const frameMessage = (id: number, body: string): ServerFrame => ({
  type: "message",
  message: {
    id,
    group_id: 0,
    sender_id: 1,
    sender_name: "x",
    body,
    created_at: new Date(0).toISOString(),
  } as unknown as MessageDto,
});

describe("chat fan-out off the sender's path", () => {
  it("delivers every message a sender posted to every listener, in the order they were stored", async () => {
    const { channel, cookies, sockets } = await channelWithListeners(3);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await call("/api/messages", {
        method: "POST",
        cookie: cookies[i % cookies.length],
        json: { group_id: channel.id, body: `m${i}` },
      });
      expect(res.status).toBe(201);
      ids.push((await json<MessageDto>(res)).id);
    }
    await until(() => sockets.every((s) => s.messages().length >= ids.length));
    for (const s of sockets) expect(s.messages().map((m) => m.id)).toEqual(ids);
  });

  it(`does not agree to per-message compression, even when the client offers it (a frame is sent once per \
socket)`, async () => {
    const cookie = await signIn("deflate@example.com", "Deflate");
    const channel = await json<ChannelDto>(
      await call("/api/groups", {
        method: "POST",
        cookie,
        json: { name: "Deflate", description: null, is_private: false },
      }),
    );
    const res = await call(`/api/groups/${channel.id}/socket`, {
      cookie,
      headers: { upgrade: "websocket", "sec-websocket-extensions": "permessage-deflate; client_max_window_bits" },
    });
    expect(res.status).toBe(101);
    expect(res.headers.get("sec-websocket-extensions")).toBeNull();
    res.webSocket!.accept();
    res.webSocket!.close(1000, "done");
  });

  it("answers broadcast with the number of sockets, and sends a burst of frames in the order handed over", async () => {
    const { channel, sockets } = await channelWithListeners(2);
    const stub = room(channel.id);
    const counts = await Promise.all(
      Array.from({ length: 30 }, (_, i) => stub.broadcast(frameMessage(i + 1, `burst ${i}`))),
    );
    expect(counts).toEqual(counts.map(() => 2));
    await until(() => sockets.every((s) => s.messages().length >= 30));
    for (const s of sockets)
      expect(s.messages().map((m) => m.body)).toEqual(Array.from({ length: 30 }, (_, i) => `burst ${i}`));
  });

  it("sends queued frames, then the deletion notice, before closing the sockets", async () => {
    const { channel, sockets } = await channelWithListeners(2);
    const stub = room(channel.id);
    // Handed over together with the deletion: nothing queued may be dropped by the close.
    await Promise.all([stub.broadcast(frameMessage(1, "last words")), stub.channelDeleted(channel.id)]);
    await until(() => sockets.every((s) => s.closes.length > 0));
    for (const s of sockets) {
      expect(s.frames.filter((f) => f.type !== "ready").map((f) => f.type)).toEqual(["message", "deleted"]);
      expect(s.messages().map((m) => m.body)).toEqual(["last words"]);
      expect(s.closes).toEqual([CLOSE_CHANNEL_DELETED]);
    }
  });
});
