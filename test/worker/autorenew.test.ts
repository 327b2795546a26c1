// Automatic renewal with Oneclick Mall, through the app's routes and jobs and the local
// Oneclick emulator's real REST contract: enrolment, the daily charge (once per period, even with two
// runs racing), refusals with their retries and pause, unknown outcomes settled by status, stopping,
// Oneclick refunds, the charge notice, production safety, and tbk_user never leaving in clear.
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkPaymentsConfig, PAYMENT_SECRETS } from "../../scripts/payments-config.mjs";
import {
  autorenewCharges,
  autorenewEnrolments,
  memberships,
  notifications,
  oneclickEmulatorInscriptions,
  oneclickEmulatorTransactions,
  oneclickInscriptions,
  payments,
  users,
} from "../../worker/db/schema";
import { webpayEmulatorApp } from "../../worker/dev/webpay-emulator";
import type { Env } from "../../worker/env";
import { oneclickFor, runAutorenew, settleAutorenew } from "../../worker/features/payments/autorenew";
import { membershipReminders } from "../../worker/features/payments/jobs/membership-reminders";
import {
  createOneclick,
  EMULATOR_TBK_USER_KEY,
  ONECLICK_INTEGRATION_CREDENTIALS,
  type OneclickTransaction,
} from "../../worker/features/payments/oneclick";
import { aesKey, decryptText } from "../../worker/platform/crypto";
import { AUTORENEW } from "../../worker/shared/rules";
import { call, db, drain, errorBody, json, ORIGIN, outbox, recordingQueue, signIn, testEnv } from "./helpers";

afterEach(() => vi.restoreAllMocks());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The adapter's timeout in these tests, and how long the emulator's "timeout" card keeps its answer. */
const TIMEOUT_MS = 200;
const HANG_ENV = { ...testEnv, ONECLICK_EMULATOR_HANG_MS: "600" } as Env;
const oneclick = () => oneclickFor(HANG_ENV, ORIGIN, TIMEOUT_MS);
const run = (now: number) => runAutorenew(db(), HANG_ENV, now, oneclick());

async function member(email = "luna@example.com") {
  const cookie = await signIn(email);
  const [user] = await db().select().from(users).where(eq(users.email, email));
  return { cookie, user };
}

async function dueIn(userId: number, ms: number, now = Date.now()) {
  const due = new Date(now + ms);
  await db()
    .insert(memberships)
    .values({ userId, kind: "paid", nextPaymentDue: due, updatedAt: new Date(now) });
  return due;
}

type Card = "approved" | "refused" | "timeout";

/** The card form as the browser posts it, then Transbank's return as the browser follows it. */
async function enrol(
  cookie: string,
  action: "enrol" | "decline" | "abandon" = "enrol",
  card: Card = "approved",
  refuseCode = -1,
) {
  const start = await call("/api/membership/autorenew", { method: "POST", cookie });
  expect(start.status).toBe(200);
  const { url, token } = await json<{ url: string; token: string }>(start);
  expect(url).toBe(`${ORIGIN}/api/dev/webpay/oneclick/inscription`);
  const form = await call("/api/dev/webpay/oneclick/inscription", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ TBK_TOKEN: token, action, card, refuse_code: String(refuseCode) }),
  });
  expect(form.status).toBe(200);
  const html = await form.text();
  const back = /<form id="webpay-return" method="get" action="([^"]+)"/.exec(html)?.[1];
  expect(back).toBe(`${ORIGIN}/api/payments/oneclick/return`);
  const fields = new URLSearchParams(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]+)">/g)].map((m) => [m[1], m[2]]),
  );
  const ret = await call(`/api/payments/oneclick/return?${fields}`);
  expect(ret.status).toBe(303);
  return { token, location: ret.headers.get("location") };
}

const status = async (cookie: string) =>
  json<{
    status: string;
    next_payment_due: string | null;
    auto_renew: { enabled: boolean; paused: boolean; card_type: string | null; card_number: string | null };
  }>(await call("/api/membership/status", { cookie }));

const paymentsOf = (userId: number) => db().select().from(payments).where(eq(payments.userId, userId));
const chargeOf = async (userId: number) =>
  (await db().select().from(autorenewCharges).where(eq(autorenewCharges.userId, userId)))[0];
const emulatorTransactions = () => db().select().from(oneclickEmulatorTransactions);
/** A completed payment by hand (Webpay Plus), as the admin's clear-all finds it. */
const paymentRow = (userId: number) =>
  db()
    .insert(payments)
    .values({
      userId,
      userEmail: `m${userId}@example.com`,
      amountClp: 15000,
      status: "completed",
      buyOrder: `hand-${userId}`,
      sessionId: `s-${userId}`,
    });
const emulatorTbkUser = async (token: string) =>
  (await db().select().from(oneclickEmulatorInscriptions).where(eq(oneclickEmulatorInscriptions.token, token)))[0]
    .tbkUser!;

