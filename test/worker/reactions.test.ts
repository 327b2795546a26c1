// Reactions: toggling one of the set's emoji on a post, comment or message, the counts every list
// carries, who reacted, the `reaction` live frame, grouped notifications, and every refusal: a bad emoji,
// a muted member, a hidden or deleted item, a private channel's non-member (a block refuses none outside direct
// messages). Also: a mention added by an edit notifies the newly mentioned member once.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { reactions, users } from "../../worker/db/schema";
import type { MessageDto, ReactionCountDto } from "../../worker/shared/chat-wire";
import { searchResultUrl } from "../../worker/shared/item-links";
import { mentionToken } from "../../worker/shared/mentions";
import { RATE_LIMITS, REACTIONS } from "../../worker/shared/rules";
import { API_ERRORS } from "../../worker/shared/texts";
import { call, db, errorBody, json, openSocket, until } from "./helpers";
import { IDS, seedWorld, type World } from "./seed";

let world: World;
beforeEach(async () => {
  world = await seedWorld();
});
type Who = keyof World["cookie"];
const as = (who: Who) => world.cookie[who];
type Kind = "posts" | "comments" | "messages";

const react = (who: Who, kind: Kind, id: number, emoji: unknown) =>
  call(`/api/${kind}/${id}/reactions`, { method: "POST", json: { emoji }, cookie: as(who) });
const reacted = async (who: Who, kind: Kind, id: number, emoji: string) => {
  const res = await react(who, kind, id, emoji);
  expect(res.status).toBe(200);
  return (await json<{ reactions: ReactionCountDto[] }>(res)).reactions;
};
const send = async (who: Who, groupId: number, body: string) => {
  const res = await call("/api/messages", { method: "POST", json: { group_id: groupId, body }, cookie: as(who) });
  expect(res.status).toBe(201);
  return json<MessageDto>(res);
};
const channelMessages = async (who: Who, groupId: number) =>
  json<MessageDto[]>(await call(`/api/messages?group_id=${groupId}`, { cookie: as(who) }));
const notificationsOf = async (who: Who) =>
  (await json<{ items: any[] }>(await call("/api/notifications", { cookie: as(who) }))).items;
