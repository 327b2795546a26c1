// Direct messages and blocks: a DM is a two-person private channel opened once per
// pair; nobody else reads it (a third member, an admin outside it, search, sockets); a member who does
// not accept messages and a member who blocked the writer refuse alike, and the blocker is refused too,
// told why (opening, sends, edits, reactions); a channel invitation between a blocked pair never joins;
// blocks silence mentions, collapse posts and comments for the blocker, go into the export and go with
// either account.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { blocks, channelInvitations, channelMembers, channels } from "../../worker/db/schema";
import type { ChannelListItem, MessageDto } from "../../worker/shared/chat-wire";
import { mentionToken } from "../../worker/shared/mentions";
import type { NotificationList } from "../../worker/shared/notifications";
import type { SearchResult } from "../../worker/shared/search";
import { API_ERRORS } from "../../worker/shared/texts";
import { call, db, errorBody, json, openSocket, signIn, until } from "./helpers";
import { IDS, PNG, seedWorld, type World } from "./seed";

let world: World;
beforeEach(async () => {
  world = await seedWorld();
});
type Who = Exclude<keyof World["cookie"], "anon">;
const as = (who: Who) => world.cookie[who];

const openDirect = (who: Who, userId: unknown) =>
  call("/api/direct", { method: "POST", json: { user_id: userId }, cookie: as(who) });
const direct = async (who: Who, userId: number) => {
  const res = await openDirect(who, userId);
  expect([200, 201]).toContain(res.status);
  return json<ChannelListItem>(res);
};
const sendRaw = (who: Who, groupId: number, body: string) =>
  call("/api/messages", { method: "POST", json: { group_id: groupId, body }, cookie: as(who) });
/** A small PNG sent to the channel as a chat image. */
const sendImage = (who: Who, groupId: number) =>
  call("/api/messages", {
    method: "POST",
    json: {
      group_id: groupId,
      body: "[Image: a.png]",
      image_url: `data:image/png;base64,${btoa(String.fromCharCode(...PNG))}`,
    },
    cookie: as(who),
  });
/** The same PNG as a multipart upload (POST /api/messages/image). */
const sendUpload = (who: Who, groupId: number) => {
  const form = new FormData();
  form.set("group_id", String(groupId));
  form.set("image", new File([PNG as unknown as BlobPart], "a.png", { type: "image/png" }));
  return call("/api/messages/image", { method: "POST", body: form, cookie: as(who) });
};
const editMessage = (who: Who, id: number, body: string) =>
  call(`/api/messages/${id}`, { method: "PATCH", json: { body }, cookie: as(who) });
const deleteMessage = (who: Who, id: number) => call(`/api/messages/${id}`, { method: "DELETE", cookie: as(who) });
const react = (who: Who, messageId: number, emoji: string) =>
  call(`/api/messages/${messageId}/reactions`, { method: "POST", json: { emoji }, cookie: as(who) });
const inviteToPrivate = (who: Who, email: string) =>
  call(`/api/groups/${IDS.privateChannel}/members`, { method: "POST", json: { email }, cookie: as(who) });
const membersOfPrivate = async () =>
  json<{ members: { id: number }[]; invited: { email: string }[] }>(
    await call(`/api/groups/${IDS.privateChannel}/members`, { cookie: as("owner") }),
  );
const bodiesOf = async (who: Who, groupId: number) =>
  (await json<MessageDto[]>(await call(`/api/messages?group_id=${groupId}`, { cookie: as(who) }))).map((m) => m.body);
const send = async (who: Who, groupId: number, body: string) => {
  const res = await sendRaw(who, groupId, body);
  expect(res.status).toBe(201);
  return json<MessageDto>(res);
};
const block = (who: Who, userId: unknown) =>
  call("/api/blocks", { method: "POST", json: { user_id: userId }, cookie: as(who) });
const unblock = (who: Who, userId: number) => call(`/api/blocks/${userId}`, { method: "DELETE", cookie: as(who) });
const setDirectMessages = (who: Who, value: unknown) =>
  call("/api/profile", { method: "PUT", json: { direct_messages: value }, cookie: as(who) });
const channelList = async (who: Who) => json<ChannelListItem[]>(await call("/api/groups", { cookie: as(who) }));
const search = async (who: Who, q: string) =>
  (await json<{ results: SearchResult[] }>(await call(`/api/search?q=${encodeURIComponent(q)}`, { cookie: as(who) })))
    .results;
