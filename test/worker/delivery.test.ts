// Delivery is a consequence of writing: every notification written has its pending delivery (the outbox) from the
// same statement, a sender queues it right after the response (or the cron run), the five-minute sweep sends what a
// dead worker left pending, and the queue's consumer marks it delivered or dead. One test per path that once lost
// its delivery: a reply, the membership-ending reminder, invitations bound at sign-in, and a receipt whose worker
// stopped between the settling batch and the send.
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { CRON, JOBS, scheduledHandler } from "../../worker/cron";
import type { Env } from "../../worker/env";
import { SWEEP_AFTER_MS, sendPendingDeliveries } from "../../worker/features/notifications/deliver";
import { queue as consume } from "../../worker/features/notifications/queue";
import { approvePayment, createPendingPayment } from "../../worker/features/payments/queries/payments";
import type { DeliveryJob } from "../../worker/shared/delivery-jobs";
import { call, db, drain, json, outbox, recordingQueue, signIn, testEnv } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;

const idOf = async (cookie: string) => (await json(await call("/api/users/me", { cookie }))).id as number;

const deliveries = () =>
  db().all<{ notification_id: number; user_id: number; state: string; kind: string }>(
    sql`select d.notification_id, d.user_id, d.state, n.kind from notification_deliveries d
      join notifications n on n.id = d.notification_id order by d.id`,
  );

const emailOn = (cookie: string, kind: string) =>
  call("/api/notifications/preferences", {
    method: "PUT",
    cookie,
    json: { preferences: { [kind]: { in_app: true, push: false, email: true } }, digest: "off" },
  });

const runCron = (cron: string, env: Partial<Env>, now: number) =>
  scheduledHandler(JOBS)({ cron, scheduledTime: now, noRetry() {} } as ScheduledController, { ...testEnv, ...env }, {
    waitUntil() {},
    passThroughOnException() {},
  } as unknown as ExecutionContext);

