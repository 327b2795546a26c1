// Conversations: editing and deleting one's own posts, comments and chat messages. Author only
// (admins delete, never edit), the same limits as writing, hidden content never edited back into view,
// earlier versions kept for moderators (a report shows what was reported), the search index following
// every edit and delete, and the live `message_edited` / `message_deleted` frames in open chats.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { contentVersions, messages, posts, users } from "../../worker/db/schema";
import type { MessageDto } from "../../worker/shared/chat-wire";
import { LIMITS } from "../../worker/shared/rules";
import type { SearchResult } from "../../worker/shared/search";
import { call, db, errorBody, json, openSocket, testEnv, until } from "./helpers";
import { IDS, MESSAGE_IMAGE_KEY, seedWorld, type World } from "./seed";

let world: World;
beforeEach(async () => {
  world = await seedWorld();
});
type Who = keyof World["cookie"];
const as = (who: Who) => world.cookie[who];

const send = async (who: Who, groupId: number, body: string) => {
  const res = await call("/api/messages", { method: "POST", json: { group_id: groupId, body }, cookie: as(who) });
  expect(res.status).toBe(201);
  return json<MessageDto>(res);
};
const editMessage = (who: Who, id: number, body: unknown) =>
  call(`/api/messages/${id}`, { method: "PATCH", json: { body }, cookie: as(who) });
const deleteMessage = (who: Who, id: number) => call(`/api/messages/${id}`, { method: "DELETE", cookie: as(who) });
const editPost = (who: Who, id: number, content: unknown) =>
  call(`/api/posts/${id}`, { method: "PATCH", json: { content }, cookie: as(who) });
const editComment = (who: Who, id: number, content: unknown) =>
  call(`/api/comments/${id}`, { method: "PATCH", json: { content }, cookie: as(who) });
const channelMessages = async (who: Who, groupId: number) =>
  json<MessageDto[]>(await call(`/api/messages?group_id=${groupId}`, { cookie: as(who) }));
const search = async (who: Who, q: string) =>
  (await json<{ results: SearchResult[] }>(await call(`/api/search?q=${encodeURIComponent(q)}`, { cookie: as(who) })))
    .results;
const report = (who: Who, kind: string, id: number) =>
  call("/api/reports", { method: "POST", json: { kind, id, reason: "spam" }, cookie: as(who) });
const openReports = async () => json<any[]>(await call("/api/admin/reports", { cookie: as("admin") }));
const hide = async (reportId: number) =>
  expect(
    (
      await call(`/api/admin/reports/${reportId}/resolve`, {
        method: "POST",
        json: { action: "hide" },
        cookie: as("admin"),
      })
    ).status,
  ).toBe(200);
const mute = async (id: number) =>
  db()
    .update(users)
    .set({ mutedUntil: new Date(Date.now() + 3600_000) })
    .where(eq(users.id, id));