const notificationKinds = async (who: Who) =>
  (await json<NotificationList>(await call("/api/notifications", { cookie: as(who) }))).items.map((n) => n.kind);
const notAccepting = { error: API_ERRORS.direct_not_accepting, code: "direct_not_accepting" };
const unblockFirst = { error: "Unblock this member to write to them", code: "direct_blocked" };

describe("POST /api/direct", () => {
  it(`opens the conversation once: 201 the first time, 200 after, from either side; listed with the \
other member`, async () => {
    const first = await openDirect("member", IDS.paid);
    expect(first.status).toBe(201);
    const dm = await json<ChannelListItem>(first);
    expect(dm).toMatchObject({
      is_direct: true,
      is_private: true,
      can_manage: false,
      created_by: null,
      unread_count: 0,
      direct_with: { id: IDS.paid, name: "Paid" },
    });
    const again = await openDirect("member", IDS.paid);
    expect(again.status).toBe(200);
    expect((await json<ChannelListItem>(again)).id).toBe(dm.id);
    const fromTheOther = await openDirect("paid", IDS.member);
    expect(fromTheOther.status).toBe(200);
    expect(await json<ChannelListItem>(fromTheOther)).toMatchObject({
      id: dm.id,
      direct_with: { id: IDS.member, name: "Member" },
    });
    const listed = (await channelList("paid")).find((c) => c.id === dm.id);
    expect(listed).toMatchObject({ is_direct: true, direct_with: { id: IDS.member } });
    // Channels are not direct messages.
    expect((await channelList("paid")).find((c) => c.id === IDS.publicChannel)).toMatchObject({
      is_direct: false,
      direct_with: null,
    });
  });

  it("is created once per pair even when both open it at the same moment", async () => {
    const answers = await Promise.all([
      openDirect("member", IDS.owner),
      openDirect("owner", IDS.member),
      openDirect("member", IDS.owner),
      openDirect("owner", IDS.member),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (r) => (await json<ChannelListItem>(r)).id)));
    expect(ids.size).toBe(1);
    const rows = await db()
      .select()
      .from(channels)
      .where(eq(channels.directKey, `${IDS.member}:${IDS.owner}`));
    expect(rows).toHaveLength(1);
    const members = await db().select().from(channelMembers).where(eq(channelMembers.channelId, rows[0].id));
    expect(members.map((m) => m.userId).sort()).toEqual([IDS.member, IDS.owner]);
  });

  it("refuses oneself (400), an unknown member (404) and bad input (400), opening nothing", async () => {
    const self = await openDirect("member", IDS.member);
    expect(self.status).toBe(400);
    expect(await errorBody(self)).toMatchObject({ code: "direct_with_self" });
    const unknown = await openDirect("member", 999);
    expect(unknown.status).toBe(404);
    expect(await errorBody(unknown)).toMatchObject({ code: "member_not_found" });
    for (const bad of ["2", -1, 1.5, null]) expect((await openDirect("member", bad)).status, String(bad)).toBe(400);
    expect((await call("/api/direct", { method: "POST", json: { user_id: IDS.paid } })).status).toBe(401);
    expect(await db().select().from(channels).where(eq(channels.name, ""))).toEqual([]);
  });

  it("a member who does not accept messages and a member who blocked the sender refuse with the same 403", async () => {
    expect((await setDirectMessages("paid", "nobody")).status).toBe(200);
    const closed = await openDirect("member", IDS.paid);
    expect((await block("owner", IDS.member)).status).toBe(201);
    const blocked = await openDirect("member", IDS.owner);
    expect([closed.status, blocked.status]).toEqual([403, 403]);
    expect(await errorBody(closed)).toEqual(notAccepting);
    expect(await errorBody(blocked)).toEqual(notAccepting);
  });

  it("the blocker cannot open one with the member they block (403 direct_blocked: unblock first)", async () => {
    expect((await block("owner", IDS.member)).status).toBe(201);
    const refused = await openDirect("owner", IDS.member);
    expect(refused.status).toBe(403);
    expect(await errorBody(refused)).toEqual(unblockFirst);
    expect(await db().select().from(channels).where(eq(channels.name, ""))).toEqual([]);
    expect((await unblock("owner", IDS.member)).status).toBe(200);
    expect((await openDirect("owner", IDS.member)).status).toBe(201);
  });
});