describe("every notification written is delivered", () => {
  let queue: ReturnType<typeof recordingQueue>;
  beforeEach(() => {
    queue = recordingQueue();
  });

  it("a chat reply is emailed to its author when they asked for reply emails", async () => {
    const author = await signIn("author@example.com", "Author");
    const replier = await signIn("replier@example.com", "Replier");
    expect((await emailOn(author, "reply")).status).toBe(200);
    const channel = await json(
      await call("/api/groups", { method: "POST", cookie: author, json: { name: "Dawn", is_private: false } }),
    );
    const original = await json(
      await call("/api/messages", { method: "POST", cookie: author, json: { group_id: channel.id, body: "Sunrise?" } }),
    );
    const env = { DELIVERY_QUEUE: queue.binding };
    const replied = await call("/api/messages", {
      method: "POST",
      cookie: replier,
      json: { group_id: channel.id, body: "Count me in", reply_to: original.id },
      env,
    });
    expect(replied.status).toBe(201);
    // The sender after the response queued it: nothing is left pending for the sweep.
    expect(queue.sent).toEqual([{ type: "notified", ids: [expect.any(Number)] }]);
    await drain(queue);
    const mails = await outbox();
    expect(mails.map((m) => m.to)).toEqual(["author@example.com"]);
    expect(mails[0].text).toContain("Replier");
    expect(await deliveries()).toEqual([expect.objectContaining({ kind: "reply", state: "delivered" })]);
  });

  it("the membership-ending reminder written by the daily job is emailed (email on by default)", async () => {
    const member = await signIn("ending@example.com", "Ending");
    const now = Date.now();
    await db().run(sql`insert into memberships (user_id, plan, kind, next_payment_due)
      values (${await idOf(member)}, 'monthly', 'paid', ${now + 2 * DAY})`);
    await runCron(CRON.daily, { DELIVERY_QUEUE: queue.binding }, now);
    expect(queue.sent.filter((j) => j.type === "notified")).toHaveLength(1);
    await drain(queue);
    const mails = await outbox();
    expect(mails.map((m) => m.to)).toEqual(["ending@example.com"]);
    expect(await deliveries()).toEqual([expect.objectContaining({ kind: "membership_ending", state: "delivered" })]);
  });

  it("an invitation bound at sign-in is announced: queued for push and email, and the bell", async () => {
    const owner = await signIn("owner@example.com", "Owner");
    const channel = await json(
      await call("/api/groups", { method: "POST", cookie: owner, json: { name: "Circle", is_private: true } }),
    );
    const invited = await call(`/api/groups/${channel.id}/members`, {
      method: "POST",
      cookie: owner,
      json: { email: "newcomer@example.com" },
    });
    expect(invited.status).toBe(201);
    // The newcomer's first sign-in binds the invitation and writes its notification; its sender queues it.
    const newcomer = await signIn("newcomer@example.com", "Newcomer", { DELIVERY_QUEUE: queue.binding });
    const [bound] = await deliveries();
    expect(bound).toMatchObject({ kind: "channel_invite", user_id: await idOf(newcomer), state: "queued" });
    expect(queue.sent).toEqual([{ type: "notified", ids: [bound.notification_id] }]);
    await drain(queue);
    expect((await deliveries())[0].state).toBe("delivered");
    expect(
      (await json(await call("/api/notifications", { cookie: newcomer }))).items.map((n: { kind: string }) => n.kind),
    ).toEqual(["channel_invite"]);
  });

  it("a receipt whose worker stopped after the settling batch is sent by the sweep a minute later", async () => {
    const payer = await signIn("payer@example.com", "Payer");
    const payment = await createPendingPayment(db(), {
      isTest: true,
      userId: await idOf(payer),
      userEmail: "payer@example.com",
      amountClp: 15000,
      buyOrder: "SWEEP1",
      sessionId: "s-sweep",
    });
    // The settling batch runs on a handle with no sender (the step after the response never comes).
    expect(
      (await approvePayment(db(), payment, { authorizationCode: "1213", responseCode: 0, cardLast4: "6623" })).approved,
    ).toBe(true);
    expect(await deliveries()).toEqual([expect.objectContaining({ kind: "payment", state: "pending" })]);
    const env = { ...testEnv, DELIVERY_QUEUE: queue.binding };
    // Younger than a minute: the sweep leaves it to its own sender.
    expect(await sendPendingDeliveries(env, { writtenBefore: Date.now() - SWEEP_AFTER_MS })).toBe(0);
    await db().run(sql`update notification_deliveries set created_at = created_at - ${SWEEP_AFTER_MS + 1000}`);
    await runCron(CRON.everyFiveMinutes, { DELIVERY_QUEUE: queue.binding }, Date.now());
    expect(queue.sent.filter((j) => j.type === "notified")).toHaveLength(1);
    await drain(queue);
    const mails = await outbox();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([["payer@example.com", "Your payment receipt"]]);
    // Sent once: a second sweep finds nothing pending.
    expect(await sendPendingDeliveries(env)).toBe(0);
    expect(await deliveries()).toEqual([expect.objectContaining({ state: "delivered" })]);
  });

  it("a grouped like counted again is delivered again; two senders racing queue each delivery once", async () => {
    const author = await signIn("poster@example.com", "Poster");
    const post = await json(await call("/api/posts", { method: "POST", cookie: author, json: { content: "Breathe" } }));
    for (const who of ["one@example.com", "two@example.com"]) {
      const liker = await signIn(who, who);
      expect((await call(`/api/posts/${post.id}/like`, { method: "POST", cookie: liker })).status).toBe(200);
    }
    const likes = (await deliveries()).filter((d) => d.kind === "like");
    expect(likes).toHaveLength(2);
    expect(new Set(likes.map((d) => d.notification_id)).size).toBe(1);
    await db().run(sql`update notification_deliveries set state = 'pending'`);
    const env = { ...testEnv, DELIVERY_QUEUE: queue.binding };
    const [a, b] = await Promise.all([sendPendingDeliveries(env), sendPendingDeliveries(env)]);
    expect(a + b).toBe(1);
    expect(queue.sent).toHaveLength(1);
  });

  it("a job dead-lettered marks its notification's delivery dead; the queue refusing leaves it pending", async () => {
    const author = await signIn("dead@example.com", "Dead");
    const post = await json(await call("/api/posts", { method: "POST", cookie: author, json: { content: "Still" } }));
    const liker = await signIn("liker@example.com", "Liker");
    await call(`/api/posts/${post.id}/like`, { method: "POST", cookie: liker });
    const [like] = await deliveries();
    await db().run(sql`update notification_deliveries set state = 'pending'`);
    const refusing = {
      ...testEnv,
      DELIVERY_QUEUE: {
        sendBatch: async () => {
          throw new Error("queue unavailable");
        },
      } as unknown as Queue<DeliveryJob>,
    };
    await expect(sendPendingDeliveries(refusing)).rejects.toThrow("queue unavailable");
    expect((await deliveries())[0].state).toBe("pending");
    const job: DeliveryJob = {
      type: "email",
      email: { to: "x@example.com", subject: "s", text: "t", html: "h", headers: {} },
      notificationId: like.notification_id,
    };
    await consume(
      {
        queue: "cosmic-lounge-delivery-dead",
        messages: [{ body: job, attempts: 6, ack() {}, retry() {} }],
      } as unknown as MessageBatch,
      testEnv,
    );
    expect((await deliveries())[0].state).toBe("dead");
  });
});