const waitForNotifications = async (who: Who, kind: string, n: number) => {
  let items: any[] = [];
  for (let i = 0; i < 50; i++) {
    items = (await notificationsOf(who)).filter((x) => x.kind === kind);
    if (items.length >= n) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return items;
};
const mute = (id: number) =>
  db()
    .update(users)
    .set({ mutedUntil: new Date(Date.now() + 3600_000) })
    .where(eq(users.id, id));
const hideByReport = async (kind: string, id: number) => {
  const filed = await call("/api/reports", { method: "POST", json: { kind, id, reason: "spam" }, cookie: as("paid") });
  // 409: already reported by this member (the seeded comment's report).
  expect([201, 409]).toContain(filed.status);
  const queue = await json<any[]>(await call("/api/admin/reports", { cookie: as("admin") }));
  const open = queue.find((r) => r.kind === kind && r.target_id === id);
  const res = await call(`/api/admin/reports/${open.id}/resolve`, {
    method: "POST",
    json: { action: "hide" },
    cookie: as("admin"),
  });
  expect(res.status).toBe(200);
};

describe("toggling a reaction", () => {
  it("adds, counts per emoji with the member's own marked, and removes on the second toggle", async () => {
    expect(await reacted("member", "posts", IDS.post, "✨")).toEqual([{ emoji: "✨", count: 1, mine: true }]);
    expect(await reacted("paid", "posts", IDS.post, "✨")).toEqual([{ emoji: "✨", count: 2, mine: true }]);
    expect(await reacted("paid", "posts", IDS.post, "🙏")).toEqual([
      { emoji: "🙏", count: 1, mine: true },
      { emoji: "✨", count: 2, mine: true },
    ]);
    expect(await reacted("member", "posts", IDS.post, "✨")).toEqual([
      { emoji: "🙏", count: 1, mine: false },
      { emoji: "✨", count: 1, mine: false },
    ]);
    const feed = await json<any[]>(await call("/api/posts", { cookie: as("paid") }));
    expect(feed.find((p) => p.id === IDS.post).reactions).toEqual([
      { emoji: "🙏", count: 1, mine: true },
      { emoji: "✨", count: 1, mine: true },
    ]);
  });

  it("works on comments and messages, and every list carries them as the reader sees them", async () => {
    await reacted("owner", "comments", IDS.comment, "😂");
    const comments = await json<any[]>(await call(`/api/posts/${IDS.post}/comments`, { cookie: as("member") }));
    expect(comments[0].reactions).toEqual([{ emoji: "😂", count: 1, mine: false }]);
    const sent = await send("member", IDS.publicChannel, "Good morning");
    await reacted("paid", "messages", sent.id, "❤️");
    const seen = (await channelMessages("paid", IDS.publicChannel)).find((m) => m.id === sent.id);
    expect(seen?.reactions).toEqual([{ emoji: "❤️", count: 1, mine: true }]);
    const polled = await json<MessageDto[]>(
      await call(`/api/messages?group_id=${IDS.publicChannel}&after=${sent.id - 1}`, { cookie: as("member") }),
    );
    expect(polled.find((m) => m.id === sent.id)?.reactions).toEqual([{ emoji: "❤️", count: 1, mine: false }]);
  });

  it("names who reacted per emoji, bounded, under the same rules as reacting", async () => {
    await reacted("member", "posts", IDS.post, "😮");
    await reacted("paid", "posts", IDS.post, "😮");
    const res = await call(`/api/posts/${IDS.post}/reactions`, { cookie: as("owner") });
    expect(res.status).toBe(200);
    expect((await json<any>(res)).reactions).toEqual([
      { emoji: "😮", count: 2, mine: false, names: ["Member", "Paid"] },
    ]);
    const sent = await send("owner", IDS.privateChannel, "Circle only");
    expect((await call(`/api/messages/${sent.id}/reactions`, { cookie: as("member") })).status).toBe(404);
  });
});

describe("refusals", () => {
  it("an emoji outside the set is 400 reaction_invalid, storing nothing", async () => {
    for (const emoji of ["👍", "", "✨✨", 7, null]) {
      const res = await react("member", "posts", IDS.post, emoji);
      expect(res.status).toBe(400);
      const body = await errorBody(res);
      expect(body.code).toBe("reaction_invalid");
      expect(body.error).toContain(API_ERRORS.reaction_invalid);
    }
    expect(API_ERRORS.reaction_invalid).toContain(REACTIONS.emoji.join(" "));
    expect(await db().select().from(reactions)).toEqual([]);
  });

  it("a muted member is refused like any other write", async () => {
    await mute(IDS.member);
    const res = await react("member", "posts", IDS.post, "🙏");
    expect(res.status).toBe(403);
    expect((await errorBody(res)).code).toBe("account_muted");
  });

  it("a signed-out caller is 401; a missing item 404", async () => {
    expect((await call(`/api/posts/${IDS.post}/reactions`, { method: "POST", json: { emoji: "🙏" } })).status).toBe(
      401,
    );
    for (const kind of ["posts", "comments", "messages"] as const) {
      expect((await react("member", kind, 999_999, "🙏")).status).toBe(404);
    }
  });

  it("a private channel's message is 404 for a non-member (the same answer as a missing one)", async () => {
    const sent = await send("owner", IDS.privateChannel, "Circle only");
    const res = await react("member", "messages", sent.id, "🙏");
    expect(res.status).toBe(404);
    expect((await errorBody(res)).code).toBe("message_not_found");
    expect((await react("paid", "messages", sent.id, "🙏")).status).toBe(200);
  });

  it("a hidden post, comment or message takes no reaction (404)", async () => {
    await hideByReport("comment", IDS.comment);
    expect((await react("owner", "comments", IDS.comment, "🙏")).status).toBe(404);
    await hideByReport("post", IDS.post);
    expect((await react("member", "posts", IDS.post, "🙏")).status).toBe(404);
    const sent = await send("member", IDS.publicChannel, "Spam");
    await hideByReport("message", sent.id);
    expect((await react("owner", "messages", sent.id, "🙏")).status).toBe(404);
  });

  it(`a block refuses none of the lounge's writes nor a shared channel's: the blocked member's like, reactions, \
comment and mention answer as anyone's (a refusal would tell the block), and are stored`, async () => {
    expect(
      (await call("/api/blocks", { method: "POST", json: { user_id: IDS.member }, cookie: as("owner") })).status,
    ).toBe(201);
    const ownerComment = await call(`/api/posts/${IDS.post}/comments`, {
      method: "POST",
      json: { content: "Owner's comment" },
      cookie: as("owner"),
    });
    const { id: commentId } = await json<{ id: number }>(ownerComment);
    const ownerMessage = await send("owner", IDS.publicChannel, "Owner says hello");
    const writes: Record<string, (who: Who) => Promise<Response>> = {
      like: (who) => call(`/api/posts/${IDS.post}/like`, { method: "POST", cookie: as(who) }),
      "reaction on a post": (who) => react(who, "posts", IDS.post, "🙏"),
      "reaction on a comment": (who) => react(who, "comments", commentId, "🙏"),
      "reaction on a message of a shared channel": (who) => react(who, "messages", ownerMessage.id, "🙏"),
      comment: (who) =>
        call(`/api/posts/${IDS.post}/comments`, { method: "POST", json: { content: "Lovely" }, cookie: as(who) }),
      mention: (who) =>
        call("/api/posts", {
          method: "POST",
          json: { content: `Hello ${mentionToken("Owner", IDS.owner)}` },
          cookie: as(who),
        }),
    };
    for (const [path, write] of Object.entries(writes)) {
      const blocked = await write("member");
      const other = await write("paid");
      expect(blocked.status, path).toBe(other.status);
    }
    const stored = await db().select({ userId: reactions.userId, kind: reactions.kind }).from(reactions);
    expect(
      stored
        .filter((r) => r.userId === IDS.member)
        .map((r) => r.kind)
        .sort(),
    ).toEqual(["comment", "message", "post"]);
    // The blocker's reactions to the blocked member's words are stored too.
    expect(await reacted("owner", "comments", IDS.comment, "✨")).toContainEqual({ emoji: "✨", count: 1, mine: true });
  });

  it("is rate limited", async () => {
    for (let i = 0; i < RATE_LIMITS.reactions.limit; i++) await react("member", "posts", IDS.post, "🙏");
    expect((await react("member", "posts", IDS.post, "🙏")).status).toBe(429);
  });
});

describe("deleting", () => {
  it("a deleted message loses its reactions and takes no more; a reply to it keeps its place", async () => {
    const original = await send("member", IDS.publicChannel, "Soon gone");
    const answer = await call("/api/messages", {
      method: "POST",
      json: { group_id: IDS.publicChannel, body: "An answer", reply_to: original.id },
      cookie: as("paid"),
    });
    expect(answer.status).toBe(201);
    const reply = await json<MessageDto>(answer);
    await reacted("paid", "messages", original.id, "😢");
    await reacted("owner", "messages", reply.id, "✨");
    expect((await call(`/api/messages/${original.id}`, { method: "DELETE", cookie: as("member") })).status).toBe(200);
    const rows = await db().select().from(reactions);
    expect(rows.map((r) => [r.kind, r.targetId])).toEqual([["message", reply.id]]);
    expect((await react("paid", "messages", original.id, "😢")).status).toBe(404);
    const shown = await channelMessages("owner", IDS.publicChannel);
    expect(shown.find((m) => m.id === original.id)).toMatchObject({ deleted: true, reactions: [] });
    expect(shown.find((m) => m.id === reply.id)).toMatchObject({
      reply_to: original.id,
      reactions: [{ emoji: "✨" }],
    });
  });

  it("deleting a post takes its and its comments' reactions; deleting an account takes the member's", async () => {
    await reacted("member", "posts", IDS.post, "🙏");
    await reacted("owner", "comments", IDS.comment, "🙏");
    const sent = await send("owner", IDS.publicChannel, "Hello");
    await reacted("member", "messages", sent.id, "❤️");
    const exported = await json<any>(await call("/api/profile/export", { cookie: as("member") }));
    expect(exported.reactions).toMatchObject([
      { kind: "post", target_id: IDS.post, emoji: "🙏" },
      { kind: "message", target_id: sent.id, emoji: "❤️" },
    ]);
    expect((await call(`/api/posts/${IDS.post}`, { method: "DELETE", cookie: as("owner") })).status).toBe(200);
    expect((await db().select().from(reactions)).map((r) => r.kind)).toEqual(["message"]);
    await db().delete(users).where(eq(users.id, IDS.member));
    expect(await db().select().from(reactions)).toEqual([]);
  });
});

describe("live and notified", () => {
  it("open chats get a reaction frame with the counts and who toggled what", async () => {
    const sent = await send("owner", IDS.privateChannel, "Breathe in");
    const watcher = await openSocket(IDS.privateChannel, as("owner")!);
    await reacted("paid", "messages", sent.id, "🙏");
    await reacted("paid", "messages", sent.id, "🙏");
    await until(() => watcher.frames.filter((f) => f.type === "reaction").length === 2);
    expect(watcher.frames.filter((f) => f.type === "reaction")).toEqual([
      {
        type: "reaction",
        group_id: IDS.privateChannel,
        message_id: sent.id,
        user_id: IDS.paid,
        emoji: "🙏",
        added: true,
        counts: [{ emoji: "🙏", count: 1 }],
      },
      {
        type: "reaction",
        group_id: IDS.privateChannel,
        message_id: sent.id,
        user_id: IDS.paid,
        emoji: "🙏",
        added: false,
        counts: [],
      },
    ]);
    watcher.ws.close(1000);
  });

  it("tells the author once per item (grouped, counted, latest reactor named), never for their own", async () => {
    await reacted("member", "posts", IDS.post, "🙏");
    await reacted("paid", "posts", IDS.post, "✨");
    await reacted("owner", "posts", IDS.post, "❤️");
    const [grouped] = await waitForNotifications("owner", "reaction", 1);
    let items: any[] = [];
    for (let i = 0; i < 50; i++) {
      items = (await notificationsOf("owner")).filter((n) => n.kind === "reaction");
      if (items[0]?.count === 2) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(grouped).toBeDefined();
    expect(items).toMatchObject([
      {
        kind: "reaction",
        count: 2,
        actor_name: "Paid",
        detail: "post",
        post_id: IDS.post,
        url: searchResultUrl.post(IDS.post),
      },
    ]);
    await reacted("owner", "comments", IDS.comment, "😂");
    const sent = await send("member", IDS.publicChannel, "Hi");
    await reacted("owner", "messages", sent.id, "😂");
    const memberItems = await waitForNotifications("member", "reaction", 2);
    expect(memberItems.map((n) => n.detail).sort()).toEqual(["comment", "message"]);
  });
});

describe("a mention added by an edit", () => {
  const mention = (id: number, name: string) => `@[${name}](${id})`;
  it("notifies the newly mentioned member once, not the ones mentioned before", async () => {
    const sent = await send("owner", IDS.publicChannel, `Hello ${mention(IDS.member, "Member")}`);
    await waitForNotifications("member", "mention", 1);
    const edit = (body: string) =>
      call(`/api/messages/${sent.id}`, { method: "PATCH", json: { body }, cookie: as("owner") });
    expect((await edit(`Hello ${mention(IDS.member, "Member")} and ${mention(IDS.paid, "Paid")}`)).status).toBe(200);
    expect(await waitForNotifications("paid", "mention", 1)).toHaveLength(1);
    expect((await edit(`Hello ${mention(IDS.member, "Member")}`)).status).toBe(200);
    expect((await edit(`Hello again ${mention(IDS.member, "Member")} ${mention(IDS.paid, "Paid")}`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect((await notificationsOf("member")).filter((n) => n.kind === "mention")).toHaveLength(1);
    expect((await notificationsOf("paid")).filter((n) => n.kind === "mention")).toHaveLength(1);
  });

  it("in a post and a comment too", async () => {
    const post = await call(`/api/posts/${IDS.post}`, {
      method: "PATCH",
      json: { content: `Owner's post with ${mention(IDS.paid, "Paid")}` },
      cookie: as("owner"),
    });
    expect(post.status).toBe(200);
    expect(await waitForNotifications("paid", "mention", 1)).toMatchObject([{ post_id: IDS.post }]);
    const comment = await call(`/api/comments/${IDS.comment}`, {
      method: "PATCH",
      json: { content: `A comment for ${mention(IDS.owner, "Owner")}` },
      cookie: as("member"),
    });
    expect(comment.status).toBe(200);
    expect(await waitForNotifications("owner", "mention", 1)).toMatchObject([
      { post_id: IDS.post, url: searchResultUrl.comment(IDS.post, IDS.comment) },
    ]);
  });
});
