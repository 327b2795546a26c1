// Stored XSS in a real Chromium page: payloads saved in every field members and admins write, then each
// screen that shows them is opened. Nothing may run (window.__xss stays undefined, no handler attributes,
// no javascript: links, no script inside the app), and the payload must read as text. The dev server
// sends no CSP for the page, so this checks the rendering itself, not the CSP's safety net.
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { newContext, signIn, uniqueEmail, useBrowser } from "./browser";

const browser = useBrowser();

const tag = Math.random().toString(36).slice(2, 7);
const SCRIPT = "<script>window.__xss=1</script>";
const IMG = `<img src=x onerror="window.__xss=1">`;
const SVG = `<svg onload="window.__xss=1">`;
const JS_LINK = "javascript:window.__xss=1";
const BREAKOUT = `"><script>window.__xss=1</script>`;

const P = {
  name: `${IMG}${SVG}${tag}`,
  bio: `${BREAKOUT} ${SCRIPT} ${JS_LINK} bio${tag}`,
  goal: `${SVG} ${IMG} goal${tag}`,
  post: `${SCRIPT} ${IMG} ${SVG} ${BREAKOUT} ${JS_LINK} <a href="${JS_LINK}">x</a> post${tag}`,
  comment: `${IMG} ${BREAKOUT} ${JS_LINK} comment${tag}`,
  channel: `${IMG}${tag}`,
  message: `${SCRIPT} ${IMG} ${SVG} ${BREAKOUT} ${JS_LINK} msg${tag}`,
  noticeTitle: `${IMG}${BREAKOUT} notice${tag}`,
  noticeContent: `<p>Safe ${tag}</p>${SCRIPT}${IMG}${SVG}<a href="${JS_LINK}">click</a><iframe src="${JS_LINK}">\
</iframe>`,
  resource: `${IMG}${SVG} res${tag}`,
};

type Reply = { status: number; body: any };
/** A same-origin JSON request from the page, with its session: exactly what the app's client sends. */
const api = (page: Page, method: string, path: string, body?: unknown): Promise<Reply> =>
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
  );

async function expectStored(reply: Promise<Reply>, status: number) {
  const r = await reply;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body;
}

/** Nothing ran and nothing executable made it into the app's DOM. */
async function expectInert(page: Page, screen: string) {
  const found = await page.evaluate(() => {
    const root = document.getElementById("root") ?? document.body;
    const handlers = [...root.querySelectorAll("*")].filter((el) =>
      [...el.attributes].some((a) => a.name.startsWith("on")),
    ).length;
    const jsLinks = [...root.querySelectorAll("[href],[src],[action],[formaction]")].filter((el) =>
      ["href", "src", "action", "formaction"].some((a) => /^\s*javascript:/i.test(el.getAttribute(a) ?? "")),
    ).length;
    return {
      xss: (window as unknown as { __xss?: unknown }).__xss,
      scripts: root.querySelectorAll("script").length,
      iframes: root.querySelectorAll("iframe, object, embed").length,
      handlers,
      jsLinks,
    };
  });
  expect(found, screen).toEqual({ xss: undefined, scripts: 0, iframes: 0, handlers: 0, jsLinks: 0 });
}

const visible = (page: Page, text: string) => page.getByText(text).first().waitFor({ timeout: 15_000 });

it("stored payloads in every member- and admin-written field render as text and never run", async () => {
  // ---- the admin writes a notice and a resource ----
  const adminContext = await newContext(browser);
  const admin = await adminContext.newPage();
  // The same name every e2e file signs the admin in with (the shared server keeps the first one).
  await signIn(admin, "admin@example.com", "Ada Admin");
  await expectStored(
    api(admin, "POST", "/api/cosmic-notices", { title: P.noticeTitle, content: P.noticeContent, is_pinned: true }),
    201,
  );
  await expectStored(
    api(admin, "POST", "/api/resources/upload", {
      title: P.resource,
      description: P.bio,
      file_name: `${IMG}.txt`,
      file_data: `data:text/plain;base64,${btoa("hello")}`,
    }),
    201,
  );

  // ---- a member writes everything else (their display name is a payload from the sign-in form on) ----
  const memberContext = await newContext(browser);
  const page = await memberContext.newPage();
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signIn(page, uniqueEmail("xss"), P.name);
  await expectStored(api(page, "PATCH", "/api/users/me", { bio: P.bio }), 200);
  await expectStored(api(page, "PUT", "/api/profile", { goals: [P.goal], interests: [P.goal] }), 200);
  const post = await expectStored(api(page, "POST", "/api/posts", { content: P.post }), 201);
  await expectStored(api(page, "POST", `/api/posts/${post.id}/comments`, { content: P.comment }), 201);
  const channel = await expectStored(
    api(page, "POST", "/api/groups", { name: P.channel, description: P.comment, is_private: false }),
    201,
  );
  await expectStored(api(page, "POST", "/api/messages", { group_id: channel.id, body: P.message }), 201);

  // ---- the Lounge: the post, its author, the notice, the comments ----
  await page.goto("/app/lounge");
  await visible(page, P.post);
  await visible(page, P.noticeTitle);
  await visible(page, `Safe ${tag}`);
  const article = page.locator("article", { hasText: `post${tag}` });
  await article.getByText(P.name).first().waitFor();
  await expectInert(page, "lounge");
  await article.getByRole("button", { name: "1 comment" }).click();
  const comments = page.getByRole("dialog", { name: "Comments" });
  await comments.getByText(P.comment).waitFor();
  await expectInert(page, "comments");
  await comments.getByRole("button", { name: "Close dialog" }).click();

  // ---- Chat: the channel name, the message and its sender ----
  await page.goto("/app/chat");
  await page.getByRole("button", { name: P.channel, exact: true }).click();
  await visible(page, P.message);
  await expectInert(page, "chat");

  // ---- Profile: name, bio, goals ----
  await page.goto("/app/profile");
  await visible(page, P.bio);
  await visible(page, P.goal);
  await visible(page, P.name);
  await expectInert(page, "profile");

  // ---- the admin's screens: the resource library, the member list, the lounge ----
  await admin.goto("/app/resources");
  await admin.getByRole("heading", { name: P.resource }).waitFor({ timeout: 15_000 });
  await expectInert(admin, "resources");
  await admin.goto("/admin");
  await admin.getByTestId("member-row").filter({ hasText: P.name }).first().waitFor({ timeout: 15_000 });
  await expectInert(admin, "admin");
  await admin.goto("/app/lounge");
  await visible(admin, P.post);
  await expectInert(admin, "admin lounge");

  expect(dialogs).toEqual([]);
  await adminContext.close();
  await memberContext.close();
});
