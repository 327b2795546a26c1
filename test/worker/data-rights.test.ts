// Members' data rights: the JSON export of everything about me, and deleting my account
// (sessions and sockets end at once; content deleted; payments and library resources kept without
// my name or email).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  channelInvitations,
  comments,
  messages,
  payments,
  postLikes,
  posts,
  reportReasons,
  reports,
  resources,
  sessions,
  users,
} from "../../worker/db/schema";
import { TEXTS } from "../../worker/shared/texts";
import { call, db, json, openSocket, setCookies, testEnv, until } from "./helpers";
import { EMAILS, IDS, MESSAGE_IMAGE_KEY, seedWorld } from "./seed";

describe("GET /api/profile/export", () => {
  it("gives the member everything about them, and nothing about anyone else", async () => {
    const { cookie } = await seedWorld();
    // `owner` has a post, a private channel with an image message, a resource; add a comment, a like, a reaction, a
    // payment, a report, a hidden comment.
    await call(`/api/posts/${IDS.post}/comments`, {
      method: "POST",
      cookie: cookie.owner,
      json: { content: "My own comment" },
    });
    await call(`/api/posts/${IDS.post}/like`, { method: "POST", cookie: cookie.owner });
    await call(`/api/comments/${IDS.comment}/reactions`, {
      method: "POST",
      cookie: cookie.owner,
      json: { emoji: "✨" },
    });
    await call(`/api/comments/${IDS.comment}/reactions`, {
      method: "POST",
      cookie: cookie.paid,
      json: { emoji: "🙏" },
    });
    await db().insert(payments).values({
      userId: IDS.owner,
      userEmail: EMAILS.owner,
      amountClp: 15000,
      status: "completed",
      buyOrder: "OWNER1",
      sessionId: "s1",
    });
    await call("/api/reports", {
      method: "POST",
      cookie: cookie.owner,
      json: { kind: "comment", id: IDS.comment, reason: "other", details: "Off topic" },
    });
    await call(`/api/events/${IDS.paidEvent}/rsvp`, {
      method: "POST",
      cookie: cookie.owner,
      json: { status: "maybe" },
    });
    const [mine] = await db().select({ id: comments.id }).from(comments).where(eq(comments.authorId, IDS.owner));
    await db().update(comments).set({ hiddenAt: new Date(), hiddenReason: "spam" }).where(eq(comments.id, mine.id));

    const res = await call("/api/profile/export", { cookie: cookie.owner });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="[\w-]+\.json"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const data = await json(res);
    expect(Object.keys(data).sort()).toEqual(
      [
        "auto_renew",
        "blocks",
        "channels_created",
        "channels_joined",
        "comments",
        "event_answers",
        "exported_at",
        "lesson_progress",
        "likes",
        "membership",
        "messages",
        "pauses",
        "payments",
        "posts",
        "practice_log",
        "profile",
        "programs",
        "reactions",
        "reports_filed",
        "resources_uploaded",
        "sessions",
        "trial",
        "user",
      ].sort(),
    );
    expect(data.user).toMatchObject({ id: IDS.owner, email: EMAILS.owner, name: "Owner" });
    expect(data.profile).toEqual({ goals: [], interests: [], socials: {} });
    expect(data.membership.status).toBe("active");
    // Not enrolled in auto-renew (test/worker/autorenew.test.ts exports an enrolment).
    expect(data.auto_renew).toBeNull();
    // The seeded program the owner is enrolled in, and their own practice entry (test/worker/seed.ts).
    expect(data.programs).toMatchObject([{ program_id: IDS.program, title: "Seed program" }]);
    expect(data.practice_log).toMatchObject([{ id: IDS.practice, minutes: 10 }]);
    expect(data.posts).toMatchObject([{ id: IDS.post, content: "Owner's post", likes_count: 1 }]);
    // Hidden content is theirs: the original text, and why it was hidden.
    expect(data.comments).toMatchObject([{ post_id: IDS.post, content: "My own comment", hidden_reason: "spam" }]);
    expect(data.messages).toMatchObject([
      {
        id: IDS.imageMessage,
        group_id: IDS.privateChannel,
        channel_name: "Private",
        body: "[Image: a.png]",
        image_url: `/api/messages/${IDS.imageMessage}/image`,
      },
    ]);
    expect(data.likes).toMatchObject([{ post_id: IDS.post }]);
    expect(data.payments).toMatchObject([
      { amount_clp: 15000, status: "completed", buy_order: "OWNER1", email: EMAILS.owner },
    ]);
    expect(data.sessions).toMatchObject([{ current: true, user_agent: "seed" }]);
    expect(data.channels_created.map((c: any) => c.name)).toEqual(["Public", "Private"]);
    expect(data.resources_uploaded).toMatchObject([{ id: IDS.resource, title: "Guide" }]);
    expect(data.reports_filed).toMatchObject([
      { kind: "comment", target_id: IDS.comment, reason: "other", details: "Off topic" },
    ]);
    expect(data.event_answers).toMatchObject([{ event_id: IDS.paidEvent, title: "Event 2", status: "maybe" }]);
    // Their reactions, not the ones others left on the same comment.
    expect(data.reactions).toEqual([
      { kind: "comment", target_id: IDS.comment, emoji: "✨", created_at: expect.any(String) },
    ]);
    // Nothing of other people: not the member's comment, not the other sessions, no session token.
    const text = JSON.stringify(data);
    expect(text).not.toContain("A comment");
    expect(text).not.toMatch(/member@|paid@|admin@|seed-session-token/);
  });
});

