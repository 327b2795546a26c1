// Every screen of docs/spec.md §2, by who sees it, for the accessibility, layout and screenshot runs.
import type { Browser, Page } from "playwright-core";
import { words as SETTINGS } from "../../client/settings/words";
import { SETTINGS_SECTIONS } from "../../worker/shared/settings";
import { newContext, payThroughEmulator, signIn, uniqueEmail } from "./browser";

export type Role = "signed-out" | "member" | "paying-member" | "admin";

export type Screen = { role: Role; name: string; path: string; ready: (page: Page) => Promise<unknown> };

const heading = (name: string | RegExp) => (page: Page) => page.getByRole("heading", { name }).first().waitFor();
/** An admin dashboard tab (not in the URL): opened by its tab, ready when its heading shows. */
const adminTab = (tab: string, title: string) => async (page: Page) => {
  await page.getByRole("tab", { name: tab }).click();
  await heading(title)(page);
};

export const SCREENS: Screen[] = [
  { role: "signed-out", name: "landing", path: "/", ready: heading("A sanctuary for kindred souls") },
  { role: "signed-out", name: "pricing-signed-out", path: "/pricing", ready: heading("Unlock Premium Resources") },
  { role: "signed-out", name: "dev-sign-in", path: "/auth/dev?state=x", ready: heading("Development sign-in") },
  {
    role: "signed-out",
    name: "pay-return-success",
    path: "/pay/return?success=true&amount=15000",
    ready: (p) => p.getByRole("heading").first().waitFor(),
  },
  {
    role: "signed-out",
    name: "pay-return-error",
    path: "/pay/return?success=false&error=cancelled",
    ready: heading("Payment Issue"),
  },
  { role: "member", name: "lounge", path: "/app/lounge", ready: heading("Welcome to the Cosmic Lounge") },
  {
    role: "member",
    name: "chat",
    path: "/app/chat",
    ready: (p) => p.locator("#chat-channels-title").waitFor({ state: "attached" }),
  },
  { role: "member", name: "profile", path: "/app/profile", ready: heading("Your Cosmic Profile") },
  { role: "member", name: "events", path: "/app/events", ready: heading(/^Gatherings$/) },
  { role: "member", name: "settings", path: "/app/settings", ready: heading(/^Settings$/) },
  ...SETTINGS_SECTIONS.map(
    (section): Screen => ({
      role: section === "membership" ? "paying-member" : "member",
      name: `settings-${section}`,
      path: `/app/settings/${section}`,
      ready: (page: Page) =>
        page.getByRole("heading", { level: 2, name: SETTINGS.settings.sections[section].name, exact: true }).waitFor(),
    }),
  ),
  { role: "member", name: "programs", path: "/app/programs", ready: heading("Practice log") },
  { role: "member", name: "pricing", path: "/pricing", ready: heading("Unlock Premium Resources") },
  { role: "paying-member", name: "resources", path: "/app/resources", ready: heading("Resource Library") },
  { role: "admin", name: "admin", path: "/admin", ready: (p) => p.getByRole("tab", { name: "Members" }).waitFor() },
  { role: "admin", name: "admin-moderation", path: "/admin", ready: adminTab("Moderation", "Open reports") },
  { role: "admin", name: "admin-audit", path: "/admin", ready: adminTab("Audit", "Audit log") },
  { role: "admin", name: "lounge-admin", path: "/app/lounge", ready: heading("Welcome to the Cosmic Lounge") },
  { role: "admin", name: "resources-admin", path: "/app/resources", ready: heading("Resource Library") },
  {
    role: "admin",
    name: "programs-admin",
    path: "/app/programs",
    ready: async (page) => {
      await page.getByRole("button", { name: "New program" }).click();
      await heading("New program")(page);
    },
  },
];

/** A browser context signed in (and paid) as the role needs. */
export async function contextFor(browser: Browser, role: Role, viewport: { width: number; height: number }) {
  // axe (accessibility.e2e.ts) goes into the page as an inline script, which the pages' CSP rightly refuses.
  const context = await newContext(browser, viewport, { bypassCSP: true });
  const page = await context.newPage();
  if (role === "member" || role === "paying-member")
    await signIn(page, uniqueEmail(role), role === "member" ? "Mira Member" : "Paz Payer");
  if (role === "admin") await signIn(page, "admin@example.com", "Ada Admin");
  if (role === "paying-member") await payThroughEmulator(page);
  return { context, page };
}

export async function open(page: Page, screen: Screen) {
  await page.goto(screen.path);
  await screen.ready(page);
  // Let lazy images and fonts settle before measuring or capturing.
  await page.waitForLoadState("networkidle").catch(() => undefined);
}
