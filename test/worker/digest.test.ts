// The email digest: at 8:00 in the member's time zone (America/Santiago when unset), daily or on
// Mondays, naming what is new since the last one; nothing new, nothing sent; racing runs send one.
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { CRON, JOBS } from "../../worker/cron";
import { notificationPreferences, users } from "../../worker/db/schema";
import { sendDigests } from "../../worker/features/notifications/digest";
import { call, db, drain, json, outbox, recordingQueue, signIn, testEnv } from "./helpers";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const at = (iso: string) => Date.parse(iso);

let reader: { cookie: string; id: number };
let writerId: number;

const me = async (cookie: string) => (await json(await call("/api/users/me", { cookie }))).id as number;

beforeEach(async () => {
  writerId = await me(await signIn("writer@example.com", "Writer"));
  const cookie = await signIn("reader@example.com", "Reader");
  reader = { cookie, id: await me(cookie) };
});

const chooseDigest = (digest: "off" | "daily" | "weekly", cookie = reader.cookie) =>
  call("/api/notifications/preferences", { method: "PUT", cookie, json: { preferences: {}, digest } });

/** A mention of the reader by the writer, written at `ms`. */
const mentionAt = (ms: number) =>
  db().run(sql`insert into notifications (user_id, kind, actor_id, created_at)
    values (${reader.id}, 'mention', ${writerId}, ${ms})`);
const postAt = (ms: number, content = "New moon circle") =>
  db().run(sql`insert into posts (author_id, content, created_at) values (${writerId}, ${content}, ${ms})`);

/** One hourly run with a recording queue, then its emails delivered to the outbox; answers the run's counts. */
async function runAt(ms: number) {
  const queue = recordingQueue();
  const counts = await sendDigests({ ...testEnv, DELIVERY_QUEUE: queue.binding }, db(), ms);
  await drain(queue);
  return counts;
}

const sentAt = async () =>
  (
    await db()
      .select({ at: notificationPreferences.digestSentAt })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, reader.id))
  )[0]?.at?.getTime() ?? null;

