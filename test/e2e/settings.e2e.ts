// The settings by topic in real Chromium at 390 px: an email's footer link opens the notifications section, where a
// group's email switch turns off and stays off across a reload; the bell's payment notification opens the
// membership section, whose receipt is a real PDF (read back with pdf.js); no section is taller than two phone
// screens but the payment history; every section passes axe at 390 and 1440 px.
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { words as SETTINGS } from "../../client/settings/words";
import type { PreferencesDto } from "../../worker/shared/notification-settings";
import { COMMERCE_NAME } from "../../worker/shared/rules";
import { SETTINGS_SECTIONS } from "../../worker/shared/settings";
import { pdfText } from "../pdf-text";
import { seriousViolations } from "./axe";
import { newContext, payThroughEmulator, person, signIn, uniqueEmail, useBrowser } from "./browser";

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };
const S = SETTINGS.settings;

/** A call to the API from the page, as the app makes it (same origin, the session's cookie). */
const api = <T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> =>
  page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p as string, {
        method: m as string,
        headers: b === undefined ? {} : { "content-type": "application/json" },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    [method, path, body] as const,
  ) as Promise<{ status: number; body: T }>;

/** The mail the local outbox holds for `to` whose text matches `pattern`, as an admin reads it; waits for the queue. */
async function mailTo(admin: Page, to: string, pattern: RegExp): Promise<{ text: string }> {
  for (let i = 0; i < 40; i++) {
    const { body } = await api<{ messages: { to: string; text: string }[] }>(admin, "GET", "/api/dev/mail");
    const mail = body.messages.find((m) => m.to === to && pattern.test(m.text));
    if (mail) return mail;
    await admin.waitForTimeout(500);
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

it("from an email's footer to the notifications section: the group's email turned off stays off after a reload", async () => {
  const email = uniqueEmail("sol");
  const sol = await newContext(browser, PHONE);
  const luna = await person(browser, uniqueEmail("luna"), "Luna Writer");
  const admin = await person(browser, "admin@example.com", "Ada Admin");
  try {
    const page = await sol.newPage();
    await signIn(page, email, "Sol Settings");
    // Every kind of the conversations group by email, and comments too (the email that brings the link).
    const { body: current } = await api<PreferencesDto>(page, "GET", "/api/notifications/preferences");
    const preferences = { ...current.preferences };
    for (const kind of ["mention", "reply", "reaction", "channel_invite", "comment"] as const)
      preferences[kind] = { ...preferences[kind], email: true };
    expect((await api(page, "PUT", "/api/notifications/preferences", { ...current, preferences })).status).toBe(200);
    const post = await api<{ id: number }>(page, "POST", "/api/posts", { content: "A quiet evening under the stars" });
    expect(post.status).toBe(201);
    const comment = await api(luna.page, "POST", `/api/posts/${post.body.id}/comments`, { content: "Beautiful" });
    expect(comment.status).toBe(201);

    const mail = await mailTo(admin.page, email, /Your notification settings/);
    const link = /Your notification settings: (\S+)/.exec(mail.text)?.[1] ?? "";
    expect(new URL(link).pathname).toBe("/app/settings/notifications");
    await page.goto(link);
    const section = page.getByRole("region", { name: S.sections.notifications.name });
    await section.waitFor();
    // The section's heading has the focus (where a screen reader starts).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(S.sections.notifications.name);
    const groupEmail = page.getByLabel(S.groupChannel(S.groups.conversations.name, "Email"));
    expect(await groupEmail.isChecked()).toBe(true);
    await groupEmail.click();
    await page.getByText("Notification settings saved.").waitFor();
    expect(await groupEmail.isChecked()).toBe(false);

    await page.reload();
    await section.waitFor();
    expect(await page.getByLabel(S.groupChannel(S.groups.conversations.name, "Email")).isChecked()).toBe(false);
    await section.getByText(S.kindsShow(4)).first().click();
    expect(await page.getByLabel("Mentions: Email").isChecked()).toBe(false);
    // Comments are another group's: untouched.
    expect(await page.getByLabel("Comments on my posts: Email").isChecked()).toBe(true);
    const { body: saved } = await api<PreferencesDto>(page, "GET", "/api/notifications/preferences");
    expect(saved.preferences.mention.email).toBe(false);
    expect(saved.preferences.comment.email).toBe(true);
  } finally {
    await sol.close();
    await luna.context.close();
    await admin.context.close();
  }
});

it(`from the bell's payment notification to the membership section and a receipt's PDF; no section taller than two \
phone screens but the payment history; every section passes axe at 390 and 1440 px`, async () => {
  // axe goes into the page as an inline script, which the pages' CSP rightly refuses.
  const context = await newContext(browser, PHONE, { bypassCSP: true });
  try {
    const page = await context.newPage();
    await signIn(page, uniqueEmail("payer"), "Paz Receipts");
    await payThroughEmulator(page);
    await page.goto("/app/lounge");
    await page.getByRole("button", { name: /^Notifications, 1 unread/ }).click();
    await page
      .getByRole("dialog")
      .getByRole("link", { name: /Your payment went through/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === "/app/settings/membership");
    const section = page.getByRole("region", { name: S.sections.membership.name });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      section.getByRole("button", { name: /Download the receipt/ }).click(),
    ]);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(pdf);
    expect(text).toContain(COMMERCE_NAME);
    expect(text).toContain("$15.000");

    const problems: string[] = [];
    for (const name of SETTINGS_SECTIONS) {
      await page.goto(`/app/settings/${name}`);
      await page.getByRole("region", { name: S.sections[name].name, exact: true }).waitFor();
      await page.waitForLoadState("networkidle").catch(() => undefined);
      const height = await page.evaluate(
        () =>
          document.documentElement.scrollHeight -
          (document.querySelector("[data-testid=payment-history]")?.getBoundingClientRect().height ?? 0),
      );
      if (height > 2 * PHONE.height) problems.push(`${name}: ${height}px`);
    }
    expect(problems).toEqual([]);

    for (const viewport of [PHONE, { width: 1440, height: 900 }]) {
      await page.setViewportSize(viewport);
      for (const path of ["/app/settings", ...SETTINGS_SECTIONS.map((s) => `/app/settings/${s}`)]) {
        await page.goto(path);
        await page.getByRole("heading", { level: 1, name: S.title }).waitFor();
        if (path !== "/app/settings") await page.locator(".settings-section > h2").waitFor();
        await page.waitForLoadState("networkidle").catch(() => undefined);
        for (const v of await seriousViolations(page)) problems.push(`${path}@${viewport.width}: ${v}`);
      }
    }
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});
