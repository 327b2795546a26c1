// Notifications, one kind at a time: comments on my post, likes on my post (grouped),
// @mentions in posts and chat, new pinned notices, payment results, the membership reminder (the daily
// job, run through the worker's scheduled handler) and private-channel invitations; then the list,
// read marks and the live socket's `notification` frame.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { CRON } from "../../worker/cron";
import { memberships, payments, users } from "../../worker/db/schema";
import { approvePayment, failPayment } from "../../worker/features/payments/queries/payments";
import worker from "../../worker/index";
import type { ServerFrame } from "../../worker/shared/chat-wire";
import { mentionToken } from "../../worker/shared/mentions";
import { NOTIFICATION_LIMITS } from "../../worker/shared/notification-rules";
import type { NotificationDto, NotificationList } from "../../worker/shared/notifications";
import { call, db, json, testEnv, until } from "./helpers";
import { EMAILS, IDS, seedWorld, type World } from "./seed";

let world: World;
beforeEach(async () => {
  world = await seedWorld();
});
type Who = keyof World["cookie"];
const cookie = (who: Who) => world.cookie[who];
const DAY = 24 * 60 * 60 * 1000;

async function list(who: Who): Promise<NotificationList> {
  const res = await call("/api/notifications", { cookie: cookie(who) });
  expect(res.status).toBe(200);
  return json<NotificationList>(res);
}
const kinds = async (who: Who) => (await list(who)).items.map((n) => n.kind);
const post = async (who: Who, content: string) =>
  json<{ id: number }>(await call("/api/posts", { method: "POST", json: { content }, cookie: cookie(who) }));
const like = (who: Who, postId: number) => call(`/api/posts/${postId}/like`, { method: "POST", cookie: cookie(who) });
const message = async (who: Who, groupId: number, body: string) => {
  const res = await call("/api/messages", { method: "POST", json: { group_id: groupId, body }, cookie: cookie(who) });
  expect(res.status).toBe(201);
  return json<{ id: number }>(res);
};

async function runDaily(at: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: CRON.daily, scheduledTime: at }), testEnv, ctx);
  await waitOnExecutionContext(ctx);
}

