// The admin's deep health check: every dependency with its latency, failures reported as rows (never
// a 500), AI providers only when configured.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DeepHealth } from "../../worker/features/admin/deep-health";
import { call, json, signIn, testEnv } from "./helpers";

const admin = () => signIn("admin@example.com", "Admin");
const report = async (cookie: string, env = {}) => {
  const res = await call("/api/admin/health", { cookie, env });
  expect(res.status).toBe(200);
  return json<DeepHealth>(res);
};
const byName = (r: DeepHealth) => Object.fromEntries(r.checks.map((c) => [c.name, c]));

describe("GET /api/admin/health", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it(`reports D1 (with the latest migration), R2, the chat Durable Object, the payment mode and delivery, with \
latencies`, async () => {
    const r = await report(await admin());
    expect(r.ok).toBe(true);
    const checks = byName(r);
    expect(Object.keys(checks)).toEqual([
      "d1",
      "r2",
      "chat_durable_object",
      "payments",
      "automatic_renewal",
      "delivery",
    ]);
    expect(checks.delivery).toMatchObject({ ok: true, detail: "0 dead-lettered; push on" });
    expect(checks.d1).toMatchObject({ ok: true, detail: expect.stringMatching(/^latest migration \d{4}_\w+\.sql$/) });
    expect(checks.r2.ok).toBe(true);
    expect(checks.chat_durable_object).toMatchObject({ ok: true, detail: "answered 426" });
    expect(checks.payments).toEqual({ name: "payments", ok: true, latency_ms: null, detail: "emulator (test mode)" });
    expect(checks.automatic_renewal).toEqual({
      name: "automatic_renewal",
      ok: true,
      latency_ms: null,
      detail: "emulator",
    });
    for (const c of [checks.d1, checks.r2, checks.chat_durable_object]) expect(c.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it("reports a failing dependency as a row with ok=false and keeps checking the others", async () => {
    const brokenBucket = new Proxy(testEnv.BLOBS, {
      get(target, prop) {
        if (prop === "head") return async () => Promise.reject(new Error("R2 head failed: simulated outage"));
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const r = await report(await admin(), { BLOBS: brokenBucket });
    expect(r.ok).toBe(false);
    expect(byName(r).r2).toMatchObject({ ok: false, detail: "R2 head failed: simulated outage" });
    expect(byName(r).d1.ok).toBe(true);
  });

  it("flags production payments without Transbank credentials", async () => {
    const r = await report(await admin(), {
      WEBPAY_ENV: "production",
      WEBPAY_COMMERCE_CODE: undefined,
      WEBPAY_API_SECRET: undefined,
    });
    expect(byName(r).payments).toMatchObject({
      ok: false,
      detail: "production: missing WEBPAY_COMMERCE_CODE, WEBPAY_API_SECRET",
    });
    expect(r.ok).toBe(false);
  });

  it("flags production automatic renewal without Oneclick's own codes, secret and key", async () => {
    const r = await report(await admin(), {
      WEBPAY_ENV: "production",
      WEBPAY_COMMERCE_CODE: "597012345678",
      WEBPAY_API_SECRET: "s",
      ONECLICK_MALL_COMMERCE_CODE: "597012345679",
    });
    expect(byName(r).payments.ok).toBe(true);
    expect(byName(r).automatic_renewal).toMatchObject({
      ok: false,
      detail: "production: missing ONECLICK_CHILD_COMMERCE_CODE, ONECLICK_API_SECRET, ONECLICK_TBK_USER_KEY",
    });
    expect(r.ok).toBe(false);
  });

  it("checks only the AI providers that have a key, and reports an unreachable one", async () => {
    // Unreachable as fetch reports it, without a real connection: workerd logs a failed outbound connection as an
    // uncaught error of its own, which would print a stack in a green run.
    const fetchThrough = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) =>
      String(input instanceof Request ? input.url : input).startsWith("https://openai.unreachable.test/")
        ? Promise.reject(new TypeError("Network connection lost."))
        : fetchThrough(input, init),
    );
    const r = await report(await admin(), {
      OPENAI_API_KEY: "sk-test-unreachable",
      OPENAI_BASE_URL: "https://openai.unreachable.test",
    });
    const checks = byName(r);
    expect(checks.ai_openai).toMatchObject({ ok: false });
    expect(checks.ai_openai.latency_ms).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(r)).not.toContain("sk-test-unreachable");
    expect(checks.ai_gemini).toBeUndefined();
    expect(checks.ai_straico).toBeUndefined();
  });

  it("is for admins only", async () => {
    expect((await call("/api/admin/health")).status).toBe(401);
    expect((await call("/api/admin/health", { cookie: await signIn("member@example.com") })).status).toBe(403);
  });
});
