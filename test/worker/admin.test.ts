import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  channels,
  comments,
  memberships,
  messages,
  payments,
  postLikes,
  posts,
  profiles,
  sessions,
  users,
} from "../../worker/db/schema";
import { TEXTS } from "../../worker/shared/texts";
import { api, call, db, errorBody, json, signIn, testEnv } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;
const ADMIN = "admin@example.com";

const idOf = async (email: string) =>
  (await db().select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

let order = 0;
async function addPayment(patch: Partial<typeof payments.$inferInsert> = {}) {
  order++;
  const [row] = await db()
    .insert(payments)
    .values({
      userEmail: "payer@example.com",
      amountClp: 15000,
      status: "completed",
      buyOrder: `bo-${order}-${Math.random()}`,
      sessionId: `s-${order}`,
      ...patch,
    })
    .returning();
  return row;
}

const members$ = (cookie: string) => api(cookie).admin.members;
const member$ = (cookie: string) => api(cookie).admin.members[":id"];
const param = (id: number) => ({ param: { id: String(id) } });
const me = (cookie: string) => api(cookie).users.me.$get();

const ADMIN_ROUTES: Array<[string, string, unknown?]> = [
  ["GET", "/api/admin/members"],
  ["POST", "/api/admin/members", { email: "new@example.com", role: "member" }],
  ["PATCH", "/api/admin/members/1", { role: "admin" }],
  ["DELETE", "/api/admin/members/1"],
  ["GET", "/api/admin/payments"],
  ["DELETE", "/api/admin/payments/clear-all"],
  ["DELETE", "/api/admin/payments/1"],
];

describe("admin routes are for admins only", () => {
  it("answers 401 to anonymous callers and 403 to members on every route, and changes nothing", async () => {
    await addPayment();
    const member = await signIn("mira@example.com", "Mira");
    for (const [method, path, body] of ADMIN_ROUTES) {
      const anon = await call(path, { method, json: body });
      expect(anon.status, `${method} ${path} anonymous`).toBe(401);
      expect((await json(anon)).error).toBe(TEXTS.api.unauthorized);
      const denied = await call(path, { method, json: body, cookie: member });
      expect(denied.status, `${method} ${path} member`).toBe(403);
      expect((await json(denied)).error).toBe(TEXTS.api.forbidden);
    }
    expect(await db().select().from(payments)).toHaveLength(1);
    expect((await db().select().from(users)).map((u) => [u.email, u.role])).toEqual([["mira@example.com", "member"]]);
  });
});

describe("members", () => {
  it("lists members with status, plan and joined date", async () => {
    const admin = await signIn(ADMIN, "Ada");
    await signIn("paid@example.com", "Paid");
    await signIn("trial@example.com", "Trial");
    await signIn("lapsed@example.com", "Lapsed");
    await signIn("none@example.com", "None");
    const now = Date.now();
    await db()
      .insert(memberships)
      .values([
        {
          userId: await idOf("paid@example.com"),
          kind: "paid",
          plan: "monthly",
          nextPaymentDue: new Date(now + 10 * DAY),
        },
        {
          userId: await idOf("trial@example.com"),
          kind: "trial",
          plan: "trial",
          nextPaymentDue: new Date(now + 3 * DAY),
        },
        {
          userId: await idOf("lapsed@example.com"),
          kind: "paid",
          plan: "monthly",
          nextPaymentDue: new Date(now - DAY),
        },
      ]);
    const res = await members$(admin).$get();
    expect(res.status).toBe(200);
    const list = await res.json();
    const byEmail = Object.fromEntries(list.map((m) => [m.email, m]));
    expect(Object.keys(list[0]).sort()).toEqual([
      "auto_renew",
      "created_at",
      "email",
      "id",
      "muted_until",
      "name",
      "plan",
      "role",
      "status",
    ]);
    expect(byEmail[ADMIN]).toMatchObject({ role: "admin", status: "active", name: "Ada" });
    expect(byEmail["paid@example.com"]).toMatchObject({ role: "member", status: "active", plan: "monthly" });
    expect(byEmail["trial@example.com"]).toMatchObject({ status: "trial", plan: "trial" });
    expect(byEmail["lapsed@example.com"]).toMatchObject({ status: "inactive", plan: "monthly" });
    expect(byEmail["none@example.com"]).toMatchObject({ status: "inactive", plan: null });
    expect(new Date(byEmail["none@example.com"].created_at).toISOString()).toBe(byEmail["none@example.com"].created_at);
  });

  it("adds a member by email, and that person's first sign-in binds to the same account", async () => {
    const admin = await signIn(ADMIN, "Ada");
    const res = await members$(admin).$post({
      json: { email: "  Nova@Example.com ", name: "Nova Star", role: "member" },
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({
      email: "nova@example.com",
      name: "Nova Star",
      role: "member",
      status: "inactive",
      plan: null,
    });

    const nova = await signIn("nova@example.com", "Someone Else");
    expect(await (await me(nova)).json()).toMatchObject({
      id: created.id,
      email: "nova@example.com",
      name: "Nova Star",
      role: "member",
    });
    expect(await db().select().from(users).where(eq(users.email, "nova@example.com"))).toHaveLength(1);
  });

  it("pre-provisions admins too, and name is optional", async () => {
    const admin = await signIn(ADMIN, "Ada");
    const res = await members$(admin).$post({ json: { email: "orion@example.com", role: "admin" } });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: null, role: "admin" });
    const orion = await signIn("orion@example.com", "Orion");
    expect((await (await me(orion)).json()).role).toBe("admin");
    expect((await members$(orion).$get()).status).toBe(200);
  });

  it("refuses a missing, blank or malformed email, an unknown role, and an existing email", async () => {
    const admin = await signIn(ADMIN, "Ada");
    for (const body of [{ name: "X", role: "member" }, { email: "", role: "member" }, { email: "   " }]) {
      const res = await call("/api/admin/members", { method: "POST", cookie: admin, json: body });
      expect(res.status).toBe(400);
      expect((await errorBody(res)).error).toContain(TEXTS.admin.emailRequired);
    }
    for (const email of ["not-an-email", "a@", "@example.com", "a b@example.com"]) {
      const res = await members$(admin).$post({ json: { email, role: "member" } });
      expect(res.status, email).toBe(400);
      expect((await errorBody(res)).error).toContain(TEXTS.admin.emailInvalid);
    }
    const badRole = await call("/api/admin/members", {
      method: "POST",
      cookie: admin,
      json: { email: "x@example.com", role: "owner" },
    });
    expect(badRole.status).toBe(400);
    const dup = await members$(admin).$post({ json: { email: "ADMIN@example.com", role: "member" } });
    expect(dup.status).toBe(409);
    expect((await errorBody(dup)).error).toBe(TEXTS.admin.memberExists);
    const notJson = await call("/api/admin/members", {
      method: "POST",
      cookie: admin,
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(await db().select().from(users)).toHaveLength(1);
  });

  it("refuses to delete an admin (including oneself)", async () => {
    const admin = await signIn(ADMIN, "Ada");
    const other = await members$(admin).$post({ json: { email: "vega@example.com", role: "admin" } });
    for (const id of [(await other.json()).id, await idOf(ADMIN)]) {
      const res = await member$(admin).$delete(param(id));
      expect(res.status).toBe(403);
      expect((await errorBody(res)).error).toBe(TEXTS.admin.cannotDeleteAdmin);
    }
    expect(await db().select().from(users)).toHaveLength(2);
  });

  it("answers 404 for an unknown member and 400 for a non-numeric id", async () => {
    const admin = await signIn(ADMIN, "Ada");
    expect((await member$(admin).$delete(param(999999))).status).toBe(404);
    expect((await call("/api/admin/members/abc", { method: "DELETE", cookie: admin })).status).toBe(400);
    expect(
      (await call("/api/admin/members/abc", { method: "PATCH", cookie: admin, json: { role: "admin" } })).status,
    ).toBe(400);
  });

  it(`deletes a member: their session stops working at once, their content goes, payments stay, counters of others' \
posts are recomputed`, async () => {
    const admin = await signIn(ADMIN, "Ada");
    const doomed = await signIn("doomed@example.com", "Doomed");
    const doomedOther = await signIn("doomed@example.com", "Doomed"); // a second device
    const friend = await signIn("friend@example.com", "Friend");
    const d = db();
    const doomedId = await idOf("doomed@example.com");
    const friendId = await idOf("friend@example.com");
    const [friendPost] = await d
      .insert(posts)
      .values({ authorId: friendId, content: "friend's post", likesCount: 2, commentsCount: 2 })
      .returning();
    const [doomedPost] = await d
      .insert(posts)
      .values({ authorId: doomedId, content: "doomed post", likesCount: 1, commentsCount: 1 })
      .returning();
    await d.insert(postLikes).values([
      { postId: friendPost.id, userId: doomedId },
      { postId: friendPost.id, userId: friendId },
      { postId: doomedPost.id, userId: friendId },
    ]);
    await d.insert(comments).values([
      { postId: friendPost.id, authorId: doomedId, content: "doomed comment" },
      { postId: friendPost.id, authorId: friendId, content: "friend comment" },
      { postId: doomedPost.id, authorId: friendId, content: "on doomed post" },
    ]);
    const [channel] = await d.insert(channels).values({ name: "general", createdBy: friendId }).returning();
    await d.insert(messages).values([
      { channelId: channel.id, senderId: doomedId, body: "[Image: a.png]", imageKey: "chat/doomed-image" },
      { channelId: channel.id, senderId: friendId, body: "hello from friend" },
    ]);
    await d.update(profiles).set({ goals: '["x"]' }).where(eq(profiles.userId, doomedId));
    expect(await d.select().from(profiles).where(eq(profiles.userId, doomedId))).toHaveLength(1);
    await d.insert(memberships).values({ userId: doomedId, nextPaymentDue: new Date(Date.now() + DAY) });
    await addPayment({ userId: doomedId, userEmail: "doomed@example.com" });
    await testEnv.BLOBS.put("chat/doomed-image", "png bytes");

    expect((await me(doomed)).status).toBe(200);
    const res = await member$(admin).$delete(param(doomedId));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });

    // Signed out everywhere at once.
    expect((await me(doomed)).status).toBe(401);
    expect((await me(doomedOther)).status).toBe(401);
    expect(await d.select().from(sessions).where(eq(sessions.userId, doomedId))).toHaveLength(0);
    expect((await me(friend)).status).toBe(200);

    // Content gone; others' content stays with corrected counters.
    expect(await d.select().from(users).where(eq(users.id, doomedId))).toHaveLength(0);
    expect((await d.select().from(posts)).map((p) => [p.id, p.likesCount, p.commentsCount])).toEqual([
      [friendPost.id, 1, 1],
    ]);
    expect((await d.select().from(comments)).map((c) => c.content)).toEqual(["friend comment"]);
    expect((await d.select().from(postLikes)).map((l) => l.userId)).toEqual([friendId]);
    expect((await d.select().from(messages)).map((m) => m.body)).toEqual(["hello from friend"]);
    expect(await d.select().from(profiles).where(eq(profiles.userId, doomedId))).toHaveLength(0);
    expect(await d.select().from(memberships)).toHaveLength(0);
    expect(await testEnv.BLOBS.head("chat/doomed-image")).toBeNull();

    // Payments stay for accounting, detached from the account.
    const [payment] = await d.select().from(payments);
    expect(payment).toMatchObject({ userId: null, userEmail: "doomed@example.com", amountClp: 15000 });

    // A later sign-in with that email makes a fresh account.
    const again = await signIn("doomed@example.com", "Back Again");
    expect((await (await me(again)).json()).id).not.toBe(doomedId);
  });

  it("promotes and demotes, ending that member's sessions, and refuses changing one's own role", async () => {
    const admin = await signIn(ADMIN, "Ada");
    const member = await signIn("lyra@example.com", "Lyra");
    const id = await idOf("lyra@example.com");
    const up = await member$(admin).$patch({ ...param(id), json: { role: "admin" } });
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ id, role: "admin", status: "active" });
    expect((await me(member)).status).toBe(401);

    const promoted = await signIn("lyra@example.com", "Lyra");
    expect((await members$(promoted).$get()).status).toBe(200);
    const down = await member$(admin).$patch({ ...param(id), json: { role: "member" } });
    expect((await down.json()).role).toBe("member");
    expect((await members$(promoted).$get()).status).toBe(401);

    const self = await member$(admin).$patch({ ...param(await idOf(ADMIN)), json: { role: "member" } });
    expect(self.status).toBe(403);
    expect((await errorBody(self)).error).toBe(TEXTS.admin.cannotChangeOwnRole);
    expect((await me(admin)).status).toBe(200);
    expect(
      (await call(`/api/admin/members/${id}`, { method: "PATCH", cookie: admin, json: { role: "owner" } })).status,
    ).toBe(400);
  });
});

