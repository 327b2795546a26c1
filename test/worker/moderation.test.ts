// Moderation: reports (once per item, reporter never revealed), the admin queue, hiding
// (placeholder for everyone, live in open chats, the reason for the author only), dismissing, mutes,
// removing a member, and the append-only audit log with its filters and CSV export.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { listAudit } from "../../worker/db/audit";
import { comments, users } from "../../worker/db/schema";
import { resolveReport } from "../../worker/features/moderation/queries/moderation";
import { formatMutedUntil } from "../../worker/platform/mute";
import type { MessageDto } from "../../worker/shared/chat-wire";
import { TEXTS } from "../../worker/shared/texts";
import { call, db, json, openSocket, until } from "./helpers";
import { appRoutes, EMAILS, IDS, PNG, seedWorld } from "./seed";

const T = TEXTS.moderation;
const report = (cookie: string | undefined, body: Record<string, unknown>) =>
  call("/api/reports", { method: "POST", cookie, json: body });
const resolve = (cookie: string | undefined, id: number, action: "hide" | "dismiss") =>
  call(`/api/admin/reports/${id}/resolve`, { method: "POST", cookie, json: { action } });
const queue = async (cookie: string | undefined) => json<any[]>(await call("/api/admin/reports", { cookie }));
const reportOf = async (cookie: string | undefined, kind: string, targetId: number) =>
  (await queue(cookie)).find((r) => r.kind === kind && r.target_id === targetId);

describe("reports", () => {
  it(`are filed once per item per member, never by the author, and list reasons and content without \
reporters`, async () => {
    const { cookie } = await seedWorld();
    const first = await report(cookie.member, {
      kind: "post",
      id: IDS.post,
      reason: "harassment",
      details: "  Unkind words  ",
    });
    expect(first.status).toBe(201);
    const again = await report(cookie.member, { kind: "post", id: IDS.post, reason: "spam" });
    expect(again.status).toBe(409);
    expect((await json(again)).error).toBe(T.alreadyReported);
    const own = await report(cookie.owner, { kind: "post", id: IDS.post, reason: "spam" });
    expect(own.status).toBe(400);
    expect((await json(own)).error).toBe(T.cannotReportOwn);
    expect((await report(cookie.paid, { kind: "post", id: IDS.post, reason: "spam" })).status).toBe(201);
    expect((await report(cookie.member, { kind: "post", id: 999, reason: "spam" })).status).toBe(404);
    expect((await report(cookie.member, { kind: "comment", id: 999, reason: "spam" })).status).toBe(404);

    const res = await call("/api/admin/reports", { cookie: cookie.admin });
    expect(res.status).toBe(200);
    const list = await json<any[]>(res);
    const item = list.find((r) => r.kind === "post" && r.target_id === IDS.post);
    expect(item).toMatchObject({
      kind: "post",
      target_id: IDS.post,
      count: 2,
      content: { text: "Owner's post", author_id: IDS.owner, author_name: "Owner", image_url: null },
    });
    expect(item.reasons.map((r: any) => [r.reason, r.details])).toEqual([
      ["harassment", "Unkind words"],
      ["spam", null],
    ]);
    // Reasons carry no reporter: only what, why, when, and the text as it was reported.
    for (const r of list.flatMap((i) => i.reasons))
      expect(Object.keys(r).sort()).toEqual(["created_at", "details", "reason", "reported_text"]);
    expect(JSON.stringify(list)).not.toMatch(/member@|paid@|reporter/);
    // The seeded comment report shows the comment in context: the post it is on.
    expect(list.find((r) => r.kind === "comment")).toMatchObject({
      count: 1,
      content: { text: "A comment", post_id: IDS.post, post_excerpt: "Owner's post" },
    });
  });

  it("lets a member report only messages they can see", async () => {
    const { cookie } = await seedWorld();
    // The image message is in the private channel: `member` is not in it, `paid` is.
    const hidden = await report(cookie.member, { kind: "message", id: IDS.imageMessage, reason: "spam" });
    expect(hidden.status).toBe(404);
    expect((await json(hidden)).error).toBe(T.contentNotFound);
    expect(
      (await report(cookie.paid, { kind: "message", id: IDS.imageMessage, reason: "other", details: "Not for here" }))
        .status,
    ).toBe(201);
    expect(await reportOf(cookie.admin, "message", IDS.imageMessage)).toMatchObject({
      content: {
        text: "[Image: a.png]",
        image_url: `/api/messages/${IDS.imageMessage}/image`,
        channel_id: IDS.privateChannel,
        channel_name: "Private",
      },
    });
  });
});