describe("enrolment", () => {
  it("finished: the card is stored with tbk_user encrypted, and an active member keeps their days", async () => {
    const { cookie, user } = await member();
    const due = await dueIn(user.id, 10 * DAY);
    const { token, location } = await enrol(cookie);
    expect(location).toBe("/app/settings/membership?autorenew=enrolled");
    expect(await status(cookie)).toEqual({
      status: "active",
      next_payment_due: due.toISOString(),
      auto_renew: {
        enabled: true,
        paused: false,
        resumes_at: null,
        card_type: "Visa",
        card_number: "XXXXXXXXXXXX6623",
      },
      // What the next charge will be: the specification's plan, its price.
      renews: { plan_id: "monthly", plan_name: "Monthly", period_days: 30, amount_clp: 15000 },
    });
    const [row] = await db().select().from(autorenewEnrolments).where(eq(autorenewEnrolments.userId, user.id));
    const tbkUser = await emulatorTbkUser(token);
    expect(row.tbkUserEncrypted).not.toContain(tbkUser);
    expect(await decryptText(await aesKey(EMULATOR_TBK_USER_KEY), row.tbkUserEncrypted)).toBe(tbkUser);
    expect(row.username).toBe(`member-${user.id}`);
    // Enrolling charges nothing.
    expect(await paymentsOf(user.id)).toEqual([]);
  });

  it("refused by the bank or abandoned: nothing changes, and the return says which", async () => {
    const { cookie } = await member();
    expect((await enrol(cookie, "decline")).location).toBe("/app/settings/membership?autorenew=refused");
    expect((await enrol(cookie, "abandon")).location).toBe("/app/settings/membership?autorenew=abandoned");
    expect((await status(cookie)).auto_renew).toEqual({
      enabled: false,
      paused: false,
      resumes_at: null,
      card_type: null,
      card_number: null,
    });
    expect(await db().select().from(autorenewEnrolments)).toEqual([]);
  });

  it("a refused new card keeps the card already enrolled", async () => {
    const { cookie } = await member();
    await enrol(cookie);
    await enrol(cookie, "decline");
    expect((await status(cookie)).auto_renew).toMatchObject({ enabled: true, card_number: "XXXXXXXXXXXX6623" });
  });

  it("a return replayed, unknown or without a token enrols nothing", async () => {
    const { cookie } = await member();
    const { token } = await enrol(cookie);
    const replay = await call(`/api/payments/oneclick/return?TBK_TOKEN=${token}`);
    expect(replay.headers.get("location")).toBe("/app/settings/membership?autorenew=failed");
    expect((await call(`/api/payments/oneclick/return?TBK_TOKEN=${"f".repeat(64)}`)).headers.get("location")).toBe(
      "/app/settings/membership?autorenew=failed",
    );
    expect((await call("/api/payments/oneclick/return")).headers.get("location")).toBe(
      "/app/settings/membership?autorenew=failed",
    );
  });

  it("needs a signed-in member; admins have no membership to renew", async () => {
    expect((await call("/api/membership/autorenew", { method: "POST" })).status).toBe(401);
    const admin = await member("admin@example.com");
    const res = await call("/api/membership/autorenew", { method: "POST", cookie: admin.cookie });
    expect(res.status).toBe(409);
    expect((await errorBody(res)).code).toBe("autorenew_admin");
  });
});

describe("one enrolment in flight", () => {
  const start = (cookie: string) => call("/api/membership/autorenew", { method: "POST", cookie });

  it(`of three starts racing one is accepted, the others are 409; a start older than Transbank's form lifetime \
no longer blocks`, async () => {
    const { cookie, user } = await member();
    const answers = await Promise.all([start(cookie), start(cookie), start(cookie)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((r) => r.status === 409))
      expect((await errorBody(refused)).code).toBe("autorenew_enrolment_pending");
    expect((await start(cookie)).status).toBe(409);
    // The member closed the tab: once Transbank's form is surely over, a new start is taken.
    await db()
      .update(oneclickInscriptions)
      .set({ createdAt: new Date(Date.now() - AUTORENEW.inscriptionPendingMs - 1000) })
      .where(eq(oneclickInscriptions.userId, user.id));
    expect((await start(cookie)).status).toBe(200);
  });

  it(`two finishes racing store one card; the other is deleted at Transbank, so after stop no card is left \
there`, async () => {
    const { cookie, user } = await member();
    /** A start and its card form, up to the return the browser would follow. */
    const formDone = async () => {
      const { token } = await json<{ token: string }>(await start(cookie));
      await call("/api/dev/webpay/oneclick/inscription", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ TBK_TOKEN: token, action: "enrol", card: "approved" }),
      });
      // The next start is taken only once this one is past Transbank's form lifetime.
      await db()
        .update(oneclickInscriptions)
        .set({ createdAt: new Date(Date.now() - AUTORENEW.inscriptionPendingMs - 1000) })
        .where(eq(oneclickInscriptions.token, token));
      return token;
    };
    const tokens = [await formDone(), await formDone()];
    const outcomes = await Promise.all(
      tokens.map(async (token) =>
        (await call(`/api/payments/oneclick/return?TBK_TOKEN=${token}`)).headers.get("location"),
      ),
    );
    expect(outcomes.filter((l) => l === "/app/settings/membership?autorenew=enrolled")).toHaveLength(1);
    const [stored] = await db().select().from(autorenewEnrolments).where(eq(autorenewEnrolments.userId, user.id));
    const storedTbkUser = await decryptText(await aesKey(EMULATOR_TBK_USER_KEY), stored.tbkUserEncrypted);
    const atTransbank = await db()
      .select()
      .from(oneclickEmulatorInscriptions)
      .where(eq(oneclickEmulatorInscriptions.username, `member-${user.id}`));
    expect(atTransbank.filter((i) => i.status === "finished").map((i) => i.tbkUser)).toEqual([storedTbkUser]);
    expect((await call("/api/membership/autorenew", { method: "DELETE", cookie })).status).toBe(200);
    const afterStop = await db()
      .select()
      .from(oneclickEmulatorInscriptions)
      .where(eq(oneclickEmulatorInscriptions.username, `member-${user.id}`));
    expect(afterStop.map((i) => i.status)).toEqual(["deleted", "deleted"]);
  });
});

