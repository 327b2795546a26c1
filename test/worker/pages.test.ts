// The pages the worker renders (worker/pages.ts with client/server-render.tsx): the guards answer before any
// HTML, for each kind of visitor; the lounge's first screen holds its posts and notice board and nothing of
// another member's private data; a failing loader renders the route's error element with its status; each
// kind of page says how it may be cached, and carries the strict CSP with a nonce for its own scripts.
import { SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { posts } from "../../worker/db/schema";
import { TEXTS } from "../../worker/shared/texts";
import { call, db, ORIGIN, testEnv } from "./helpers";
import { type Caller, EMAILS, IDS, seedWorld, type World } from "./seed";

let world: World;
// Every test starts from empty tables (setup.ts): the world again each time.
beforeEach(async () => {
  world = await seedWorld();
});

const page = (path: string, who: Caller, init: Parameters<typeof call>[1] = {}) =>
  call(path, { ...init, cookie: world.cookie[who] });

/** The data the page carries for the browser's hydration (client/rendered-page.ts). */
function renderedData(html: string) {
  const json = /<script type="application\/json" id="rendered-page">(.*?)<\/script>/s.exec(html)?.[1];
  expect(json, "the page's data").toBeDefined();
  return JSON.parse(json ?? "null");
}

describe("guards, decided before any HTML", () => {
  // [path, who, where they are sent] for each guard and kind of visitor; null = the page itself.
  const cases: [string, Caller, string | null][] = [
    ["/app/lounge", "anon", "/"],
    ["/app/chat", "anon", "/"],
    ["/app/resources", "anon", "/"],
    ["/app/profile", "anon", "/"],
    ["/app/events", "anon", "/"],
    ["/admin", "anon", "/"],
    ["/admin", "member", "/app/lounge"],
    ["/admin", "paid", "/app/lounge"],
    ["/admin", "owner", "/app/lounge"],
    ["/admin", "admin", null],
    ["/app/resources", "member", "/pricing"],
    ["/app/resources", "paid", null],
    ["/app/resources", "admin", null],
    ["/", "member", "/app/lounge"],
    ["/", "paid", "/app/lounge"],
    ["/", "admin", "/app/lounge"],
    ["/", "anon", null],
    ["/pricing", "anon", null],
    ["/app/lounge", "member", null],
  ];
  it.each(cases)("%s as %s → %s", async (path, who, target) => {
    const res = await page(path, who);
    if (target === null) {
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    } else {
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(target);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await res.text()).not.toContain("<html");
    }
  });
});

describe("the lounge's first screen", () => {
  it("holds the first page of posts and the notice board, for the member and nothing of anyone else's", async () => {
    const res = await page("/app/lounge", "member");
    expect(res.status).toBe(200);
    const html = await res.text();
    const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1] ?? "";
    expect(root).toContain("Owner&#x27;s post");
    expect(root).toContain("Notice");
    expect(root).toContain('href="/app/chat"');
    const data = renderedData(html);
    expect(data.user.email).toBe(EMAILS.member);
    expect(data.language).toBe("en");
    const loaded = JSON.stringify(data.loaderData);
    expect(loaded).toContain("Owner's post");
    expect(loaded).toContain('"title":"Notice"');
    // Other members' emails, sessions and the private channel are nowhere in the page.
    for (const other of [EMAILS.owner, EMAILS.admin, EMAILS.paid, EMAILS.victim]) expect(html).not.toContain(other);
    expect(html).not.toContain(world.cookie.member?.split("=")[1]);
  });

  it("members asking at the same moment each get their page, rendered in their own request", async () => {
    // Each request through SELF is an event of its own in workerd: the renders take turns, and none may hand another
    // its streams ("Cannot perform I/O on behalf of a different request").
    const who: Caller[] = ["member", "paid", "owner", "member", "paid", "owner", "member", "paid"];
    const answers = await Promise.all(
      who.map((caller) =>
        SELF.fetch(`${ORIGIN}/app/lounge`, { headers: { cookie: world.cookie[caller] ?? "" } }).then(async (res) => ({
          caller,
          status: res.status,
          html: await res.text(),
        })),
      ),
    );
    for (const { caller, status, html } of answers) {
      expect(status, caller).toBe(200);
      expect(renderedData(html).user.email, caller).toBe(EMAILS[caller as keyof typeof EMAILS]);
      expect(html, caller).toContain("Owner&#x27;s post");
    }
  });

  it("weighs under 40 KB gzipped with a full first page of 20 posts", async () => {
    const text = (i: number) =>
      `Morning meditation #${i}: breathe in the starlight, breathe out the noise. Today the moon is in a gentle ` +
      `phase and the circle meets at seven; bring water, a blanket and a question you have been carrying.`;
    // Written straight to the table: twenty posts through the API would meet its rate limit.
    await db()
      .insert(posts)
      .values(Array.from({ length: 20 }, (_, i) => ({ authorId: IDS.owner, content: text(i + 1) })));
    const html = await (await page("/app/lounge", "member")).text();
    expect(html).toContain(text(20));
    const gzipped = await new Response(
      new Blob([html]).stream().pipeThrough(new CompressionStream("gzip")),
    ).arrayBuffer();
    console.log(`LOUNGE_HTML ${JSON.stringify({ posts: 20, bytes: html.length, gzipped: gzipped.byteLength })}`);
    expect(gzipped.byteLength).toBeLessThan(40 * 1024);
  });

  it("is written in the language of Accept-Language, and a saved language wins over it", async () => {
    const spanish = await (
      await page("/app/lounge", "member", { headers: { "Accept-Language": "es-CL,es;q=0.9" } })
    ).text();
    expect(spanish).toMatch(/<html lang="es"/);
    expect(spanish).toContain("Tablón cósmico de avisos");
    expect(
      (await call("/api/profile", { method: "PUT", json: { language: "en" }, cookie: world.cookie.paid })).status,
    ).toBe(200);
    // Signed out, this device's choice (its cookie, client/i18n/language.ts) wins over the browser's languages.
    const chosen = await (
      await page("/pricing", "anon", { headers: { Cookie: "lang=es", "Accept-Language": "en" } })
    ).text();
    expect(chosen).toMatch(/<html lang="es"/);
    const saved = await (
      await page("/app/lounge", "paid", { headers: { "Accept-Language": "es-CL", Cookie: "lang=es" } })
    ).text();
    expect(saved).toMatch(/<html lang="en"/);
    expect(saved).toContain("Cosmic Notice Board");
  });

  it("renders in the member's zone, else the edge's, else America/Santiago", async () => {
    expect(renderedData(await (await page("/app/lounge", "member")).text()).zone).toBe("America/Santiago");
    await call("/api/users/me", { method: "PATCH", json: { timezone: "Europe/Madrid" }, cookie: world.cookie.owner });
    expect(renderedData(await (await page("/app/lounge", "owner")).text()).zone).toBe("Europe/Madrid");
  });
});