describe("editing a chat message", () => {
  it("replaces the text for everyone, marks it edited with the time, and keeps the earlier text", async () => {
    const sent = await send("member", IDS.publicChannel, "Helo everyone");
    const res = await editMessage("member", sent.id, "  Hello everyone  ");
    expect(res.status).toBe(200);
    const edited = await json<MessageDto>(res);
    expect(edited).toMatchObject({ id: sent.id, body: "Hello everyone", deleted: false });
    expect(Date.parse(edited.edited_at!)).toBeGreaterThanOrEqual(Date.parse(sent.created_at));
    const seen = (await channelMessages("paid", IDS.publicChannel)).find((m) => m.id === sent.id);
    expect(seen).toMatchObject({ body: "Hello everyone", edited_at: edited.edited_at });
    const versions = await db().select().from(contentVersions);
    expect(versions).toMatchObject([{ kind: "message", targetId: sent.id, content: "Helo everyone" }]);
  });

  it("writes nothing when the text did not change", async () => {
    const sent = await send("member", IDS.publicChannel, "Same");
    const res = await editMessage("member", sent.id, "Same");
    expect(res.status).toBe(200);
    expect(await json<MessageDto>(res)).toMatchObject({ body: "Same", edited_at: null });
    expect(await db().select().from(contentVersions)).toEqual([]);
  });

  it("is for its sender only: another member 403, an admin 403, a reader of another channel 404", async () => {
    const sent = await send("owner", IDS.privateChannel, "Private words");
    for (const who of ["paid", "admin"] as const) {
      const res = await editMessage(who, sent.id, "Hijacked");
      expect(res.status).toBe(403);
      expect((await errorBody(res)).code).toBe("edit_not_author");
    }
    const outsider = await editMessage("member", sent.id, "Hijacked");
    expect(outsider.status).toBe(404);
    expect((await errorBody(outsider)).code).toBe("message_not_found");
    expect((await channelMessages("owner", IDS.privateChannel)).at(-1)?.body).toBe("Private words");
  });

  it("keeps the send's limits and refuses a muted sender", async () => {
    const sent = await send("member", IDS.publicChannel, "Short");
    for (const body of ["", "   ", "a".repeat(LIMITS.chatMessageMax + 1), 42]) {
      const res = await editMessage("member", sent.id, body);
      expect(res.status, String(body)).toBe(400);
    }
    await mute(IDS.member);
    const muted = await editMessage("member", sent.id, "Sneaky");
    expect(muted.status).toBe(403);
    expect((await errorBody(muted)).code).toBe("account_muted");
    expect((await channelMessages("paid", IDS.publicChannel)).at(-1)?.body).toBe("Short");
  });

  it("never edits a hidden message back into view", async () => {
    const sent = await send("member", IDS.publicChannel, "Spam spam");
    expect((await report("paid", "message", sent.id)).status).toBe(201);
    const queued = (await openReports()).find((r) => r.kind === "message" && r.target_id === sent.id);
    await hide(queued.id);
    const res = await editMessage("member", sent.id, "Innocent now");
    expect(res.status).toBe(409);
    expect((await errorBody(res)).code).toBe("removed_not_editable");
    const [row] = await db().select().from(messages).where(eq(messages.id, sent.id));
    expect(row).toMatchObject({ body: "Spam spam", editedAt: null });
    expect((await channelMessages("paid", IDS.publicChannel)).at(-1)).toMatchObject({ hidden: true });
  });

  it("shows the report's moderators what was reported, and the earlier versions, after an edit", async () => {
    const sent = await send("member", IDS.publicChannel, "Buy my course now");
    expect((await report("paid", "message", sent.id)).status).toBe(201);
    expect((await editMessage("member", sent.id, "Good morning")).status).toBe(200);
    const queued = (await openReports()).find((r) => r.kind === "message" && r.target_id === sent.id);
    expect(queued.content.text).toBe("Good morning");
    expect(queued.reasons).toMatchObject([{ reason: "spam", reported_text: "Buy my course now" }]);
    expect(queued.earlier_versions).toMatchObject([{ text: "Buy my course now" }]);
    expect(queued.content.edited_at).not.toBeNull();
  });

  it("reaches open chats as a message_edited frame", async () => {
    const sent = await send("owner", IDS.privateChannel, "Frist");
    const watcher = await openSocket(IDS.privateChannel, as("paid")!);
    expect((await editMessage("owner", sent.id, "First")).status).toBe(200);
    await until(() => watcher.frames.some((f) => f.type === "message_edited"));
    const frame = watcher.frames.find((f) => f.type === "message_edited");
    expect(frame).toMatchObject({ message: { id: sent.id, body: "First", group_id: IDS.privateChannel } });
    watcher.ws.close(1000);
  });
});

describe("deleting a chat message", () => {
  it("leaves a placeholder for everyone, removes its image and its versions, and tells open chats", async () => {
    expect((await editMessage("owner", IDS.imageMessage, "[Image: b.png]")).status).toBe(200);
    const watcher = await openSocket(IDS.privateChannel, as("paid")!);
    const res = await deleteMessage("owner", IDS.imageMessage);
    expect(res.status).toBe(200);
    await until(() => watcher.frames.some((f) => f.type === "message_deleted"));
    expect(watcher.frames.filter((f) => f.type === "message_deleted")).toEqual([
      { type: "message_deleted", group_id: IDS.privateChannel, message_id: IDS.imageMessage },
    ]);
    watcher.ws.close(1000);
    const [shown] = await channelMessages("paid", IDS.privateChannel);
    expect(shown).toMatchObject({ id: IDS.imageMessage, body: "", image_url: null, deleted: true });
    expect(await testEnv.BLOBS.get(MESSAGE_IMAGE_KEY)).toBeNull();
    expect(await db().select().from(contentVersions)).toEqual([]);
    const image = await call(`/api/messages/${IDS.imageMessage}/image`, { cookie: as("owner") });
    expect(image.status).toBe(404);
  });

  it("is for its sender or an admin; a deleted message cannot be edited, reported or deleted again", async () => {
    const sent = await send("member", IDS.publicChannel, "Oops");
    const other = await deleteMessage("paid", sent.id);
    expect(other.status).toBe(403);
    expect((await errorBody(other)).code).toBe("delete_not_author");
    expect((await deleteMessage("admin", sent.id)).status).toBe(200);
    for (const res of [
      await deleteMessage("member", sent.id),
      await editMessage("member", sent.id, "Back"),
      await report("paid", "message", sent.id),
    ])
      expect(res.status).toBe(404);
  });

  it("takes a reported message out of the moderators' queue", async () => {
    const sent = await send("member", IDS.publicChannel, "Regrettable");
    expect((await report("paid", "message", sent.id)).status).toBe(201);
    expect((await deleteMessage("member", sent.id)).status).toBe(200);
    expect((await openReports()).some((r) => r.kind === "message" && r.target_id === sent.id)).toBe(false);
  });
});