describe("the daily charge", () => {
  it(`charges a due membership once, even with two runs racing: +30 days from the old due date, and a \
receipt`, async () => {
    const { cookie, user } = await member();
    const now = Date.now();
    const due = await dueIn(user.id, 12 * HOUR, now);
    await enrol(cookie);
    const [a, b] = await Promise.all([run(now), run(now)]);
    expect(a.attempted + b.attempted).toBe(1);
    expect(a.approved + b.approved).toBe(1);
    expect(await run(now + HOUR)).toMatchObject({ opened: 0, attempted: 0 });

    const charged = await paymentsOf(user.id);
    expect(charged).toHaveLength(1);
    expect(charged[0]).toMatchObject({
      status: "completed",
      provider: "oneclick_mall",
      amountClp: 15000,
      cardLast4: "6623",
      responseCode: 0,
    });
    expect(await emulatorTransactions()).toHaveLength(1);
    expect((await emulatorTransactions())[0]).toMatchObject({
      buyOrder: charged[0].buyOrder,
      detailBuyOrder: charged[0].detailBuyOrder,
      commerceCode: ONECLICK_INTEGRATION_CREDENTIALS.childCommerceCode,
      amount: 15000,
      installmentsNumber: 1,
    });
    expect(new Date((await status(cookie)).next_payment_due!).getTime()).toBe(due.getTime() + 30 * DAY);
    expect(await chargeOf(user.id)).toMatchObject({ state: "paid", attempts: 1, refusals: 0 });
    // The in-app receipt: the payment notification (the profile lists the payment with its PDF receipt).
    const told = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told.map((n) => [n.kind, n.detail])).toEqual([["payment", "completed"]]);
  });

  it(`emails one receipt for an automatic charge, even with two runs racing: the PDF's facts, that it was \
automatic and how to stop it`, async () => {
    const { cookie, user } = await member();
    const now = Date.now();
    const due = await dueIn(user.id, 12 * HOUR, now);
    await enrol(cookie);
    const queue = recordingQueue();
    const env = { ...HANG_ENV, DELIVERY_QUEUE: queue.binding };
    await Promise.all([runAutorenew(db(), env, now, oneclick()), runAutorenew(db(), env, now, oneclick())]);
    await runAutorenew(db(), env, now + HOUR, oneclick());
    await drain(queue);
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    const [payment] = await paymentsOf(user.id);
    const day = (ms: number) =>
      new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "America/Santiago" }).format(ms);
    expect(mails[0].subject).toBe("Your payment receipt");
    expect(mails[0].text.split("\n")).toEqual(
      expect.arrayContaining([
        `Buy order: ${payment.buyOrder}`,
        "Amount: $15,000 CLP",
        "Card: **** **** **** 6623",
        `Authorization code: ${payment.authorizationCode}`,
        // The charge pays the 30 days from the old due date.
        `Period: ${day(due.getTime())} to ${day(due.getTime() + 30 * DAY)}`,
        "This was an automatic charge to your enrolled card (automatic renewal).",
        `To stop automatic renewal, turn off Renew automatically in your membership settings: ${testEnv.APP_ORIGIN}/app/settings/membership`,
      ]),
    );
  });

  it("charges nobody whose membership is not due within a day, has auto-renew off, or has lapsed", async () => {
    const now = Date.now();
    const later = await member("later@example.com");
    await dueIn(later.user.id, 2 * DAY, now);
    await enrol(later.cookie);
    const off = await member("off@example.com");
    await dueIn(off.user.id, HOUR, now);
    const lapsed = await member("lapsed@example.com");
    await dueIn(lapsed.user.id, -HOUR, now);
    await enrol(lapsed.cookie);
    expect(await run(now)).toMatchObject({ opened: 0, attempted: 0 });
    expect(await db().select().from(payments)).toEqual([]);
  });

  it(`refused: the member is told at once, retried after 1, 3 and 7 days, then auto-renew pauses and the membership \
lapses`, async () => {
    const { cookie, user } = await member();
    const now = Date.now();
    const due = await dueIn(user.id, 12 * HOUR, now);
    await enrol(cookie, "enrol", "refused", -5);

    expect(await run(now)).toMatchObject({ attempted: 1, refused: 1 });
    expect(await paymentsOf(user.id)).toEqual([
      expect.objectContaining({ status: "failed", failureReason: "rejected", responseCode: -5 }),
    ]);
    const told = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told.map((n) => [n.kind, n.detail])).toEqual([["payment", "failed"]]);
    expect(await chargeOf(user.id)).toMatchObject({ state: "waiting", refusals: 1 });

    const opened = (await chargeOf(user.id)).createdAt.getTime();
    // Not before each retry's day; once on it.
    for (const days of [1, 3, 7]) {
      expect(await run(opened + days * DAY - HOUR)).toMatchObject({ attempted: 0 });
      expect(await run(opened + days * DAY)).toMatchObject({ attempted: 1, refused: 1 });
    }
    expect(await chargeOf(user.id)).toMatchObject({ state: "gave_up", attempts: 4, refusals: 4 });
    expect(await run(opened + 30 * DAY)).toMatchObject({ attempted: 0 });

    const attempts = await paymentsOf(user.id);
    expect(attempts.map((p) => p.status)).toEqual(["failed", "failed", "failed", "failed"]);
    expect(new Set(attempts.map((p) => p.buyOrder)).size).toBe(4);
    const after = await status(cookie);
    expect(after.auto_renew).toMatchObject({ enabled: false, paused: true });
    // Nothing extended it: it lapses on its due date, as any unpaid membership does.
    expect(after.next_payment_due).toBe(due.toISOString());
  });

  it(`approved on a retry days after the due date: +30 days from the old due date, not from the day it was \
paid`, async () => {
    const { cookie, user } = await member();
    const now = Date.now();
    const due = await dueIn(user.id, 12 * HOUR, now);
    const { token } = await enrol(cookie, "enrol", "refused", -5);
    expect(await run(now)).toMatchObject({ attempted: 1, refused: 1 });
    // The bank approves from now on (the member topped up their card).
    await db()
      .update(oneclickEmulatorInscriptions)
      .set({ cardOutcome: "approved" })
      .where(eq(oneclickEmulatorInscriptions.token, token));
    const opened = (await chargeOf(user.id)).createdAt.getTime();
    // The third retry's day (7 days after the charge opened), with the clock really there too.
    vi.useFakeTimers({ now: opened + 7 * DAY, toFake: ["Date"] });
    await db()
      .update(autorenewCharges)
      .set({ refusals: 3, nextAttemptAt: new Date(opened + 7 * DAY) })
      .where(eq(autorenewCharges.userId, user.id));
    expect(await run(opened + 7 * DAY)).toMatchObject({ attempted: 1, approved: 1 });
    vi.useRealTimers();
    expect(await chargeOf(user.id)).toMatchObject({ state: "paid", attempts: 2 });
    expect(new Date((await status(cookie)).next_payment_due!).getTime()).toBe(due.getTime() + 30 * DAY);
  });

  it(`an unknown outcome (timeout) is settled by Transbank's status before anything else: authorized -> paid \
once`, async () => {
    const { cookie, user } = await member();
    const now = Date.now();
    const due = await dueIn(user.id, 12 * HOUR, now);
    await enrol(cookie, "enrol", "timeout");

    expect(await run(now)).toMatchObject({ attempted: 1, unknown: 1, approved: 0 });
    expect(await paymentsOf(user.id)).toEqual([expect.objectContaining({ status: "pending" })]);
    // Still unknown: no new attempt, however often the job runs.
    expect(await run(now + 60_000)).toMatchObject({ attempted: 0, settled: 0 });
    expect(await chargeOf(user.id)).toMatchObject({ state: "charging", attempts: 1 });

    const settled = await settleAutorenew(db(), HANG_ENV, now + 3 * 60_000, oneclick());
    expect(settled).toMatchObject({ checked: 1, approved: 1 });
    expect(await paymentsOf(user.id)).toEqual([expect.objectContaining({ status: "completed" })]);
    expect(await emulatorTransactions()).toHaveLength(1);
    expect(new Date((await status(cookie)).next_payment_due!).getTime()).toBe(due.getTime() + 30 * DAY);
    expect(await run(now + DAY)).toMatchObject({ attempted: 0 });
  });

  it(`an attempt Transbank never received (status 404) is made again with a new buy order, not counted as a \
refusal`, async () => {
    const { cookie, user } = await member();
    const now = Date.now();
    await dueIn(user.id, 12 * HOUR, now);
    await enrol(cookie);
    // The first authorize is lost on the way (no answer, nothing reaches Transbank).
    let lost = false;
    const emulator = (request: Request) => Promise.resolve(webpayEmulatorApp.fetch(request, HANG_ENV));
    const flaky = createOneclick({
      baseUrl: `${ORIGIN}/api/dev/webpay`,
      commerceCode: ONECLICK_INTEGRATION_CREDENTIALS.mallCommerceCode,
      childCommerceCode: ONECLICK_INTEGRATION_CREDENTIALS.childCommerceCode,
      apiSecret: ONECLICK_INTEGRATION_CREDENTIALS.apiSecret,
      timeoutMs: TIMEOUT_MS,
      fetch: (request) => {
        if (!lost && request.method === "POST" && request.url.endsWith("/transactions")) {
          lost = true;
          return new Promise<Response>(() => undefined);
        }
        return emulator(request);
      },
    });
    expect(await runAutorenew(db(), HANG_ENV, now, flaky)).toMatchObject({ attempted: 1, unknown: 1 });
    expect(await runAutorenew(db(), HANG_ENV, now + 3 * 60_000, flaky)).toMatchObject({
      settled: 1,
      attempted: 1,
      approved: 1,
    });
    const attempts = await paymentsOf(user.id);
    expect(attempts.map((p) => [p.status, p.failureReason])).toEqual([
      ["failed", "not_received"],
      ["completed", null],
    ]);
    expect(await chargeOf(user.id)).toMatchObject({ state: "paid", attempts: 2, refusals: 0 });
  });
});