describe("every screen", () => {
  it.each([
    ["/app/chat", "owner"],
    ["/app/resources", "paid"],
    ["/app/profile", "member"],
    ["/app/events", "member"],
    ["/admin", "admin"],
    ["/pricing", "member"],
    ["/pricing", "anon"],
    ["/app/settings", "member"],
    ["/app/settings/notifications", "member"],
    ["/app/settings/membership", "paid"],
    ["/app/settings/privacy", "member"],
    ["/app/settings/devices", "member"],
    ["/app/settings/calendar", "member"],
    ["/app/settings/data", "member"],
    ["/app/programs", "member"],
    [`/app/programs/${IDS.program}`, "owner"],
    [`/app/programs/${IDS.program}/lessons/${IDS.lesson}`, "owner"],
  ] as const)("%s is rendered by the worker for %s, with its data", async (path, who) => {
    const res = await page(path, who);
    expect(res.status).toBe(200);
    const html = await res.text();
    const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1] ?? "";
    expect(root).toMatch(/<h1/);
    expect(Object.keys(renderedData(html).loaderData).length).toBeGreaterThan(0);
  });
});

describe("a loader that fails", () => {
  /** D1 as it is when the posts cannot be read (the session's own reads still work), sessions included. */
  const postsUnreachable = (db: D1Database | D1DatabaseSession): D1Database =>
    new Proxy(db, {
      get(target, prop) {
        if (prop === "prepare")
          return (sql: string) => {
            if (/from "posts"/.test(sql)) throw new Error("D1_ERROR: the posts are unreachable");
            return target.prepare(sql);
          };
        if (prop === "withSession")
          return (bookmark: string) => postsUnreachable((target as D1Database).withSession(bookmark));
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    }) as D1Database;

  it("renders the route's error element inside the shell, with the API's status (503)", async () => {
    const res = await page("/app/lounge", "member", { env: { DB: postsUnreachable(testEnv.DB) } });
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain(TEXTS.api.serviceUnavailable);
    expect(html).toContain('href="/app/chat"');
    // The browser's hydration gets the same error (the API's answer), so it shows the same element.
    expect(Object.values(renderedData(html).errors)).toEqual([
      expect.objectContaining({ kind: "api", status: 503, serverError: TEXTS.api.serviceUnavailable }),
    ]);
  });

  it("an unknown page under /app is the not-found page with 404", async () => {
    const res = await page("/app/nowhere", "member");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Lost among the stars");
  });
});

describe("headers", () => {
  it("signed-in pages are private and never stored; public pages signed out are cached briefly", async () => {
    for (const [path, who] of [
      ["/app/lounge", "member"],
      ["/pricing", "member"],
      ["/admin", "admin"],
    ] as const) {
      const res = await page(path, who);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control"), `${path} as ${who}`).toBe("private, no-store");
    }
    for (const path of ["/", "/pricing"]) {
      const res = await page(path, "anon");
      expect(res.headers.get("Cache-Control"), path).toBe("public, max-age=60, s-maxage=300");
      expect(res.headers.get("Vary")).toBe("Cookie, Accept-Language");
    }
  });

  it("the CSP runs only the app's scripts and this page's, by a nonce made for it", async () => {
    const first = await page("/app/lounge", "member");
    const second = await page("/app/lounge", "member");
    const nonceOf = (res: Response) =>
      /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)';/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1];
    const nonce = nonceOf(first);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(second)).not.toBe(nonce);
    const csp = first.headers.get("Content-Security-Policy") ?? "";
    expect(csp).not.toContain("unsafe-inline'; object");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(first.headers.get("X-Content-Type-Options")).toBe("nosniff");
    // Every script the page runs carries the nonce; the data block is JSON, which never runs.
    const html = await first.text();
    for (const tag of html.match(/<script(?![^>]*application\/json)[^>]*>/g) ?? [])
      expect(tag).toContain(`nonce="${nonce}"`);
  });
});