describe("payments", () => {
  it("lists payment records newest first with the spec's fields", async () => {
    const admin = await signIn(ADMIN, "Ada");
    const first = await addPayment({
      userEmail: "a@example.com",
      status: "completed",
      createdAt: new Date(Date.now() - DAY),
    });
    const second = await addPayment({ userEmail: "b@example.com", status: "pending" });
    const res = await api(admin).admin.payments.$get();
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list.map((p) => p.id)).toEqual([second.id, first.id]);
    // The spec's fields, plus why a payment failed, whether it was a test payment, and its refund.
    expect(Object.keys(list[0]).sort()).toEqual([
      "amount_clp",
      "automatic",
      "created_at",
      "failure_reason",
      "id",
      "is_test",
      "plan",
      "refund_type",
      "refunded_at",
      "status",
      "user_email",
    ]);
    expect(list[1]).toMatchObject({
      user_email: "a@example.com",
      plan: "monthly",
      amount_clp: 15000,
      status: "completed",
    });
    // Nothing of the card transaction leaks into the list.
    expect(JSON.stringify(list)).not.toMatch(/buy_order|token|authorization/);
  });

  it("deletes one payment record, 404 for an unknown one", async () => {
    const admin = await signIn(ADMIN, "Ada");
    const keep = await addPayment();
    const drop = await addPayment();
    const remove = () => api(admin).admin.payments[":id"].$delete(param(drop.id));
    expect((await remove()).status).toBe(200);
    expect((await db().select().from(payments)).map((p) => p.id)).toEqual([keep.id]);
    const again = await remove();
    expect(again.status).toBe(404);
    expect((await errorBody(again)).error).toBe(TEXTS.admin.paymentNotFound);
    expect((await call("/api/admin/payments/nope", { method: "DELETE", cookie: admin })).status).toBe(400);
  });

  it("clears all payment records", async () => {
    const admin = await signIn(ADMIN, "Ada");
    await addPayment();
    await addPayment({ status: "failed" });
    await addPayment({ status: "pending" });
    const res = await api(admin).admin.payments["clear-all"].$delete();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, deleted: 3 });
    expect(await db().select().from(payments)).toHaveLength(0);
    expect(await (await api(admin).admin.payments.$get()).json()).toEqual([]);
  });
});
