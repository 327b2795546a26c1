// Transbank's official SDK reads, at the Oneclick Mall emulator, the amount of every automatic renewal the daily charge
// job makes: a yearly plan's, a coupon's while its periods last and the first one after, the price kept after a raise
// while its notice runs and the first one after, and a trial's end with its coupon. Each case is set up through the
// running dev server as the app is used (dev sign-in, payment at the Webpay emulator, a card enrolled on the Oneclick
// emulator's card page, the admin's coupon, raise or trial plan through the admin API); the clock moves only in the
// daily job's own trigger: the dev server's scheduled handler run with `time` set to an hour before the member's due
// date.
import type { BrowserContext, Page } from "playwright-core";
import { IntegrationApiKeys, IntegrationCommerceCodes, Oneclick, Options } from "transbank-sdk";
import { afterAll, expect, it } from "vitest";
import { baseUrl, newContext, readSql, signIn, uniqueEmail, useBrowser } from "./browser";

const browser = useBrowser();
const oneclick = () =>
  new Oneclick.MallTransaction(
    new Options(IntegrationCommerceCodes.ONECLICK_MALL, IntegrationApiKeys.WEBPAY, `${baseUrl()}/api/dev/webpay`),
  );

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The daily Cron Trigger (wrangler.toml [triggers], CRON.daily in worker/cron.ts): reminders, then the charges. */
const DAILY_CRON = "0 12 * * *";
const suffix = Date.now().toString(36).toUpperCase();
const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

type Person = { page: Page; email: string };

async function signedIn(prefix: string, name: string, email = uniqueEmail(prefix)): Promise<Person> {
  const context = await newContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, email, name);
  return { page, email };
}

const write = (page: Page, method: "POST" | "PUT", path: string, data: unknown) =>
  page.request.fetch(path, { method, data, headers: { origin: baseUrl() } });

/** Pays by hand as /pricing does: the checkout, the Webpay emulator's approval, Transbank's return. */
async function payByHand({ page }: Person, checkout: { plan_id: string; coupon?: string }, amount: number) {
  const started = await write(page, "POST", "/api/payments/initiate", { ...checkout, provider: "webpay_form" });
  expect(started.status()).toBe(200);
  const { token } = await started.json();
  await page.request.post("/api/dev/webpay/pay", {
    form: { token_ws: token, action: "approve" },
    headers: { origin: baseUrl() },
  });
  const back = await page.request.post("/api/payments/webpay/return", {
    form: { token_ws: token },
    headers: { "sec-fetch-site": "cross-site" },
    maxRedirects: 0,
  });
  expect(back.headers().location).toBe(`/pay/return?success=true&amount=${amount}`);
}

/** Turns automatic renewal on as a member does: the settings' button, then the Oneclick emulator's card page. */
async function enrolCard({ page }: Person) {
  await page.goto("/app/settings/membership");
  await page.getByRole("button", { name: "Renew automatically" }).click();
  await page.waitForURL((url) => url.pathname === "/api/dev/webpay/oneclick/inscription");
  await page.getByRole("button", { name: "Enrol card" }).click();
  await page.getByText("Your card is enrolled: your membership now renews automatically.").waitFor();
}

const membershipOf = async ({ page }: Person) =>
  (await (await page.request.get("/api/membership/status")).json()) as {
    status: string;
    next_payment_due: string;
  };

/**
 * Makes the member's next renewal: the dev server's scheduled handler, with the daily cron, run at an hour before the
 * due date (the Cloudflare Vite plugin's trigger endpoint; `time` is the run's clock in ms). Then reads the renewal's
 * payment, its buy order from the database (no API shows it), and asks Transbank, through the SDK, what it authorized
 * under that buy order; the app's own rows (the member's payments, the admin's) and the new due date must agree.
 */
async function expectRenewalCharged(person: Person, renewal: string, amount: number, periodDays: number) {
  const due = Date.parse((await membershipOf(person)).next_payment_due);
  const run = await fetch(
    `${baseUrl()}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(DAILY_CRON)}&time=${due - HOUR_MS}&format=json`,
  );
  expect(await run.json(), renewal).toMatchObject({ outcome: "ok" });

  const [row] = readSql<{ id: number; buy_order: string }>(
    `select p.id, p.buy_order from autorenew_charges c join payments p on p.id = c.payment_id
     join users u on u.id = c.user_id where u.email = '${person.email}' and c.period_due = ${due}`,
  );
  expect(row, `${renewal}: the charge of the period due ${new Date(due).toISOString()}`).toBeDefined();
  const { buy_order, details } = await oneclick().status(row.buy_order);
  expect({ buy_order, amount: details[0]?.amount, status: details[0]?.status }, `${renewal} at Transbank`).toEqual({
    buy_order: row.buy_order,
    amount,
    status: "AUTHORIZED",
  });

  type PaymentRow = { id: number; amount_clp: number; status: string };
  const mine = (await (await person.page.request.get("/api/membership/payments")).json()) as PaymentRow[];
  expect(
    mine.find((p) => p.id === row.id),
    `${renewal} in the member's payments`,
  ).toMatchObject({
    amount_clp: amount,
    status: "completed",
  });
  const all = (await (await (await admin()).page.request.get("/api/admin/payments")).json()) as PaymentRow[];
  expect(
    all.find((p) => p.id === row.id),
    `${renewal} in the admin's payments`,
  ).toMatchObject({
    amount_clp: amount,
    status: "completed",
    automatic: true,
  });
  expect(await membershipOf(person), `${renewal}: the membership's next period`).toMatchObject({
    status: "active",
    next_payment_due: new Date(due + periodDays * DAY_MS).toISOString(),
  });
}