describe("hiding reported content", () => {
  it(`replaces a post for everyone, tells only its author why, and closes it to likes, comments and \
reports`, async () => {
    const { cookie } = await seedWorld();
    await report(cookie.member, { kind: "post", id: IDS.post, reason: "harassment" });
    await report(cookie.paid, { kind: "post", id: IDS.post, reason: "harassment" });
    const { id } = await reportOf(cookie.admin, "post", IDS.post);
    const res = await resolve(cookie.admin, id, "hide");
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ success: true, status: "hidden" });

    for (const who of ["member", "paid", "admin"] as const) {
      const [post] = await json<any[]>(await call("/api/posts", { cookie: cookie[who] }));
      expect(post, who).toMatchObject({ id: IDS.post, content: T.removed, hidden: true, hidden_reason: null });
    }
    const [mine] = await json<any[]>(await call("/api/posts", { cookie: cookie.owner }));
    expect(mine).toMatchObject({ content: T.removed, hidden: true, hidden_reason: "harassment" });
    expect(JSON.stringify(await json(await call("/api/posts", { cookie: cookie.owner })))).not.toContain(
      "Owner's post",
    );

    for (const blocked of [
      await call(`/api/posts/${IDS.post}/like`, { method: "POST", cookie: cookie.member }),
      await call(`/api/posts/${IDS.post}/comments`, {
        method: "POST",
        cookie: cookie.member,
        json: { content: "Still here?" },
      }),
      await report(cookie.admin, { kind: "post", id: IDS.post, reason: "spam" }),
    ]) {
      expect(blocked.status).toBe(409);
      expect(typeof (await json(blocked)).error).toBe("string");
    }
    const twice = await resolve(cookie.admin, id, "dismiss");
    expect(twice.status).toBe(409);
    expect((await json(twice)).error).toBe(T.alreadyResolved);
    expect(await reportOf(cookie.admin, "post", IDS.post)).toBeUndefined();

    const [entry] = await listAudit(db(), { action: "report.hide", limit: 10 });
    expect(entry).toMatchObject({
      actor_id: IDS.admin,
      target_type: "report",
      target_id: String(id),
      before: { status: "open", kind: "post", target_id: IDS.post },
      after: { status: "hidden", reason: "harassment" },
    });
  });

  it("replaces a comment for everyone with the most given reason for its author only", async () => {
    const { cookie } = await seedWorld();
    // The seeded report: `paid` reported the member's comment as spam.
    await report(cookie.owner, { kind: "comment", id: IDS.comment, reason: "other" });
    expect((await resolve(cookie.admin, IDS.report, "hide")).status).toBe(200);
    const seen = async (who: "member" | "owner") =>
      (await json<any[]>(await call(`/api/posts/${IDS.post}/comments`, { cookie: cookie[who] })))[0];
    // A tie between spam and other goes to spam (the earlier reason).
    expect(await seen("member")).toMatchObject({ content: T.removed, hidden: true, hidden_reason: "spam" });
    expect(await seen("owner")).toMatchObject({ content: T.removed, hidden: true, hidden_reason: null });
  });

  it("drops a hidden message from open chats at once, and from every later read, image included", async () => {
    const { cookie } = await seedWorld();
    const watcher = await openSocket(IDS.privateChannel, cookie.paid!);
    const author = await openSocket(IDS.privateChannel, cookie.owner!);
    await report(cookie.paid, { kind: "message", id: IDS.imageMessage, reason: "spam" });
    const { id } = await reportOf(cookie.admin, "message", IDS.imageMessage);
    expect((await resolve(cookie.admin, id, "hide")).status).toBe(200);

    const frame = { type: "message_hidden", group_id: IDS.privateChannel, message_id: IDS.imageMessage };
    await until(
      () =>
        watcher.frames.some((f) => f.type === "message_hidden") &&
        author.frames.some((f) => f.type === "message_hidden"),
    );
    expect(watcher.frames.filter((f) => f.type === "message_hidden")).toEqual([frame]);
    watcher.ws.close(1000);
    author.ws.close(1000);

    const [message] = await json<MessageDto[]>(
      await call(`/api/messages?group_id=${IDS.privateChannel}`, { cookie: cookie.paid }),
    );
    expect(message).toMatchObject({
      id: IDS.imageMessage,
      body: T.removed,
      image_url: null,
      hidden: true,
      hidden_reason: null,
    });
    const [own] = await json<MessageDto[]>(
      await call(`/api/messages?group_id=${IDS.privateChannel}`, { cookie: cookie.owner }),
    );
    expect(own).toMatchObject({ body: T.removed, hidden_reason: "spam" });
    expect((await call(`/api/messages/${IDS.imageMessage}/image`, { cookie: cookie.paid })).status).toBe(404);
    expect((await call(`/api/messages/${IDS.imageMessage}/image`, { cookie: cookie.owner })).status).toBe(404);
    // The moderation record stays reviewable by admins.
    expect((await call(`/api/messages/${IDS.imageMessage}/image`, { cookie: cookie.admin })).status).toBe(200);
  });

  it("dismissing leaves the content, and a new reporter opens the item again", async () => {
    const { cookie } = await seedWorld();
    const dismissed = await resolve(cookie.admin, IDS.report, "dismiss");
    expect(dismissed.status).toBe(200);
    expect(await json(dismissed)).toEqual({ success: true, status: "dismissed" });
    expect(
      (await json<any[]>(await call(`/api/posts/${IDS.post}/comments`, { cookie: cookie.member })))[0],
    ).toMatchObject({ content: "A comment", hidden: false, hidden_reason: null });
    expect(await queue(cookie.admin)).toEqual([]);
    // The one who reported it cannot bring it back; someone new can.
    expect((await report(cookie.paid, { kind: "comment", id: IDS.comment, reason: "spam" })).status).toBe(409);
    expect((await report(cookie.owner, { kind: "comment", id: IDS.comment, reason: "harassment" })).status).toBe(201);
    expect(await reportOf(cookie.admin, "comment", IDS.comment)).toMatchObject({ id: IDS.report, count: 2 });
    expect((await listAudit(db(), { limit: 10 })).map((e) => [e.action, e.after])).toEqual([
      ["report.dismiss", { status: "dismissed" }],
    ]);
  });

  it("records and applies a resolution once when two moderators resolve at the same moment", async () => {
    await seedWorld();
    const target = { id: IDS.report, kind: "comment" as const, targetId: IDS.comment };
    const [first, second] = await Promise.all([
      resolveReport(db(), target, "hide", { actorId: IDS.admin }, "spam"),
      resolveReport(db(), target, "dismiss", { actorId: IDS.admin }, "spam"),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    const log = await listAudit(db(), { limit: 10 });
    expect(log).toHaveLength(1);
    const [row] = await db().select({ hiddenAt: comments.hiddenAt }).from(comments).where(eq(comments.id, IDS.comment));
    expect(row.hiddenAt !== null).toBe(log[0].action === "report.hide");
  });

  it("answers 404 for unknown reports and for hiding content deleted meanwhile", async () => {
    const { cookie } = await seedWorld();
    expect((await resolve(cookie.admin, 999, "hide")).status).toBe(404);
    await report(cookie.member, { kind: "post", id: IDS.post, reason: "spam" });
    const { id } = await reportOf(cookie.admin, "post", IDS.post);
    expect((await call(`/api/posts/${IDS.post}`, { method: "DELETE", cookie: cookie.owner })).status).toBe(200);
    const gone = await resolve(cookie.admin, id, "hide");
    expect(gone.status).toBe(404);
    expect((await json(gone)).error).toBe(T.contentNotFound);
    expect(await reportOf(cookie.admin, "post", IDS.post)).toBeUndefined();
    expect((await resolve(cookie.admin, id, "dismiss")).status).toBe(200);
  });
});