/** The adapter on the emulator, with Transbank's answer to the charge (POST /transactions) changed by `tamper`. */
function tamperedCharges(tamper: (tx: OneclickTransaction) => OneclickTransaction) {
  const emulator = (request: Request) => Promise.resolve(webpayEmulatorApp.fetch(request, HANG_ENV));
  return createOneclick({
    baseUrl: `${ORIGIN}/api/dev/webpay`,
    commerceCode: ONECLICK_INTEGRATION_CREDENTIALS.mallCommerceCode,
    childCommerceCode: ONECLICK_INTEGRATION_CREDENTIALS.childCommerceCode,
    apiSecret: ONECLICK_INTEGRATION_CREDENTIALS.apiSecret,
    timeoutMs: TIMEOUT_MS,
    fetch: async (request) => {
      const answer = await emulator(request);
      if (request.method !== "POST" || !request.url.endsWith("/transactions")) return answer;
      return Response.json(tamper(await json<OneclickTransaction>(answer)), { status: answer.status });
    },
  });
}

const withDetail = (tx: OneclickTransaction, change: Partial<OneclickTransaction["details"][number]>) => ({
  ...tx,
  details: [{ ...tx.details[0], ...change }],
});

/** A charge's answer wrong in exactly one way, and how the attempt must end. */
const WRONG_CHARGES: { name: string; tamper: (tx: OneclickTransaction) => OneclickTransaction; reason: string }[] = [
  {
    name: "AUTHORIZED with a non-zero response code",
    tamper: (tx) => withDetail(tx, { response_code: -1 }),
    reason: "rejected",
  },
  {
    name: "response code 0 with another status",
    tamper: (tx) => withDetail(tx, { status: "FAILED" }),
    reason: "rejected",
  },
  {
    name: "another amount",
    tamper: (tx) => withDetail(tx, { amount: tx.details[0].amount - 13500 }),
    reason: "verification_failed",
  },
  {
    name: "another detail buy order",
    tamper: (tx) => withDetail(tx, { buy_order: `${tx.details[0].buy_order.slice(0, 20)}OTHER` }),
    reason: "verification_failed",
  },
  {
    name: "another child commerce code",
    tamper: (tx) => withDetail(tx, { commerce_code: "597055555543" }),
    reason: "verification_failed",
  },
  {
    name: "another parent buy order",
    tamper: (tx) => ({ ...tx, buy_order: `${tx.buy_order.slice(0, 20)}OTHER` }),
    reason: "verification_failed",
  },
  {
    name: "two details",
    tamper: (tx) => ({ ...tx, details: [tx.details[0], { ...tx.details[0], buy_order: "SECONDDETAIL" }] }),
    reason: "verification_failed",
  },
];

