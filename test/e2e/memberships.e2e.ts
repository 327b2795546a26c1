// Memberships end to end in Chromium, against the dev server and its Webpay emulator: the admin adds a coupon; a member
// picks the yearly plan with it and pays; another buys a gift that its recipient redeems from the emailed link; the
// admin sees both on the revenue dashboard. Transbank's official SDK reads, at the emulator, the amount of every new
// payment path (yearly, yearly with a coupon, a gift) the app asked for and committed.

import type { Page } from "playwright-core";
import { IntegrationApiKeys, IntegrationCommerceCodes, Options, WebpayPlus } from "transbank-sdk";
import { expect, it } from "vitest";
import { baseUrl, newContext, signIn, uniqueEmail, useBrowser } from "./browser";

const browser = useBrowser();
const sdk = () =>
  new WebpayPlus.Transaction(
    new Options(IntegrationCommerceCodes.WEBPAY_PLUS, IntegrationApiKeys.WEBPAY, `${baseUrl()}/api/dev/webpay`),
  );
const COUPON = `YEAR${Date.now().toString(36).toUpperCase()}`;
const clp = (amount: number) => `$${amount.toLocaleString("en-US")} CLP`;

type RevenueRow = { month: string; plan: string; charged_clp: number; coupon_payments: number; discount_clp: number };
/** This month's yearly-plan revenue row as the dashboard's API answers it (other tests' payments are in it too). */
async function yearlyRevenue(admin: Page) {
  const month = new Date().toISOString().slice(0, 7);
  const { revenue } = (await (await admin.request.get("/api/admin/revenue")).json()) as { revenue: RevenueRow[] };
  return (
    revenue.find((r) => r.month === month && r.plan === "yearly") ?? {
      month,
      plan: "yearly",
      charged_clp: 0,
      coupon_payments: 0,
      discount_clp: 0,
    }
  );
}