describe("mutes", () => {
  it("stop posts, comments and chat with 403 naming the time, show in users/me, and end on unmute", async () => {
    const { cookie } = await seedWorld();
    await db().update(users).set({ timezone: "America/Santiago" }).where(eq(users.id, IDS.member));
    const muted = await call(`/api/admin/members/${IDS.member}/mute`, {
      method: "POST",
      cookie: cookie.admin,
      json: { hours: 2 },
    });
    expect(muted.status).toBe(200);
    const { muted_until } = await json(muted);
    const until = new Date(muted_until);
    expect(Math.abs(until.getTime() - Date.now() - 2 * 3600_000)).toBeLessThan(60_000);
    const expected = T.muted(formatMutedUntil(until, "America/Santiago"));
    expect(expected).toMatch(/GMT-3|GMT-4|CLT|CLST/);

    const form = new FormData();
    form.set("group_id", String(IDS.publicChannel));
    form.set("image", new File([PNG as unknown as BlobPart], "a.png", { type: "image/png" }));
    for (const [label, res] of [
      ["post", await call("/api/posts", { method: "POST", cookie: cookie.member, json: { content: "Hello" } })],
      [
        "comment",
        await call(`/api/posts/${IDS.post}/comments`, {
          method: "POST",
          cookie: cookie.member,
          json: { content: "Hi" },
        }),
      ],
      [
        "message",
        await call("/api/messages", {
          method: "POST",
          cookie: cookie.member,
          json: { group_id: IDS.publicChannel, body: "Hi" },
        }),
      ],
      ["image", await call("/api/messages/image", { method: "POST", cookie: cookie.member, body: form })],
    ] as const) {
      expect(res.status, label).toBe(403);
      expect(await json(res), label).toEqual({ error: expected, code: "account_muted", muted_until });
    }
    // Reading and reporting stay open (the other writes others see: security-round3.test.ts, finding 4).
    expect((await call(`/api/posts/${IDS.post}`, { cookie: cookie.member })).status).toBe(200);
    expect((await json(await call("/api/users/me", { cookie: cookie.member }))).muted_until).toBe(muted_until);
    expect(
      (await json<any[]>(await call("/api/admin/members", { cookie: cookie.admin }))).find((m) => m.id === IDS.member)
        .muted_until,
    ).toBe(muted_until);
    // Others are not affected.
    expect((await call("/api/posts", { method: "POST", cookie: cookie.paid, json: { content: "Hello" } })).status).toBe(
      201,
    );

    expect(
      (await call(`/api/admin/members/${IDS.member}/mute`, { method: "DELETE", cookie: cookie.admin })).status,
    ).toBe(200);
    expect(
      (await call("/api/posts", { method: "POST", cookie: cookie.member, json: { content: "Back" } })).status,
    ).toBe(201);
    expect((await json(await call("/api/users/me", { cookie: cookie.member }))).muted_until).toBeNull();
    // Unmuting again records nothing.
    expect(
      (await call(`/api/admin/members/${IDS.member}/mute`, { method: "DELETE", cookie: cookie.admin })).status,
    ).toBe(200);
    expect(
      (await listAudit(db(), { limit: 10 })).reverse().map((e) => [e.action, e.target_id, e.before, e.after]),
    ).toEqual([
      ["member.mute", String(IDS.member), { muted_until: null }, { muted_until, hours: 2 }],
      ["member.unmute", String(IDS.member), { muted_until }, { muted_until: null }],
    ]);
  });

  it("ends by itself when the time has passed", async () => {
    const { cookie } = await seedWorld();
    await db()
      .update(users)
      .set({ mutedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, IDS.member));
    expect(
      (await call("/api/posts", { method: "POST", cookie: cookie.member, json: { content: "Free" } })).status,
    ).toBe(201);
    expect((await json(await call("/api/users/me", { cookie: cookie.member }))).muted_until).toBeNull();
  });

  it("refuses admins and unknown members, recording nothing", async () => {
    const { cookie } = await seedWorld();
    const admin = await call(`/api/admin/members/${IDS.admin}/mute`, {
      method: "POST",
      cookie: cookie.admin,
      json: { hours: 1 },
    });
    expect(admin.status).toBe(403);
    expect((await json(admin)).error).toBe(T.cannotMuteAdmin);
    expect(
      (await call("/api/admin/members/999/mute", { method: "POST", cookie: cookie.admin, json: { hours: 1 } })).status,
    ).toBe(404);
    expect((await call("/api/admin/members/999/mute", { method: "DELETE", cookie: cookie.admin })).status).toBe(404);
    expect(await listAudit(db(), { limit: 10 })).toEqual([]);
  });
});

