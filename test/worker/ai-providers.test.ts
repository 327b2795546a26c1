// AI provider adapters, key health and the rate limiter. Outbound HTTP never leaves the test: the
// adapters get the fake providers' fetch (test/fakes), and the route tests stub the global fetch.

import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../../worker/db/client";
import { rateLimits } from "../../worker/db/schema";
import type { AppEnv } from "../../worker/env";
import { aiError } from "../../worker/features/ai/http";
import { limitAiCalls } from "../../worker/features/ai/limit";
import { aiCallsPerHour, getAiProvider, maskKey, type ProviderName } from "../../worker/features/ai/providers";
import type { FetchLike } from "../../worker/features/ai/types";
import { createApp } from "../../worker/platform/create-app";
import { ApiError } from "../../worker/platform/errors";
import { limitPerUser, rateLimit } from "../../worker/platform/rate-limit";
import { TEXTS } from "../../worker/shared/texts";
import {
  BAD_KEY,
  createFakeAiProviders,
  FAKE_PNG_BASE64,
  type FakeAiProviders,
} from "../fakes/ai-providers-handler.mjs";
import { call, db, json, signIn, testEnv } from "./helpers";

const FAKE_HOST = "http://fake-ai.test";
const KEYS = {
  openai: "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG9xQz",
  gemini: "AIzaSyD-fake-gemini-key-0000000000Wxyz",
  straico: "ko-fake-straico-key-1234",
};
const LABELS: Record<ProviderName, string> = { openai: "OpenAI", gemini: "Gemini", straico: "Straico" };
const SECRETS: Record<ProviderName, string> = {
  openai: "OPENAI_API_KEY",
  gemini: "GEMINI_API_KEY",
  straico: "STRAICO_API_KEY",
};
const PROVIDERS: ProviderName[] = ["openai", "gemini", "straico"];

/** The worker variables pointing every provider at the fake host. */
const fakeEnv = (keys: Partial<Record<ProviderName, string>> = KEYS) => ({
  OPENAI_BASE_URL: FAKE_HOST,
  GEMINI_BASE_URL: FAKE_HOST,
  STRAICO_BASE_URL: FAKE_HOST,
  OPENAI_API_KEY: keys.openai,
  GEMINI_API_KEY: keys.gemini,
  STRAICO_API_KEY: keys.straico,
});

const provider = (
  name: ProviderName,
  fetch: FetchLike,
  overrides: Record<string, string | undefined> = {},
  timeouts = {},
) => getAiProvider({ ...testEnv, ...fakeEnv(), ...overrides }, name, { fetch, timeouts });

/** The ApiError a call fails with, as the client would read it. */
async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError)
      return { status: err.status, error: err.message, details: err.details, model: err.fields?.model };
    throw err;
  }
  throw new Error("expected the call to fail");
}

/** A provider answering every request with one status and body. */
const answering =
  (status: number, body: unknown): FetchLike =>
  async () =>
    new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    });

/** A provider that never answers (until the caller's signal aborts). */
const silent: FetchLike = (_input, init) =>
  new Promise((_resolve, reject) => {
    init.signal?.addEventListener("abort", () => reject(init.signal!.reason));
  });

const PNG_BYTES = Uint8Array.from(atob(FAKE_PNG_BASE64), (c) => c.charCodeAt(0));

