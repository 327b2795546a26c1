// Gifts of membership: bought through Webpay Plus for an email address, emailed once paid, redeemed once.
// The code is derived from a stored nonce with the server's secret (HMAC-SHA-256) and only its SHA-256 is stored, so
// the database alone redeems nothing; it travels in the emailed link's fragment.
import type { Database } from "../../db/client";
import { normaliseEmail } from "../../db/users";
import type { Env } from "../../env";
import { base64url, randomToken, sha256Hex } from "../../platform/crypto";
import { conflict, notFound } from "../../platform/errors";
import { GIFTS, type GiftMonths } from "../../shared/rules";
import { errorText } from "../../shared/texts";
import { buildGiftEmail, enqueue } from "../notifications/index";
import { giftPrice } from "./pricing";
import {
  findGiftByCodeHash,
  insertGift,
  languageOfAddress,
  moveGift,
  redeemGift,
  settledPendingGifts,
} from "./queries/gifts";
import { startCheckout } from "./settle";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The page the emailed link opens: it signs the recipient in, then redeems the code (client/payments/GiftRedeem). */
export const GIFT_PATH = "/gift";

/** A gift's code: HMAC-SHA-256 of its nonce under the server's secret, base64url (43 characters). */
async function giftCode(secret: string, nonce: string) {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return base64url(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`gift:${nonce}`)));
}

/** Opens a gift's checkout: its payment (plan "gift") and the gift, pending until Transbank approves the payment. */
export async function buyGift(
  db: Database,
  env: Env,
  buyer: { id: number; email: string; name: string | null },
  origin: string,
  input: { months: GiftMonths; recipientEmail: string; message: string | null },
  now = Date.now(),
) {
  const price = await giftPrice(db, input.months);
  const nonce = randomToken(16);
  const codeHash = await sha256Hex(await giftCode(env.EMAIL_TOKEN_SECRET, nonce));
  return startCheckout(db, env, buyer, origin, price, (payment) =>
    insertGift(db, {
      codeHash,
      nonce,
      buyerId: buyer.id,
      buyerName: buyer.name,
      recipientEmail: normaliseEmail(input.recipientEmail),
      message: input.message,
      months: input.months,
      periodDays: price.periodDays,
      paymentId: payment.id,
      expiresAt: new Date(now + GIFTS.validDays * DAY_MS),
    }),
  );
}

/** Gifts emailed per run at most (each one email job). */
const SEND_BATCH = 50;

/**
 * Emails every gift whose payment Transbank approved, once (pending -> paid is conditional: of two runs, one sends),
 * in the recipient's language when the address has an account, Spanish otherwise; a gift whose payment failed fails.
 * Runs after a Webpay return and every five minutes (with the reconciler), so a return that never came still sends.
 */
export async function sendPaidGifts(db: Database, env: Env) {
  const settled = await settledPendingGifts(db, SEND_BATCH);
  const counts = { sent: 0, failed: 0 };
  for (const { gift, paymentStatus } of settled) {
    if (paymentStatus === "failed") {
      if (await moveGift(db, gift.id, ["pending"], "failed")) counts.failed++;
      continue;
    }
    if (!(await moveGift(db, gift.id, ["pending"], "paid"))) continue;
    const language = await languageOfAddress(db, gift.recipientEmail);
    const code = await giftCode(env.EMAIL_TOKEN_SECRET, gift.nonce);
    const email = await buildGiftEmail(
      { origin: env.APP_ORIGIN, tokenSecret: env.EMAIL_TOKEN_SECRET },
      { email: gift.recipientEmail, language: language ?? "es" },
      {
        from: gift.buyerName ?? gift.recipientEmail,
        message: gift.message,
        months: gift.months,
        link: `${env.APP_ORIGIN}${GIFT_PATH}#code=${code}`,
        expiresAt: gift.expiresAt.getTime(),
      },
    );
    await enqueue(env, [{ type: "email", email }]);
    counts.sent++;
  }
  return counts;
}

/**
 * Redeems a code for the signed-in member: the gift's days are added from max(now, the current end); no automatic
 * renewal is enrolled. Unknown (or unpaid, refunded) 404; used already or expired 409.
 */
export async function redeemCode(db: Database, userId: number, code: string, now = Date.now()) {
  const gift = await findGiftByCodeHash(db, await sha256Hex(code));
  if (!gift || !["paid", "redeemed"].includes(gift.status)) throw notFound(errorText("gift_not_found"));
  if (gift.status === "redeemed") throw conflict(errorText("gift_redeemed"));
  if (gift.expiresAt.getTime() <= now) throw conflict(errorText("gift_expired"));
  if (!(await redeemGift(db, gift.id, userId, now))) throw conflict(errorText("gift_redeemed"));
  return { months: gift.months, period_days: gift.periodDays };
}