describe("writing in a direct message", () => {
  it(`stops once the other blocks or closes messages, with the not-accepting 403 and nothing stored; \
undoing restores`, async () => {
    const dm = await direct("member", IDS.paid);
    await send("member", dm.id, "Hello Paid");
    await send("paid", dm.id, "Hello Member");

    expect((await block("paid", IDS.member)).status).toBe(201);
    const refused = await sendRaw("member", dm.id, "Are you there?");
    expect(refused.status).toBe(403);
    expect(await errorBody(refused)).toEqual(notAccepting);
    const image = await sendImage("member", dm.id);
    expect(image.status).toBe(403);
    expect(await errorBody(image)).toEqual(notAccepting);
    expect((await unblock("paid", IDS.member)).status).toBe(200);
    await send("member", dm.id, "Thanks");

    expect((await setDirectMessages("paid", "nobody")).status).toBe(200);
    const closed = await sendRaw("member", dm.id, "And now?");
    expect(closed.status).toBe(403);
    expect(await errorBody(closed)).toEqual(notAccepting);
    expect((await setDirectMessages("paid", "everyone")).status).toBe(200);
    await send("member", dm.id, "Back again");

    const bodies = (
      await json<MessageDto[]>(await call(`/api/messages?group_id=${dm.id}`, { cookie: as("paid") }))
    ).map((m) => m.body);
    expect(bodies).toEqual(["Hello Paid", "Hello Member", "Thanks", "Back again"]);
  });

  it(`the blocker cannot write to the member they block either: text, image and upload are 403 direct_blocked, \
nothing stored; unblocking restores`, async () => {
    const dm = await direct("member", IDS.paid);
    await send("paid", dm.id, "Before the block");
    expect((await block("paid", IDS.member)).status).toBe(201);
    const tries = {
      text: await sendRaw("paid", dm.id, "Still here"),
      image: await sendImage("paid", dm.id),
      upload: await sendUpload("paid", dm.id),
    };
    for (const [path, res] of Object.entries(tries)) {
      expect(res.status, path).toBe(403);
      expect(await errorBody(res), path).toEqual(unblockFirst);
    }
    expect(await bodiesOf("member", dm.id)).toEqual(["Before the block"]);
    expect((await unblock("paid", IDS.member)).status).toBe(200);
    await send("paid", dm.id, "Back");
  });

  it(`editing an earlier message after a block or a closed setting is refused like a send, for either member, \
the text unchanged; each may still delete their own`, async () => {
    const dm = await direct("member", IDS.paid);
    const mine = await send("member", dm.id, "Hello Paid");
    const theirs = await send("paid", dm.id, "Hello Member");
    expect((await block("paid", IDS.member)).status).toBe(201);
    const blockedEdit = await editMessage("member", mine.id, "Changed after the block");
    expect(blockedEdit.status).toBe(403);
    expect(await errorBody(blockedEdit)).toEqual(notAccepting);
    const blockerEdit = await editMessage("paid", theirs.id, "Changed by the blocker");
    expect(blockerEdit.status).toBe(403);
    expect(await errorBody(blockerEdit)).toEqual(unblockFirst);
    expect(await bodiesOf("paid", dm.id)).toEqual(["Hello Paid", "Hello Member"]);

    expect((await unblock("paid", IDS.member)).status).toBe(200);
    expect((await setDirectMessages("paid", "nobody")).status).toBe(200);
    const closedEdit = await editMessage("member", mine.id, "Changed while closed");
    expect(closedEdit.status).toBe(403);
    expect(await errorBody(closedEdit)).toEqual(notAccepting);
    expect((await setDirectMessages("paid", "everyone")).status).toBe(200);
    expect((await editMessage("member", mine.id, "Changed at last")).status).toBe(200);

    // Taking back one's own words reaches nobody with anything new: allowed whatever the block.
    expect((await block("paid", IDS.member)).status).toBe(201);
    expect((await deleteMessage("member", mine.id)).status).toBe(200);
    expect((await deleteMessage("paid", theirs.id)).status).toBe(200);
  });

  it(`a reaction in it after a block is refused like a send, for either member; taking one's reaction back is \
allowed`, async () => {
    const dm = await direct("member", IDS.paid);
    const mine = await send("member", dm.id, "Hello Paid");
    const theirs = await send("paid", dm.id, "Hello Member");
    expect((await react("member", theirs.id, "🙏")).status).toBe(200);
    expect((await block("paid", IDS.member)).status).toBe(201);
    const blockedReaction = await react("member", theirs.id, "❤️");
    expect(blockedReaction.status).toBe(403);
    expect(await errorBody(blockedReaction)).toEqual(notAccepting);
    const blockerReaction = await react("paid", mine.id, "✨");
    expect(blockerReaction.status).toBe(403);
    expect(await errorBody(blockerReaction)).toEqual(unblockFirst);
    const takenBack = await react("member", theirs.id, "🙏");
    expect(takenBack.status).toBe(200);
    expect(await json(takenBack)).toEqual({ reactions: [] });
    const reactions = (
      await json<MessageDto[]>(await call(`/api/messages?group_id=${dm.id}`, { cookie: as("paid") }))
    ).flatMap((m) => m.reactions);
    expect(reactions).toEqual([]);
  });

  it("delivers live to the other member's socket and counts as unread for them", async () => {
    const dm = await direct("member", IDS.paid);
    const socket = await openSocket(dm.id, as("paid")!);
    const sent = await send("member", dm.id, "Live hello");
    await until(() => socket.messages().some((m) => m.id === sent.id));
    expect((await channelList("paid")).find((c) => c.id === dm.id)?.unread_count).toBe(1);
    expect((await channelList("member")).find((c) => c.id === dm.id)?.unread_count).toBe(0);
    socket.ws.close();
  });
});

