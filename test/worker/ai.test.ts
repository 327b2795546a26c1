// AI generation routes: notices (admins) and library resources (paid members, admins), driven through
// the real worker with the fake providers at the HTTP boundary (the global fetch is stubbed with them).
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memberships, resources, users } from "../../worker/db/schema";
import type { Env } from "../../worker/env";
import { AI_NOTICE_DEFAULT_TITLE } from "../../worker/shared/ai-rules";
import { cleanTitleLine, noticeTitle, splitTitle, wrapParagraphs } from "../../worker/shared/ai-text";
import { TEXTS } from "../../worker/shared/texts";
import {
  createFakeAiProviders,
  FAKE_AI_HOST,
  FAKE_PNG_BASE64,
  type FakeAiProviders,
  fakeAiTestEnv,
} from "../fakes/ai-providers-handler.mjs";
import { call, db, json, signIn, testEnv } from "./helpers";

const FAKE_HOST = FAKE_AI_HOST;
const fakeEnv: Partial<Env> = fakeAiTestEnv;
const PNG_BYTES = Uint8Array.from(atob(FAKE_PNG_BASE64), (c) => c.charCodeAt(0));
const DAY = 24 * 60 * 60 * 1000;
const PROMPT = "Write about the full moon circle";

let fake: FakeAiProviders;
beforeEach(() => {
  fake = createFakeAiProviders();
  vi.stubGlobal("fetch", fake.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const admin = () => signIn("admin@example.com", "Ada Admin");

/** A member, with an active or expired membership row when asked. */
async function member(email: string, membership?: "active" | "expired") {
  const cookie = await signIn(email, `Member ${email.split("@")[0]}`);
  if (membership) {
    const [user] = await db().select().from(users).where(eq(users.email, email));
    await db()
      .insert(memberships)
      .values({ userId: user.id, nextPaymentDue: new Date(Date.now() + (membership === "active" ? 10 * DAY : -DAY)) });
  }
  return cookie;
}

const post = (path: string, cookie: string | undefined, body: unknown, env: Partial<Env> = {}) =>
  call(path, { method: "POST", json: body, cookie, env: { ...fakeEnv, ...env } });

/** A provider fetch that answers chat completions with `content` (OpenAI shape). */
const openaiAnswering = (content: string) => async () =>
  new Response(JSON.stringify({ choices: [{ message: { role: "assistant", content } }] }), {
    status: 200,
    headers: { "content-type": "application/json" },
  });

/** The bucket with `put` failing (R2 unavailable), everything else real. */
const failingBucket = () =>
  new Proxy(testEnv.BLOBS, {
    get(target, prop) {
      if (prop === "put")
        return async () => {
          throw new Error("R2 is down");
        };
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as R2Bucket;

const bucketKeys = async () => (await testEnv.BLOBS.list()).objects.map((o) => o.key);
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe("shared notice text rules (docs/spec.md §5)", () => {
  it("wraps plain text: blank lines make paragraphs, single newlines line breaks; markup is left alone", () => {
    expect(wrapParagraphs("one\ntwo\n\nthree")).toBe("<p>one<br>two</p><p>three</p>");
    expect(wrapParagraphs("  a\r\n\r\n\r\n b  \n c ")).toBe("<p>a</p><p>b<br>c</p>");
    expect(wrapParagraphs("<h2>Hi</h2>\n<p>x</p>")).toBe("<h2>Hi</h2>\n<p>x</p>");
    expect(wrapParagraphs("<P class=x>y</P>")).toBe("<P class=x>y</P>");
    expect(wrapParagraphs("<strong>bold</strong>\nnext")).toBe("<p><strong>bold</strong><br>next</p>");
    expect(wrapParagraphs("   ")).toBe("");
  });

  it("titles: cut to 60, default 'AI Generated Notice'; the first line is the title, cleaned of markdown", () => {
    expect(noticeTitle("t".repeat(80))).toBe("t".repeat(60));
    expect(noticeTitle("  ")).toBe(AI_NOTICE_DEFAULT_TITLE);
    expect(noticeTitle(undefined)).toBe(AI_NOTICE_DEFAULT_TITLE);
    expect(cleanTitleLine('## **Title:** "Full Moon"')).toBe("Full Moon");
    expect(splitTitle("\n# Moon\n\nBody one\nBody two")).toEqual({ title: "Moon", body: "Body one\nBody two" });
    expect(splitTitle("only one line")).toEqual({ title: "", body: "only one line" });
  });
});

describe("POST /api/ai/generate-notice-text", () => {
  it.each(["openai", "gemini", "straico"] as const)(
    "%s: an admin gets { title, content } with the title line split off and the body wrapped",
    async (model) => {
      const label = { openai: "OpenAI", gemini: "Gemini", straico: "Straico" }[model];
      const res = await post("/api/ai/generate-notice-text", await admin(), { prompt: PROMPT, type: "event", model });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({
        title: PROMPT,
        content: `<p>A message from ${label} about ${PROMPT}.<br>May the stars guide you.</p>`,
      });
      expect(fake.requests).toHaveLength(1);
      // The per-type instructions went with the prompt.
      expect(JSON.stringify(fake.requests[0].body)).toContain("event notice");
    },
  );

  it("cuts a long generated title to 60 characters and defaults a missing one", async () => {
    const cookie = await admin();
    vi.stubGlobal("fetch", openaiAnswering(`${"Cosmic ".repeat(20)}\n\nBody`));
    const long = await json(
      await post("/api/ai/generate-notice-text", cookie, { prompt: "x", type: "update", model: "openai" }),
    );
    expect(long.title).toBe("Cosmic ".repeat(20).slice(0, 60).trim());
    expect(long.content).toBe("<p>Body</p>");
    vi.stubGlobal("fetch", openaiAnswering("Just one line of news"));
    expect(
      await json(await post("/api/ai/generate-notice-text", cookie, { prompt: "x", type: "update", model: "openai" })),
    ).toEqual({
      title: AI_NOTICE_DEFAULT_TITLE,
      content: "<p>Just one line of news</p>",
    });
  });

  it("sanitises the generated HTML: a provider answering <script> is stored harmless", async () => {
    const cookie = await admin();
    vi.stubGlobal(
      "fetch",
      openaiAnswering(
        'Hello\n\n<script>alert(1)</script><p onclick="steal()">Hi <a href="javascript:alert(1)">there</a></p><img ' +
          "src=x onerror=alert(1)>",
      ),
    );
    const res = await post("/api/ai/generate-notice-text", cookie, { prompt: "x", type: "welcome", model: "openai" });
    expect(res.status).toBe(200);
    const { content } = await json(res);
    expect(content).toBe("<p>Hi there</p>");
    // Publishing it stores exactly that.
    const created = await call("/api/cosmic-notices", {
      method: "POST",
      json: { title: "Hello", content, image_url: null, is_pinned: false },
      cookie,
    });
    expect(created.status).toBe(201);
    expect((await json(created)).content).toBe("<p>Hi there</p>");
  });

  it(`empty content (from the provider, or nothing left after sanitising) answers the spec's error with the \
model`, async () => {
    const cookie = await admin();
    const empty = await post("/api/ai/generate-notice-text", cookie, {
      prompt: "[empty] hi",
      type: "welcome",
      model: "gemini",
    });
    expect(empty.status).toBe(502);
    expect(await json(empty)).toEqual({ error: TEXTS.lounge.aiEmpty, code: "ai_empty", model: "gemini" });
    vi.stubGlobal("fetch", openaiAnswering("Title\n\n<script>alert(1)</script>"));
    const scripted = await post("/api/ai/generate-notice-text", cookie, {
      prompt: "x",
      type: "welcome",
      model: "openai",
    });
    expect(scripted.status).toBe(502);
    expect(await json(scripted)).toEqual({ error: TEXTS.lounge.aiEmpty, code: "ai_empty", model: "openai" });
  });

  it("surfaces a provider 500 and a blocked prompt as { error, details, model }", async () => {
    const cookie = await admin();
    const failed = await post("/api/ai/generate-notice-text", cookie, {
      prompt: "[fail] hi",
      type: "welcome",
      model: "openai",
    });
    expect(failed.status).toBe(502);
    expect(await json(failed)).toEqual({
      error: TEXTS.ai.unavailable("OpenAI", 500),
      code: "ai_unavailable",
      details: "The server had an error",
      model: "openai",
    });
    const blocked = await post("/api/ai/generate-notice-text", cookie, {
      prompt: "[blocked] hi",
      type: "welcome",
      model: "gemini",
    });
    expect(blocked.status).toBe(422);
    expect(await json(blocked)).toEqual({
      error: TEXTS.ai.blocked("Gemini", "SAFETY"),
      code: "ai_blocked",
      model: "gemini",
    });
    const straico = await post("/api/ai/generate-notice-text", cookie, {
      prompt: "[blocked] hi",
      type: "welcome",
      model: "straico",
    });
    expect(straico.status).toBe(422);
    expect(await json(straico)).toMatchObject({
      details: "The prompt was blocked by the content policy",
      model: "straico",
    });
  });

  it("without a key fails fast naming the missing secret", async () => {
    const res = await post(
      "/api/ai/generate-notice-text",
      await admin(),
      { prompt: "hi", type: "welcome", model: "openai" },
      { OPENAI_API_KEY: undefined },
    );
    expect(res.status).toBe(503);
    expect(await json(res)).toEqual({
      error: TEXTS.ai.notConfigured("OpenAI", "OPENAI_API_KEY"),
      code: "ai_not_configured",
      model: "openai",
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses members (403) and anonymous callers (401) without calling a provider", async () => {
    const asMember = await post("/api/ai/generate-notice-text", await member("m@example.com", "active"), {
      prompt: "hi",
      type: "welcome",
      model: "openai",
    });
    expect(asMember.status).toBe(403);
    expect(await json(asMember)).toEqual({ error: TEXTS.api.forbidden, code: "forbidden" });
    expect(
      (await post("/api/ai/generate-notice-text", undefined, { prompt: "hi", type: "welcome", model: "openai" }))
        .status,
    ).toBe(401);
    expect(fake.requests).toHaveLength(0);
  });

  it("validates the allowed values and requires the prompt", async () => {
    const cookie = await admin();
    const bad = [
      { prompt: "   ", type: "welcome", model: "openai" },
      { type: "welcome", model: "openai" },
      { prompt: "hi", type: "article", model: "openai" },
      { prompt: "hi", type: "welcome", model: "claude" },
      { prompt: "x".repeat(4001), type: "welcome", model: "openai" },
    ];
    for (const body of bad) {
      const res = await post("/api/ai/generate-notice-text", cookie, body);
      expect(res.status).toBe(400);
      expect((await json(res)).error).toEqual(expect.any(String));
    }
    expect((await json(await post("/api/ai/generate-notice-text", cookie, bad[0]))).error).toBe(
      `prompt: ${TEXTS.ai.promptRequired}`,
    );
    expect(fake.requests).toHaveLength(0);
  });
});

describe("POST /api/ai/generate-notice-image and GET /api/ai/images/...", () => {
  it.each(["openai", "gemini", "straico"] as const)(
    "%s: the image lands in R2 and is served to signed-in users only",
    async (model) => {
      const cookie = await admin();
      const res = await post("/api/ai/generate-notice-image", cookie, {
        prompt: "A nebula",
        style: "vivid",
        quality: "hd",
        size: "1792x1024",
        model,
      });
      expect(res.status).toBe(200);
      const { image_url } = await json(res);
      const url = new URL(image_url);
      expect(url.origin).toBe("http://localhost");
      expect(url.pathname).toMatch(/^\/api\/ai\/images\/\d{4}-\d{2}\/[A-Za-z0-9_-]{24}$/);
      const keys = await bucketKeys();
      expect(keys).toEqual([url.pathname.replace("/api/ai/images/", "ai/")]);

      const asMember = await call(url.pathname, { cookie: await member("viewer@example.com") });
      expect(asMember.status).toBe(200);
      expect(asMember.headers.get("content-type")).toBe("image/png");
      expect(asMember.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await bytesOf(asMember)).toEqual(PNG_BYTES);
      expect((await call(url.pathname)).status).toBe(401);
      // The image could go on a notice.
      const notice = await call("/api/cosmic-notices", {
        method: "POST",
        json: { title: "Nebula", content: "<p>x</p>", image_url, is_pinned: false },
        cookie,
      });
      expect(notice.status).toBe(201);
    },
  );

  it("sends the spec's fields mapped onto the provider (OpenAI sizes and qualities)", async () => {
    await post("/api/ai/generate-notice-image", await admin(), {
      prompt: "A nebula",
      style: "natural",
      quality: "standard",
      size: "1024x1792",
      model: "openai",
    });
    expect(fake.requests[0]).toMatchObject({
      path: "/v1/images/generations",
      body: { size: "1024x1536", quality: "medium" },
    });
  });

  it("validates the image key strictly", async () => {
    const cookie = await admin();
    for (const path of [
      "/api/ai/images/2026-13/AAAAAAAAAAAAAAAAAAAAAAAA",
      "/api/ai/images/2026-01/short",
      "/api/ai/images/2026-01/AAAAAAAAAAAAAAAAAAAAAA%2E%2E",
    ]) {
      expect((await call(path, { cookie })).status).toBe(400);
    }
    expect((await call("/api/ai/images/2026-01/AAAAAAAAAAAAAAAAAAAAAAAA", { cookie })).status).toBe(404);
  });

  it("Gemini images need GEMINI_IMAGE_MODEL; capabilities say so", async () => {
    const cookie = await admin();
    const res = await post(
      "/api/ai/generate-notice-image",
      cookie,
      { prompt: "A nebula", style: "vivid", quality: "hd", size: "1024x1024", model: "gemini" },
      { GEMINI_IMAGE_MODEL: "" },
    );
    expect(res.status).toBe(503);
    expect(await json(res)).toEqual({
      error: TEXTS.ai.imageNotConfigured("Gemini", "GEMINI_IMAGE_MODEL"),
      code: "ai_images_not_configured",
      model: "gemini",
    });
    const caps = await call("/api/ai/capabilities", {
      cookie: await member("c@example.com"),
      env: { ...fakeEnv, GEMINI_IMAGE_MODEL: "", STRAICO_API_KEY: undefined },
    });
    expect(await json(caps)).toEqual({
      images: { openai: true, gemini: false, straico: false },
      text: { openai: true, gemini: true, straico: false },
    });
    expect((await call("/api/ai/capabilities")).status).toBe(401);
  });

  it("does not fetch a provider image link outside the provider's origin that is not public https (SSRF)", async () => {
    const cookie = await admin();
    const seen: string[] = [];
    vi.stubGlobal("fetch", async (input: string, init: RequestInit) => {
      seen.push(String(input));
      if (String(input).endsWith("/v0/image/generation")) {
        return new Response(
          JSON.stringify({ success: true, data: { images: ["http://169.254.169.254/latest/meta-data"] } }),
          { status: 201 },
        );
      }
      return fake.fetch(input, init);
    });
    const res = await post("/api/ai/generate-notice-image", cookie, {
      prompt: "A nebula",
      style: "vivid",
      quality: "hd",
      size: "1024x1024",
      model: "straico",
    });
    expect(res.status).toBe(502);
    expect(await json(res)).toMatchObject({ error: TEXTS.ai.imageStoreFailed, model: "straico" });
    expect(seen).toEqual([`${FAKE_HOST}/v0/image/generation`]);
    expect(await bucketKeys()).toEqual([]);
  });

  it("refuses members and validates the allowed values", async () => {
    const good = { prompt: "A nebula", style: "vivid", quality: "hd", size: "1024x1024", model: "openai" };
    expect((await post("/api/ai/generate-notice-image", await member("m2@example.com", "active"), good)).status).toBe(
      403,
    );
    expect((await post("/api/ai/generate-notice-image", undefined, good)).status).toBe(401);
    const cookie = await admin();
    for (const patch of [
      { prompt: "" },
      { style: "bold" },
      { quality: "ultra" },
      { size: "512x512" },
      { model: "dalle" },
    ]) {
      expect((await post("/api/ai/generate-notice-image", cookie, { ...good, ...patch })).status).toBe(400);
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe("POST /api/ai/generate-text (library)", () => {
  it("creates a markdown resource titled from the answer when no title is given", async () => {
    const cookie = await member("paid@example.com", "active");
    const res = await post("/api/ai/generate-text", cookie, {
      prompt: PROMPT,
      type: "guide",
      tags: [" moon ", "", "ritual", "moon"],
      model: "straico",
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toMatchObject({
      success: true,
      storage_method: "r2",
      resource: {
        title: PROMPT,
        file_name: "write-about-the-full-moon-circle.md",
        file_type: "text/markdown",
        kind: "ai_text",
        tags: JSON.stringify(["moon", "ritual"]),
        owner_name: "Member paid",
      },
    });
    const file = await call(body.resource.file_url, { cookie });
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(`A message from Straico about ${PROMPT}.\nMay the stars guide you.`);
    const list = await json(await call("/api/resources", { cookie }));
    expect(list.map((r: { id: number }) => r.id)).toEqual([body.resource.id]);
  });

  it("keeps a given title and the whole answer", async () => {
    const res = await post("/api/ai/generate-text", await admin(), {
      prompt: PROMPT,
      title: "  My Moon Guide ",
      type: "article",
      tags: [],
      model: "openai",
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.resource).toMatchObject({ title: "My Moon Guide", file_name: "my-moon-guide.md" });
    expect(await (await call(body.resource.file_url, { cookie: await admin() })).text()).toContain(
      `${PROMPT}\n\nA message from OpenAI`,
    );
  });

  it("refuses unpaid and expired members (403) and anonymous callers (401)", async () => {
    const body = { prompt: "hi", type: "article", tags: [], model: "openai" };
    for (const cookie of [await member("unpaid@example.com"), await member("expired@example.com", "expired")]) {
      const res = await post("/api/ai/generate-text", cookie, body);
      expect(res.status).toBe(403);
      expect(await json(res)).toEqual({ error: TEXTS.resources.membershipRequired, code: "membership_required" });
    }
    expect((await post("/api/ai/generate-text", undefined, body)).status).toBe(401);
    expect(fake.requests).toHaveLength(0);
  });

  it(`validates the allowed values and the prompt; errors carry { error, details, model }; nothing is stored on \
failure`, async () => {
    const cookie = await admin();
    for (const patch of [
      { prompt: " " },
      { type: "announcement" },
      { model: "grok" },
      { tags: "a,b" },
      { tags: ["x".repeat(41)] },
    ]) {
      expect(
        (
          await post("/api/ai/generate-text", cookie, {
            prompt: "hi",
            type: "article",
            tags: [],
            model: "openai",
            ...patch,
          })
        ).status,
      ).toBe(400);
    }
    const failed = await post("/api/ai/generate-text", cookie, {
      prompt: "[fail] hi",
      type: "article",
      tags: [],
      model: "straico",
    });
    expect(failed.status).toBe(502);
    expect(await json(failed)).toEqual({
      error: TEXTS.ai.unavailable("Straico", 500),
      code: "ai_unavailable",
      details: "Internal server error",
      model: "straico",
    });
    const empty = await post("/api/ai/generate-text", cookie, {
      prompt: "[empty] hi",
      type: "article",
      tags: [],
      model: "openai",
    });
    expect(await json(empty)).toEqual({ error: TEXTS.lounge.aiEmpty, code: "ai_empty", model: "openai" });
    expect(await db().select().from(resources)).toEqual([]);
    expect(await bucketKeys()).toEqual([]);
  });
});

describe("POST /api/ai/generate-image (library)", () => {
  const request = {
    prompt: "A spiral galaxy over the sea",
    style: "vivid",
    quality: "standard",
    size: "1024x1024",
    tags: ["space"],
  };

  it.each(["openai", "gemini", "straico"] as const)("%s: creates an image resource stored in R2", async (model) => {
    const cookie = await member(`img-${model}@example.com`, "active");
    const res = await post("/api/ai/generate-image", cookie, { ...request, model });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toMatchObject({
      success: true,
      storage_method: "r2",
      resource: {
        title: request.prompt,
        kind: "ai_image",
        file_type: "image/png",
        file_name: "a-spiral-galaxy-over-the-sea.png",
        tags: '["space"]',
      },
    });
    expect(body.resource.file_url).toBe(`/api/resources/${body.resource.id}/file`);
    expect(await bucketKeys()).toHaveLength(1);
    expect(await bytesOf(await call(body.resource.file_url, { cookie }))).toEqual(PNG_BYTES);
  });

  it("keeps the provider's URL as 'temporary_url' when storing in R2 fails", async () => {
    const cookie = await admin();
    const res = await post(
      "/api/ai/generate-image",
      cookie,
      { ...request, title: "Galaxy", model: "straico" },
      { BLOBS: failingBucket() },
    );
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.storage_method).toBe("temporary_url");
    expect(body.resource.file_url).toMatch(new RegExp(`^${FAKE_HOST}/v0/fake-images/`));
    const [row] = await db().select().from(resources);
    expect(row).toMatchObject({
      fileKey: null,
      externalUrl: body.resource.file_url,
      kind: "ai_image",
      title: "Galaxy",
    });
    expect(await bucketKeys()).toEqual([]);
  });

  it("fails with { error, model } when storing fails and the provider gave no URL (nothing half-written)", async () => {
    const res = await post(
      "/api/ai/generate-image",
      await admin(),
      { ...request, model: "openai" },
      { BLOBS: failingBucket() },
    );
    expect(res.status).toBe(502);
    expect(await json(res)).toEqual({
      error: TEXTS.ai.imageStoreFailed,
      code: "ai_image_store_failed",
      model: "openai",
    });
    expect(await db().select().from(resources)).toEqual([]);
  });

  it("refuses unpaid members, validates, and surfaces provider errors", async () => {
    expect(
      (await post("/api/ai/generate-image", await member("nopay@example.com"), { ...request, model: "openai" })).status,
    ).toBe(403);
    const cookie = await admin();
    expect(
      (await post("/api/ai/generate-image", cookie, { ...request, size: "256x256", model: "openai" })).status,
    ).toBe(400);
    const blocked = await post("/api/ai/generate-image", cookie, {
      ...request,
      prompt: "[blocked] x",
      model: "gemini",
    });
    expect(blocked.status).toBe(422);
    expect(await json(blocked)).toEqual({
      error: TEXTS.ai.blocked("Gemini", "SAFETY"),
      code: "ai_blocked",
      model: "gemini",
    });
    const empty = await post("/api/ai/generate-image", cookie, { ...request, prompt: "[empty] x", model: "openai" });
    expect(await json(empty)).toEqual({
      error: TEXTS.ai.emptyImage("OpenAI"),
      code: "ai_empty_image",
      model: "openai",
    });
    expect(await db().select().from(resources)).toEqual([]);
  });
});

describe("AI rate limit", () => {
  it(`answers 429 with a clear message after AI_CALLS_PER_HOUR generations, per user, across the AI \
routes`, async () => {
    const cookie = await admin();
    const env = { AI_CALLS_PER_HOUR: "2" };
    expect(
      (await post("/api/ai/generate-notice-text", cookie, { prompt: "one", type: "welcome", model: "openai" }, env))
        .status,
    ).toBe(200);
    // Invalid input is refused before it is counted.
    expect(
      (await post("/api/ai/generate-notice-text", cookie, { prompt: "", type: "welcome", model: "openai" }, env))
        .status,
    ).toBe(400);
    expect(
      (await post("/api/ai/generate-text", cookie, { prompt: "two", type: "article", tags: [], model: "openai" }, env))
        .status,
    ).toBe(201);
    const refused = await post(
      "/api/ai/generate-image",
      cookie,
      { prompt: "three", style: "vivid", quality: "hd", size: "1024x1024", tags: [], model: "openai" },
      env,
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await json(refused)).error).toBe(TEXTS.ai.rateLimited(2, "hour", 60));
    expect(fake.requests).toHaveLength(2);
    // Another user has their own allowance.
    expect(
      (
        await post(
          "/api/ai/generate-text",
          await member("other@example.com", "active"),
          { prompt: "hi", type: "article", tags: [], model: "openai" },
          env,
        )
      ).status,
    ).toBe(201);
  });
});
