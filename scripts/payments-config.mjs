// The deploy check for payments (scripts/deploy.mjs runs it on each target's built configuration):
// a production deployment takes real money only through Transbank's production environment (Webpay
// Plus and Oneclick Mall alike: WEBPAY_ENV serves both), a deployed site never runs the local emulator,
// and no Transbank credential or key sits in plain vars. Pure, so the worker tests import it as it is.

/** Set with `wrangler secret put`, never in wrangler.toml's vars (which are committed and shown in the dashboard). */
export const PAYMENT_SECRETS = [
  "WEBPAY_COMMERCE_CODE",
  "WEBPAY_API_SECRET",
  "ONECLICK_MALL_COMMERCE_CODE",
  "ONECLICK_CHILD_COMMERCE_CODE",
  "ONECLICK_API_SECRET",
  "ONECLICK_TBK_USER_KEY",
];

/**
 * @param {{ target: string; vars: Record<string, unknown>; allowTestPayments: boolean }} input
 * @returns {{ ok: boolean; message: string }}
 */
export function checkPaymentsConfig({ target, vars, allowTestPayments }) {
  const exposed = PAYMENT_SECRETS.filter((name) => name in vars);
  if (exposed.length) {
    return {
      ok: false,
      message: `${target}: refusing to deploy: ${exposed.join(", ")} must be secrets (wrangler secret put NAME --env \
${target}), not vars.`,
    };
  }
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
        `Transbank's test cards. Set WEBPAY_ENV = "production" in [env.production.vars] and the secrets ` +
        `WEBPAY_COMMERCE_CODE, WEBPAY_API_SECRET and, for automatic renewal, ONECLICK_MALL_COMMERCE_CODE, ` +
        `ONECLICK_CHILD_COMMERCE_CODE, ONECLICK_API_SECRET, ONECLICK_TBK_USER_KEY ` +
        `(wrangler secret put NAME --env production), or set ALLOW_TEST_PAYMENTS_IN_PRODUCTION=1 to deploy ` +
        `test payments on purpose.`,
    };
  }
  return {
    ok: true,
    message:
      `${target}: payments in Transbank's ${mode} ` +
      `environment${mode === "integration" ? " (test mode: no real charges)" : ""}.`,
  };
}