it("a coupon, the yearly plan paid with it, a gift bought and redeemed, and the admin's dashboard", async () => {
  // The admin adds a 20% coupon for the first payment.
  const adminContext = await newContext(browser);
  const admin = await adminContext.newPage();
  await signIn(admin, "admin@example.com", "Ada Admin");
  await admin.goto("/admin");
  await admin.getByRole("tab", { name: "Plans" }).click();
  await admin.getByRole("textbox", { name: "Code" }).fill(COUPON);
  await admin.getByRole("spinbutton", { name: "Percent off" }).fill("20");
  await admin.getByRole("spinbutton", { name: "Payments" }).fill("1");
  await admin.getByRole("button", { name: "Add coupon" }).click();
  await admin.getByTestId("coupons").getByText(COUPON).waitFor();
  const before = await yearlyRevenue(admin);

  // A member picks the yearly plan with the coupon and pays 120,000 CLP at Webpay.
  const memberContext = await newContext(browser);
  const member = await memberContext.newPage();
  await signIn(member, uniqueEmail("yearly"), "Yara Yearly");
  await member.goto("/pricing");
  await member.getByRole("region", { name: "Yearly Membership" }).getByText("You save $30,000 CLP").waitFor();
  await member.getByRole("textbox", { name: "Coupon code" }).fill(COUPON.toLowerCase());
  await member.getByRole("button", { name: "Apply" }).click();
  await member.getByText(`Coupon ${COUPON} applied`).waitFor();
  await member.getByRole("button", { name: "Pay $120,000 CLP with Webpay" }).click();
  await member.waitForURL((url) => url.pathname === "/api/dev/webpay/pay");
  expect(await member.getByText("$120,000 CLP").isVisible()).toBe(true);
  await member.getByRole("button", { name: "Approve payment" }).click();
  await member.waitForURL((url) => url.pathname === "/pay/return");
  expect(new URL(member.url()).search).toBe("?success=true&amount=120000");
  await member.getByRole("heading", { name: "Welcome to the Lounge!" }).waitFor();

  // Another member gives a month to an address; the gift arrives by email and its link redeems it.
  const giverContext = await newContext(browser);
  const giver = await giverContext.newPage();
  await signIn(giver, uniqueEmail("giver"), "Gina Giver");
  const recipient = uniqueEmail("recipient");
  await giver.goto("/pricing");
  await giver.getByRole("textbox", { name: "Their email address" }).fill(recipient);
  await giver.getByRole("textbox", { name: "Your message (optional)" }).fill("Enjoy the stars");
  await giver.getByRole("button", { name: "Send the gift ($15,000 CLP, paid with Webpay)" }).click();
  await giver.waitForURL((url) => url.pathname === "/api/dev/webpay/pay");
  await giver.getByRole("button", { name: "Approve payment" }).click();
  await giver.waitForURL((url) => url.pathname === "/pay/return");
  await giver.getByText("Your gift is paid: we have emailed it to its recipient.").waitFor();

  type Mail = { to: string; text: string; subject: string };
  const mailTo = async (to: string) =>
    ((await (await admin.request.get("/api/dev/mail")).json()).messages as Mail[]).find((m) => m.to === to);
  await expect.poll(() => mailTo(recipient)).toBeTruthy();
  const mail = await mailTo(recipient);
  expect(mail?.subject).toBe("Gina Giver te regaló una membresía de Cosmic Lounge");
  const link = /https?:\/\/\S+\/gift#code=[\w-]{43}/.exec(mail?.text ?? "")?.[0] ?? "";
  const recipientContext = await newContext(browser);
  const recipientPage = await recipientContext.newPage();
  await signIn(recipientPage, recipient, "Rita Recipient");
  await recipientPage.goto(new URL(link).pathname + new URL(link).hash);
  await recipientPage.getByText("Your gift is active: a month of Cosmic Lounge was added.").waitFor();
  await recipientPage.goto("/app/resources");
  await recipientPage.getByRole("heading", { name: "Resource Library" }).waitFor();

  // The admin sees both on the revenue dashboard: the chart and the revenue table.
  await admin.goto("/admin");
  await admin.getByRole("tab", { name: "Revenue" }).click();
  await admin.getByRole("img", { name: /Monthly recurring revenue/ }).waitFor();
  const revenue = admin.getByTestId("revenue-revenue");
  await revenue.getByText("Gifts").waitFor();
  // This month's yearly row grew by the payment: 120,000 charged, one coupon payment, 30,000 off; the table shows it.
  const after = await yearlyRevenue(admin);
  expect([
    after.charged_clp - before.charged_clp,
    after.coupon_payments - before.coupon_payments,
    after.discount_clp - before.discount_clp,
  ]).toEqual([120000, 1, 30000]);
  const yearlyRow = revenue.getByRole("row").filter({ hasText: after.month }).filter({ hasText: "yearly" });
  await yearlyRow.getByText(clp(after.charged_clp), { exact: true }).first().waitFor();
  for (const c of [adminContext, memberContext, giverContext, recipientContext]) await c.close();
});

it("transbank-sdk reads the amount of each new payment path at the emulator, before and after the app commits", async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, uniqueEmail("sdk"), "Sandra Sdk");
  const headers = { origin: baseUrl() };
  const paths: [string, string, Record<string, unknown>, number][] = [
    ["yearly plan", "/api/payments/initiate", { plan_id: "yearly", provider: "webpay_form" }, 150000],
    ["a gift of 3 months", "/api/gifts", { plan_months: 3, recipient_email: uniqueEmail("sdk-gift") }, 45000],
    ["a gift of 12 months", "/api/gifts", { plan_months: 12, recipient_email: uniqueEmail("sdk-gift") }, 150000],
  ];
  for (const [name, path, body, amount] of paths) {
    const started = await page.request.post(path, { data: body, headers });
    expect(started.status(), name).toBe(200);
    const { token } = await started.json();
    expect(await sdk().status(token), name).toMatchObject({ status: "INITIALIZED", amount });
    await page.request.post("/api/dev/webpay/pay", { form: { token_ws: token, action: "approve" }, headers });
    const back = await page.request.post("/api/payments/webpay/return", {
      form: { token_ws: token },
      headers: { "sec-fetch-site": "cross-site" },
      maxRedirects: 0,
    });
    expect(back.status(), name).toBe(303);
    expect(await sdk().status(token), name).toMatchObject({ status: "AUTHORIZED", amount, response_code: 0 });
  }
  await context.close();
});
