// Usage: node scripts/check-payments-config.mjs <built wrangler.json> <target>; exits 1 when refused.
import { readFileSync } from "node:fs";
import { checkPaymentsConfig } from "./payments-config.mjs";

const [configPath, target] = process.argv.slice(2);
const config = JSON.parse(readFileSync(configPath, "utf8"));
const result = checkPaymentsConfig({
  target,
  vars: config.vars ?? {},
  allowTestPayments: process.env.ALLOW_TEST_PAYMENTS_IN_PRODUCTION === "1",
});
(result.ok ? console.log : console.error)(`== ${result.message}`);
process.exit(result.ok ? 0 : 1);