describe("who may read a direct message", () => {
  it(`a third member and an admin outside it get 404 on its messages, socket, sends and image; neither \
lists nor finds it`, async () => {
    const dm = await direct("member", IDS.paid);
    const secret = await send("member", dm.id, "Whispered moonstone secret");
    for (const who of ["owner", "admin"] as const) {
      expect((await call(`/api/messages?group_id=${dm.id}`, { cookie: as(who) })).status, who).toBe(404);
      const socket = await call(`/api/groups/${dm.id}/socket`, { cookie: as(who), headers: { upgrade: "websocket" } });
      expect(socket.status, who).toBe(404);
      expect((await sendRaw(who, dm.id, "let me in")).status, who).toBe(404);
      expect((await call(`/api/groups/${dm.id}/read`, { method: "POST", cookie: as(who) })).status, who).toBe(404);
      expect((await call(`/api/messages/${secret.id}`, { method: "DELETE", cookie: as(who) })).status, who).toBe(404);
      expect(
        (await channelList(who)).map((c) => c.id),
        who,
      ).not.toContain(dm.id);
      const unread = await json<{ group_id: number }[]>(await call("/api/unread", { cookie: as(who) }));
      expect(
        unread.map((u) => u.group_id),
        who,
      ).not.toContain(dm.id);
      expect(await search(who, "moonstone"), who).toEqual([]);
      expect((await call(`/api/groups/${dm.id}`, { method: "DELETE", cookie: as(who) })).status, who).toBe(404);
    }
    // Its two members find it, titled with the other member's name.
    for (const [who, other] of [
      ["member", "Paid"],
      ["paid", "Member"],
    ] as const) {
      expect(
        (await search(who, "moonstone")).map((r) => [r.kind, r.id, r.title]),
        who,
      ).toEqual([["message", secret.id, other]]);
    }
  });

  it("mentions in a DM notify only its two members, never an admin outside it", async () => {
    const dm = await direct("member", IDS.paid);
    await send(
      "member",
      dm.id,
      `${mentionToken("Paid", IDS.paid)} ${mentionToken("Admin", IDS.admin)} ${mentionToken("Owner", IDS.owner)} hi`,
    );
    // A DM has no name of its own: the notification reads as "in a private channel".
    const { items } = await json<NotificationList>(await call("/api/notifications", { cookie: as("paid") }));
    expect(items).toEqual([expect.objectContaining({ kind: "mention", channel_id: dm.id, channel_name: null })]);
    expect(await notificationKinds("admin")).toEqual([]);
    expect(await notificationKinds("owner")).toEqual([]);
  });

  it("cannot be renamed, deleted, invited to, have members listed or be left, even by its members", async () => {
    const dm = await direct("member", IDS.paid);
    const tries = [
      call(`/api/groups/${dm.id}`, { method: "PUT", json: { name: "Ours" }, cookie: as("member") }),
      call(`/api/groups/${dm.id}`, { method: "DELETE", cookie: as("paid") }),
      call(`/api/groups/${dm.id}/members`, {
        method: "POST",
        json: { email: "owner@example.com" },
        cookie: as("member"),
      }),
      call(`/api/groups/${dm.id}/members`, { cookie: as("member") }),
      call(`/api/groups/${dm.id}/members/${IDS.paid}`, { method: "DELETE", cookie: as("member") }),
      call(`/api/groups/${dm.id}/decline`, { method: "POST", cookie: as("paid") }),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.status).toBe(403);
      expect(await errorBody(res)).toMatchObject({ code: "direct_not_group" });
    }
    const members = await db().select().from(channelMembers).where(eq(channelMembers.channelId, dm.id));
    expect(members).toHaveLength(2);
  });

  it("an admin reads a reported DM only through the report", async () => {
    const dm = await direct("member", IDS.paid);
    const rude = await send("member", dm.id, "A rude direct message");
    const report = await call("/api/reports", {
      method: "POST",
      json: { kind: "message", id: rude.id, reason: "harassment" },
      cookie: as("paid"),
    });
    expect(report.status).toBe(201);
    // A member outside it cannot report what they cannot read.
    const outsider = await call("/api/reports", {
      method: "POST",
      json: { kind: "message", id: rude.id, reason: "spam" },
      cookie: as("owner"),
    });
    expect(outsider.status).toBe(404);
    const queue = await json<any[]>(await call("/api/admin/reports", { cookie: as("admin") }));
    expect(JSON.stringify(queue)).toContain("A rude direct message");
    expect((await call(`/api/messages?group_id=${dm.id}`, { cookie: as("admin") })).status).toBe(404);

    // An image in it: the admin sees it only once it is reported (the report view links it).
    const image = await sendImage("member", dm.id);
    expect(image.status).toBe(201);
    const { id: imageId } = await json<MessageDto>(image);
    expect((await call(`/api/messages/${imageId}/image`, { cookie: as("admin") })).status).toBe(404);
    expect((await call(`/api/messages/${imageId}/image`, { cookie: as("owner") })).status).toBe(404);
    expect((await call(`/api/messages/${imageId}/image`, { cookie: as("paid") })).status).toBe(200);
    const reported = await call("/api/reports", {
      method: "POST",
      json: { kind: "message", id: imageId, reason: "harassment" },
      cookie: as("paid"),
    });
    expect(reported.status).toBe(201);
    expect((await call(`/api/messages/${imageId}/image`, { cookie: as("admin") })).status).toBe(200);
    expect((await call(`/api/messages/${imageId}/image`, { cookie: as("owner") })).status).toBe(404);
  });
});

