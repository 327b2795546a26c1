import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { chatRoomStub } from "../../worker/platform/room-stub";
import { LIMITS, RATE_LIMITS } from "../../worker/shared/rules";
import { TEXTS } from "../../worker/shared/texts";
import { api, call, errorBody, openSocket, signIn, testEnv, until } from "./helpers";

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
]);

async function createChannel(
  cookie: string,
  body: { name?: string; description?: string | null; is_private?: boolean } = {},
) {
  const res = await api(cookie).groups.$post({
    json: { name: "General", description: null, is_private: false, ...body },
  });
  expect(res.status).toBe(201);
  return res.json();
}

const send = (cookie: string, group_id: number, body: string, image_url?: string) =>
  api(cookie).messages.$post({ json: { group_id, body, image_url } });
/** Raw, so that bad messages can be sent too. */
const sendRaw = (cookie: string, group_id: unknown, body: unknown) =>
  call("/api/messages", { method: "POST", cookie, json: { group_id, body } });

const list = (cookie: string, groupId: number, after?: number) =>
  api(cookie).messages.$get({ query: { group_id: String(groupId), after: after?.toString() } });
const messagesOf = async (cookie: string, groupId: number, after?: number) => {
  const res = await list(cookie, groupId, after);
  expect(res.status).toBe(200);
  return res.json();
};
const channelsOf = async (cookie: string) => (await api(cookie).groups.$get()).json();
const channel$ = (cookie: string) => api(cookie).groups[":id"];
const idParam = (id: number) => ({ param: { id: String(id) } });

function imageForm(groupId: number | string, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.set("group_id", String(groupId));
  form.set("image", new File([bytes as unknown as BlobPart], name, { type }));
  return form;
}

