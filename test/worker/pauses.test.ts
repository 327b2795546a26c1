// Pauses: a member with automatic renewal skips 1 to 3 periods instead of stopping; nothing is charged at the
// due date, access ends there, and the renewal is charged on the resume date; DELETE ends the pause early, before or
// after the membership lapsed.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { membershipPauses, memberships, payments, users } from "../../worker/db/schema";
import { oneclickFor, runAutorenew } from "../../worker/features/payments/autorenew";
import { call, db, enrolCard, errorBody, json, ORIGIN, signIn, testEnv } from "./helpers";
import { seedPlans } from "./seed";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);
const DUE = T0 + 5 * DAY;

beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: T0 }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A member whose monthly membership runs until DUE, with a card enrolled for automatic renewal. */
async function enrolledMember() {
  await seedPlans();
  const cookie = await signIn("luna@example.com", "Luna");
  const [user] = await db().select().from(users).where(eq(users.email, "luna@example.com"));
  await db()
    .insert(memberships)
    .values({ userId: user.id, nextPaymentDue: new Date(DUE), updatedAt: new Date(T0) });
  await enrolCard(cookie);
  return { cookie, user };
}

const run = (now: number) => runAutorenew(db(), testEnv, now, oneclickFor(testEnv, ORIGIN));
const dueOf = async (userId: number) =>
  (await db().select().from(memberships).where(eq(memberships.userId, userId)))[0].nextPaymentDue.getTime();
const status = async (cookie: string) => json(await call("/api/membership/status", { cookie }));
/** The pauses recorded for the dashboard, as [from, until]. */
const pauseRecords = async () =>
  (await db().select().from(membershipPauses).orderBy(membershipPauses.id)).map((p) => [
    p.startsAt.getTime(),
    p.endsAt.getTime(),
  ]);

describe("a pause", () => {
  it("skips the periods chosen: no charge at the due date, access ends, the renewal is charged on the resume date", async () => {
    const { cookie, user } = await enrolledMember();
    const paused = await call("/api/membership/pause", { method: "POST", cookie, json: { periods: 2 } });
    expect(paused.status).toBe(200);
    const resumeAt = DUE + 2 * 30 * DAY;
    expect((await json(paused)).auto_renew).toMatchObject({
      enabled: true,
      resumes_at: new Date(resumeAt).toISOString(),
    });
    // Recorded from the due date it skips to the date renewal resumes; changed before it begins, the same pause.
    expect(await pauseRecords()).toEqual([[DUE, resumeAt]]);
    await call("/api/membership/pause", { method: "POST", cookie, json: { periods: 1 } });
    expect(await pauseRecords()).toEqual([[DUE, DUE + 30 * DAY]]);
    await call("/api/membership/pause", { method: "POST", cookie, json: { periods: 2 } });
    expect((await run(DUE - HOUR)).opened).toBe(0);
    vi.setSystemTime(DUE + DAY);
    expect((await status(cookie)).status).not.toBe("active");
    expect(await db().select().from(payments)).toEqual([]);

    const resumed = await run(resumeAt - HOUR);
    expect([resumed.opened, resumed.approved]).toEqual([1, 1]);
    const [charge] = await db().select().from(payments);
    expect([charge.amountClp, charge.status]).toEqual([15000, "completed"]);
    expect(await dueOf(user.id)).toBe(resumeAt + 30 * DAY);
    // Once renewed, the next period renews as usual.
    expect((await run(resumeAt + 30 * DAY - HOUR)).approved).toBe(1);
  });

  it("ended early before the due date: the renewal is charged on the due date as usual", async () => {
    const { cookie, user } = await enrolledMember();
    await call("/api/membership/pause", { method: "POST", cookie, json: { periods: 1 } });
    const resumed = await call("/api/membership/pause", { method: "DELETE", cookie });
    expect(resumed.status).toBe(200);
    expect((await json(resumed)).auto_renew.resumes_at).toBeNull();
    expect((await run(DUE - HOUR)).approved).toBe(1);
    expect(await dueOf(user.id)).toBe(DUE + 30 * DAY);
    // A pause that never began lasted nothing.
    expect(await pauseRecords()).toEqual([[DUE, DUE]]);
  });

  it("ended after the membership lapsed: the next run charges, and the period starts then", async () => {
    const { cookie, user } = await enrolledMember();
    await call("/api/membership/pause", { method: "POST", cookie, json: { periods: 3 } });
    const later = DUE + 10 * DAY;
    vi.setSystemTime(later);
    expect((await call("/api/membership/pause", { method: "DELETE", cookie })).status).toBe(200);
    expect(await pauseRecords()).toEqual([[DUE, later]]);
    expect((await run(later + 2 * HOUR)).approved).toBe(1);
    expect(await dueOf(user.id)).toBe(later + 30 * DAY);
    expect((await status(cookie)).status).toBe("active");
  });

  it("stopped while paused: the pause ends then (the member left rather than paused)", async () => {
    const { cookie } = await enrolledMember();
    await call("/api/membership/pause", { method: "POST", cookie, json: { periods: 2 } });
    const stoppedAt = DUE + 3 * DAY;
    vi.setSystemTime(stoppedAt);
    expect((await call("/api/membership/autorenew", { method: "DELETE", cookie })).status).toBe(200);
    expect(await pauseRecords()).toEqual([[DUE, stoppedAt]]);
    // The member's data export holds it.
    expect((await json(await call("/api/profile/export", { cookie }))).pauses).toEqual([
      {
        from: new Date(DUE).toISOString(),
        until: new Date(stoppedAt).toISOString(),
        asked_at: new Date(T0).toISOString(),
      },
    ]);
  });

  it("is refused without automatic renewal, past 3 periods, and ending one that is not there", async () => {
    const { cookie } = await enrolledMember();
    expect((await call("/api/membership/pause", { method: "POST", cookie, json: { periods: 4 } })).status).toBe(400);
    const none = await call("/api/membership/pause", { method: "DELETE", cookie });
    expect([none.status, (await errorBody(none)).code]).toEqual([404, "pause_not_paused"]);
    expect((await call("/api/membership/autorenew", { method: "DELETE", cookie })).status).toBe(200);
    const off = await call("/api/membership/pause", { method: "POST", cookie, json: { periods: 1 } });
    expect([off.status, (await errorBody(off)).code]).toEqual([409, "pause_not_active"]);
  });
});