describe("blocks", () => {
  it("POST is idempotent (201), GET lists the blocked members, DELETE lifts it (then 404)", async () => {
    expect((await block("member", IDS.paid)).status).toBe(201);
    expect((await block("member", IDS.paid)).status).toBe(201);
    expect(await db().select().from(blocks)).toHaveLength(1);
    const listed = await json<{ blocks: any[] }>(await call("/api/blocks", { cookie: as("member") }));
    expect(listed.blocks).toEqual([{ user_id: IDS.paid, name: "Paid", avatar: null, created_at: expect.any(String) }]);
    // Never shown to the blocked member.
    expect(await json(await call("/api/blocks", { cookie: as("paid") }))).toEqual({ blocks: [] });
    expect((await unblock("member", IDS.paid)).status).toBe(200);
    const again = await unblock("member", IDS.paid);
    expect(again.status).toBe(404);
    expect(await errorBody(again)).toMatchObject({ code: "block_not_found" });
    expect(await json(await call("/api/blocks", { cookie: as("member") }))).toEqual({ blocks: [] });
  });

  it("refuses oneself (400), an unknown member (404), bad ids (400) and the signed-out (401)", async () => {
    const self = await block("member", IDS.member);
    expect(self.status).toBe(400);
    expect(await errorBody(self)).toMatchObject({ code: "block_self" });
    expect((await block("member", 999)).status).toBe(404);
    for (const bad of ["x", 0, null]) expect((await block("member", bad)).status, String(bad)).toBe(400);
    expect((await call("/api/blocks/abc", { method: "DELETE", cookie: as("member") })).status).toBe(400);
    expect((await call("/api/blocks")).status).toBe(401);
    expect(await db().select().from(blocks)).toEqual([]);
  });

  it("a blocked member's mentions of the blocker notify nobody, in posts and in chat; others' still do", async () => {
    expect((await block("member", IDS.paid)).status).toBe(201);
    const post = await call("/api/posts", {
      method: "POST",
      json: { content: `Hi ${mentionToken("Member", IDS.member)}` },
      cookie: as("paid"),
    });
    expect(post.status).toBe(201);
    await send("paid", IDS.publicChannel, `${mentionToken("Member", IDS.member)} look`);
    expect(await notificationKinds("member")).toEqual([]);
    await send("owner", IDS.publicChannel, `${mentionToken("Member", IDS.member)} look`);
    expect(await notificationKinds("member")).toEqual(["mention"]);
    // The blocker's mentions of the blocked member still notify them (nothing reveals the block).
    await send("member", IDS.publicChannel, `${mentionToken("Paid", IDS.paid)} hello`);
    expect(await notificationKinds("paid")).toEqual(["mention"]);
  });

  it(`a channel invitation between a blocked pair answers 201 invited like any other, and never joins the invitee \
(channel list or sign-in): it goes at binding, as a declined one does`, async () => {
    const joined = async () =>
      (await db().select().from(channelMembers).where(eq(channelMembers.channelId, IDS.privateChannel))).map(
        (m) => m.userId,
      );
    // The invitee blocked the channel's manager.
    expect((await block("member", IDS.owner)).status).toBe(201);
    const invited = await inviteToPrivate("owner", "Member@example.com");
    expect(invited.status).toBe(201);
    expect(await json(invited)).toEqual({ email: "member@example.com", status: "invited" });
    expect((await membersOfPrivate()).invited.map((i) => i.email)).toContain("member@example.com");
    expect((await channelList("member")).map((c) => c.id)).not.toContain(IDS.privateChannel);
    expect(await joined()).toEqual([IDS.paid]);
    expect((await membersOfPrivate()).invited.map((i) => i.email)).not.toContain("member@example.com");

    // The manager blocked the invitee: the same, at sign-in too.
    expect((await unblock("member", IDS.owner)).status).toBe(200);
    expect((await block("owner", IDS.member)).status).toBe(201);
    expect((await inviteToPrivate("owner", "member@example.com")).status).toBe(201);
    const session = await signIn("member@example.com", "Member");
    expect((await channelList("member")).map((c) => c.id)).not.toContain(IDS.privateChannel);
    expect(await joined()).toEqual([IDS.paid]);

    // Without a block the same invitation joins.
    expect((await unblock("owner", IDS.member)).status).toBe(200);
    expect((await inviteToPrivate("owner", "member@example.com")).status).toBe(201);
    expect((await call("/api/groups", { cookie: session })).status).toBe(200);
    expect((await joined()).sort()).toEqual([IDS.member, IDS.paid]);
  });

  it("a channel invitation between a blocked pair notifies nobody, either way", async () => {
    expect((await block("member", IDS.owner)).status).toBe(201);
    expect((await inviteToPrivate("owner", "member@example.com")).status).toBe(201);
    expect(await notificationKinds("member")).toEqual([]);
    expect((await unblock("member", IDS.owner)).status).toBe(200);
    expect((await block("owner", IDS.member)).status).toBe(201);
    const { invited } = await json(await call(`/api/groups/${IDS.privateChannel}/members`, { cookie: as("owner") }));
    for (const i of invited)
      await call(`/api/groups/${IDS.privateChannel}/invitations/${i.id}`, { method: "DELETE", cookie: as("owner") });
    expect((await inviteToPrivate("owner", "member@example.com")).status).toBe(201);
    expect(await notificationKinds("member")).toEqual([]);
  });

  it("binding an invitation between a blocked pair tells the invitee nothing", async () => {
    // Pending and never told (written before the invitee's account, or before a block ended its notification).
    await db()
      .insert(channelInvitations)
      .values({ channelId: IDS.privateChannel, email: "member@example.com", invitedBy: IDS.owner });
    expect((await block("member", IDS.owner)).status).toBe(201);
    expect((await channelList("member")).map((c) => c.id)).not.toContain(IDS.privateChannel);
    expect(await notificationKinds("member")).toEqual([]);
  });

  it("flags the blocked member's posts and comments for the blocker only", async () => {
    // The seeded post is the owner's.
    const comment = await call(`/api/posts/${IDS.post}/comments`, {
      method: "POST",
      json: { content: "Owner's comment" },
      cookie: as("owner"),
    });
    expect(comment.status).toBe(201);
    expect((await block("member", IDS.owner)).status).toBe(201);
    const flags = async (who: Who) => {
      const feed = await json<{ id: number; author_blocked: boolean }[]>(await call("/api/posts", { cookie: as(who) }));
      const comments = await json<{ author_id: number; author_blocked: boolean }[]>(
        await call(`/api/posts/${IDS.post}/comments`, { cookie: as(who) }),
      );
      return {
        post: feed.find((p) => p.id === IDS.post)?.author_blocked,
        comments: comments.filter((c) => c.author_id === IDS.owner).map((c) => c.author_blocked),
      };
    };
    expect(await flags("member")).toEqual({ post: true, comments: [true] });
    expect(await flags("paid")).toEqual({ post: false, comments: [false] });
    expect(await flags("owner")).toEqual({ post: false, comments: [false] });
    expect((await unblock("member", IDS.owner)).status).toBe(200);
    expect((await flags("member")).post).toBe(false);
  });
});