describe("DELETE /api/profile", () => {
  it("refuses without the member's own email, changing nothing", async () => {
    const { cookie } = await seedWorld();
    for (const confirm of [EMAILS.paid, "", "owner", `${EMAILS.owner}x`]) {
      const res = await call("/api/profile", { method: "DELETE", cookie: cookie.owner, json: { confirm } });
      expect(res.status, confirm).toBe(400);
      expect(typeof (await json(res)).error).toBe("string");
    }
    expect((await call("/api/profile", { method: "DELETE", cookie: cookie.owner, json: {} })).status).toBe(400);
    expect((await call("/api/users/me", { cookie: cookie.owner })).status).toBe(200);
  });

  it(`deletes the account at once: sessions, sockets, content; keeps payments and resources without personal \
data`, async () => {
    const { cookie } = await seedWorld();
    // The member `paid` likes and comments on the owner's post; the owner likes and comments on their own; a report
    // about the owner's post.
    await call(`/api/posts/${IDS.post}/like`, { method: "POST", cookie: cookie.paid });
    await call(`/api/posts/${IDS.post}/comments`, { method: "POST", cookie: cookie.owner, json: { content: "Mine" } });
    const [otherPost] = await db().insert(posts).values({ authorId: IDS.paid, content: "Paid's post" }).returning();
    await call(`/api/posts/${otherPost.id}/like`, { method: "POST", cookie: cookie.owner });
    await call(`/api/posts/${otherPost.id}/comments`, {
      method: "POST",
      cookie: cookie.owner,
      json: { content: "Nice one" },
    });
    await call("/api/reports", {
      method: "POST",
      cookie: cookie.member,
      json: { kind: "post", id: IDS.post, reason: "spam" },
    });
    await db().insert(payments).values({
      userId: IDS.owner,
      userEmail: EMAILS.owner,
      amountClp: 15000,
      status: "completed",
      buyOrder: "OWNER1",
      sessionId: "s1",
    });
    // A pending invitation addressed to them: kept, it would make a new account with their email a member.
    await db()
      .insert(channelInvitations)
      .values({ channelId: IDS.publicChannel, email: EMAILS.owner, invitedBy: IDS.paid });
    const socket = await openSocket(IDS.publicChannel, cookie.owner!);

    const res = await call("/api/profile", {
      method: "DELETE",
      cookie: cookie.owner,
      json: { confirm: ` ${EMAILS.owner.toUpperCase()} ` },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ success: true });
    expect(setCookies(res).session).toBe("");

    // Signed out everywhere, sockets closed, no way back in with the old cookie.
    await until(() => socket.closes.length > 0);
    expect((await call("/api/users/me", { cookie: cookie.owner })).status).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, IDS.owner))).toEqual([]);
    expect(await db().select().from(users).where(eq(users.id, IDS.owner))).toEqual([]);
    expect(await db().select().from(channelInvitations).where(eq(channelInvitations.email, EMAILS.owner))).toEqual([]);

    // Their posts (with the comments on them), comments, likes and messages are gone; so is the chat image.
    expect(await db().select().from(posts).where(eq(posts.authorId, IDS.owner))).toEqual([]);
    expect(await db().select().from(comments).where(eq(comments.authorId, IDS.owner))).toEqual([]);
    expect(await db().select().from(postLikes).where(eq(postLikes.userId, IDS.owner))).toEqual([]);
    expect(await db().select().from(messages).where(eq(messages.senderId, IDS.owner))).toEqual([]);
    expect(await testEnv.BLOBS.get(MESSAGE_IMAGE_KEY)).toBeNull();
    // Reports about their content are gone; the seeded report on the member's comment went with the owner's post.
    expect(await db().select().from(reports)).toEqual([]);
    expect(await db().select().from(reportReasons)).toEqual([]);
    // Others' counters no longer count them.
    const [other] = await json<any[]>(await call("/api/posts", { cookie: cookie.paid }));
    expect(other).toMatchObject({ id: otherPost.id, likes_count: 0, comments_count: 0 });

    // Payments stay for the accounting period, without the email or the link to the account.
    const kept = await db().select().from(payments).where(eq(payments.buyOrder, "OWNER1"));
    expect(kept).toMatchObject([
      { userId: null, userEmail: TEXTS.account.formerMember, amountClp: 15000, status: "completed" },
    ]);
    // The library keeps the resource; its uploader's name is gone.
    const [resource] = await db().select().from(resources).where(eq(resources.id, IDS.resource));
    expect(resource).toMatchObject({ ownerId: null, ownerName: TEXTS.account.formerMember });

    // Their name is nowhere a member or an admin looks.
    for (const path of [
      "/api/posts",
      `/api/messages?group_id=${IDS.publicChannel}`,
      "/api/groups",
      "/api/admin/members",
      "/api/admin/payments",
    ]) {
      const body = await (await call(path, { cookie: cookie.admin })).text();
      expect(body, path).not.toMatch(/Owner|owner@/);
    }
    const library = await (await call("/api/resources", { cookie: cookie.paid })).text();
    expect(library).not.toMatch(/Owner|owner@/);
  });

  it("keeps the last admin, and lets an admin go when another remains", async () => {
    const { cookie } = await seedWorld();
    const last = await call("/api/profile", {
      method: "DELETE",
      cookie: cookie.admin,
      json: { confirm: EMAILS.admin },
    });
    expect(last.status).toBe(409);
    expect((await json(last)).error).toBe(TEXTS.account.lastAdmin);
    await db().update(users).set({ role: "admin" }).where(eq(users.id, IDS.victim));
    expect(
      (await call("/api/profile", { method: "DELETE", cookie: cookie.admin, json: { confirm: EMAILS.admin } })).status,
    ).toBe(200);
    expect((await call("/api/users/me", { cookie: cookie.admin })).status).toBe(401);
  });
});
