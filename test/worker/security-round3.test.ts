// Issue 30 (security, round 3): one test per finding, named "issue 30 finding N: <the finding>", each
// at the size that broke it; `npx vitest run --config test/worker/vitest.config.ts -t "issue 30"` runs them.
import { describe, expect, it } from "vitest";
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

describe("issue 30", () => {
  it("issue 30 finding 1: 51 pending invitations lock an email out of sign-in and the channel list", async () => {
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
      "SELECT (SELECT count(*) FROM channel_invitations) AS pending, (SELECT count(*) FROM channel_members m JOIN users u ON u.id = m.user_id WHERE u.email = 'target@example.com') AS joined",
    ).first<{ pending: number; joined: number }>();
    expect(bound).toEqual({ pending: 1, joined: 51 });
  });

  it("issue 30 finding 1: an email takes at most 20 pending invitations (the oldest kept), and the invitee can decline", async () => {
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

  it("issue 30 finding 2: 101 open reports take the moderation queue down", async () => {
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

  it("issue 30 finding 2: a member has at most 20 reports waiting in the queue", async () => {
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

  it("issue 30 finding 3: POST /api/notifications/read with 100 ids", async () => {
    const world = await seedWorld();
    await insertEach("INSERT INTO notifications (id, user_id, kind, detail) VALUES (?, ?, 'payment', 'completed')", [
      ...range(LIMITS.notificationIdsMax).map((id) => [id, IDS.member]),
    ]);
    const read = (ids: number[]) =>
      call("/api/notifications/read", { method: "POST", cookie: world.cookie.member, json: { ids } });
    const res = await read(range(LIMITS.notificationIdsMax));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unread: 0 });
    expect((await read(range(LIMITS.notificationIdsMax + 1))).status).toBe(400);
  });
});