describe("who may message me", () => {
  it("is everyone by default, set on the profile to nobody and back; anything else is 400", async () => {
    const me = await json<{ user: { direct_messages: string } }>(await call("/api/profile", { cookie: as("paid") }));
    expect(me.user.direct_messages).toBe("everyone");
    const set = await setDirectMessages("paid", "nobody");
    expect(set.status).toBe(200);
    expect((await json<{ user: { direct_messages: string } }>(set)).user.direct_messages).toBe("nobody");
    expect(await json(await call("/api/users/me", { cookie: as("paid") }))).toMatchObject({
      direct_messages: "nobody",
    });
    const bad = await setDirectMessages("paid", "friends");
    expect(bad.status).toBe(400);
    expect(await errorBody(bad)).toMatchObject({ code: "direct_messages_invalid" });
    expect(await json(await call("/api/users/me", { cookie: as("paid") }))).toMatchObject({
      direct_messages: "nobody",
    });
  });
});

describe("data rights", () => {
  it("the export holds the member's blocks and setting, nothing of who blocked them", async () => {
    await block("member", IDS.paid);
    await block("owner", IDS.member);
    await setDirectMessages("member", "nobody");
    const data = await json(await call("/api/profile/export", { cookie: as("member") }));
    expect(data.blocks).toEqual([{ user_id: IDS.paid, name: "Paid", avatar: null, created_at: expect.any(String) }]);
    expect(data.user.direct_messages).toBe("nobody");
    expect(JSON.stringify(data)).not.toContain("owner@");
  });

  it(`account deletion removes blocks both ways; the other member keeps the DM, which no longer takes \
messages`, async () => {
    const dm = await direct("member", IDS.paid);
    await send("member", dm.id, "Before I go");
    await send("paid", dm.id, "Take care");
    await block("member", IDS.owner);
    await block("owner", IDS.member);
    await block("paid", IDS.owner);
    const res = await call("/api/profile", {
      method: "DELETE",
      json: { confirm: "member@example.com" },
      cookie: as("member"),
    });
    expect(res.status).toBe(200);
    expect(await db().select({ blocker: blocks.blockerId, blocked: blocks.blockedId }).from(blocks)).toEqual([
      { blocker: IDS.paid, blocked: IDS.owner },
    ]);
    const kept = (await channelList("paid")).find((c) => c.id === dm.id);
    expect(kept).toMatchObject({ is_direct: true, direct_with: null });
    const messages = await json<MessageDto[]>(await call(`/api/messages?group_id=${dm.id}`, { cookie: as("paid") }));
    expect(messages.map((m) => m.body)).toEqual(["Take care"]);
    const refused = await sendRaw("paid", dm.id, "Hello?");
    expect(refused.status).toBe(403);
    expect(await errorBody(refused)).toEqual(notAccepting);
  });
});