describe("an automatic charge's answer wrong in exactly one way is not a payment", () => {
  for (const wrong of WRONG_CHARGES) {
    it(`${wrong.name}: the attempt fails (${wrong.reason}), the membership is not extended`, async () => {
      const { cookie, user } = await member();
      const now = Date.now();
      const due = await dueIn(user.id, 12 * HOUR, now);
      await enrol(cookie);
      expect(await runAutorenew(db(), HANG_ENV, now, tamperedCharges(wrong.tamper))).toMatchObject({
        attempted: 1,
        approved: 0,
        refused: 1,
      });
      expect(await paymentsOf(user.id)).toEqual([
        expect.objectContaining({ status: "failed", failureReason: wrong.reason }),
      ]);
      expect((await status(cookie)).next_payment_due).toBe(due.toISOString());
      expect(await chargeOf(user.id)).toMatchObject({ state: "waiting", refusals: 1 });
    });
  }

  it(`the same answer untouched is a payment (the cases above differ only in their one field)`, async () => {
    const { cookie, user } = await member();
    const now = Date.now();
    const due = await dueIn(user.id, 12 * HOUR, now);
    await enrol(cookie);
    expect(
      await runAutorenew(
        db(),
        HANG_ENV,
        now,
        tamperedCharges((tx) => tx),
      ),
    ).toMatchObject({ approved: 1 });
    expect(new Date((await status(cookie)).next_payment_due!).getTime()).toBe(due.getTime() + 30 * DAY);
  });
});

describe("the Oneclick emulator", () => {
  it("refuses to charge an inscription deleted at Transbank (-96), as Transbank does", async () => {
    const { cookie, user } = await member();
    const { token } = await enrol(cookie);
    const tbkUser = await emulatorTbkUser(token);
    const username = `member-${user.id}`;
    await oneclick().remove({ tbkUser, username });
    const charge = await oneclick().authorize({
      username,
      tbkUser,
      buyOrder: "DELETEDCARD1",
      detailBuyOrder: "DELETEDCARD1C",
      amount: 15000,
    });
    expect(charge.details).toEqual([
      expect.objectContaining({ status: "FAILED", response_code: -96, authorization_code: null }),
    ]);
  });
});

describe("stopping", () => {
  it(`DELETE /api/membership/autorenew deletes the inscription at Transbank, and nothing is charged \
after`, async () => {
    const { cookie, user } = await member();
    const now = Date.now();
    await dueIn(user.id, 12 * HOUR, now);
    const { token } = await enrol(cookie);
    const res = await call("/api/membership/autorenew", { method: "DELETE", cookie });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      auto_renew: { enabled: false, paused: false, resumes_at: null, card_type: null, card_number: null },
    });
    const [inscription] = await db()
      .select()
      .from(oneclickEmulatorInscriptions)
      .where(eq(oneclickEmulatorInscriptions.token, token));
    expect(inscription.status).toBe("deleted");
    expect(await run(now)).toMatchObject({ opened: 0, attempted: 0 });

    const again = await call("/api/membership/autorenew", { method: "DELETE", cookie });
    expect(again.status).toBe(404);
    expect((await errorBody(again)).code).toBe("autorenew_not_enrolled");
    expect((await call("/api/membership/autorenew", { method: "DELETE" })).status).toBe(401);
  });

  it("deleting the account (or an admin removing the member) deletes the inscription at Transbank", async () => {
    const { cookie, user } = await member();
    const own = await enrol(cookie);
    const res = await call("/api/profile", { method: "DELETE", cookie, json: { confirm: user.email } });
    expect(res.status).toBe(200);
    const removed = await member("removed@example.com");
    const theirs = await enrol(removed.cookie);
    const admin = await member("admin@example.com");
    expect(
      (await call(`/api/admin/members/${removed.user.id}`, { method: "DELETE", cookie: admin.cookie })).status,
    ).toBe(200);
    const rows = await db().select().from(oneclickEmulatorInscriptions);
    expect(rows.filter((r) => r.token === own.token || r.token === theirs.token).map((r) => r.status)).toEqual([
      "deleted",
      "deleted",
    ]);
    expect(await db().select().from(autorenewEnrolments)).toEqual([]);
  });
});