let adminPerson: Person | undefined;
const admin = async () => {
  adminPerson ??= await signedIn("admin", "Ada Admin", "admin@example.com");
  return adminPerson;
};

it("a yearly plan's renewal is charged 150,000 CLP", async () => {
  const member = await signedIn("renew-yearly", "Yuri Yearly");
  await payByHand(member, { plan_id: "yearly" }, 150000);
  await enrolCard(member);
  await expectRenewalCharged(member, "the yearly renewal", 150000, 365);
});

it("a coupon prices the renewals within its periods (percentage and amount off), the first one after is full price", async () => {
  const { page } = await admin();
  const percent = 15;
  const amountOff = 4000;
  const coupons = [
    { code: `PCT${suffix}`, percent_off: percent, discounted: Math.floor((15000 * (100 - percent)) / 100) },
    { code: `OFF${suffix}`, amount_off_clp: amountOff, discounted: 15000 - amountOff },
  ];
  for (const { discounted, ...coupon } of coupons) {
    // Two periods: the payment by hand, then the first renewal.
    const created = await write(page, "POST", "/api/admin/coupons", { ...coupon, periods: 2, plan_ids: ["monthly"] });
    expect(created.status()).toBe(201);
    const member = await signedIn("renew-coupon", "Cora Coupon");
    await payByHand(member, { plan_id: "monthly", coupon: coupon.code }, discounted);
    await enrolCard(member);
    await expectRenewalCharged(member, `${coupon.code}'s renewal within its periods`, discounted, 30);
    await expectRenewalCharged(member, `the first renewal after ${coupon.code}'s periods`, 15000, 30);
  }
});

it("a raise: the renewal keeps the old price while the 30-day notice runs, the first one after is at the new price", async () => {
  const { page } = await admin();
  // A plan of this test's own, so the raise reaches no other test's member.
  const id = `sdk-${suffix.toLowerCase()}`;
  const plan = { name: `Raise ${suffix}`, period_days: 30 };
  expect((await write(page, "POST", "/api/admin/plans", { id, ...plan, amount_clp: 20000 })).status()).toBe(201);
  const member = await signedIn("renew-raise", "Rafa Raise");
  await payByHand(member, { plan_id: id }, 20000);
  await enrolCard(member);
  expect((await write(page, "PUT", `/api/admin/plans/${id}`, { ...plan, amount_clp: 24000 })).status()).toBe(200);

  // Due 30 days after the payment, which came before the notice: still within it.
  await expectRenewalCharged(member, "the renewal within the notice", 20000, 30);
  // Due 60 days after the payment: the notice ran out.
  await expectRenewalCharged(member, "the first renewal after the notice", 24000, 30);
  // Retired, so /pricing offers the other tests only the seeded plans.
  await write(page, "PUT", `/api/admin/plans/${id}`, { ...plan, amount_clp: 24000, active: false });
});

it("a trial chosen on /pricing with a coupon: nothing until it ends, then the coupon's first price, then the plan's", async () => {
  const { page } = await admin();
  // A plan and a coupon of this test's own, retired after, so /pricing offers the other tests only the seeded plans.
  const id = `trial-${suffix.toLowerCase()}`;
  const plan = { name: `Trial ${suffix}`, period_days: 30, amount_clp: 18000 };
  expect((await write(page, "POST", "/api/admin/plans", { id, ...plan, trial_days: 7 })).status()).toBe(201);
  const code = `TRY${suffix}`;
  const coupon = { code, percent_off: 50, periods: 1, plan_ids: [id] };
  expect((await write(page, "POST", "/api/admin/coupons", coupon)).status()).toBe(201);

  const member = await signedIn("renew-trial", "Tina Trial");
  const started = Date.now();
  await member.page.goto("/pricing");
  await member.page.getByRole("textbox", { name: "Coupon code" }).fill(code.toLowerCase());
  await member.page.getByRole("button", { name: "Apply" }).click();
  const offer = member.page.getByRole("region", { name: plan.name });
  await offer.getByText("Nothing is charged for 7 days. Then $9,000 CLP every 30 days").waitFor();
  await offer.getByRole("button", { name: "Try 7 days free" }).click();
  await member.page.waitForURL((url) => url.pathname === "/api/dev/webpay/oneclick/inscription");
  await member.page.getByRole("button", { name: "Enrol card" }).click();
  await member.page.getByText("Your card is enrolled and your free trial has begun.").waitFor();
  await member.page.getByText(/^Free trial until /).waitFor();

  const trial = await membershipOf(member);
  expect(trial.status).toBe("trial");
  const ends = Date.parse(trial.next_payment_due);
  expect(ends - started).toBeGreaterThanOrEqual(7 * DAY_MS - 60_000);
  expect(ends - Date.now()).toBeLessThanOrEqual(7 * DAY_MS);
  // Nothing was charged to begin it.
  expect(await (await member.page.request.get("/api/membership/payments")).json()).toEqual([]);

  await expectRenewalCharged(member, "the trial's end, with the coupon's first-payment discount", 9000, 30);
  await expectRenewalCharged(member, "the renewal after the coupon's period", 18000, 30);
  await write(page, "PUT", `/api/admin/plans/${id}`, { ...plan, active: false });
});
