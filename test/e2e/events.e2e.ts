// Gatherings end to end: an admin creates one in Santiago's time with a cover image, a member in Madrid sees
// the cover on the list and the page and the time in their own zone with Chile's beside it, answers Going
// (the meeting link appears), downloads the .ics (read back by ical.js: the same instant), and the admin
// sees them among the attendees.
import { readFile } from "node:fs/promises";
import ICAL from "ical.js";
import { expect, it } from "vitest";
import { baseUrl, signIn, uniqueEmail, useBrowser } from "./browser";

const browser = useBrowser();

/** A real 1×1 PNG, so the browser decodes it (naturalWidth 1). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** The cover shown with the title as its text, once the browser has decoded it. */
async function coverShown(page: import("playwright-core").Page, title: string, loading: "eager" | "lazy") {
  const cover = page.getByRole("img", { name: title, exact: true });
  await cover.waitFor();
  // Scrolled to (a lazy image loads in view) and read in one call: the list may render the image anew
  // when its loader revalidates, so each try finds the element again.
  await expect
    .poll(() =>
      cover.evaluate((img: HTMLImageElement) => {
        img.scrollIntoView({ block: "center" });
        return img.complete && img.naturalWidth;
      }),
    )
    .toBe(1);
  expect(await cover.getAttribute("loading")).toBe(loading);
  return cover;
}

it(`an admin creates an event; a member answers Going, gets the link and the .ics; the admin sees the \
attendee`, async () => {
  const title = `Winter solstice circle ${Date.now().toString(36)}`;
  const adminContext = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signIn(admin, "admin@example.com", "Ada Admin");
  await admin.getByRole("link", { name: "Events" }).click();
  await admin.getByRole("heading", { name: "Gatherings", exact: true }).waitFor();
  await admin.getByRole("button", { name: "New gathering" }).click();
  const form = admin.getByRole("dialog", { name: "New gathering" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Description").fill("Bring a **warm blanket**.");
  // 20:00 in Santiago on a July evening (winter, UTC-4): 2030-07-07T00:00Z.
  await form.getByLabel("Starts").fill("2030-07-06T20:00");
  await form.getByLabel("Ends").fill("2030-07-06T21:30");
  await form.getByLabel("Meeting link").fill("https://meet.example.com/solstice");
  await form.getByLabel("Places").fill("20");
  await form.getByLabel("Cover image").selectOption("upload");
  await form.getByLabel("Image file").setInputFiles({ name: "solstice.png", mimeType: "image/png", buffer: PNG });
  await form.getByRole("button", { name: "Create gathering" }).click();
  // The new event's own page (the list shows its card first, while the router moves on).
  await admin.waitForURL(/\/app\/events\/\d+$/);
  await admin.getByRole("heading", { name: title, level: 1 }).waitFor();
  await coverShown(admin, title, "eager");

  // A member whose device is in Madrid.
  const memberContext = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1280, height: 900 },
    timezoneId: "Europe/Madrid",
    acceptDownloads: true,
  });
  const member = await memberContext.newPage();
  const name = "Rosa Ritual";
  await signIn(member, uniqueEmail("gatherer"), name);
  await member.getByRole("link", { name: "Events" }).click();
  // On the list: the cover (its text the title), served to the member through the authorised route.
  // Other suites' gatherings may come first: only the first card's cover loads eagerly.
  const firstCard = await member.locator(".event-card").first().textContent();
  const listed = await coverShown(member, title, firstCard?.includes(title) ? "eager" : "lazy");
  expect(await listed.getAttribute("src")).toMatch(/^\/api\/events\/\d+\/cover\?v=/);
  await member.getByRole("link", { name: title }).click();
  await member.getByRole("heading", { name: title }).waitFor();
  await coverShown(member, title, "eager");
  // Madrid is 6 hours ahead of Santiago in July: 02:00 the next day there, 20:00 in Chile beside it.
  // (ICU writes a narrow no-break space before AM/PM.)
  const when = (await member.locator(".event-when").textContent())?.replace(/\s/g, " ");
  expect(when).toContain("Sun, Jul 7, 2030");
  expect(when).toContain("2:00 AM – 3:30 AM · 8:00 PM (Chile time)");
  await member.getByText("The meeting link appears here once you're going.").waitFor();
  expect(await member.getByRole("link", { name: "Join the meeting" }).count()).toBe(0);

  await member.getByRole("button", { name: "Going", exact: true }).click();
  const join = member.getByRole("link", { name: "Join the meeting" });
  await join.waitFor();
  expect(await join.getAttribute("href")).toBe("https://meet.example.com/solstice");
  expect(await member.getByRole("button", { name: "Going", exact: true }).getAttribute("aria-pressed")).toBe("true");

  const [download] = await Promise.all([
    member.waitForEvent("download"),
    member.getByRole("link", { name: "Add to calendar" }).click(),
  ]);
  const ics = await readFile((await download.path())!, "utf8");
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  expect(event.summary).toBe(title);
  expect(event.startDate.zone.tzid).toBe("America/Santiago");
  expect(event.startDate.toJSDate().toISOString()).toBe("2030-07-07T00:00:00.000Z");
  expect(ics).toContain("meet.example.com/solstice"); // going: the link travels with the calendar entry
  await memberContext.close();

  await admin.reload();
  const attendees = admin.getByRole("region", { name: "Attendees" });
  const row = attendees.getByRole("listitem").filter({ hasText: name });
  await row.waitFor();
  expect(await row.textContent()).toContain("Going");
  await adminContext.close();
});