describe("admin", () => {
  it("marks automatic payments and auto-renew members, and refunds an automatic charge through Oneclick", async () => {
    const { cookie, user } = await member();
    const now = Date.now();
    const due = await dueIn(user.id, 12 * HOUR, now);
    await enrol(cookie);
    await run(now);
    const [charged] = await paymentsOf(user.id);
    const admin = await member("admin@example.com");

    const list = await json<{ id: number; automatic: boolean }[]>(
      await call("/api/admin/payments", { cookie: admin.cookie }),
    );
    expect(list).toEqual([expect.objectContaining({ id: charged.id, automatic: true })]);
    const members = await json<{ email: string; auto_renew: string | null }[]>(
      await call("/api/admin/members", { cookie: admin.cookie }),
    );
    expect(members.find((m) => m.email === user.email)?.auto_renew).toBe("active");
    expect(members.find((m) => m.email === "admin@example.com")?.auto_renew).toBeNull();

    const refund = await call(`/api/admin/payments/${charged.id}/refund`, { method: "POST", cookie: admin.cookie });
    expect(refund.status).toBe(200);
    expect(await json(refund)).toMatchObject({ status: "refunded", refund_type: "REVERSED" });
    expect((await emulatorTransactions())[0].status).toBe("REVERSED");
    expect(new Date((await status(cookie)).next_payment_due!).getTime()).toBe(due.getTime());
    const second = await call(`/api/admin/payments/${charged.id}/refund`, { method: "POST", cookie: admin.cookie });
    expect(second.status).toBe(409);
  });
});