describe("the daily digest", () => {
  it("goes at 8:00 in Santiago on both sides of the September clock change (UTC-4, then UTC-3)", async () => {
    await chooseDigest("daily");
    // Saturday 5 September 2026: Chile is at UTC-4, so 8:17 there is 12:17 UTC.
    await mentionAt(at("2026-09-04T20:00:00Z"));
    expect(await runAt(at("2026-09-05T11:17:00Z"))).toEqual({ due: 0, sent: 0, skipped: 0 });
    expect(await runAt(at("2026-09-05T12:17:00Z"))).toEqual({ due: 1, sent: 1, skipped: 0 });
    // The clocks go forward on Sunday 6 September: from Monday 8:17 is 11:17 UTC.
    await mentionAt(at("2026-09-06T20:00:00Z"));
    expect(await runAt(at("2026-09-07T12:17:00Z"))).toEqual({ due: 0, sent: 0, skipped: 0 });
    await mentionAt(at("2026-09-07T03:00:00Z"));
    expect(await runAt(at("2026-09-07T11:17:00Z"))).toEqual({ due: 1, sent: 1, skipped: 0 });
    expect(await sentAt()).toBe(at("2026-09-07T11:17:00Z"));
    expect((await outbox()).map((m) => m.subject)).toEqual(["Your daily lounge digest", "Your daily lounge digest"]);
  });

  it(`names the unread notifications, new posts and notices since the last digest, with the unsubscribe \
headers`, async () => {
    await chooseDigest("daily");
    const last = at("2026-11-24T11:17:00Z");
    await db()
      .update(notificationPreferences)
      .set({ digestSentAt: new Date(last) });
    await mentionAt(last - HOUR); // told in the previous digest
    await mentionAt(last + HOUR);
    await postAt(last + 2 * HOUR);
    await postAt(last + 3 * HOUR, "Full moon");
    await db().run(
      sql`insert into notices (title, content, created_at) values ('Winter retreat', '<p>x</p>', ${last + HOUR})`,
    );
    await runAt(at("2026-11-25T11:17:00Z"));
    const [mail] = await outbox();
    expect(mail.to).toBe("reader@example.com");
    expect(mail.text).toContain("What is new for you since Nov 24, 2026:");
    expect(mail.text).toContain(
      "1 unread notification:\n- Writer mentioned you in a post: http://localhost:5173/app/lounge",
    );
    expect(mail.text).toContain("2 new posts in the lounge: http://localhost:5173/app/lounge");
    expect(mail.text).toContain("New notices:\n- Winter retreat");
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<(.+)>$/.exec(mail.headers["List-Unsubscribe"])?.[1] ?? "";
    expect(link).toMatch(/\/api\/email\/unsubscribe\?token=\d+\.digest\./);
    // The one-click POST turns the digest off, and nothing else.
    const res = await call(new URL(link).pathname + new URL(link).search, {
      method: "POST",
      headers: { origin: "https://mail.example.com", "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    const prefs = await json(await call("/api/notifications/preferences", { cookie: reader.cookie }));
    expect(prefs.digest).toBe("off");
    expect(prefs.preferences.mention).toEqual({ in_app: true, push: true, email: false });
  });

  it("writes in the member's language and zone", async () => {
    await chooseDigest("daily");
    await db().update(users).set({ language: "es", timezone: "Europe/Madrid" }).where(eq(users.id, reader.id));
    await mentionAt(at("2026-11-24T20:00:00Z"));
    // 8:17 in Madrid in November (UTC+1) is 7:17 UTC; Santiago's 8:17 (11:17 UTC) is not the member's hour.
    expect(await runAt(at("2026-11-25T11:17:00Z"))).toMatchObject({ sent: 0 });
    expect(await runAt(at("2026-11-25T07:17:00Z"))).toMatchObject({ sent: 1 });
    const [mail] = await outbox();
    expect(mail.subject).toBe("Tu resumen diario del lounge");
    expect(mail.text).toContain("1 notificación sin leer:\n- Writer te mencionó en una publicación");
    expect(mail.html).toContain('lang="es"');
  });

  it("sends nothing when nothing is new, and the next one covers the longer span", async () => {
    await chooseDigest("daily");
    const first = at("2026-11-24T11:17:00Z");
    await db()
      .update(notificationPreferences)
      .set({ digestSentAt: new Date(first) });
    // Read already, their own post, a hidden post, or older than the last digest: none of it is new.
    await db().run(sql`insert into notifications (user_id, kind, actor_id, created_at, read_at)
      values (${reader.id}, 'mention', ${writerId}, ${first + HOUR}, ${first + 2 * HOUR})`);
    await db().run(
      sql`insert into posts (author_id, content, created_at) values (${reader.id}, 'mine', ${first + HOUR})`,
    );
    await db().run(sql`insert into posts (author_id, content, created_at, hidden_at)
      values (${writerId}, 'hidden', ${first + HOUR}, ${first + 2 * HOUR})`);
    await mentionAt(first - HOUR);
    expect(await runAt(first + DAY)).toEqual({ due: 1, sent: 0, skipped: 1 });
    expect(await outbox()).toEqual([]);
    expect(await sentAt()).toBe(first);
    await postAt(first + DAY + HOUR);
    expect(await runAt(first + 2 * DAY)).toMatchObject({ sent: 1 });
    expect((await outbox())[0].text).toContain("since Nov 24, 2026");
  });

  it("two runs racing send one digest", async () => {
    await chooseDigest("daily");
    await mentionAt(at("2026-11-24T20:00:00Z"));
    const queue = recordingQueue();
    const env = { ...testEnv, DELIVERY_QUEUE: queue.binding };
    const now = at("2026-11-25T11:17:00Z");
    const [a, b] = await Promise.all([sendDigests(env, db(), now), sendDigests(env, db(), now)]);
    expect(a.sent + b.sent).toBe(1);
    // A second run in the same hour (a retried cron) sends nothing either.
    expect((await sendDigests(env, db(), now + 30 * 60 * 1000)).sent).toBe(0);
    await drain(queue);
    expect(await outbox()).toHaveLength(1);
  });

  it("members with the digest off get none; the job runs on the hourly cron", async () => {
    await chooseDigest("off");
    await mentionAt(at("2026-11-24T20:00:00Z"));
    expect(await runAt(at("2026-11-25T11:17:00Z"))).toEqual({ due: 0, sent: 0, skipped: 0 });
    expect(JOBS.filter((j) => j.job.name === "digests").map((j) => j.cron)).toEqual([CRON.hourly]);
  });
});

describe("the weekly digest", () => {
  it("goes on Monday at 8:00, not on Tuesday", async () => {
    await chooseDigest("weekly");
    await mentionAt(at("2026-11-23T20:00:00Z"));
    // Tuesday 24 November 2026, 8:17 in Santiago (UTC-3).
    expect(await runAt(at("2026-11-24T11:17:00Z"))).toEqual({ due: 0, sent: 0, skipped: 0 });
    // Monday 30 November.
    expect(await runAt(at("2026-11-30T11:17:00Z"))).toEqual({ due: 1, sent: 1, skipped: 0 });
    expect((await outbox()).map((m) => m.subject)).toEqual(["Your weekly lounge digest"]);
    await mentionAt(at("2026-12-01T20:00:00Z"));
    expect(await runAt(at("2026-12-01T11:17:00Z"))).toMatchObject({ sent: 0 });
    expect(await runAt(at("2026-12-07T11:17:00Z"))).toMatchObject({ sent: 1 });
  });
});
