// Programs end to end: a member enrols in a daily program, plays its audio lesson (streamed with ranges from R2),
// seeks, leaves and comes back to the same second, marks it done and sees when the next lesson opens (tomorrow at
// 6:00 in their zone); the audio saved for offline is served (ranges too) by the service worker with the network
// gone, and removed on sign-out; in a program they finish, the certificate PDF they download reads back with their
// name; an admin builds a program (lessons with audio, reordered from the keyboard), publishes it and reads its funnel.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext, Page } from "playwright-core";
import { expect, it } from "vitest";
import { pdfText } from "../pdf-text";
import { baseUrl, newContext, signIn, uniqueEmail, useBrowser } from "./browser";

const browser = useBrowser();
const root = path.resolve(import.meta.dirname, "../..");

/** The admin's API calls from their signed-in browser context (same origin, as the app's client sends). */
async function adminApi(request: APIRequestContext) {
  const headers = { origin: baseUrl() };
  const audio = await readFile(path.join(root, "scripts/seed-audio/lesson-1.ogg"));
  return {
    async program(fields: Record<string, unknown>) {
      const res = await request.post("/api/programs", { headers, data: { published: true, ...fields } });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { program: { id: number } }).program.id;
    },
    async lesson(programId: number, title: string) {
      const res = await request.post(`/api/programs/${programId}/lessons`, {
        headers,
        multipart: {
          title,
          body: `## ${title}\n\nSit **comfortably** and follow the breath.`,
          file: { name: "lesson.ogg", mimeType: "audio/ogg", buffer: audio },
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { lesson: { id: number } }).lesson.id;
    },
  };
}

const audioTime = (page: Page) => page.locator("audio").evaluate((a: HTMLAudioElement) => a.currentTime);

it("a member enrols, plays, seeks, leaves and comes back to the same second, marks done and sees the next opening; a finished program's certificate names them", async () => {
  const suffix = Date.now().toString(36);
  const adminContext = await newContext(browser);
  const admin = await adminContext.newPage();
  await signIn(admin, "admin@example.com", "Ada Admin");
  const api = await adminApi(admin.request);
  const daily = await api.program({ title: `Seven breaths ${suffix}`, unlock: "daily" });
  const first = await api.lesson(daily, "Arriving");
  await api.lesson(daily, "Settling");
  const short = await api.program({ title: `One breath ${suffix}`, unlock: "all" });
  await api.lesson(short, "Only breath");
  await adminContext.close();

  const context = await newContext(browser, undefined, { timezoneId: "America/Santiago", acceptDownloads: true });
  const page = await context.newPage();
  const name = "Łucja Ñuñoa";
  await signIn(page, uniqueEmail("program"), name);
  await page.getByRole("link", { name: "Programs" }).click();
  await page.getByRole("heading", { name: "Programs", level: 1 }).waitFor();
  await page.getByRole("link", { name: `Seven breaths ${suffix}` }).click();
  await page.getByRole("button", { name: "Start the program" }).click();
  // The second lesson waits for tomorrow at 6:00 in the member's zone.
  await page.getByText(/Opens tomorrow at 6:00/).waitFor();
  await page.getByRole("link", { name: "Start", exact: true }).click();
  await page.waitForURL(new RegExp(`/lessons/${first}$`));
  await page.getByRole("heading", { name: "Arriving", level: 1 }).waitFor();

  // Play (muted: no sound card needed), then seek to 5 s: the position is saved on the seek.
  const audio = page.locator("audio");
  await audio.evaluate(async (a: HTMLAudioElement) => {
    a.muted = true;
    await a.play();
  });
  await expect.poll(() => audioTime(page)).toBeGreaterThan(0);
  await audio.evaluate((a: HTMLAudioElement) => {
    a.pause();
    a.currentTime = 5.4;
  });
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/lessons/${first}`);
      return ((await res.json()) as { lesson: { position_seconds: number } }).lesson.position_seconds;
    })
    .toBe(5);

  // Leave, come back: the player starts at the same second.
  await page.getByRole("link", { name: /Back to Seven breaths/ }).click();
  await page.getByRole("heading", { name: `Seven breaths ${suffix}`, level: 1 }).waitFor();
  await page.getByRole("link", { name: "Arriving" }).click();
  await page.getByText("Resumed at 0:05").waitFor();
  expect(Math.floor(await audioTime(page))).toBe(5);

  // Saved for offline: with the network gone, the service worker answers a range of it from its cache.
  const mediaUrl = (await audio.getAttribute("src")) ?? "";
  await page.getByRole("button", { name: "Save for offline" }).click();
  await page.getByText("Saved for offline").waitFor();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(true);
  const offline = await page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { range: "bytes=100-199" } });
    return { status: res.status, range: res.headers.get("content-range"), size: (await res.arrayBuffer()).byteLength };
  }, mediaUrl);
  expect(offline).toMatchObject({ status: 206, size: 100 });
  expect(offline.range).toMatch(/^bytes 100-199\/\d+$/);
  await context.setOffline(false);

  await page.getByRole("button", { name: "Mark as done" }).click();
  await page.getByRole("button", { name: "Mark as not done" }).waitFor();
  await expect
    .poll(() => page.getByTestId("next-opens").textContent())
    .toMatch(/^Next: Settling\. Opens tomorrow at 6:00/);

  // A program of one lesson, done: its certificate.
  await page.goto("/app/programs");
  await page.getByRole("link", { name: `One breath ${suffix}` }).click();
  await page.getByRole("button", { name: "Start the program" }).click();
  await page.getByRole("link", { name: "Start", exact: true }).click();
  await page.getByRole("button", { name: "Mark as done" }).click();
  await page.getByRole("button", { name: "Mark as not done" }).waitFor();
  await page.getByRole("link", { name: /Back to One breath/ }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download your certificate" }).click();
  const file = await (await download).path();
  const text = await pdfText(await readFile(file));
  expect(text).toContain("Certificate of completion");
  expect(text).toContain(name);
  expect(text).toContain(`One breath ${suffix}`);

  // Signing out removes what was saved for offline.
  expect(await page.evaluate(() => caches.has("lesson-media"))).toBe(true);
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect.poll(() => page.evaluate(() => caches.has("lesson-media"))).toBe(false);
  await context.close();
});

it("an admin creates a program, adds lessons with audio, reorders them from the keyboard, publishes it and reads its funnel", async () => {
  const suffix = Date.now().toString(36);
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, "admin@example.com", "Ada Admin");
  await page.goto("/app/programs");
  await page.getByRole("button", { name: "New program" }).click();
  const form = page.getByRole("form", { name: "New program" });
  await form.getByLabel("Title").fill(`Breath school ${suffix}`);
  await form.getByLabel("Summary").fill("Four short sessions");
  await form.getByRole("button", { name: "Create program" }).click();
  await page.waitForURL(/\/app\/programs\/\d+$/);
  await page.getByRole("heading", { name: `Breath school ${suffix}`, level: 1 }).waitFor();

  const audio = await readFile(path.join(root, "scripts/seed-audio/lesson-2.ogg"));
  for (const title of ["First steps", "Second wind"]) {
    await page.getByLabel("Lesson title").fill(title);
    await page.getByLabel(/^Audio/).setInputFiles({ name: `${title}.ogg`, mimeType: "audio/ogg", buffer: audio });
    await page.getByRole("button", { name: "Add lesson" }).click();
    await page.getByRole("button", { name: `Remove "${title}"` }).waitFor();
    await expect.poll(() => page.getByLabel("Lesson title").inputValue()).toBe("");
  }
  // Keyboard: focus "move Second wind up" and press Enter.
  await page.getByRole("button", { name: 'Move "Second wind" up' }).focus();
  await page.keyboard.press("Enter");
  await expect
    .poll(() => page.locator(".admin-lesson-title").allTextContents())
    .toEqual(["Second wind", "First steps"]);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByRole("button", { name: "Unpublish" }).waitFor();
  await page.getByRole("table", { name: "How many members reached and finished each lesson" }).waitFor();
  const csv = await page.request.get(
    (await page.getByRole("link", { name: "Download CSV" }).getAttribute("href")) ?? "",
  );
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split("\r\n")[1]).toMatch(/^1,\d+,Second wind,0,0$/);
  await context.close();
});
