// Production never takes test cards: the mode the client's banner reads, checkout refusing a
// production deployment without its secrets, payments marked test, and the deploy check.
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkPaymentsConfig } from "../../scripts/payments-config.mjs";
import { payments } from "../../worker/db/schema";
import { paymentsMode } from "../../worker/features/payments/settle";
import { TEXTS } from "../../worker/shared/texts";
import wranglerToml from "../../wrangler.toml?raw";
import { call, db, json, signIn } from "./helpers";

afterEach(() => vi.restoreAllMocks());

/** Checkout as `cookie`'s owner; under APP_ENV=production the session cookie has its production name. */
const checkout = (cookie: string, env: Record<string, string | undefined>) =>
  call("/api/payments/initiate", {
    method: "POST",
    json: { amount: 15000, provider: "webpay_form" },
    cookie: env.APP_ENV === "production" ? cookie.replace(/^session=/, "__Host-session=") : cookie,
    env,
  });

/** The vars of one [env.<name>.vars] table of wrangler.toml. */
function tomlVars(env: string): Record<string, string> {
  const section = wranglerToml.split(`[env.${env}.vars]`)[1]?.split(/\n\[/)[0] ?? "";
  return Object.fromEntries([...section.matchAll(/^(\w+)\s*=\s*"([^"]*)"/gm)].map((m) => [m[1], m[2]]));
}

describe("GET /api/payments/mode", () => {
  it("answers the mode and whether it is configured, to anyone", async () => {
    expect(await json(await call("/api/payments/mode"))).toEqual({ mode: "emulator", configured: true, missing: [] });
    const production = { WEBPAY_ENV: "production" as const, APP_ENV: "production" as const };
    expect(await json(await call("/api/payments/mode", { env: production }))).toEqual({
      mode: "production",
      configured: false,
      missing: ["WEBPAY_COMMERCE_CODE", "WEBPAY_API_SECRET"],
    });
    expect(
      await json(
        await call("/api/payments/mode", {
          env: { ...production, WEBPAY_COMMERCE_CODE: "597012345678", WEBPAY_API_SECRET: "s" },
        }),
      ),
    ).toEqual({
      mode: "production",
      configured: true,
      missing: [],
    });
    expect(
      await json(await call("/api/payments/mode", { env: { WEBPAY_ENV: "integration", APP_ENV: "production" } })),
    ).toEqual({
      mode: "integration",
      configured: true,
      missing: [],
    });
  });

  it("never counts the emulator as configured in a production deployment", () => {
    expect(paymentsMode({ APP_ENV: "production", WEBPAY_ENV: "emulator" })).toEqual({
      mode: "emulator",
      configured: false,
      missing: ["WEBPAY_ENV"],
    });
  });
});

describe("checkout", () => {
  it(`answers 503 with what is missing in production without the secrets, and never falls back to test \
credentials`, async () => {
    const cookie = await signIn("luna@example.com");
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const res = await checkout(cookie, {
      WEBPAY_ENV: "production",
      APP_ENV: "production",
      WEBPAY_COMMERCE_CODE: "597012345678",
    });
    expect(res.status).toBe(503);
    expect(await json(res)).toEqual({
      error: TEXTS.payment.notConfigured(["WEBPAY_API_SECRET"]),
      code: "payments_not_configured",
    });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await db().select().from(payments)).toEqual([]);
  });

  it("refuses the emulator in a production deployment: 503 at checkout, 404 for its pages", async () => {
    const cookie = await signIn("luna@example.com");
    const env = { WEBPAY_ENV: "emulator", APP_ENV: "production" } as const;
    expect((await checkout(cookie, env)).status).toBe(503);
    expect((await call("/api/dev/webpay/pay?token_ws=abc", { env })).status).toBe(404);
  });

  it("marks payments test outside Transbank's production environment, and real in it", async () => {
    const cookie = await signIn("luna@example.com");
    expect((await checkout(cookie, {})).status).toBe(200);
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      Response.json({ token: "c".repeat(64), url: "https://webpay3g.transbank.cl/webpayserver/initTransaction" }),
    );
    expect(
      (
        await checkout(cookie, {
          WEBPAY_ENV: "production",
          WEBPAY_COMMERCE_CODE: "597012345678",
          WEBPAY_API_SECRET: "s",
        })
      ).status,
    ).toBe(200);
    const rows = await db().select().from(payments).orderBy(payments.id);
    expect(rows.map((r) => r.isTest)).toEqual([true, false]);
    const admin = await signIn("admin@example.com");
    const listed = await json<{ is_test: boolean }[]>(await call("/api/admin/payments", { cookie: admin }));
    expect(listed.map((p) => p.is_test).sort()).toEqual([false, true]);
  });
});

describe("configuration and the deploy check", () => {
  it("wrangler.toml: production takes real payments, staging is explicitly integration, no credentials in vars", () => {
    expect(tomlVars("production").WEBPAY_ENV).toBe("production");
    expect(tomlVars("staging").WEBPAY_ENV).toBe("integration");
    for (const env of ["production", "staging"]) {
      expect(tomlVars(env)).not.toHaveProperty("WEBPAY_COMMERCE_CODE");
      expect(tomlVars(env)).not.toHaveProperty("WEBPAY_API_SECRET");
    }
  });

  it("refuses a production config in integration mode unless explicitly allowed", () => {
    const refused = checkPaymentsConfig({
      target: "production",
      vars: { WEBPAY_ENV: "integration" },
      allowTestPayments: false,
    });
    expect(refused.ok).toBe(false);
    expect(refused.message).toContain('refusing to deploy: WEBPAY_ENV is "integration"');
    expect(refused.message).toContain("ALLOW_TEST_PAYMENTS_IN_PRODUCTION=1");
    expect(
      checkPaymentsConfig({ target: "production", vars: { WEBPAY_ENV: "integration" }, allowTestPayments: true }),
    ).toMatchObject({ ok: true });
    expect(
      checkPaymentsConfig({ target: "production", vars: { WEBPAY_ENV: "production" }, allowTestPayments: false }),
    ).toMatchObject({ ok: true });
    expect(
      checkPaymentsConfig({ target: "staging", vars: { WEBPAY_ENV: "integration" }, allowTestPayments: false }),
    ).toMatchObject({ ok: true });
    // The emulator is never deployed, allowed or not.
    expect(
      checkPaymentsConfig({ target: "staging", vars: { WEBPAY_ENV: "emulator" }, allowTestPayments: true }).ok,
    ).toBe(false);
    expect(checkPaymentsConfig({ target: "production", vars: {}, allowTestPayments: true }).ok).toBe(false);
  });
});