describe("removing a member", () => {
  it("ends their sessions and open chat sockets at once", async () => {
    const { cookie } = await seedWorld();
    const socket = await openSocket(IDS.publicChannel, cookie.member!);
    expect((await call(`/api/admin/members/${IDS.member}`, { method: "DELETE", cookie: cookie.admin })).status).toBe(
      200,
    );
    await until(() => socket.closes.length > 0);
    expect((await call("/api/users/me", { cookie: cookie.member })).status).toBe(401);
    // Reconnecting is refused: the session is gone.
    expect(
      (
        await call(`/api/groups/${IDS.publicChannel}/socket`, {
          cookie: cookie.member,
          headers: { upgrade: "websocket" },
        })
      ).status,
    ).toBe(401);
  });
});

describe("audit log route", () => {
  it("lists entries newest first with the actor, filters by action and actor, pages, and exports CSV", async () => {
    const { cookie } = await seedWorld();
    await call(`/api/admin/members/${IDS.member}/mute`, { method: "POST", cookie: cookie.admin, json: { hours: 1 } });
    await call(`/api/admin/members/${IDS.member}/mute`, { method: "DELETE", cookie: cookie.admin });
    await call(`/api/admin/members/${IDS.victim}`, { method: "PATCH", cookie: cookie.admin, json: { role: "admin" } });
    await call("/api/cosmic-notices", {
      method: "POST",
      cookie: cookie.admin,
      json: { title: "Full moon, tonight", content: "<p>C</p>" },
    });

    const all = await json<any[]>(await call("/api/admin/audit", { cookie: cookie.admin }));
    expect(all.map((e) => e.action)).toEqual(["notice.create", "member.role_change", "member.unmute", "member.mute"]);
    expect(all[0]).toMatchObject({
      actor_id: IDS.admin,
      actor_name: "Admin",
      actor_email: EMAILS.admin,
      target_type: "notice",
    });
    expect(
      (await json<any[]>(await call("/api/admin/audit?action=member.mute", { cookie: cookie.admin }))).map(
        (e) => e.action,
      ),
    ).toEqual(["member.mute"]);
    expect(await json<any[]>(await call(`/api/admin/audit?actor=${IDS.victim}`, { cookie: cookie.admin }))).toEqual([]);
    expect(
      (await json<any[]>(await call(`/api/admin/audit?actor=${IDS.admin}&limit=2`, { cookie: cookie.admin }))).map(
        (e) => e.action,
      ),
    ).toEqual(["notice.create", "member.role_change"]);
    const older = await json<any[]>(await call(`/api/admin/audit?before=${all[1].id}`, { cookie: cookie.admin }));
    expect(older.map((e) => e.action)).toEqual(["member.unmute", "member.mute"]);

    const csv = await call("/api/admin/audit?format=csv&action=notice.create", { cookie: cookie.admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toContain("attachment");
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Time,Actor,Actor email,Action,Target,Target id,Before,After");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Admin,${EMAILS.admin},notice.create,notice,`);
    // The JSON summary holds a comma and quotes: one quoted RFC 4180 cell.
    expect(lines[1]).toContain('"{""title"":""Full moon, tonight"",""is_pinned"":false}"');
  });

  it("is append-only: the API serves no route that changes or deletes it", () => {
    expect(appRoutes(app).filter((r) => r.includes("/admin/audit"))).toEqual(["GET /api/admin/audit"]);
  });
});