describe("a blocked member's actions notify nobody who blocked them", () => {
  it("likes, comments, reactions, mentions and replies by a blocked member write no notification for the blocker", async () => {
    const blocker = await signIn("blocker@example.com", "Blocker");
    const blocked = await signIn("blocked@example.com", "Blocked");
    const blockerId = await idOf(blocker);
    const post = await json(await call("/api/posts", { method: "POST", cookie: blocker, json: { content: "Quiet" } }));
    const channel = await json(
      await call("/api/groups", { method: "POST", cookie: blocker, json: { name: "Open", is_private: false } }),
    );
    const message = await json(
      await call("/api/messages", { method: "POST", cookie: blocker, json: { group_id: channel.id, body: "Hello" } }),
    );
    expect(
      (await call("/api/blocks", { method: "POST", cookie: blocker, json: { user_id: await idOf(blocked) } })).status,
    ).toBe(201);
    const writes = [
      call(`/api/posts/${post.id}/like`, { method: "POST", cookie: blocked }),
      call(`/api/posts/${post.id}/comments`, { method: "POST", cookie: blocked, json: { content: "Hi" } }),
      call(`/api/messages`, {
        method: "POST",
        cookie: blocked,
        json: { group_id: channel.id, body: `Hey @[Blocker](${blockerId})`, reply_to: message.id },
      }),
      call(`/api/posts`, { method: "POST", cookie: blocked, json: { content: `See @[Blocker](${blockerId})` } }),
    ];
    for (const res of await Promise.all(writes)) expect(res.status).toBeLessThan(300);
    expect(await db().all(sql`select kind from notifications where user_id = ${blockerId}`)).toEqual([]);
    expect(await deliveries()).toEqual([]);
  });
});

describe("an invitation to an address with no account", () => {
  const invite = (cookie: string, channelId: number, email: string, env?: Partial<Env>) =>
    call(`/api/groups/${channelId}/members`, { method: "POST", cookie, json: { email }, env });

  it("is emailed once per address and channel: who invited, which channel, a link that opens it", async () => {
    const owner = await signIn("host@example.com", "Host");
    await signIn("known@example.com", "Known");
    const channel = await json(
      await call("/api/groups", { method: "POST", cookie: owner, json: { name: "Breathwork", is_private: true } }),
    );
    const queue = recordingQueue();
    const env = { DELIVERY_QUEUE: queue.binding };
    expect((await invite(owner, channel.id, "Stranger@Example.com", env)).status).toBe(201);
    expect((await invite(owner, channel.id, "known@example.com", env)).status).toBe(201);
    // Revoked and invited again: still one email.
    const { invited } = await json(await call(`/api/groups/${channel.id}/members`, { cookie: owner }));
    const pending = invited.find((i: { email: string }) => i.email === "stranger@example.com");
    await call(`/api/groups/${channel.id}/invitations/${pending.id}`, { method: "DELETE", cookie: owner });
    expect((await invite(owner, channel.id, "stranger@example.com", env)).status).toBe(201);
    await drain(queue);
    const mails = await outbox();
    // The known member's invitation follows their settings (email off by default): only the stranger is emailed.
    expect(mails.map((m) => [m.to, m.subject])).toEqual([["stranger@example.com", "Host te invitó a #Breathwork"]]);
    expect(mails[0].text).toContain(`${testEnv.APP_ORIGIN}/app/chat?group=${channel.id}`);
    expect(mails[0].headers["List-Unsubscribe"]).toBeUndefined();
  });

  it("is limited per inviter and hour, known and unknown addresses alike (no account oracle)", async () => {
    const owner = await signIn("busy@example.com", "Busy");
    await signIn("member0@example.com", "Zero");
    const channel = await json(
      await call("/api/groups", { method: "POST", cookie: owner, json: { name: "Many", is_private: true } }),
    );
    for (let i = 0; i < 20; i++) expect((await invite(owner, channel.id, `member${i}@example.com`)).status).toBe(201);
    expect((await invite(owner, channel.id, "member0@example.com")).status).toBe(429);
    expect((await invite(owner, channel.id, "nobody@example.com")).status).toBe(429);
  });
});