describe("notifications", () => {
  it("a comment on my post notifies me (not my own comment)", async () => {
    const res = await call(`/api/posts/${IDS.post}/comments`, {
      method: "POST",
      json: { content: "Lovely" },
      cookie: cookie("member"),
    });
    const comment = await json<{ id: number }>(res);
    await call(`/api/posts/${IDS.post}/comments`, {
      method: "POST",
      json: { content: "Thanks" },
      cookie: cookie("owner"),
    });
    const { items, unread } = await list("owner");
    expect(unread).toBe(1);
    expect(items).toEqual([
      expect.objectContaining({
        kind: "comment",
        read: false,
        count: 1,
        actor_name: "Member",
        post_id: IDS.post,
        url: `/app/lounge?post=${IDS.post}&comment=${comment.id}`,
      }),
    ]);
    expect(await kinds("member")).toEqual([]);
  });

  it("likes on my post are grouped into one notification until I read it", async () => {
    await like("member", IDS.post);
    await like("paid", IDS.post);
    await like("owner", IDS.post); // my own like: nothing
    let { items } = await list("owner");
    expect(items).toEqual([
      expect.objectContaining({ kind: "like", count: 2, actor_name: "Paid", url: `/app/lounge?post=${IDS.post}` }),
    ]);
    // Unliking does not notify; read, then a new like starts a new group.
    await like("member", IDS.post);
    await call("/api/notifications/read", { method: "POST", json: {}, cookie: cookie("owner") });
    await like("admin", IDS.post);
    ({ items } = await list("owner"));
    expect(items.map((n) => [n.kind, n.count, n.read, n.actor_name])).toEqual([
      ["like", 1, false, "Admin"],
      ["like", 2, true, "Paid"],
    ]);
  });

  it(`@mentions in posts notify the members their tokens name by id, never the author, never a typed \
name`, async () => {
    await db().update(users).set({ name: "Luna Star" }).where(eq(users.id, IDS.paid));
    const p = await post(
      "owner",
      `Thank you ${mentionToken("Member", IDS.member)} and ${mentionToken("Luna Star", IDS.paid)}, and \
${mentionToken("Owner", IDS.owner)} and @Nobody and @Member again!`,
    );
    expect((await list("member")).items).toEqual([
      expect.objectContaining({ kind: "mention", actor_name: "Owner", post_id: p.id, url: `/app/lounge?post=${p.id}` }),
    ]);
    expect(await kinds("paid")).toEqual(["mention"]);
    expect(await kinds("owner")).toEqual([]);
    // An e-mail address is not a mention.
    await post("owner", "write to member@Member.example");
    expect(await kinds("member")).toEqual(["mention"]);
  });

  it("@mentions in chat notify members who may read the channel only", async () => {
    const pub = await message("owner", IDS.publicChannel, `${mentionToken("Member", IDS.member)} look at this`);
    expect((await list("member")).items).toEqual([
      expect.objectContaining({
        kind: "mention",
        channel_id: IDS.publicChannel,
        channel_name: "Public",
        url: `/app/chat?group=${IDS.publicChannel}&message=${pub.id}`,
      }),
    ]);
    // The private channel's readers are its owner, `paid` and admins: `member` is not told.
    await message(
      "owner",
      IDS.privateChannel,
      `${mentionToken("Member", IDS.member)} ${mentionToken("Paid", IDS.paid)} ${mentionToken("Admin", IDS.admin)} \
private plans`,
    );
    expect(await kinds("member")).toEqual(["mention"]);
    expect(await kinds("paid")).toEqual(["mention"]);
    expect(await kinds("admin")).toEqual(["mention"]);
  });

  it("a new pinned notice notifies every member but its author; an unpinned one nobody", async () => {
    await call("/api/cosmic-notices", {
      method: "POST",
      json: { title: "Quiet", content: "<p>x</p>", is_pinned: false },
      cookie: cookie("admin"),
    });
    expect(await kinds("member")).toEqual([]);
    await call("/api/cosmic-notices", {
      method: "POST",
      json: { title: "Full moon circle", content: "<p>Tonight</p>", is_pinned: true },
      cookie: cookie("admin"),
    });
    for (const who of ["member", "paid", "owner"] as const) {
      expect((await list(who)).items).toEqual([
        expect.objectContaining({
          kind: "notice",
          notice_title: "Full moon circle",
          actor_name: "Admin",
          url: "/app/lounge",
        }),
      ]);
    }
    expect(await kinds("admin")).toEqual([]);
  });

  it("a payment's result notifies its member, whichever way it settles, once", async () => {
    const [approved, declined] = await db()
      .insert(payments)
      .values([
        {
          userId: IDS.member,
          userEmail: EMAILS.member,
          amountClp: 15000,
          buyOrder: "N1",
          sessionId: "s1",
          token: "t1",
        },
        {
          userId: IDS.member,
          userEmail: EMAILS.member,
          amountClp: 15000,
          buyOrder: "N2",
          sessionId: "s2",
          token: "t2",
        },
      ])
      .returning();
    await approvePayment(db(), approved, { authorizationCode: "1213", responseCode: 0, cardLast4: "6623" });
    // A replay changes nothing.
    await approvePayment(db(), approved, { authorizationCode: "1213", responseCode: 0, cardLast4: "6623" });
    await failPayment(db(), declined.id, "rejected", -1);
    const { items } = await list("member");
    expect(items.map((n) => [n.kind, n.detail, n.url])).toEqual([
      ["payment", "failed", "/pricing"],
      ["payment", "completed", "/app/settings/membership"],
    ]);
  });

  it("the daily job reminds members three days before their membership ends, once per period", async () => {
    const now = Date.UTC(2026, 10, 23, 12);
    await db().delete(memberships);
    await db()
      .insert(memberships)
      .values([
        { userId: IDS.member, nextPaymentDue: new Date(now + 2.5 * DAY) },
        { userId: IDS.paid, nextPaymentDue: new Date(now + 10 * DAY) },
        { userId: IDS.owner, nextPaymentDue: new Date(now - DAY) },
        { userId: IDS.admin, nextPaymentDue: new Date(now + DAY) },
      ]);
    await runDaily(now);
    await runDaily(now + DAY); // the next day: already reminded for this due date
    const { items } = await list("member");
    expect(items).toEqual([
      expect.objectContaining({
        kind: "membership_ending",
        detail: new Date(now + 2.5 * DAY).toISOString(),
        url: "/pricing",
      }),
    ]);
    for (const who of ["paid", "owner", "admin"] as const) expect(await kinds(who)).toEqual([]);
    // Renewed: the new due date gets its own reminder when it comes near.
    await db()
      .update(memberships)
      .set({ nextPaymentDue: new Date(now + 32 * DAY) })
      .where(eq(memberships.userId, IDS.member));
    await runDaily(now + 30 * DAY);
    expect(await kinds("member")).toEqual(["membership_ending", "membership_ending"]);
  });

  it("being added to a private channel notifies the member; a public channel or a repeat does not", async () => {
    await call(`/api/groups/${IDS.privateChannel}/members`, {
      method: "POST",
      json: { email: EMAILS.member },
      cookie: cookie("owner"),
    });
    await call(`/api/groups/${IDS.privateChannel}/members`, {
      method: "POST",
      json: { email: EMAILS.member },
      cookie: cookie("owner"),
    });
    await call(`/api/groups/${IDS.publicChannel}/members`, {
      method: "POST",
      json: { email: EMAILS.paid },
      cookie: cookie("owner"),
    });
    expect((await list("member")).items).toEqual([
      expect.objectContaining({
        kind: "channel_invite",
        channel_id: IDS.privateChannel,
        channel_name: "Private",
        actor_name: "Owner",
        url: `/app/chat?group=${IDS.privateChannel}`,
      }),
    ]);
    expect(await kinds("paid")).toEqual([]);
  });

  it("marks read by ids (the caller's own only) or all, and answers the unread count", async () => {
    for (const who of ["member", "paid", "admin"] as const) await like(who, IDS.post);
    await call(`/api/posts/${IDS.post}/comments`, {
      method: "POST",
      json: { content: "One" },
      cookie: cookie("member"),
    });
    await call(`/api/posts/${IDS.post}/comments`, { method: "POST", json: { content: "Two" }, cookie: cookie("paid") });
    const mine = (await list("owner")).items;
    expect(mine).toHaveLength(3);
    const theirs = await post("member", `${mentionToken("Paid", IDS.paid)} hi`);
    const paidItem = (await list("paid")).items[0];
    let res = await call("/api/notifications/read", {
      method: "POST",
      json: { ids: [mine[0].id, paidItem.id] },
      cookie: cookie("owner"),
    });
    expect(await json(res)).toEqual({ unread: 2 });
    expect((await list("paid")).unread).toBe(1); // someone else's id is ignored
    res = await call("/api/notifications/read", { method: "POST", json: {}, cookie: cookie("owner") });
    expect(await json(res)).toEqual({ unread: 0 });
    expect((await list("owner")).items.every((n: NotificationDto) => n.read)).toBe(true);
    expect(theirs.id).toBeGreaterThan(0);
    expect((await call("/api/notifications")).status).toBe(401);
    expect((await call("/api/notifications/read", { method: "POST", json: {} })).status).toBe(401);
    for (const body of [
      { ids: [] },
      { ids: [0] },
      { ids: ["1"] },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      { all: true },
    ]) {
      expect(
        (await call("/api/notifications/read", { method: "POST", json: body, cookie: cookie("owner") })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
  });

  it("tells the recipient's live socket", async () => {
    const res = await call("/api/live/socket", { cookie: cookie("owner"), headers: { upgrade: "websocket" } });
    const ws = res.webSocket!;
    ws.accept();
    const frames: ServerFrame[] = [];
    ws.addEventListener("message", (e) => frames.push(JSON.parse(e.data as string)));
    await until(() => frames.some((f) => f.type === "ready"));
    await call(`/api/posts/${IDS.post}/comments`, {
      method: "POST",
      json: { content: "Hi" },
      cookie: cookie("member"),
    });
    await until(() => frames.some((f) => f.type === "notification"));
    ws.close();
  });

  it("disappear with what they are about", async () => {
    await call(`/api/posts/${IDS.post}/comments`, {
      method: "POST",
      json: { content: "Hi" },
      cookie: cookie("member"),
    });
    await like("member", IDS.post);
    expect(await kinds("owner")).toHaveLength(2);
    await call(`/api/posts/${IDS.post}`, { method: "DELETE", cookie: cookie("owner") });
    expect(await kinds("owner")).toEqual([]);
  });
});

describe("GET /api/mentions (the @mention autocomplete)", () => {
  async function names(who: Who, query: Record<string, string>) {
    const res = await call(`/api/mentions?${new URLSearchParams(query)}`, { cookie: cookie(who) });
    expect(res.status, JSON.stringify(query)).toBe(200);
    return (await json<{ members: { id: number; name: string; avatar_url: string | null }[] }>(res)).members.map(
      (m) => m.name,
    );
  }

  it(`offers members whose name or one of its words starts with the text, by name, never the caller; wildcards are \
plain text`, async () => {
    expect(await names("owner", { q: "" })).toEqual(["Admin", "Member", "Paid", "Victim"]);
    expect(await names("owner", { q: "pa" })).toEqual(["Paid"]);
    expect(await names("owner", { q: "MEM" })).toEqual(["Member"]);
    expect(await names("owner", { q: "own" })).toEqual([]);
    await db().update(users).set({ name: "Luna Park" }).where(eq(users.id, IDS.victim));
    expect(await names("owner", { q: "par" })).toEqual(["Luna Park"]);
    expect(await names("owner", { q: "lu" })).toEqual(["Luna Park"]);
    for (const q of ["%", "_", "\\"]) expect(await names("owner", { q }), q).toEqual([]);
    // Nameless accounts cannot be mentioned by name.
    await db().update(users).set({ name: "" }).where(eq(users.id, IDS.member));
    expect(await names("owner", { q: "" })).toEqual(["Admin", "Luna Park", "Paid"]);
  });

  it(`in a channel offers only who may read it: everyone in a public one, the readers of a private one; a channel the \
caller cannot see is 404`, async () => {
    expect(await names("owner", { q: "", group_id: String(IDS.publicChannel) })).toEqual([
      "Admin",
      "Member",
      "Paid",
      "Victim",
    ]);
    // Private: its creator (the caller here), its members and admins.
    expect(await names("owner", { q: "", group_id: String(IDS.privateChannel) })).toEqual(["Admin", "Paid"]);
    expect(await names("paid", { q: "", group_id: String(IDS.privateChannel) })).toEqual(["Admin", "Owner"]);
    const hidden = await call(`/api/mentions?q=a&group_id=${IDS.privateChannel}`, { cookie: cookie("member") });
    expect(hidden.status).toBe(404);
    expect(await json(hidden)).toMatchObject({ code: "channel_not_found" });
    expect((await call(`/api/mentions?q=a&group_id=999`, { cookie: cookie("member") })).status).toBe(404);
    expect((await call("/api/mentions?q=a")).status).toBe(401);
  });

  it("answers at most NOTIFICATION_LIMITS.mentionSuggestions names", async () => {
    await db()
      .insert(users)
      .values(
        Array.from({ length: NOTIFICATION_LIMITS.mentionSuggestions + 3 }, (_, i) => ({
          email: `star${i}@example.com`,
          name: `Star ${String(i).padStart(2, "0")}`,
        })),
      );
    const found = await names("member", { q: "st" });
    expect(found).toHaveLength(NOTIFICATION_LIMITS.mentionSuggestions);
    expect(found[0]).toBe("Star 00");
  });
});