describe("posts and comments", () => {
  it("edits a post and a comment for their authors only, with the same limits", async () => {
    const post = await editPost("owner", IDS.post, "Owner's better post");
    expect(post.status).toBe(200);
    expect(await json(post)).toMatchObject({ id: IDS.post, content: "Owner's better post" });
    const feed = await json<any[]>(await call("/api/posts", { cookie: as("member") }));
    expect(feed[0].edited_at).not.toBeNull();
    expect((await editPost("member", IDS.post, "x")).status).toBe(403);
    expect((await editPost("admin", IDS.post, "x")).status).toBe(403);
    expect((await editPost("owner", IDS.post, "a".repeat(LIMITS.postMax + 1))).status).toBe(400);
    expect((await editPost("owner", 999, "x")).status).toBe(404);

    const comment = await editComment("member", IDS.comment, "A kinder comment");
    expect(comment.status).toBe(200);
    expect(await json(comment)).toMatchObject({ id: IDS.comment, content: "A kinder comment" });
    expect((await editComment("owner", IDS.comment, "x")).status).toBe(403);
    expect((await editComment("member", IDS.comment, "a".repeat(LIMITS.commentMax + 1))).status).toBe(400);
    expect((await editComment("member", 999, "x")).status).toBe(404);
  });

  it("never edits a hidden comment back into view", async () => {
    await hide(IDS.report); // the seeded report of the member's comment
    const res = await editComment("member", IDS.comment, "Nothing to see");
    expect(res.status).toBe(409);
    expect((await errorBody(res)).code).toBe("removed_not_editable");
  });

  it("deletes a comment (its author or an admin) and recounts the post's comments", async () => {
    expect((await call(`/api/comments/${IDS.comment}`, { method: "DELETE", cookie: as("owner") })).status).toBe(403);
    expect((await call(`/api/comments/${IDS.comment}`, { method: "DELETE", cookie: as("admin") })).status).toBe(200);
    expect((await call(`/api/comments/${IDS.comment}`, { method: "DELETE", cookie: as("member") })).status).toBe(404);
    const [row] = await db().select().from(posts).where(eq(posts.id, IDS.post));
    expect(row.commentsCount).toBe(0);
  });

  it("deleting an edited post deletes its earlier versions too", async () => {
    expect((await editPost("owner", IDS.post, "Second thoughts")).status).toBe(200);
    expect(await db().select().from(contentVersions)).toHaveLength(1);
    expect((await call(`/api/posts/${IDS.post}`, { method: "DELETE", cookie: as("owner") })).status).toBe(200);
    expect(await db().select().from(contentVersions)).toEqual([]);
  });
});

describe("the search index follows edits and deletes", () => {
  it("finds the new words only, and nothing once deleted", async () => {
    const sent = await send("member", IDS.publicChannel, "marmalade sunrise");
    expect((await editMessage("member", sent.id, "lavender sunset")).status).toBe(200);
    expect(await search("paid", "marmalade")).toEqual([]);
    expect((await search("paid", "lavender")).map((r) => r.id)).toEqual([sent.id]);
    expect((await deleteMessage("member", sent.id)).status).toBe(200);
    expect(await search("paid", "lavender")).toEqual([]);

    expect((await editPost("owner", IDS.post, "turquoise meditation")).status).toBe(200);
    expect((await search("member", "turquoise")).map((r) => [r.kind, r.id])).toEqual([["post", IDS.post]]);
    expect(await search("member", "Owner's")).toEqual([]);
    expect((await editComment("member", IDS.comment, "saffron thoughts")).status).toBe(200);
    expect((await search("paid", "saffron")).map((r) => [r.kind, r.id])).toEqual([["comment", IDS.comment]]);
    expect((await call(`/api/comments/${IDS.comment}`, { method: "DELETE", cookie: as("member") })).status).toBe(200);
    expect(await search("paid", "saffron")).toEqual([]);
  });
});