let fake: FakeAiProviders;
beforeEach(() => {
  fake = createFakeAiProviders();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("text generation", () => {
  it.each(PROVIDERS)("%s answers with the provider's text, sending the key and the configured model", async (name) => {
    const text = await provider(name, fake.fetch).generateText(
      "Write about the full moon circle",
      "You write cosmic notices.",
    );
    expect(text).toContain("Write about the full moon circle");
    expect(text).toContain(`A message from ${LABELS[name]}`);
    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    if (name === "openai") {
      expect(req.path).toBe("/v1/chat/completions");
      expect(req.body).toEqual({
        model: "gpt-5-mini",
        messages: [
          { role: "system", content: "You write cosmic notices." },
          { role: "user", content: "Write about the full moon circle" },
        ],
      });
    } else if (name === "gemini") {
      expect(req.path).toBe("/v1beta/models/gemini-2.5-flash:generateContent");
      expect(req.body).toEqual({
        contents: [{ role: "user", parts: [{ text: "Write about the full moon circle" }] }],
        systemInstruction: { parts: [{ text: "You write cosmic notices." }] },
      });
    } else {
      expect(req.path).toBe("/v0/prompt/completion");
      expect(req.body).toEqual({
        model: "openai/gpt-4o-mini",
        message: "You write cosmic notices.\n\nWrite about the full moon circle",
      });
    }
  });

  it("uses the model names and base URL the environment configures", async () => {
    const seen: string[] = [];
    const fetch: FetchLike = async (input, init) => {
      seen.push(input);
      return fake.fetch(input, init);
    };
    await provider("openai", fetch, {
      OPENAI_TEXT_MODEL: "gpt-next",
      OPENAI_BASE_URL: "http://other-fake.test/",
    }).generateText("hello");
    expect(seen).toEqual(["http://other-fake.test/v1/chat/completions"]);
    expect(fake.requests[0].body.model).toBe("gpt-next");
  });

  it("defaults to the real hosts when no base URL is set", async () => {
    const seen: string[] = [];
    for (const name of PROVIDERS) {
      const p = getAiProvider({ ...testEnv, OPENAI_API_KEY: "k", GEMINI_API_KEY: "k", STRAICO_API_KEY: "k" }, name, {
        fetch: async (input, init) => {
          seen.push(new URL(input).origin);
          return fake.fetch(input, init);
        },
      });
      await p.generateText("hi");
    }
    expect(seen).toEqual([
      "https://api.openai.com",
      "https://generativelanguage.googleapis.com",
      "https://api.straico.com",
    ]);
  });

  it.each(PROVIDERS)("%s: an invalid key reads 'Invalid API key for …' and never shows the key", async (name) => {
    const result = await failure(provider(name, fake.fetch, { [SECRETS[name]]: BAD_KEY }).generateText("hello"));
    expect(result).toEqual({
      status: 502,
      error: `Invalid API key for ${LABELS[name]}`,
      details: undefined,
      model: name,
    });
  });

  it.each(PROVIDERS)("%s: a provider 500 is a 502 naming the provider and its status", async (name) => {
    const result = await failure(provider(name, fake.fetch).generateText("tell me something [fail]"));
    expect(result.status).toBe(502);
    expect(result.error).toBe(`${LABELS[name]} is unavailable right now (HTTP 500). Please try again later.`);
    expect(result.model).toBe(name);
  });

  it.each(PROVIDERS)("%s: a provider that does not answer in time gives 504", async (name) => {
    const result = await failure(provider(name, silent, {}, { textMs: 20 }).generateText("hello"));
    expect(result).toEqual({
      status: 504,
      error: "The AI provider did not answer in time",
      details: undefined,
      model: name,
    });
  });

  it.each(PROVIDERS)("%s: empty content is refused with the spec's text", async (name) => {
    const result = await failure(provider(name, fake.fetch).generateText("[empty]"));
    expect(result.error).toBe(TEXTS.lounge.aiEmpty);
    expect(result.status).toBe(502);
    expect(result.model).toBe(name);
  });

  it.each(PROVIDERS)("%s: a missing key fails fast naming the secret, without calling out", async (name) => {
    const result = await failure(provider(name, fake.fetch, { [SECRETS[name]]: undefined }).generateText("hello"));
    expect(result).toEqual({
      status: 503,
      error: `${LABELS[name]} is not configured: set the ${SECRETS[name]} secret`,
      details: undefined,
      model: name,
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("Gemini: a blocked prompt is a 422 naming the reason", async () => {
    const result = await failure(provider("gemini", fake.fetch).generateText("something [blocked]"));
    expect(result).toMatchObject({
      status: 422,
      error: "Gemini blocked this prompt (SAFETY). Please try a different prompt.",
      model: "gemini",
    });
  });

  it("Gemini: an answer withheld for safety is a 422 too", async () => {
    const result = await failure(
      provider("gemini", answering(200, { candidates: [{ finishReason: "PROHIBITED_CONTENT" }] })).generateText("x"),
    );
    expect(result).toMatchObject({
      status: 422,
      error: "Gemini blocked this prompt (PROHIBITED_CONTENT). Please try a different prompt.",
    });
  });

  it("Gemini joins every text part of the first candidate", async () => {
    const text = await provider(
      "gemini",
      answering(200, { candidates: [{ content: { parts: [{ text: "Hello, " }, { text: "stars." }] } }] }),
    ).generateText("x");
    expect(text).toBe("Hello, stars.");
  });

  it("OpenAI: a moderation refusal is a 422; provider details never carry a key", async () => {
    const blocked = await failure(provider("openai", fake.fetch).generateText("something [blocked]"));
    expect(blocked.status).toBe(422);
    expect(blocked.model).toBe("openai");

    const leaky = await failure(
      provider(
        "openai",
        answering(400, { error: { message: `Bad request for key ${KEYS.openai} and sk-live-123456789` } }),
      ).generateText("x"),
    );
    expect(leaky.status).toBe(502);
    expect(leaky.error).toBe("OpenAI rejected the request (HTTP 400)");
    expect(String(leaky.details)).not.toContain(KEYS.openai);
    expect(String(leaky.details)).not.toContain("sk-live-123456789");
    expect(String(leaky.details)).toContain("[redacted]");
  });

  it("a provider rate limit (429) is a 503 asking to try later; a non-JSON answer is an invalid response", async () => {
    const busy = await failure(provider("straico", answering(429, { error: "Too many requests" })).generateText("x"));
    expect(busy).toMatchObject({
      status: 503,
      error: "Straico is busy or out of quota. Please try again later.",
      details: "Too many requests",
    });
    const garbage = await failure(provider("openai", answering(200, "<html>oops</html>")).generateText("x"));
    expect(garbage).toMatchObject({ status: 502, error: "OpenAI sent a response that could not be read" });
  });

  it("an unreachable provider is a 502 'Could not reach …'", async () => {
    const down: FetchLike = async () => {
      throw new TypeError("Network connection lost.");
    };
    expect(await failure(provider("gemini", down).generateText("x"))).toMatchObject({
      status: 502,
      error: "Could not reach Gemini. Please try again.",
    });
  });

  it("AI errors reach the client as { error, details, model }", async () => {
    const app = createApp().get("/boom", () => {
      throw aiError(
        { name: "straico", label: "Straico", secret: "STRAICO_API_KEY" },
        502,
        "Straico is down",
        "HTTP 500",
      );
    });
    const res = await app.request("/boom", {}, testEnv);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      error: "Straico is down",
      code: "upstream_failed",
      details: "HTTP 500",
      model: "straico",
    });
  });
});

describe("image generation", () => {
  it("OpenAI maps the DALL-E 3 request onto a GPT image model and decodes the base64 image", async () => {
    const image = await provider("openai", fake.fetch).generateImage({
      prompt: "A nebula over the Andes",
      style: "vivid",
      quality: "hd",
      size: "1792x1024",
    });
    expect(image.bytes).toEqual(PNG_BYTES);
    expect(image.contentType).toBe("image/png");
    expect(image.url).toBeUndefined();
    const [req] = fake.requests;
    expect(req.path).toBe("/v1/images/generations");
    expect(req.body).toMatchObject({ model: "gpt-image-1.5", size: "1536x1024", quality: "high", n: 1 });
    expect(req.body).not.toHaveProperty("style");
    expect(req.body).not.toHaveProperty("response_format");
    expect(req.body.prompt).toMatch(/^A nebula over the Andes\n\nStyle: vivid/);

    await provider("openai", fake.fetch).generateImage({
      prompt: "p",
      style: "natural",
      quality: "standard",
      size: "1024x1792",
    });
    expect(fake.requests[1].body).toMatchObject({ size: "1024x1536", quality: "medium" });
    expect(fake.requests[1].body.prompt).toContain("Style: natural");
    await provider("openai", fake.fetch).generateImage({
      prompt: "p",
      style: "natural",
      quality: "standard",
      size: "1024x1024",
    });
    expect(fake.requests[2].body.size).toBe("1024x1024");
  });

  it("Gemini asks its image model for TEXT and IMAGE and decodes the inline data", async () => {
    const image = await provider("gemini", fake.fetch).generateImage({
      prompt: "A lotus at dawn",
      style: "natural",
      quality: "hd",
      size: "1024x1792",
    });
    expect(image.bytes).toEqual(PNG_BYTES);
    expect(image.contentType).toBe("image/png");
    const [req] = fake.requests;
    expect(req.path).toBe("/v1beta/models/gemini-2.5-flash-image:generateContent");
    expect(req.body.generationConfig).toEqual({
      responseModalities: ["TEXT", "IMAGE"],
      imageConfig: { aspectRatio: "9:16" },
    });
    expect(req.body.contents[0].parts[0].text).toMatch(/^A lotus at dawn\n\nStyle: natural.*Highly detailed/s);
  });

  it("Gemini without an image model says which variable to set", async () => {
    const p = provider("gemini", fake.fetch, { GEMINI_IMAGE_MODEL: "" });
    expect(p.supportsImages).toBe(false);
    const result = await failure(
      p.generateImage({ prompt: "x", style: "vivid", quality: "standard", size: "1024x1024" }),
    );
    expect(result).toMatchObject({
      status: 503,
      error: expect.stringContaining("GEMINI_IMAGE_MODEL"),
      model: "gemini",
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("Straico sends size square|landscape|portrait with one variation and returns the image URL", async () => {
    const image = await provider("straico", fake.fetch).generateImage({
      prompt: "Crystal bowls",
      style: "vivid",
      quality: "standard",
      size: "1792x1024",
    });
    expect(image.url).toMatch(new RegExp(`^${FAKE_HOST}/v0/fake-images/\\d+\\.png$`));
    expect(image.bytes).toBeUndefined();
    expect(fake.requests[0].path).toBe("/v0/image/generation");
    expect(fake.requests[0].body).toMatchObject({ model: "openai/dall-e-3", size: "landscape", variations: 1 });
    expect(fake.requests[0].body.description).toMatch(/^Crystal bowls\n\nStyle: vivid/);
    // The URL it points to serves the image.
    const served = await fake.fetch(image.url!);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_BYTES);

    await provider("straico", fake.fetch).generateImage({
      prompt: "x",
      style: "vivid",
      quality: "standard",
      size: "1024x1024",
    });
    await provider("straico", fake.fetch).generateImage({
      prompt: "x",
      style: "vivid",
      quality: "standard",
      size: "1024x1792",
    });
    expect(fake.requests.filter((r) => r.path === "/v0/image/generation").map((r) => r.body.size)).toEqual([
      "landscape",
      "square",
      "portrait",
    ]);
  });

  it.each(PROVIDERS)("%s: no image in the answer is a clear error; a timeout is 504", async (name) => {
    const request = { prompt: "[empty]", style: "vivid", quality: "standard", size: "1024x1024" } as const;
    const empty = await failure(provider(name, fake.fetch).generateImage(request));
    expect(empty).toMatchObject({
      status: 502,
      error: `${LABELS[name]} returned no image. Please try with a different prompt.`,
      model: name,
    });
    const slow = await failure(provider(name, silent, {}, { imageMs: 20 }).generateImage({ ...request, prompt: "x" }));
    expect(slow).toMatchObject({ status: 504, error: "The AI provider did not answer in time", model: name });
  });

  it.each(PROVIDERS)("%s: invalid key and provider 500 on images", async (name) => {
    const request = { prompt: "x", style: "vivid", quality: "standard", size: "1024x1024" } as const;
    expect(
      await failure(provider(name, fake.fetch, { [SECRETS[name]]: BAD_KEY }).generateImage(request)),
    ).toMatchObject({
      status: 502,
      error: `Invalid API key for ${LABELS[name]}`,
    });
    expect(await failure(provider(name, fake.fetch).generateImage({ ...request, prompt: "x [fail]" }))).toMatchObject({
      status: 502,
      model: name,
    });
  });
});

describe("key health", () => {
  it("masks keys: prefix, last four and length; short keys show only their length", () => {
    expect(maskKey("sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG9xQz")).toBe("sk-p…9xQz (55 chars)");
    expect(maskKey("  AIzaSyD-fake-gemini-key-0000000000Wxyz\n")).toBe("AIza…Wxyz (38 chars)");
    expect(maskKey("bad-key")).toBe("… (7 chars)");
    expect(maskKey(undefined)).toBe("Not configured");
    expect(maskKey("   ")).toBe("Not configured");
  });

  it.each(PROVIDERS)("%s: the key check reports available, refused and not configured", async (name) => {
    const ok = await provider(name, fake.fetch).checkKey();
    expect(ok).toEqual({ available: true, error: null });
    expect(fake.requests[0]).toMatchObject({
      method: "GET",
      path: { openai: "/v1/models", gemini: "/v1beta/models", straico: "/v0/user" }[name],
    });
    expect(await provider(name, fake.fetch, { [SECRETS[name]]: BAD_KEY }).checkKey()).toEqual({
      available: false,
      error: `Invalid API key for ${LABELS[name]}`,
    });
    expect(await provider(name, fake.fetch, { [SECRETS[name]]: "" }).checkKey()).toEqual({
      available: false,
      error: `${LABELS[name]} is not configured: set the ${SECRETS[name]} secret`,
    });
    expect(await provider(name, silent, {}, { keyCheckMs: 20 }).checkKey()).toEqual({
      available: false,
      error: "The AI provider did not answer in time",
    });
  });

  it("POST /api/ai/validate-keys: an admin gets the three results with masked keys", async () => {
    vi.stubGlobal("fetch", fake.fetch);
    const admin = await signIn("admin@example.com", "Admin");
    const res = await call("/api/ai/validate-keys", {
      method: "POST",
      json: {},
      cookie: admin,
      env: fakeEnv({ ...KEYS, straico: BAD_KEY }),
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toEqual({
      results: {
        openai: { available: true, keyFormat: "sk-p…9xQz (55 chars)", error: null },
        gemini: { available: true, keyFormat: "AIza…Wxyz (38 chars)", error: null },
        straico: { available: false, keyFormat: "… (7 chars)", error: "Invalid API key for Straico" },
      },
    });
    const text = JSON.stringify(body);
    for (const key of [KEYS.openai, KEYS.gemini, BAD_KEY]) expect(text).not.toContain(key);
    // The three checks ran, one per provider.
    expect(fake.requests.map((r) => r.path).sort()).toEqual(["/v0/user", "/v1/models", "/v1beta/models"]);
  });

  it("POST /api/ai/validate-keys: missing keys read as not configured, without calling out", async () => {
    vi.stubGlobal("fetch", fake.fetch);
    const admin = await signIn("admin@example.com", "Admin");
    const res = await call("/api/ai/validate-keys", {
      method: "POST",
      json: {},
      cookie: admin,
      env: { OPENAI_API_KEY: undefined, GEMINI_API_KEY: undefined, STRAICO_API_KEY: undefined },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      results: {
        openai: {
          available: false,
          keyFormat: "Not configured",
          error: "OpenAI is not configured: set the OPENAI_API_KEY secret",
        },
        gemini: {
          available: false,
          keyFormat: "Not configured",
          error: "Gemini is not configured: set the GEMINI_API_KEY secret",
        },
        straico: {
          available: false,
          keyFormat: "Not configured",
          error: "Straico is not configured: set the STRAICO_API_KEY secret",
        },
      },
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("POST /api/ai/validate-keys: members get 403, anonymous callers 401", async () => {
    vi.stubGlobal("fetch", fake.fetch);
    const member = await signIn("member@example.com", "Member");
    const asMember = await call("/api/ai/validate-keys", { method: "POST", json: {}, cookie: member, env: fakeEnv() });
    expect(asMember.status).toBe(403);
    expect(await json(asMember)).toEqual({ error: TEXTS.api.forbidden, code: "forbidden" });
    const anonymous = await call("/api/ai/validate-keys", { method: "POST", json: {}, env: fakeEnv() });
    expect(anonymous.status).toBe(401);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("rate limit", () => {
  const options = { action: "test", key: "user:1", limit: 2, windowSeconds: 60 };
  const T0 = 1_800_000_000_000;

  it("counts calls in a window and answers 429 with Retry-After once the limit is passed", async () => {
    expect(await rateLimit(db(), { ...options, now: T0 })).toMatchObject({ count: 1, remaining: 1 });
    expect(await rateLimit(db(), { ...options, now: T0 + 1000 })).toMatchObject({ count: 2, remaining: 0 });
    let thrown: unknown;
    try {
      await rateLimit(db(), { ...options, now: T0 + 15_000 });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    const err = thrown as ApiError;
    expect(err.status).toBe(429);
    expect(err.headers).toEqual({ "Retry-After": "45" });
    expect(err.message).toBe("Too many requests. Please try again in 45 seconds.");
    // Another caller or another action has its own count.
    expect(await rateLimit(db(), { ...options, key: "user:2", now: T0 + 15_000 })).toMatchObject({ count: 1 });
    expect(await rateLimit(db(), { ...options, action: "other", now: T0 + 15_000 })).toMatchObject({ count: 1 });
  });

  it("starts a new window once the previous one has ended", async () => {
    await rateLimit(db(), { ...options, now: T0 });
    await rateLimit(db(), { ...options, now: T0 });
    await expect(rateLimit(db(), { ...options, now: T0 + 59_999 })).rejects.toMatchObject({ status: 429 });
    expect(await rateLimit(db(), { ...options, now: T0 + 60_000 })).toMatchObject({ count: 1, resetAt: T0 + 120_000 });
    const [row] = await db().select().from(rateLimits).where(eq(rateLimits.key, "test:user:1"));
    expect(row).toEqual({ key: "test:user:1", windowStart: T0 + 60_000, count: 1 });
  });

  it("counts concurrent calls one by one", async () => {
    const results = await Promise.allSettled([
      rateLimit(db(), { ...options, now: T0 }),
      rateLimit(db(), { ...options, now: T0 }),
      rateLimit(db(), { ...options, now: T0 }),
    ]);
    const counts = results
      .filter((r) => r.status === "fulfilled")
      .map((r) => (r as PromiseFulfilledResult<{ count: number }>).value.count);
    expect(counts.sort()).toEqual([1, 2]);
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
    const [row] = await db().select().from(rateLimits).where(eq(rateLimits.key, "test:user:1"));
    expect(row.count).toBe(3);
  });

  /** A tiny app behind the limiter, with the caller set as loadSession would. */
  const limitedApp = (user: { id: number } | null, limiter = limitPerUser("ping", 1, 3600)) =>
    createApp()
      .use(async (c, next) => {
        c.set("db", getDb(c.env.DB));
        c.set("user", user as AppEnv["Variables"]["user"]);
        await next();
      })
      .get("/ping", limiter, (c) => c.json({ ok: true }));

  it("the middleware limits each user and, without one, each client IP", async () => {
    const alice = limitedApp({ id: 7 });
    expect((await alice.request("/ping", {}, testEnv)).status).toBe(200);
    const refused = await alice.request("/ping", {}, testEnv);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(await refused.json()).toMatchObject({
      error: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
      code: "rate_limited",
    });
    expect((await limitedApp({ id: 8 }).request("/ping", {}, testEnv)).status).toBe(200);

    const anonymous = limitedApp(null);
    const from = (ip: string) => anonymous.request("/ping", { headers: { "cf-connecting-ip": ip } }, testEnv);
    expect((await from("203.0.113.9")).status).toBe(200);
    expect((await from("203.0.113.9")).status).toBe(429);
    expect((await from("198.51.100.4")).status).toBe(200);
  });

  it("AI calls are limited to AI_CALLS_PER_HOUR per user (default 20) with a clear message", async () => {
    expect(aiCallsPerHour({})).toBe(20);
    expect(aiCallsPerHour({ AI_CALLS_PER_HOUR: "5" })).toBe(5);
    expect(aiCallsPerHour({ AI_CALLS_PER_HOUR: "nonsense" })).toBe(20);

    const app = limitedApp({ id: 3 }, limitAiCalls);
    const env = { ...testEnv, AI_CALLS_PER_HOUR: "2" };
    expect((await app.request("/ping", {}, env)).status).toBe(200);
    expect((await app.request("/ping", {}, env)).status).toBe(200);
    const refused = await app.request("/ping", {}, env);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({
      error: "Too many AI requests: the limit is 2 per hour. Please try again in 60 minutes.",
      code: "ai_rate_limited",
    });
  });
});