describe("channels", () => {
  it("creates channels with the spec's rules and lists them oldest first", async () => {
    const luna = await signIn("luna@example.com", "Luna");
    expect((await api().groups.$get()).status).toBe(401);
    const general = await createChannel(luna, { name: "  General  ", description: "" });
    expect(general).toMatchObject({ name: "General", description: null, is_private: false, can_manage: true });
    await createChannel(luna, { name: "Stars", description: "Talk about stars" });

    for (const bad of [
      { name: "" },
      { name: "   " },
      { name: "x".repeat(LIMITS.channelNameMax + 1) },
      { name: "ok", description: "d".repeat(LIMITS.channelDescriptionMax + 1) },
      { name: "ok", is_private: "yes" },
    ]) {
      const res = await call("/api/groups", { method: "POST", cookie: luna, json: { description: null, ...bad } });
      expect(res.status).toBe(400);
      expect(typeof (await errorBody(res)).error).toBe("string");
    }
    expect((await api(luna).groups.$post({ json: { name: "x".repeat(LIMITS.channelNameMax) } })).status).toBe(201);

    const sol = await signIn("sol@example.com", "Sol");
    const channels = await channelsOf(sol);
    expect(channels.map((c) => c.name)).toEqual(["General", "Stars", "x".repeat(LIMITS.channelNameMax)]);
    expect(channels.every((c) => c.can_manage === false)).toBe(true);
  });

  it("lets only the creator or an admin edit or delete a channel", async () => {
    const luna = await signIn("luna@example.com", "Luna");
    const sol = await signIn("sol@example.com", "Sol");
    const admin = await signIn("admin@example.com", "Ada");
    const channel = await createChannel(luna);

    const edit = await channel$(sol).$put({
      ...idParam(channel.id),
      json: { name: "Mine now", description: null, is_private: false },
    });
    expect(edit.status).toBe(403);
    expect((await errorBody(edit)).error).toMatch(/creator or an admin/);
    expect((await channel$(sol).$delete(idParam(channel.id))).status).toBe(403);

    const renamed = await channel$(luna).$put({
      ...idParam(channel.id),
      json: { name: "Renamed", description: "About", is_private: true },
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ name: "Renamed", description: "About", is_private: true });
    expect(
      (await channel$(admin).$put({ ...idParam(channel.id), json: { name: "By admin", is_private: false } })).status,
    ).toBe(200);

    expect((await call("/api/groups/abc", { method: "PUT", cookie: luna, json: { name: "x" } })).status).toBe(400);
    expect((await channel$(luna).$delete(idParam(999))).status).toBe(404);
    expect((await channel$(admin).$delete(idParam(channel.id))).status).toBe(200);
    expect(await channelsOf(luna)).toEqual([]);
  });

  it("hides a private channel from non-members: no listing, reading, posting or socket", async () => {
    const luna = await signIn("luna@example.com", "Luna");
    const sol = await signIn("sol@example.com", "Sol");
    const admin = await signIn("admin@example.com", "Ada");
    const secret = await createChannel(luna, { name: "Secret", is_private: true });
    await send(luna, secret.id, "hidden words");

    expect(await channelsOf(sol)).toEqual([]);
    expect((await list(sol, secret.id)).status).toBe(404);
    expect((await send(sol, secret.id, "let me in")).status).toBe(404);
    expect(
      (await call(`/api/groups/${secret.id}/socket`, { cookie: sol, headers: { upgrade: "websocket" } })).status,
    ).toBe(404);
    expect(
      (
        await call(`/api/groups/${secret.id}/members`, {
          method: "POST",
          cookie: sol,
          json: { email: "sol@example.com" },
        })
      ).status,
    ).toBe(404);
    expect((await call(`/api/groups/${secret.id}`, { method: "PUT", cookie: sol, json: { name: "x" } })).status).toBe(
      404,
    );

    // Admins see every channel.
    expect((await channelsOf(admin)).map((c) => c.id)).toEqual([secret.id]);
    expect((await list(admin, secret.id)).status).toBe(200);

    // The creator invites Sol by email; Sol's next channel list accepts it: Sol may now read, post and listen, but not
    // manage.
    const addMember = (cookie: string, email: string) =>
      channel$(cookie).members.$post({ ...idParam(secret.id), json: { email } });
    const membersOf = async () => (await channel$(luna).members.$get(idParam(secret.id))).json();
    expect((await addMember(luna, "not-an-email")).status).toBe(400);
    const added = await addMember(luna, "SOL@example.com");
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({ email: "sol@example.com", status: "invited" });
    expect(await membersOf()).toEqual({
      members: [],
      invited: [expect.objectContaining({ email: "sol@example.com" })],
    });
    expect((await channelsOf(sol)).map((c) => c.name)).toEqual(["Secret"]);
    const { members, invited } = await membersOf();
    expect(invited).toEqual([]);
    expect(members).toEqual([{ id: expect.any(Number), name: "Sol", email: "sol@example.com" }]);
    const sol_ = members[0];
    // Inviting a member again changes nothing and answers the same.
    expect(await (await addMember(luna, "sol@example.com")).json()).toEqual({
      email: "sol@example.com",
      status: "invited",
    });
    expect((await membersOf()).invited).toEqual([]);
    expect((await messagesOf(sol, secret.id)).map((m) => m.body)).toEqual(["hidden words"]);
    expect((await send(sol, secret.id, "thanks")).status).toBe(201);
    const solSocket = await openSocket(secret.id, sol);
    expect((await channel$(sol).members.$get(idParam(secret.id))).status).toBe(403);
    expect((await addMember(sol, "admin@example.com")).status).toBe(403);

    // Removed again: hidden again, and the open socket is closed for good (access revoked).
    const removed = await channel$(luna).members[":userId"].$delete({
      param: { id: String(secret.id), userId: String(sol_.id) },
    });
    expect(removed.status).toBe(200);
    await until(() => solSocket.closes.length > 0);
    expect(solSocket.closes).toEqual([4403]);
    expect((await list(sol, secret.id)).status).toBe(404);
    expect(
      (await call(`/api/groups/${secret.id}/socket`, { cookie: sol, headers: { upgrade: "websocket" } })).status,
    ).toBe(404);
  });

  it("deleting a channel deletes its messages and images and tells the connected sockets", async () => {
    const luna = await signIn("luna@example.com", "Luna");
    const channel = await createChannel(luna);
    const other = await createChannel(luna, { name: "Other" });
    const image = await call("/api/messages/image", {
      method: "POST",
      cookie: luna,
      body: imageForm(channel.id, PNG, "dot.png", "image/png"),
    });
    expect(image.status).toBe(201);
    await send(luna, other.id, "stays");
    expect((await testEnv.BLOBS.list()).objects).toHaveLength(1);
    const socket = await openSocket(channel.id, luna);

    expect((await channel$(luna).$delete(idParam(channel.id))).status).toBe(200);
    await until(() => socket.frames.some((f) => f.type === "deleted"));
    await until(() => socket.closes.length > 0);
    expect(socket.closes).toEqual([4404]);
    expect((await testEnv.BLOBS.list()).objects).toHaveLength(0);
    const rows = await testEnv.DB.prepare("SELECT channel_id FROM messages").all<{ channel_id: number }>();
    expect(rows.results.map((r) => r.channel_id)).toEqual([other.id]);
    expect((await list(luna, channel.id)).status).toBe(404);
  });
});