describe("an admin deleting an automatic payment", () => {
  it(`an attempt still in flight is kept (409): the next daily run settles it by its buy order and charges the period \
once`, async () => {
    const { cookie, user } = await member();
    const now = Date.now();
    const due = await dueIn(user.id, 12 * HOUR, now);
    await enrol(cookie, "enrol", "timeout");
    expect(await run(now)).toMatchObject({ attempted: 1, unknown: 1 });
    const [pending] = await paymentsOf(user.id);
    expect(pending.status).toBe("pending");
    const admin = await member("admin@example.com");
    const removed = await call(`/api/admin/payments/${pending.id}`, { method: "DELETE", cookie: admin.cookie });
    expect(removed.status).toBe(409);
    expect(await json(removed)).toMatchObject({ code: "payment_charge_in_flight" });
    expect(await chargeOf(user.id)).toMatchObject({ state: "charging", paymentId: pending.id, attempts: 1 });

    const [a, b] = await Promise.all([run(now + HOUR), run(now + HOUR)]);
    expect(a.attempted + b.attempted).toBe(0);
    expect(a.approved + b.approved).toBe(1);
    expect(await chargeOf(user.id)).toMatchObject({ state: "paid", attempts: 1 });
    expect((await paymentsOf(user.id)).map((p) => p.status)).toEqual(["completed"]);
    expect((await emulatorTransactions()).filter((t) => t.status === "AUTHORIZED")).toHaveLength(1);
    expect(new Date((await status(cookie)).next_payment_due!).getTime()).toBe(due.getTime() + 30 * DAY);
  });

  it("clearing every payment keeps the attempts in flight, and deletes the rest", async () => {
    const { cookie, user } = await member();
    const now = Date.now();
    await dueIn(user.id, 12 * HOUR, now);
    await enrol(cookie, "enrol", "timeout");
    await run(now);
    const [pending] = await paymentsOf(user.id);
    const other = await member("sol@example.com");
    await paymentRow(other.user.id);
    const admin = await member("admin@example.com");
    const cleared = await call("/api/admin/payments/clear-all", { method: "DELETE", cookie: admin.cookie });
    expect(cleared.status).toBe(200);
    expect(await json(cleared)).toMatchObject({ deleted: 1 });
    expect((await paymentsOf(user.id)).map((p) => p.id)).toEqual([pending.id]);
    expect(await paymentsOf(other.user.id)).toEqual([]);
    expect(await chargeOf(user.id)).toMatchObject({ state: "charging", paymentId: pending.id });
  });

  it("a settled attempt deleted leaves its charge as it was", async () => {
    const { cookie, user } = await member();
    const now = Date.now();
    await dueIn(user.id, 12 * HOUR, now);
    await enrol(cookie);
    await run(now);
    const [paid] = await paymentsOf(user.id);
    const admin = await member("admin@example.com");
    expect((await call(`/api/admin/payments/${paid.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
    expect(await chargeOf(user.id)).toMatchObject({ state: "paid", paymentId: null });
    expect(await run(now + HOUR)).toMatchObject({ attempted: 0 });
  });
});

describe("the data export", () => {
  it("includes the member's auto-renew enrolment (card, enabled, since when), never the tbk_user", async () => {
    const { cookie } = await member();
    const before = Date.now();
    const { token } = await enrol(cookie);
    const tbkUser = await emulatorTbkUser(token);
    const res = await call("/api/profile/export", { cookie });
    expect(res.status).toBe(200);
    const text = await res.text();
    const data = JSON.parse(text) as { auto_renew: Record<string, unknown> | null };
    expect(data.auto_renew).toEqual({
      enabled: true,
      status: "active",
      card_type: "Visa",
      card_number: "XXXXXXXXXXXX6623",
      since: expect.any(String),
    });
    expect(Date.parse(data.auto_renew?.since as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(text).not.toContain(tbkUser);
    expect(text).not.toMatch(/tbk_user|tbkUser/i);

    await call("/api/membership/autorenew", { method: "DELETE", cookie });
    const after = await json<{ auto_renew: unknown }>(await call("/api/profile/export", { cookie }));
    expect(after.auto_renew).toBeNull();
  });
});

describe("the notice before a charge", () => {
  it(`members with auto-renew on are told 3 days before, with the due date, instead of the lapse \
reminder`, async () => {
    const now = new Date();
    const auto = await member("auto@example.com");
    const due = await dueIn(auto.user.id, 2 * DAY, now.getTime());
    await enrol(auto.cookie);
    const manual = await member("manual@example.com");
    await dueIn(manual.user.id, 2 * DAY, now.getTime());

    expect(await membershipReminders.run(testEnv, now)).toEqual({ reminded: 1, charge_notices: 1 });
    expect(await membershipReminders.run(testEnv, now)).toEqual({ reminded: 0, charge_notices: 0 });
    const list = await json<{ items: { kind: string; detail: string; url: string }[] }>(
      await call("/api/notifications", { cookie: auto.cookie }),
    );
    expect(list.items).toEqual([
      expect.objectContaining({ kind: "autorenew_notice", detail: due.toISOString(), url: "/app/settings/membership" }),
    ]);
    const [manualNote] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, manual.user.id)));
    expect(manualNote.kind).toBe("membership_ending");
  });
});

describe("production safety", () => {
  it("production without Oneclick's own codes, secret and key refuses to enrol, naming what is missing", async () => {
    const { cookie } = await member();
    const res = await call("/api/membership/autorenew", {
      method: "POST",
      cookie,
      env: { WEBPAY_ENV: "production", WEBPAY_COMMERCE_CODE: "5970", WEBPAY_API_SECRET: "s" },
    });
    expect(res.status).toBe(503);
    const body = await errorBody(res);
    expect(body.code).toBe("payments_not_configured");
    for (const name of [
      "ONECLICK_MALL_COMMERCE_CODE",
      "ONECLICK_CHILD_COMMERCE_CODE",
      "ONECLICK_API_SECRET",
      "ONECLICK_TBK_USER_KEY",
    ])
      expect(body.error).toContain(name);
  });

  it("integration without our own encryption key refuses too (the emulator's key is local only)", async () => {
    const { cookie } = await member();
    const res = await call("/api/membership/autorenew", {
      method: "POST",
      cookie,
      env: { WEBPAY_ENV: "integration" },
    });
    expect(res.status).toBe(503);
    expect((await errorBody(res)).error).toContain("ONECLICK_TBK_USER_KEY");
  });

  it(`the deploy check refuses Transbank credentials or the tbk_user key in plain vars, and names Oneclick's \
secrets`, () => {
    for (const name of PAYMENT_SECRETS) {
      const refused = checkPaymentsConfig({
        target: "production",
        vars: { WEBPAY_ENV: "production", [name]: "x" },
        allowTestPayments: false,
      });
      expect(refused).toMatchObject({ ok: false });
      expect(refused.message).toContain(`${name} must be secrets`);
    }
    expect(PAYMENT_SECRETS).toEqual(expect.arrayContaining(["ONECLICK_API_SECRET", "ONECLICK_TBK_USER_KEY"]));
    const integration = checkPaymentsConfig({
      target: "production",
      vars: { WEBPAY_ENV: "integration" },
      allowTestPayments: false,
    });
    expect(integration.ok).toBe(false);
    expect(integration.message).toContain("ONECLICK_MALL_COMMERCE_CODE");
  });
});

describe("tbk_user", () => {
  it("never appears in clear in any response, log line or export", async () => {
    const lines: string[] = [];
    for (const method of ["log", "info", "warn", "error"] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(" "));
      });
    const bodies: string[] = [];
    const seen = async (res: Response) => {
      bodies.push(`${res.headers.get("location") ?? ""} ${await res.clone().text()}`);
      return res;
    };
    const { cookie, user } = await member();
    const now = Date.now();
    await dueIn(user.id, 12 * HOUR, now);
    const { token } = await enrol(cookie);
    const tbkUser = await emulatorTbkUser(token);
    expect(tbkUser).toMatch(/^[0-9a-f-]{36}$/);
    await run(now);
    const admin = await member("admin@example.com");
    const [charged] = await paymentsOf(user.id);
    for (const [path, who] of [
      ["/api/membership/status", cookie],
      ["/api/membership/payments", cookie],
      ["/api/notifications", cookie],
      ["/api/profile/export", cookie],
      ["/api/users/me", cookie],
      ["/api/admin/payments", admin.cookie],
      ["/api/admin/members", admin.cookie],
      ["/api/admin/audit", admin.cookie],
    ] as const)
      expect((await seen(await call(path, { cookie: who }))).status).toBe(200);
    // The database keeps only its ciphertext.
    expect(JSON.stringify(await db().select().from(autorenewEnrolments))).not.toContain(tbkUser);
    await seen(await call(`/api/admin/payments/${charged.id}/refund`, { method: "POST", cookie: admin.cookie }));
    await seen(await call("/api/membership/autorenew", { method: "DELETE", cookie }));
    expect(bodies.length).toBeGreaterThan(9);
    expect(lines.length).toBeGreaterThan(0);
    for (const text of [...bodies, ...lines]) expect(text).not.toContain(tbkUser);
  });
});

describe("a refused renewal's grace", () => {
  afterEach(() => vi.useRealTimers());

  /** A member whose card Transbank refuses every time, run through the retries until automatic renewal gives up. */
  async function refusedToTheEnd() {
    const { cookie, user } = await member();
    const now = Date.now();
    const due = await dueIn(user.id, 12 * HOUR, now);
    await enrol(cookie, "enrol", "refused", -5);
    expect(await run(now)).toMatchObject({ attempted: 1, refused: 1 });
    const opened = (await chargeOf(user.id)).createdAt.getTime();
    for (const days of [1, 3, 7]) await run(opened + days * DAY);
    expect(await chargeOf(user.id)).toMatchObject({ state: "gave_up", refusals: 4, recoveredAt: null });
    const gaveUpAt = opened + 7 * DAY;
    return { cookie, user, due, graceEnd: gaveUpAt + AUTORENEW.graceDays * DAY, gaveUpAt };
  }

  /** A paid route: 403 without access; with it, 404 for a file that does not exist. */
  const paidRouteStatus = async (cookie: string) => (await call("/api/resources/999999/file", { cookie })).status;

  it(`keeps access for ${AUTORENEW.graceDays} days after the retries give up, tells the member once with the new-card \
link, and none after`, async () => {
    const { cookie, user, due, graceEnd, gaveUpAt } = await refusedToTheEnd();
    const [row] = await db().select().from(memberships).where(eq(memberships.userId, user.id));
    expect(row.graceUntil?.getTime()).toBe(graceEnd);
    const told = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told.filter((n) => n.detail === "renewal_refused").map((n) => n.kind)).toEqual(["payment"]);
    const [panel] = (
      await json<{ items: { detail: string; url: string }[] }>(await call("/api/notifications", { cookie }))
    ).items.filter((n) => n.detail === "renewal_refused");
    expect(panel.url).toBe("/app/settings/membership");
    // And by email, once, with the way to the new card.
    await drain(recordingQueue());
    const mails = (await outbox()).filter((m) => m.subject.startsWith("Your renewal was refused"));
    expect(mails.map((m) => m.subject)).toEqual([
      `Your renewal was refused: enrol a new card within ${AUTORENEW.graceDays} days to keep your membership`,
    ]);
    expect(mails[0].text).toContain("/app/settings/membership");

    // Lapsed on its due date, yet within the grace: access.
    vi.useFakeTimers({ now: gaveUpAt + HOUR, toFake: ["Date"] });
    expect(Date.now()).toBeGreaterThan(due.getTime());
    expect((await status(cookie)).status).toBe("active");
    expect(await paidRouteStatus(cookie)).toBe(404);
    vi.setSystemTime(graceEnd - 60_000);
    expect(await paidRouteStatus(cookie)).toBe(404);
    // After it: none, and a card enrolled now charges nothing (it starts a new renewal only with a new payment).
    vi.setSystemTime(graceEnd + 60_000);
    expect((await status(cookie)).status).toBe("expired");
    expect(await paidRouteStatus(cookie)).toBe(403);
    await enrol(cookie);
    expect((await paymentsOf(user.id)).map((p) => p.status)).toEqual(["failed", "failed", "failed", "failed"]);
    expect(await chargeOf(user.id)).toMatchObject({ state: "gave_up" });
  });

  it("a new card enrolled in the grace is charged at once at the renewal's price, and counted recovered", async () => {
    const { cookie, user, due, gaveUpAt } = await refusedToTheEnd();
    vi.useFakeTimers({ now: gaveUpAt + DAY, toFake: ["Date"] });
    const { location } = await enrol(cookie);
    expect(location).toBe("/app/settings/membership?autorenew=enrolled");

    const paid = (await paymentsOf(user.id)).filter((p) => p.status === "completed");
    expect(paid).toEqual([expect.objectContaining({ amountClp: 15000, plan: "monthly", periodDays: 30 })]);
    const charge = await chargeOf(user.id);
    expect(charge).toMatchObject({ state: "paid", attempts: 5 });
    expect(charge.recoveredAt?.getTime()).toBe(gaveUpAt + DAY);
    // Renewed from the old due date, as a retry that succeeds renews it; automatic renewal is on again.
    const after = await status(cookie);
    expect(after).toMatchObject({ status: "active", auto_renew: { enabled: true, paused: false } });
    expect(new Date(after.next_payment_due!).getTime()).toBe(due.getTime() + 30 * DAY);
    // The job finds nothing left to charge for that period.
    expect(await run(gaveUpAt + 2 * DAY)).toMatchObject({ attempted: 0 });

    // The revenue dashboard's recovery rate counts it: one renewal refused, one recovered, in its due month.
    const month = due.toISOString().slice(0, 7);
    const from = `${month}-01`;
    const res = await call(
      `/api/admin/revenue?from=${from}&to=${new Date(gaveUpAt + 40 * DAY).toISOString().slice(0, 10)}`,
      {
        cookie: await signIn("admin@example.com", "Admin"),
      },
    );
    expect(res.status).toBe(200);
    const { churn } = await json<{ churn: { month: string; renewals_refused: number; renewals_recovered: number }[] }>(
      res,
    );
    expect(churn.find((m) => m.month === month)).toMatchObject({ renewals_refused: 1, renewals_recovered: 1 });
  });

  it("a new card refused in the grace neither lengthens it nor tells the member again", async () => {
    const { cookie, user, graceEnd, gaveUpAt } = await refusedToTheEnd();
    vi.useFakeTimers({ now: gaveUpAt + DAY, toFake: ["Date"] });
    await enrol(cookie, "enrol", "refused", -5);
    expect(await chargeOf(user.id)).toMatchObject({ state: "gave_up", attempts: 5, refusals: 5 });
    const [row] = await db().select().from(memberships).where(eq(memberships.userId, user.id));
    expect(row.graceUntil?.getTime()).toBe(graceEnd);
    const told = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told.filter((n) => n.detail === "renewal_refused")).toHaveLength(1);
  });
});
