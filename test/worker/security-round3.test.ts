// Security, round 3: one test per finding, named "security round 3 finding N: <the finding>", each
// at the size that broke it; `npx vitest run --config test/worker/vitest.config.ts -t "security round 3"` runs them.
import { describe, expect, it } from "vitest";
import { mentionToken } from "../../worker/shared/mentions";
import { NOTIFICATION_LIMITS } from "../../worker/shared/notification-rules";
import type { NotificationList } from "../../worker/shared/notifications";
import { LIMITS, MODERATION } from "../../worker/shared/rules";
import { call, errorBody, json, signIn, testEnv } from "./helpers";
import { EMAILS, IDS, seedWorld } from "./seed";

/** Runs one statement per row (the seeding itself must stay under D1's 100 variables a statement). */
const insertEach = (sql: string, rows: unknown[][]) =>
  testEnv.DB.batch(rows.map((args) => testEnv.DB.prepare(sql).bind(...args)));
const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);
const channelNames = async (cookie: string) => {
  const res = await call("/api/groups", { cookie });
  expect(res.status).toBe(200);
  return (await json<{ name: string }[]>(res)).map((c) => c.name);
};

describe("security round 3", () => {
  it(`security round 3 finding 1: 51 pending invitations lock an email out of sign-in and the channel \
list`, async () => {
    await seedWorld();
    // 51 private channels of the owner, each with a pending invitation to one email (written as rows:
    // the API now refuses the 21st, see below).
    const ids = range(51, 100);
    await insertEach("INSERT INTO channels (id, name, is_private, created_by) VALUES (?, ?, 1, ?)", [
      ...ids.map((id) => [id, `Trap ${id}`, IDS.owner]),
    ]);
    await insertEach("INSERT INTO channel_invitations (channel_id, email, invited_by) VALUES (?, ?, ?)", [
      ...ids.map((id) => [id, "target@example.com", IDS.owner]),
    ]);

    const target = await signIn("target@example.com", "Target");
    const names = await channelNames(target);
    expect(names).toHaveLength(52);
    expect(names).toContain("Trap 150");
    const bound = await testEnv.DB.prepare(
      "SELECT (SELECT count(*) FROM channel_invitations) AS pending, (SELECT count(*) FROM channel_members m JOIN " +
        "users u ON u.id = m.user_id WHERE u.email = 'target@example.com') AS joined",
    ).first<{ pending: number; joined: number }>();
    expect(bound).toEqual({ pending: 1, joined: 51 });
  });

  it(`security round 3 finding 1: an email takes at most 20 pending invitations (the oldest kept), and the invitee can \
decline`, async () => {
    const world = await seedWorld();
    const owner = world.cookie.owner!;
    const ids = range(LIMITS.invitationsPerEmailMax + 1, 100);
    await insertEach("INSERT INTO channels (id, name, is_private, created_by) VALUES (?, ?, 1, ?)", [
      ...ids.map((id) => [id, `Room ${id}`, IDS.owner]),
    ]);
    // The seeded world has one pending invitation to another email; only this email's count matters.
    await insertEach("INSERT INTO channel_invitations (channel_id, email, invited_by) VALUES (?, ?, ?)", [
      ...ids.slice(0, -1).map((id) => [id, "busy@example.com", IDS.owner]),
    ]);
    const invite = (channelId: number, email: string) =>
      call(`/api/groups/${channelId}/members`, { method: "POST", cookie: owner, json: { email } });
    const refused = await invite(ids.at(-1)!, "Busy@Example.com");
    expect(refused.status).toBe(409);
    expect(await errorBody(refused)).toEqual({
      error: `That email already has ${LIMITS.invitationsPerEmailMax} pending invitations`,
      code: "invitations_full",
    });
    // Inviting again where it is already pending stays the same idempotent answer; others still can.
    expect((await invite(ids[0], "busy@example.com")).status).toBe(201);
    expect((await invite(ids.at(-1)!, "free@example.com")).status).toBe(201);

    // The invitee signs in: the 20 bind; they decline one, and it goes with its notification.
    const busy = await signIn("busy@example.com", "Busy");
    expect(await channelNames(busy)).toHaveLength(LIMITS.invitationsPerEmailMax + 1);
    const notes = await json<NotificationList>(await call("/api/notifications", { cookie: busy }));
    expect(notes.items.filter((n) => n.channel_id === ids[0])).toHaveLength(1);
    const decline = (channelId: number, cookie: string | undefined) =>
      call(`/api/groups/${channelId}/decline`, { method: "POST", cookie });
    expect((await decline(ids[0], busy)).status).toBe(200);
    expect(await channelNames(busy)).not.toContain(`Room ${ids[0]}`);
    const after = await json<NotificationList>(await call("/api/notifications", { cookie: busy }));
    expect(after.items.filter((n) => n.channel_id === ids[0])).toEqual([]);
    expect((await call(`/api/messages?group_id=${ids[0]}`, { cookie: busy })).status).toBe(404);

    // Nothing left to decline: 404; a pending (unbound) invitation declines too; anonymous: 401.
    const again = await decline(ids[0], busy);
    expect(again.status).toBe(404);
    expect((await errorBody(again)).code).toBe("invitation_not_found");
    expect((await decline(IDS.publicChannel, world.cookie.member)).status).toBe(404);
    await insertEach("INSERT INTO channel_invitations (channel_id, email, invited_by) VALUES (?, ?, ?)", [
      [IDS.privateChannel, EMAILS.member, IDS.owner],
    ]);
    expect((await decline(IDS.privateChannel, world.cookie.member)).status).toBe(200);
    expect(
      await testEnv.DB.prepare("SELECT count(*) AS n FROM channel_invitations WHERE email = ?")
        .bind(EMAILS.member)
        .first("n"),
    ).toBe(0);
    expect((await decline(IDS.privateChannel, undefined)).status).toBe(401);
    // The channel's creator is no invitee of it.
    expect((await decline(IDS.privateChannel, owner)).status).toBe(404);
  });

  it("security round 3 finding 2: 101 open reports take the moderation queue down", async () => {
    const world = await seedWorld();
    const ids = range(101, 100);
    await insertEach("INSERT INTO posts (id, author_id, content) VALUES (?, ?, ?)", [
      ...ids.map((id) => [id, IDS.owner, `Post ${id}`]),
    ]);
    await insertEach("INSERT INTO reports (id, kind, target_id) VALUES (?, 'post', ?)", [...ids.map((id) => [id, id])]);
    await insertEach("INSERT INTO report_reasons (report_id, reporter_id, reason) VALUES (?, ?, 'spam')", [
      ...ids.map((id) => [id, id % 2 ? IDS.member : IDS.paid]),
    ]);
    const res = await call("/api/admin/reports", { cookie: world.cookie.admin });
    expect(res.status).toBe(200);
    const queue = await json<{ id: number; content: { text: string } | null; reasons: unknown[] }[]>(res);
    expect(queue).toHaveLength(102);
    expect(queue.find((r) => r.id === 150)).toMatchObject({
      content: { text: "Post 150" },
      reasons: [expect.anything()],
    });
  });

  it("security round 3 finding 2: a member has at most 20 reports waiting in the queue", async () => {
    const world = await seedWorld();
    const ids = range(MODERATION.openReportsPerReporterMax + 1, 100);
    await insertEach("INSERT INTO posts (id, author_id, content) VALUES (?, ?, ?)", [
      ...ids.map((id) => [id, IDS.owner, `Post ${id}`]),
    ]);
    // The seeded open report is the paid member's first; 19 more make 20.
    const waiting = ids.slice(0, MODERATION.openReportsPerReporterMax - 1);
    await insertEach("INSERT INTO reports (id, kind, target_id) VALUES (?, 'post', ?)", [
      ...waiting.map((id) => [id, id]),
    ]);
    await insertEach("INSERT INTO report_reasons (report_id, reporter_id, reason) VALUES (?, ?, 'spam')", [
      ...waiting.map((id) => [id, IDS.paid]),
    ]);
    const report = (cookie: string | undefined, id: number) =>
      call("/api/reports", { method: "POST", cookie, json: { kind: "post", id, reason: "spam" } });
    const refused = await report(world.cookie.paid, ids.at(-1)!);
    expect(refused.status).toBe(409);
    expect((await errorBody(refused)).code).toBe("open_reports_full");
    // Someone else still reports it; once a moderator resolves one, the paid member can again.
    expect((await report(world.cookie.member, ids.at(-1)!)).status).toBe(201);
    await testEnv.DB.prepare("UPDATE reports SET status = 'dismissed' WHERE id = ?").bind(waiting[0]).run();
    expect((await report(world.cookie.paid, ids.at(-1)!)).status).toBe(201);
  });

  it("security round 3 finding 3: POST /api/notifications/read with 100 ids", async () => {
    const world = await seedWorld();
    await insertEach("INSERT INTO notifications (id, user_id, kind, detail) VALUES (?, ?, 'payment', 'completed')", [
      ...range(NOTIFICATION_LIMITS.notificationIdsMax).map((id) => [id, IDS.member]),
    ]);
    const read = (ids: number[]) =>
      call("/api/notifications/read", { method: "POST", cookie: world.cookie.member, json: { ids } });
    const res = await read(range(NOTIFICATION_LIMITS.notificationIdsMax));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unread: 0 });
    expect((await read(range(NOTIFICATION_LIMITS.notificationIdsMax + 1))).status).toBe(400);
  });

  it(`security round 3 finding 4: a muted member still publishes (channels, invitations, uploads, likes, name and \
bio)`, async () => {
    const world = await seedWorld();
    const until = new Date(Date.now() + 3600_000);
    await testEnv.DB.prepare("UPDATE users SET muted_until = ? WHERE id = ?").bind(until.getTime(), IDS.owner).run();
    const owner = world.cookie.owner;
    const form = new FormData();
    form.set("title", "Guide");
    form.set("file", new File(["hello"], "guide.txt", { type: "text/plain" }));
    const attempts = {
      "create a channel": call("/api/groups", { method: "POST", cookie: owner, json: { name: "Loud" } }),
      "rename a channel": call(`/api/groups/${IDS.publicChannel}`, {
        method: "PUT",
        cookie: owner,
        json: { name: "Loud" },
      }),
      invite: call(`/api/groups/${IDS.privateChannel}/members`, {
        method: "POST",
        cookie: owner,
        json: { email: EMAILS.member },
      }),
      upload: call("/api/resources/upload", { method: "POST", cookie: owner, body: form }),
      like: call(`/api/posts/${IDS.post}/like`, { method: "POST", cookie: owner }),
      name: call("/api/users/me", { method: "PATCH", cookie: owner, json: { name: "Loud" } }),
      bio: call("/api/users/me", { method: "PATCH", cookie: owner, json: { bio: "Loud" } }),
    };
    const before = await testEnv.DB.prepare(
      "SELECT (SELECT count(*) FROM channels) + (SELECT count(*) FROM channel_invitations) + (SELECT count(*) FROM " +
        "resources) + (SELECT count(*) FROM post_likes) AS n",
    ).first("n");
    for (const [label, pending] of Object.entries(attempts)) {
      const res = await pending;
      expect(res.status, label).toBe(403);
      expect(await json(res), label).toMatchObject({ code: "account_muted", muted_until: until.toISOString() });
    }
    const after = await testEnv.DB.prepare(
      "SELECT (SELECT count(*) FROM channels) + (SELECT count(*) FROM channel_invitations) + (SELECT count(*) FROM " +
        "resources) + (SELECT count(*) FROM post_likes) AS n",
    ).first("n");
    expect(after).toBe(before);
    const me = await json<{ name: string; bio: string | null }>(await call("/api/users/me", { cookie: owner }));
    expect(me).toMatchObject({ name: "Owner", bio: null });
    expect((await call(`/api/groups/${IDS.publicChannel}`, { cookie: owner })).status).not.toBe(403);
    // What only the member sees stays theirs to change.
    expect(
      (await call("/api/users/me", { method: "PATCH", cookie: owner, json: { timezone: "America/Santiago" } })).status,
    ).toBe(200);
  });

  it("security round 3 finding 5: notifications show a private channel's name to members who lost access", async () => {
    const world = await seedWorld();
    await insertEach(
      "INSERT INTO notifications (user_id, kind, actor_id, channel_id, message_id) VALUES (?, ?, ?, ?, ?)",
      [
        [IDS.paid, "channel_invite", IDS.owner, IDS.privateChannel, null],
        [IDS.paid, "mention", IDS.owner, IDS.privateChannel, IDS.imageMessage],
      ],
    );
    const names = async () =>
      (await json<NotificationList>(await call("/api/notifications", { cookie: world.cookie.paid }))).items.map((n) => [
        n.kind,
        n.channel_id,
        n.channel_name,
      ]);
    expect(await names()).toEqual([
      ["mention", IDS.privateChannel, "Private"],
      ["channel_invite", IDS.privateChannel, "Private"],
    ]);
    // The owner removes them and renames the channel: the new name never reaches them.
    const removed = await call(`/api/groups/${IDS.privateChannel}/members/${IDS.paid}`, {
      method: "DELETE",
      cookie: world.cookie.owner,
    });
    expect(removed.status).toBe(200);
    await call(`/api/groups/${IDS.privateChannel}`, {
      method: "PUT",
      cookie: world.cookie.owner,
      json: { name: "Secret plans", is_private: true },
    });
    expect(await names()).toEqual([
      ["mention", IDS.privateChannel, null],
      ["channel_invite", IDS.privateChannel, null],
    ]);
    // Made public, it is readable again, and so is its name.
    await call(`/api/groups/${IDS.privateChannel}`, {
      method: "PUT",
      cookie: world.cookie.owner,
      json: { name: "Open now", is_private: false },
    });
    expect((await names()).map(([, , name]) => name)).toEqual(["Open now", "Open now"]);
  });

  it("security round 3 finding 6: two admins deleting their accounts at the same moment leave none", async () => {
    const world = await seedWorld();
    await testEnv.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(IDS.member).run();
    const remove = (cookie: string | undefined, email: string) =>
      call("/api/profile", { method: "DELETE", cookie, json: { confirm: email } });
    const statuses = await Promise.all([
      remove(world.cookie.admin, EMAILS.admin),
      remove(world.cookie.member, EMAILS.member),
    ]);
    expect(statuses.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = statuses.find((r) => r.status === 409)!;
    expect((await errorBody(refused)).code).toBe("last_admin");
    const admins = await testEnv.DB.prepare("SELECT count(*) AS n FROM users WHERE role = 'admin'").first("n");
    expect(admins).toBe(1);
    // The refused deletion wrote nothing: its account, sessions and content are all there.
    const left = await testEnv.DB.prepare(
      "SELECT u.id, (SELECT count(*) FROM sessions s WHERE s.user_id = u.id) AS sessions FROM users u WHERE u.role = " +
        "'admin'",
    ).first<{ id: number; sessions: number }>();
    expect(left?.sessions).toBe(1);
  });

  it("security round 3 finding 6: two admins demoting each other at the same moment leave none", async () => {
    const world = await seedWorld();
    await testEnv.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(IDS.member).run();
    const demote = (cookie: string | undefined, id: number) =>
      call(`/api/admin/members/${id}`, { method: "PATCH", cookie, json: { role: "member" } });
    const statuses = (
      await Promise.all([demote(world.cookie.admin, IDS.member), demote(world.cookie.member, IDS.admin)])
    ).map((r) => r.status);
    // One demotion wins; the other is refused (409) or, when its caller was demoted first, finds its session gone
    // (401).
    expect(statuses).toContain(200);
    expect(statuses.filter((s) => s === 409 || s === 401)).toHaveLength(1);
    expect(await testEnv.DB.prepare("SELECT count(*) AS n FROM users WHERE role = 'admin'").first("n")).toBe(1);
  });

  it(`security round 3 finding 7: display names impersonate (an admin's name, direction overrides, invisible-only, \
newlines, mentions by name)`, async () => {
    const world = await seedWorld();
    const rename = (name: string, cookie = world.cookie.member) =>
      call("/api/users/me", { method: "PATCH", cookie, json: { name } });
    const nameOf = async () =>
      (await json<{ name: string | null }>(await call("/api/users/me", { cookie: world.cookie.member }))).name;
    for (const copy of ["Admin", "ADMIN", " admin ", "\uFF21\uFF44\uFF4D\uFF49\uFF4E"]) {
      const res = await rename(copy);
      expect(res.status, copy).toBe(409);
      expect(await errorBody(res), copy).toMatchObject({ code: "name_reserved" });
    }
    for (const bad of ["Ad\u200Bmin", "\u202Enimda", "\u200B\u200B", "\u3164", "Luna\nStar", "Luna\u2066Star"]) {
      const res = await rename(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect((await errorBody(res)).code, JSON.stringify(bad)).toMatch(/^(name_invalid|control_characters)$/);
    }
    expect(await nameOf()).toBe("Member");
    // Normalised (NFKC, spaces collapsed, trimmed); an emoji's joiner stays.
    expect((await rename("  \uFF2C\uFF55\uFF4E\uFF41   Star ")).status).toBe(200);
    expect(await nameOf()).toBe("Luna Star");
    expect((await rename("Luna \u{1F469}\u200D\u{1F680}")).status).toBe(200);
    expect(await nameOf()).toBe("Luna \u{1F469}\u200D\u{1F680}");
    // An admin keeps their own name; a sign-in carrying an admin's name gets none.
    expect((await rename("Admin", world.cookie.admin)).status).toBe(200);
    const copycat = await signIn("copycat@example.com", "ADMIN");
    expect((await json<{ name: string | null }>(await call("/api/users/me", { cookie: copycat }))).name).toBe(null);

    // An admin adding a member gets the same rules.
    const add = (name: string, email: string) =>
      call("/api/admin/members", { method: "POST", cookie: world.cookie.admin, json: { email, name } });
    expect((await add("\u202Eevil", "a@example.com")).status).toBe(400);
    expect((await errorBody(await add("admin", "b@example.com"))).code).toBe("name_reserved");
    const added = await add(" \uFF2Eova ", "c@example.com");
    expect(added.status).toBe(201);
    expect((await json<{ name: string }>(added)).name).toBe("Nova");

    // A mention is the member the autocomplete chose (its id in the text): a member who copies that
    // name hears nothing, and a name typed without choosing mentions no one.
    await testEnv.DB.prepare("UPDATE users SET name = 'Paid' WHERE id = ?").bind(IDS.victim).run();
    const written = await call("/api/posts", {
      method: "POST",
      cookie: world.cookie.owner,
      json: { content: `Thanks ${mentionToken("Paid", IDS.paid)}, and @Paid again` },
    });
    expect(written.status).toBe(201);
    const mentioned = await testEnv.DB.prepare("SELECT user_id FROM notifications WHERE kind = 'mention'").all();
    expect(mentioned.results).toEqual([{ user_id: IDS.paid }]);
    // A text's limit counts it as it reads ("@Paid"), as the composer's counter did, not the token's markup.
    const asRead = (visible: number) => `${mentionToken("Paid", IDS.paid)} ${"x".repeat(visible - "@Paid ".length)}`;
    const postOf = (content: string) =>
      call("/api/posts", { method: "POST", cookie: world.cookie.member, json: { content } });
    expect((await postOf(asRead(LIMITS.postMax))).status).toBe(201);
    expect((await postOf(asRead(LIMITS.postMax + 1))).status).toBe(400);
    // The post reads the mention as it was written.
    expect((await json<{ content: string }>(written)).content).toBe(
      `Thanks ${mentionToken("Paid", IDS.paid)}, and @Paid again`,
    );
  });
});