describe("messages", () => {
  it("validates messages", async () => {
    const luna = await signIn("luna@example.com", "Luna");
    const channel = await createChannel(luna);
    expect((await call("/api/messages", { method: "POST", json: { group_id: channel.id, body: "hi" } })).status).toBe(
      401,
    );
    for (const [groupId, body] of [
      [channel.id, ""],
      [channel.id, "   \n "],
      [channel.id, "x".repeat(LIMITS.chatMessageMax + 1)],
      ["abc", "hi"],
      [undefined, "hi"],
      [channel.id, 42],
    ] as const) {
      const res = await sendRaw(luna, groupId, body);
      expect(res.status).toBe(400);
      expect(typeof (await errorBody(res)).error).toBe("string");
    }
    expect((await send(luna, 999, "hi")).status).toBe(404);
    expect((await call("/api/messages?group_id=abc", { cookie: luna })).status).toBe(400);
    expect((await call("/api/messages", { cookie: luna })).status).toBe(400);
    expect((await call(`/api/messages?group_id=${channel.id}&after=-1`, { cookie: luna })).status).toBe(400);

    const ok = await send(luna, channel.id, "  hello stars  ");
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({
      group_id: channel.id,
      body: "hello stars",
      sender_name: "Luna",
      image_url: null,
    });
  });

  it(`writes nothing for a refused send (hidden channel, mute, rate limit, ended session), and the marker with a \
stored one`, async () => {
    const luna = await signIn("luna@example.com", "Luna");
    const sol = await signIn("sol@example.com", "Sol");
    const secret = await createChannel(luna, { name: "Secret", is_private: true });
    const open = await createChannel(luna, { name: "Open" });
    const { id: solId } = (await testEnv.DB.prepare("SELECT id FROM users WHERE email = 'sol@example.com'").first<{
      id: number;
    }>())!;
    const key = `messages:user:${solId}`;
    const state = async () => ({
      messages: (await testEnv.DB.prepare("SELECT count(*) AS n FROM messages").first<{ n: number }>())!.n,
      reads: (
        await testEnv.DB.prepare("SELECT channel_id, last_read_message_id FROM channel_reads WHERE user_id = ?")
          .bind(solId)
          .all()
      ).results,
      counted:
        (await testEnv.DB.prepare("SELECT count FROM rate_limits WHERE key = ?").bind(key).first<{ count: number }>())
          ?.count ?? 0,
    });
    const sql = (query: string, ...params: unknown[]) =>
      testEnv.DB.prepare(query)
        .bind(...params)
        .run();

    // A channel Sol may not see: 404, counted like every write route's call, nothing stored.
    expect((await send(sol, secret.id, "let me in")).status).toBe(404);
    expect(await state()).toEqual({ messages: 0, reads: [], counted: 1 });
    // Muted: 403 with its text, not even counted.
    await sql("UPDATE users SET muted_until = ? WHERE id = ?", Date.now() + 3_600_000, solId);
    const muted = await send(sol, open.id, "hello");
    expect(muted.status).toBe(403);
    expect((await errorBody(muted)).code).toBe("account_muted");
    expect(await state()).toEqual({ messages: 0, reads: [], counted: 1 });
    await sql("UPDATE users SET muted_until = NULL WHERE id = ?", solId);
    // Over the limit: 429, nothing stored.
    await sql("UPDATE rate_limits SET count = ? WHERE key = ?", RATE_LIMITS.messages.limit, key);
    expect((await send(sol, open.id, "one too many")).status).toBe(429);
    expect(await state()).toEqual({ messages: 0, reads: [], counted: RATE_LIMITS.messages.limit + 1 });
    await sql("DELETE FROM rate_limits WHERE key = ?", key);

    // Allowed: the message and the sender's read marker up to it.
    const ok = await send(sol, open.id, "hello");
    expect(ok.status).toBe(201);
    const message = await ok.json();
    expect(message).toMatchObject({ group_id: open.id, sender_name: "Sol", body: "hello" });
    expect(await state()).toEqual({
      messages: 1,
      reads: [{ channel_id: open.id, last_read_message_id: message.id }],
      counted: 1,
    });

    // An ended session: 401, and the expired session is gone.
    await sql("UPDATE sessions SET expires_at = ? WHERE user_id = ?", Date.now() - 1000, solId);
    expect((await send(sol, open.id, "still here?")).status).toBe(401);
    expect(await state()).toEqual({
      messages: 1,
      reads: [{ channel_id: open.id, last_read_message_id: message.id }],
      counted: 1,
    });
    expect(
      (await testEnv.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?")
        .bind(solId)
        .first<{ n: number }>())!.n,
    ).toBe(0);
  });

  it("returns the latest 50 oldest first, and with after only newer ones", async () => {
    const luna = await signIn("luna@example.com", "Luna");
    const sol = await signIn("sol@example.com", "Sol");
    const channel = await createChannel(luna);
    const ids: number[] = [];
    for (let i = 1; i <= 55; i++) ids.push((await (await send(i % 2 ? luna : sol, channel.id, `m${i}`)).json()).id);

    const latest = await messagesOf(sol, channel.id);
    expect(latest.map((m) => m.body)).toEqual(Array.from({ length: 50 }, (_, i) => `m${i + 6}`));
    expect(latest[0]).toMatchObject({
      sender_name: "Sol",
      sender_id: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    const newer = await messagesOf(sol, channel.id, ids[51]);
    expect(newer.map((m) => m.body)).toEqual(["m53", "m54", "m55"]);
    expect(await messagesOf(sol, channel.id, ids[54])).toEqual([]);
    expect((await messagesOf(sol, channel.id, 0)).length).toBe(55);
  });

  it("fans a stored message out to every socket in the channel, and only that channel", async () => {
    const luna = await signIn("luna@example.com", "Luna");
    const sol = await signIn("sol@example.com", "Sol");
    const channel = await createChannel(luna);
    const other = await createChannel(luna, { name: "Other" });
    const a = await openSocket(channel.id, luna);
    const b = await openSocket(channel.id, sol);
    const elsewhere = await openSocket(other.id, sol);

    const sent = await (await send(sol, channel.id, "to everyone")).json();
    await until(() => a.messages().length === 1 && b.messages().length === 1);
    expect(a.messages()).toEqual([sent]);
    expect(b.messages()).toEqual([sent]);
    // The stored message is the one that was sent: D1 first, then the fan-out.
    expect(await messagesOf(luna, channel.id)).toEqual([sent]);
    await send(sol, other.id, "elsewhere");
    await until(() => elsewhere.messages().length === 1);
    expect(a.messages()).toHaveLength(1);

    // Pings are answered (by the runtime's auto-response).
    a.ws.send(JSON.stringify({ type: "ping" }));
    await until(() => a.frames.some((f) => f.type === "pong"));
  });

  it("refuses socket upgrades without a session, without Upgrade, or from another site", async () => {
    const luna = await signIn("luna@example.com", "Luna");
    const channel = await createChannel(luna);
    expect((await call(`/api/groups/${channel.id}/socket`, { headers: { upgrade: "websocket" } })).status).toBe(401);
    expect((await call(`/api/groups/${channel.id}/socket`, { cookie: luna })).status).toBe(426);
    expect(
      (
        await call(`/api/groups/${channel.id}/socket`, {
          cookie: luna,
          headers: { upgrade: "websocket", origin: "https://evil.example" },
        })
      ).status,
    ).toBe(403);
  });

  it("loses nothing across an eviction of the channel's object", async () => {
    const luna = await signIn("luna@example.com", "Luna");
    const channel = await createChannel(luna);
    const socket = await openSocket(channel.id, luna);
    const first = await (await send(luna, channel.id, "before")).json();
    await until(() => socket.messages().length === 1);

    const stub = chatRoomStub(testEnv, channel.id);
    await evictDurableObject(stub);
    const second = await (await send(luna, channel.id, "after eviction")).json();
    // The hibernated socket is woken and receives it, with its attachment intact.
    await until(() => socket.messages().length === 2);
    expect(socket.messages().map((m) => m.id)).toEqual([first.id, second.id]);
    expect(await stub.connections()).toBe(1);

    // Even a socket closed by the eviction catches up from D1 by cursor.
    await evictDurableObject(stub, { webSockets: "close" });
    await until(() => socket.closes.length > 0);
    const third = await (await send(luna, channel.id, "while away")).json();
    expect((await messagesOf(luna, channel.id, second.id)).map((m) => m.id)).toEqual([third.id]);
  });
});

describe("chat images", () => {
  it("stores a checked image in R2 and serves it with the right headers to those who may see it", async () => {
    const luna = await signIn("luna@example.com", "Luna");
    const sol = await signIn("sol@example.com", "Sol");
    const channel = await createChannel(luna, { is_private: true });
    const image = new File([PNG as unknown as BlobPart], "tiny dot.png", { type: "image/png" });
    const res = await api(luna).messages.image.$post({ form: { group_id: String(channel.id), image } });
    expect(res.status).toBe(201);
    const message = await res.json();
    expect(message.body).toBe("[Image: tiny dot.png]");
    expect(message.image_url).toBe(`/api/messages/${message.id}/image`);
    const row = await testEnv.DB.prepare("SELECT image_key FROM messages").first<{ image_key: string }>();
    expect(row!.image_key).toMatch(/^chat\//);

    const served = await call(message.image_url!, { cookie: luna });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toMatch(/private/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect((await call(message.image_url!)).status).toBe(401);
    expect((await call(message.image_url!, { cookie: sol })).status).toBe(404);
    expect((await call("/api/messages/abc/image", { cookie: luna })).status).toBe(400);
  });

  it("refuses a wrong type, 5 MB + 1 byte, and a PNG-named text file", async () => {
    const luna = await signIn("luna@example.com", "Luna");
    const channel = await createChannel(luna);
    const post = (form: FormData) => call("/api/messages/image", { method: "POST", cookie: luna, body: form });

    const wrongType = await post(imageForm(channel.id, PNG, "notes.txt", "text/plain"));
    expect(wrongType.status).toBe(400);
    expect((await errorBody(wrongType)).error).toBe(TEXTS.chat.imageTypeInvalid);

    const big = new Uint8Array(LIMITS.chatImageMaxBytes + 1);
    big.set(PNG);
    const tooBig = await post(imageForm(channel.id, big, "big.png", "image/png"));
    expect(tooBig.status).toBe(413);
    expect((await errorBody(tooBig)).error).toBe(TEXTS.chat.imageTooLarge);

    const fake = await post(
      imageForm(channel.id, new TextEncoder().encode("just some text, honestly not a png"), "fake.png", "image/png"),
    );
    expect(fake.status).toBe(400);
    expect((await errorBody(fake)).error).toMatch(/not a valid image/);

    const missing = new FormData();
    missing.set("group_id", String(channel.id));
    expect((await post(missing)).status).toBe(400);

    // Exactly 5 MB is accepted.
    const max = new Uint8Array(LIMITS.chatImageMaxBytes);
    max.set(PNG);
    expect((await post(imageForm(channel.id, max, "max.png", "image/png"))).status).toBe(201);
    expect((await testEnv.BLOBS.list()).objects).toHaveLength(1);
  });

  it("accepts the spec's data-URL image_url, stores it in R2 and applies the same checks", async () => {
    const luna = await signIn("luna@example.com", "Luna");
    const channel = await createChannel(luna);
    const dataUrl = (type: string, bytes: Uint8Array) => `data:${type};base64,${btoa(String.fromCharCode(...bytes))}`;

    const ok = await send(luna, channel.id, "[Image: star.png]", dataUrl("image/png", PNG));
    expect(ok.status).toBe(201);
    const message = await ok.json();
    expect(message.image_url).toBe(`/api/messages/${message.id}/image`);
    const stored = await testEnv.DB.prepare("SELECT image_key FROM messages").first<{ image_key: string }>();
    expect(stored!.image_key).not.toMatch(/^data:/);
    expect((await call(message.image_url!, { cookie: luna })).headers.get("content-disposition")).toContain("star.png");

    expect((await send(luna, channel.id, "[Image: a.txt]", dataUrl("text/plain", PNG))).status).toBe(400);
    expect(
      (
        await send(
          luna,
          channel.id,
          "[Image: a.png]",
          dataUrl("image/png", new TextEncoder().encode("plain text pretending")),
        )
      ).status,
    ).toBe(400);
    expect((await send(luna, channel.id, "[Image: a.png]", "https://example.com/a.png")).status).toBe(400);
    expect((await testEnv.BLOBS.list()).objects).toHaveLength(1);
  });
});