describe("replies in chat", () => {
  const reply = (who: Who, groupId: number, body: string, replyTo: unknown, extra: object = {}) =>
    call("/api/messages", {
      method: "POST",
      json: { group_id: groupId, body, reply_to: replyTo, ...extra },
      cookie: as(who),
    });
  const notificationsOf = async (who: Who) =>
    (await json<{ items: any[] }>(await call("/api/notifications", { cookie: as(who) }))).items;

  it("answers a message of the same channel and notifies its author (never oneself)", async () => {
    const original = await send("member", IDS.publicChannel, "Who is up for a sunrise walk?");
    const res = await reply("paid", IDS.publicChannel, "Me!", original.id);
    expect(res.status).toBe(201);
    const answer = await json<MessageDto>(res);
    expect(answer).toMatchObject({ body: "Me!", reply_to: original.id });
    expect((await channelMessages("member", IDS.publicChannel)).at(-1)).toMatchObject({ reply_to: original.id });
    const items = await notificationsOf("member");
    expect(items.filter((n) => n.kind === "reply")).toMatchObject([
      {
        actor_name: "Paid",
        channel_id: IDS.publicChannel,
        url: `/app/chat?group=${IDS.publicChannel}&message=${answer.id}`,
      },
    ]);
    expect((await reply("member", IDS.publicChannel, "Me too", original.id)).status).toBe(201);
    expect((await notificationsOf("member")).filter((n) => n.kind === "reply")).toHaveLength(1);
  });

  it("refuses, storing nothing, a reply to another channel's message, a missing, hidden or deleted one", async () => {
    const before = (await channelMessages("owner", IDS.publicChannel)).length;
    const hiddenOne = await send("member", IDS.publicChannel, "Spam");
    expect((await report("paid", "message", hiddenOne.id)).status).toBe(201);
    await hide((await openReports()).find((r) => r.kind === "message" && r.target_id === hiddenOne.id).id);
    const deletedOne = await send("member", IDS.publicChannel, "Gone soon");
    expect((await deleteMessage("member", deletedOne.id)).status).toBe(200);
    // The image message sits in the private channel, which the owner can read: still not this channel's.
    for (const target of [IDS.imageMessage, 9999, hiddenOne.id, deletedOne.id]) {
      const res = await reply("owner", IDS.publicChannel, "Hm", target);
      expect(res.status, String(target)).toBe(400);
      expect((await errorBody(res)).code).toBe("reply_invalid");
    }
    for (const bad of ["abc", -1, 0, 1.5])
      expect((await reply("owner", IDS.publicChannel, "Hm", bad)).status).toBe(400);
    const withImage = await reply("owner", IDS.publicChannel, "[Image: a.png]", hiddenOne.id, {
      image_url: `data:image/png;base64,${btoa("x")}`,
    });
    expect(withImage.status).toBe(400);
    expect((await errorBody(withImage)).code).toBe("reply_invalid");
    expect(await channelMessages("owner", IDS.publicChannel)).toHaveLength(before + 2);
  });

  it("a member who cannot read the channel gets 404, not a hint about the message", async () => {
    const res = await reply("member", IDS.privateChannel, "Hi", IDS.imageMessage);
    expect(res.status).toBe(404);
  });

  it("keeps a reply when the message it answers is deleted; its quote then reads as deleted", async () => {
    const original = await send("member", IDS.publicChannel, "Plan A");
    const answer = await json<MessageDto>(await reply("paid", IDS.publicChannel, "Good plan", original.id));
    expect((await deleteMessage("member", original.id)).status).toBe(200);
    const list = await channelMessages("paid", IDS.publicChannel);
    expect(list.find((m) => m.id === answer.id)).toMatchObject({ body: "Good plan", reply_to: original.id });
    expect(list.find((m) => m.id === original.id)).toMatchObject({ deleted: true, body: "" });
  });
});
