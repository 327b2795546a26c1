// The deploy check for payments (scripts/deploy.sh runs it on each target's built configuration):
// a production deployment takes real money only through Transbank's production environment, and a
// deployed site never runs the local emulator. Pure, so the worker tests import it as it is.

/**
 * @param {{ target: string; vars: Record<string, unknown>; allowTestPayments: boolean }} input
 * @returns {{ ok: boolean; message: string }}
 */
export function checkPaymentsConfig({ target, vars, allowTestPayments }) {
  const mode = vars.WEBPAY_ENV;
  if (mode !== "production" && mode !== "integration") {
    return {
      ok: false,
      message:
        `${target}: WEBPAY_ENV is ${JSON.stringify(mode ?? null)}; a deployed site uses "production" or ` +
        `"integration" (the emulator is local only).`,
    };
  }
  if (target === "production" && mode !== "production") {
    if (allowTestPayments) {
      return {
        ok: true,
        message:
          `${target}: WARNING: WEBPAY_ENV is "${mode}" (test cards, no real charges), allowed by ` +
          `ALLOW_TEST_PAYMENTS_IN_PRODUCTION=1.`,
      };
    }
    return {
      ok: false,
      message:
        `${target}: refusing to deploy: WEBPAY_ENV is "${mode}", so the site would sell memberships for ` +
        `Transbank's test cards. Set WEBPAY_ENV = "production" in [env.production.vars] and the ` +
        `WEBPAY_COMMERCE_CODE and WEBPAY_API_SECRET secrets (wrangler secret put NAME --env production), ` +
        `or set ALLOW_TEST_PAYMENTS_IN_PRODUCTION=1 to deploy test payments on purpose.`,
    };
  }
  return {
    ok: true,
    message:
      `${target}: payments in Transbank's ${mode} ` +
      `environment${mode === "integration" ? " (test mode: no real charges)" : ""}.`,
  };
}
