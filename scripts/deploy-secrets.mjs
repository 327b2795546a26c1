// Which secrets a deployed target needs, and the ones `npm run deploy -- --generate-secrets` may make
// because they are random by nature. Pure, so the deploy script and its tests read the same lists.
import { randomBytes } from "node:crypto";
import { PAYMENT_SECRETS } from "./payments-config.mjs";
import { newVapidKeys } from "./vapid-keys.mjs";

/**
 * The names a target must have before it deploys, from its built vars: Google sign-in (deployed targets
 * have no dev sign-in), the unsubscribe links' key, the Web Push pair, the key that encrypts stored
 * Oneclick enrolments; and in Transbank's production environment every Transbank credential, which has
 * no fallback there (integration falls back to Transbank's public test codes).
 * @param {Record<string, unknown>} vars
 */
export function requiredSecrets(vars) {
  const always = [
    "GOOGLE_CLIENT_ID",
    "GOOGLE_CLIENT_SECRET",
    "EMAIL_TOKEN_SECRET",
    "VAPID_PUBLIC_KEY",
    "VAPID_PRIVATE_KEY",
    "ONECLICK_TBK_USER_KEY",
  ];
  const payments = vars.WEBPAY_ENV === "production" ? PAYMENT_SECRETS : [];
  return [...new Set([...always, ...payments])];
}

/** Secrets that are random by nature: --generate-secrets makes the missing ones, never replaces one. */
export const GENERATED_SECRETS = [
  "EMAIL_TOKEN_SECRET",
  "ONECLICK_TBK_USER_KEY",
  "VAPID_PUBLIC_KEY",
  "VAPID_PRIVATE_KEY",
];

/**
 * New values for the given generated names. The VAPID pair is made (and set) as a pair: a public key
 * without its private key is useless, so either half missing makes both.
 * @param {string[]} names
 * @returns {Promise<Record<string, string>>}
 */
export async function generateSecrets(names) {
  const values = {};
  if (names.includes("EMAIL_TOKEN_SECRET")) values.EMAIL_TOKEN_SECRET = randomBytes(32).toString("base64url");
  // AES-256-GCM key as the worker reads it: 32 bytes, standard base64 (`openssl rand -base64 32`).
  if (names.includes("ONECLICK_TBK_USER_KEY")) values.ONECLICK_TBK_USER_KEY = randomBytes(32).toString("base64");
  if (names.includes("VAPID_PUBLIC_KEY") || names.includes("VAPID_PRIVATE_KEY")) {
    const { publicKey, privateKey } = await newVapidKeys();
    values.VAPID_PUBLIC_KEY = publicKey;
    values.VAPID_PRIVATE_KEY = privateKey;
  }
  return values;
}
