// Automatic renewal with Oneclick Mall: enrolment, the daily charge and its settlement.
// Transbank decides every outcome; the database decides who acts: one charge per member and period,
// one payment per attempt (derived buy orders, UNIQUE), conditional state changes. tbk_user is
// decrypted only to be sent to Transbank and is never returned, logged or exported.

import type { Database } from "../../db/client";
import { getMembership } from "../../db/memberships";
import type { Env } from "../../env";
import { aesKey, decryptText, encryptText } from "../../platform/crypto";
import { ApiError, conflict, notFound } from "../../platform/errors";
import { emulatedTransbank } from "../../platform/local-development";
import { AUTORENEW, PAID_ACCESS_STATUSES } from "../../shared/rules";
import { errorText } from "../../shared/texts";
import {
  detailBuyOrderOf,
  isChargeApproved,
  type Oneclick,
  type OneclickTransaction,
  oneclickFromEnv,
  tbkUserKeyOf,
} from "./oneclick";
import { discountOf, offeredPlan, priceOf, usableCoupon } from "./pricing";
import {
  beginAttempt,
  type Charge,
  chargesToAttempt,
  chargesToSettle,
  deleteEnrolment,
  type Enrolment,
  endPause,
  findEnrolment,
  markChargeNotReceived,
  markChargePaid,
  markChargeRefused,
  membershipDue,
  openDueCharges,
  type RenewalTerms,
  recordInscriptionStart,
  renewalTermsOf,
  reopenGraceCharge,
  saveEnrolment,
  setPause,
  type TrialIntent,
  takeInscription,
} from "./queries/autorenew";
import { approvePayment, failPayment, type Payment } from "./queries/payments";
import { findPlan, PRICE_NOTICE_MS, SPEC_PLAN } from "./queries/plans";
import { beginTrial, cardHadTrial, trialOf } from "./queries/trials";
import { WebpayError } from "./webpay";

const DAY_MS = 24 * 60 * 60 * 1000;

export const ONECLICK_RETURN_PATH = "/api/payments/oneclick/return";

/** The Oneclick username of a member: stable, and no personal data. */
export const oneclickUsername = (userId: number) => `member-${userId}`;

/** The adapter for this deployment (the emulator answers in-process in emulator mode). */
export function oneclickFor(env: Env, origin = "http://localhost", timeoutMs?: number): Oneclick {
  return oneclickFromEnv(env, origin, emulatedTransbank(env), timeoutMs);
}

/** No answer, or an answer that is not a refusal (5xx): Transbank may or may not have acted. */
const isUnknownOutcome = (err: WebpayError) =>
  err.failure !== "provider" || (err.providerStatus !== undefined && err.providerStatus >= 500);

/**
 * Starts an inscription: Transbank answers the form URL the browser posts TBK_TOKEN to. One enrolment is
 * in flight per member: while another is pending the start is refused (409), and of starts racing only
 * one is recorded (the others' inscriptions, never shown to the browser, hold no card and expire at Transbank).
 */
export async function startEnrolment(
  db: Database,
  env: Env,
  user: { id: number; email: string; role: string },
  origin: string,
  trial: TrialIntent | null = null,
) {
  if (user.role === "admin") throw conflict(errorText("autorenew_admin"));
  const started = await oneclickFor(env, origin).start({
    username: oneclickUsername(user.id),
    email: user.email,
    responseUrl: origin + ONECLICK_RETURN_PATH,
  });
  if (!(await recordInscriptionStart(db, started.token, user.id, trial)))
    throw conflict(errorText("autorenew_enrolment_pending"));
  return { url: started.url_webpay, token: started.token };
}

export type EnrolmentOutcome = "enrolled" | "refused" | "abandoned" | "failed" | "trial" | "trial_refused";

/**
 * Transbank's return after the card form. An abandoned form (TBK_ORDEN_COMPRA / TBK_ID_SESION come
 * back) is not finished; otherwise the inscription is finished at once (Transbank allows 60 seconds)
 * and only response_code 0 with a tbk_user enrols. Anything else changes nothing.
 */
export async function finishEnrolment(
  db: Database,
  env: Env,
  origin: string,
  params: { TBK_TOKEN?: string; TBK_ORDEN_COMPRA?: string; TBK_ID_SESION?: string },
): Promise<EnrolmentOutcome> {
  if (!params.TBK_TOKEN) return "failed";
  const inscription = await takeInscription(db, params.TBK_TOKEN);
  if (!inscription) return "failed";
  if (params.TBK_ORDEN_COMPRA || params.TBK_ID_SESION) return "abandoned";
  const oneclick = oneclickFor(env, origin);
  let finished: Awaited<ReturnType<Oneclick["finish"]>>;
  try {
    finished = await oneclick.finish(params.TBK_TOKEN);
  } catch (err) {
    if (err instanceof WebpayError) return err.failure === "provider" && !isUnknownOutcome(err) ? "refused" : "failed";
    throw err;
  }
  if (finished.response_code !== 0 || !finished.tbk_user) return "refused";
  const key = await aesKey(tbkUserKeyOf(env));
  const username = oneclickUsername(inscription.userId);
  const previous = await findEnrolment(db, inscription.userId);
  const stored = await saveEnrolment(
    db,
    {
      userId: inscription.userId,
      username,
      tbkUserEncrypted: await encryptText(key, finished.tbk_user),
      cardType: finished.card_type ?? null,
      cardNumber: finished.card_number ?? null,
    },
    previous,
  );
  // Every card enrolled at Transbank that is not the stored one is deleted there (best effort), so none
  // outlives "stop" or the account: this one when another finish stored its card first, otherwise the
  // card it replaced.
  if (!stored) {
    await oneclick.remove({ tbkUser: finished.tbk_user, username }).catch(() => undefined);
    return "failed";
  }
  if (previous) {
    const oldTbkUser = await decryptText(key, previous.tbkUserEncrypted);
    if (oldTbkUser !== finished.tbk_user)
      await oneclick.remove({ tbkUser: oldTbkUser, username: previous.username }).catch(() => undefined);
  }
  if (inscription.trial) {
    const card = { cardType: finished.card_type ?? null, cardNumber: finished.card_number ?? null };
    return (await trialOnCard(db, inscription.userId, inscription.trial, card, Date.now())) ? "trial" : "trial_refused";
  }
  await retryInGrace(db, env, oneclick, key, inscription.userId, Date.now());
  return "enrolled";
}

/**
 * Starts a plan's free trial (the plan's trial_days; nothing charged until it ends, when the daily renewal job charges
 * the plan's price with the coupon's first-payment discount). A trial needs an enrolled card: with one on file
 * (automatic renewal on) it begins at once; otherwise the answer is the bank's card form, whose return begins it.
 * Refused with a code: admins, a plan without a trial, a member covered now, a member or card that had a trial, a
 * coupon that is not usable.
 */
export async function startTrial(
  db: Database,
  env: Env,
  user: { id: number; email: string; role: string },
  choice: { planId?: string; couponCode?: string },
  origin: string,
  now = Date.now(),
) {
  if (user.role === "admin") throw conflict(errorText("autorenew_admin"));
  const plan = await offeredPlan(db, choice.planId);
  if (plan.trialDays <= 0) throw conflict(errorText("trial_not_offered"));
  const coupon = choice.couponCode ? await usableCoupon(db, choice.couponCode, plan, now) : null;
  const [membership, trial, enrolment] = await Promise.all([
    getMembership(db, user, now),
    trialOf(db, user.id),
    findEnrolment(db, user.id),
  ]);
  if (PAID_ACCESS_STATUSES.includes(membership.status)) throw conflict(errorText("trial_member_active"));
  if (trial) throw conflict(errorText("trial_used"));
  const intent = { plan: plan.id, coupon: coupon?.code ?? null };
  if (enrolment?.status !== "active") return { enrol: await startEnrolment(db, env, user, origin, intent) };
  const begun = await trialOnCard(db, user.id, intent, enrolment, now);
  if (!begun) throw await trialRefusal(db, user, enrolment, intent, now);
  return { trial: begun };
}

/** Begins the trial on an enrolled card; undefined when it cannot (queries/trials.ts beginTrial says when). */
async function trialOnCard(
  db: Database,
  userId: number,
  intent: TrialIntent,
  card: Pick<Enrolment, "cardType" | "cardNumber">,
  now: number,
) {
  const plan = await findPlan(db, intent.plan);
  // A card Transbank did not describe cannot be told from another: it begins no trial. Nor does a plan retired, or
  // its trial withdrawn, while the card form was open.
  if (!card.cardType || !card.cardNumber || !plan?.active || plan.trialDays <= 0) return undefined;
  return beginTrial(
    db,
    { userId, plan, couponCode: intent.coupon, card: { type: card.cardType, number: card.cardNumber } },
    now,
  );
}

/** Why a trial on a card on file did not begin (the batch refuses without saying): the first reason that holds. */
async function trialRefusal(
  db: Database,
  user: { id: number; role: string },
  card: Pick<Enrolment, "cardType" | "cardNumber">,
  intent: TrialIntent,
  now: number,
) {
  if (PAID_ACCESS_STATUSES.includes((await getMembership(db, user, now)).status))
    return conflict(errorText("trial_member_active"));
  const cardUsed =
    card.cardType && card.cardNumber && (await cardHadTrial(db, { type: card.cardType, number: card.cardNumber }));
  if (!card.cardType || !card.cardNumber || cardUsed || (await trialOf(db, user.id)))
    return conflict(errorText("trial_used"));
  return intent.coupon ? conflict(errorText("coupon_exhausted")) : conflict(errorText("trial_not_offered"));
}

/**
 * A new card enrolled in a refused renewal's grace: the charge that gave up is attempted again at once, priced as
 * every renewal is (renewalPrice), and a charge paid this way is marked recovered (markChargePaid).
 */
async function retryInGrace(db: Database, env: Env, oneclick: Oneclick, key: CryptoKey, userId: number, now: number) {
  if (!(await reopenGraceCharge(db, userId, now))) return;
  const counts: Counts = { opened: 0, attempted: 0, approved: 0, refused: 0, unknown: 0, paused: 0 };
  const isTest = env.WEBPAY_ENV !== "production";
  for (const row of await chargesToAttempt(db, now, 1, userId))
    await attemptCharge(db, oneclick, key, isTest, row, counts, now);
}

/**
 * Stops auto-renew: the inscription is deleted at Transbank first (one it no longer knows is fine),
 * then here. Transbank unreachable changes nothing and says so.
 */
export async function cancelEnrolment(db: Database, env: Env, userId: number, origin: string) {
  const enrolment = await findEnrolment(db, userId);
  if (!enrolment) throw notFound(errorText("autorenew_not_enrolled"));
  const tbkUser = await decryptText(await aesKey(tbkUserKeyOf(env)), enrolment.tbkUserEncrypted);
  try {
    await oneclickFor(env, origin).remove({ tbkUser, username: enrolment.username });
  } catch (err) {
    if (!(err instanceof WebpayError)) throw err;
    if (isUnknownOutcome(err)) throw new ApiError(502, errorText("autorenew_transbank_unavailable"));
  }
  await deleteEnrolment(db, userId);
}

/**
 * Pauses automatic renewal for 1 to 3 of the plan's periods instead of stopping it: nothing is charged at the due date,
 * access ends there as it would, and the renewal is charged again on the resume date (the due date + the periods).
 * Only a member with automatic renewal on and a membership running can pause (409 otherwise).
 */
export async function pauseRenewal(db: Database, userId: number, periods: number, now = Date.now()) {
  const membership = await membershipDue(db, userId);
  if (!membership || membership.due.getTime() <= now) throw conflict(errorText("pause_not_active"));
  // A trial's end is its first charge: stopping, not pausing, is how to pay nothing.
  if (membership.kind === "trial") throw conflict(errorText("pause_in_trial"));
  const plan = (await findPlan(db, membership.plan)) ?? SPEC_PLAN;
  const resumeAt = membership.due.getTime() + periods * plan.periodDays * DAY_MS;
  if (!(await setPause(db, userId, membership.due.getTime(), resumeAt, now)))
    throw conflict(errorText("pause_not_active"));
}

/** Ends the member's pause now (404 when not paused). */
export async function resumeRenewal(db: Database, userId: number, now = Date.now()) {
  if (!(await endPause(db, userId, now))) throw notFound(errorText("pause_not_paused"));
}

/**
 * When an account is deleted, its card goes at Transbank too: read before the rows go (they cascade),
 * run after (best effort, in waitUntil), so the stored card never outlives the account.
 */
export async function inscriptionRemoval(db: Database, env: Env, userId: number) {
  const enrolment = await findEnrolment(db, userId);
  if (!enrolment) return null;
  return async () => {
    try {
      const tbkUser = await decryptText(await aesKey(tbkUserKeyOf(env)), enrolment.tbkUserEncrypted);
      await oneclickFor(env).remove({ tbkUser, username: enrolment.username });
    } catch {
      console.error("oneclick inscription removal failed for a deleted account");
    }
  };
}

type Counts = { opened: number; attempted: number; approved: number; refused: number; unknown: number; paused: number };

/** Applies Transbank's answer about an attempt: approved, refused, or (mismatched authorization) refused and given
 * back. */
async function applyChargeVerdict(
  db: Database,
  oneclick: Oneclick,
  charge: Charge,
  payment: Payment,
  tx: OneclickTransaction,
  counts: Counts,
  now: number,
) {
  const expected = {
    buyOrder: payment.buyOrder,
    detailBuyOrder: detailBuyOrderOf(payment),
    amount: payment.amountClp,
    commerceCode: oneclick.childCommerceCode,
  };
  const [detail] = tx.details;
  if (isChargeApproved(tx, expected)) {
    const { approved: approvedHere } = await approvePayment(
      db,
      payment,
      {
        authorizationCode: detail.authorization_code ?? null,
        responseCode: 0,
        cardLast4: tx.card_detail?.card_number?.slice(-4) ?? null,
      },
      Date.now(),
      charge.periodDue.getTime(),
    );
    await markChargePaid(db, charge, now);
    // Two runs settling the same attempt both see it authorised; only the one whose write approved it counts it.
    if (approvedHere) counts.approved++;
    return;
  }
  if (detail?.response_code === 0 && detail.status === "AUTHORIZED") {
    // Authorized, but not what we asked for: refuse it and give the money back (best effort).
    await failPayment(db, payment.id, "verification_failed", 0);
    await oneclick
      .refund({ buyOrder: payment.buyOrder, detailBuyOrder: detailBuyOrderOf(payment), amount: detail.amount })
      .catch(() => undefined);
  } else {
    await failPayment(db, payment.id, "rejected", detail?.response_code ?? null);
  }
  counts.refused++;
  if ((await markChargeRefused(db, charge, now)) === "gave_up") counts.paused++;
}

/**
 * A renewal's price (pricing.ts priceOf) from its terms (queries/autorenew.ts renewalTermsOf): the membership's plan
 * (the specification's without one), and its coupon while the coupon still prices payments (the index of this payment
 * is how many the coupon priced for the member already; a trial's end is the first). After a raise, the price the
 * member kept while the charge (`now`) is within PLANS.priceNoticeDays of being told, the plan's current price after
 * (never more than the current price: a lowered one applies at once).
 */
export function renewalPrice(terms: RenewalTerms | undefined, now: number) {
  const current = terms?.plan ?? SPEC_PLAN;
  const kept = terms?.keptPriceClp ?? null;
  const told = terms?.priceToldAt?.getTime() ?? null;
  const plan =
    kept !== null && told !== null && now < told + PRICE_NOTICE_MS
      ? { ...current, amountClp: Math.min(current.amountClp, kept) }
      : current;
  if (!terms?.coupon) return priceOf(plan, null, 1);
  return priceOf(plan, discountOf(terms.coupon), terms.couponPayments);
}

/**
 * What the member's membership renews as, for the status: its plan (name and period) and what its next charge will be
 * (renewalPrice at the due date: the coupon, a kept price; a trial's first charge). Null without a membership.
 */
export async function renewalOf(db: Database, userId: number) {
  const terms = await renewalTermsOf(db, userId);
  if (!terms) return null;
  const price = renewalPrice(terms, terms.due.getTime());
  const plan = terms.plan ?? SPEC_PLAN;
  return { plan_id: plan.id, plan_name: plan.name, period_days: price.periodDays, amount_clp: price.amountClp };
}

/** One attempt of a due charge (skipped when another run holds it). */
async function attemptCharge(
  db: Database,
  oneclick: Oneclick,
  key: CryptoKey,
  isTest: boolean,
  row: Awaited<ReturnType<typeof chargesToAttempt>>[number],
  counts: Counts,
  now: number,
) {
  const payment = await beginAttempt(
    db,
    row.charge,
    { email: row.email },
    renewalPrice(await renewalTermsOf(db, row.charge.userId), now),
    isTest,
    now,
  );
  if (!payment) return;
  counts.attempted++;
  const charge: Charge = { ...row.charge, state: "charging", attempts: row.charge.attempts + 1, paymentId: payment.id };
  if (payment.amountClp === 0) {
    // A scholarship's renewal: nothing to charge, the period is granted.
    const { approved } = await approvePayment(
      db,
      payment,
      { authorizationCode: null, responseCode: 0, cardLast4: null },
      now,
      charge.periodDue.getTime(),
    );
    await markChargePaid(db, charge, now);
    if (approved) counts.approved++;
    return;
  }
  let tx: OneclickTransaction;
  try {
    tx = await oneclick.authorize({
      username: row.username,
      tbkUser: await decryptText(key, row.tbkUserEncrypted),
      buyOrder: payment.buyOrder,
      detailBuyOrder: detailBuyOrderOf(payment),
      amount: payment.amountClp,
    });
  } catch (err) {
    if (!(err instanceof WebpayError)) throw err;
    if (isUnknownOutcome(err)) {
      // Maybe charged: the payment stays pending and Transbank's status settles it before any retry.
      counts.unknown++;
      return;
    }
    // Refused outright (4xx): nothing was authorized.
    await failPayment(db, payment.id, "rejected");
    counts.refused++;
    if ((await markChargeRefused(db, charge, now)) === "gave_up") counts.paused++;
    return;
  }
  await applyChargeVerdict(db, oneclick, charge, payment, tx, counts, now);
}

/**
 * Settles an attempt whose outcome we never learned, by Transbank's status of its buy order:
 * authorized -> approved; refused -> refused (retry schedule); unknown to Transbank (404) -> a new
 * attempt at once; no answer -> unchanged until the next run. A payment already settled by another
 * run just moves its charge along.
 */
async function settleCharge(
  db: Database,
  oneclick: Oneclick,
  charge: Charge,
  payment: Payment,
  counts: Counts,
  now: number,
) {
  if (payment.status === "completed" || payment.status === "refunded") return markChargePaid(db, charge, now);
  if (payment.status === "failed") {
    if (payment.failureReason === "not_received") return markChargeNotReceived(db, charge, now);
    counts.refused++;
    if ((await markChargeRefused(db, charge, now)) === "gave_up") counts.paused++;
    return;
  }
  let tx: OneclickTransaction;
  try {
    tx = await oneclick.status(payment.buyOrder);
  } catch (err) {
    if (!(err instanceof WebpayError)) throw err;
    if (err.failure === "provider" && err.providerStatus === 404) {
      await failPayment(db, payment.id, "not_received");
      await markChargeNotReceived(db, charge, now);
      return;
    }
    counts.unknown++;
    return;
  }
  await applyChargeVerdict(db, oneclick, charge, payment, tx, counts, now);
}

/**
 * Only the settlement step (the five-minute cron runs it too, so an unknown outcome is not left for a
 * day). The adapter is made only when there is something to ask, so a deployment without Oneclick
 * configured runs it quietly.
 */
export async function settleAutorenew(db: Database, env: Env, now: number, oneclick?: Oneclick) {
  const counts: Counts = { opened: 0, attempted: 0, approved: 0, refused: 0, unknown: 0, paused: 0 };
  const open = await chargesToSettle(db, now, AUTORENEW.batch);
  if (open.length) {
    const client = oneclick ?? oneclickFor(env);
    for (const { charge, payment } of open) await settleCharge(db, client, charge, payment, counts, now);
  }
  return {
    checked: open.length,
    approved: counts.approved,
    refused: counts.refused,
    still_unknown: counts.unknown,
    paused: counts.paused,
  };
}

/**
 * The daily charge job: settles the attempts whose outcome is unknown, opens the charges of memberships
 * due within a day, then makes every due attempt. Safe to run twice at once: see worker/features/payments/queries/autorenew.ts.
 */
export async function runAutorenew(db: Database, env: Env, now: number, oneclick?: Oneclick) {
  const settled = await settleAutorenew(db, env, now, oneclick);
  const counts: Counts = { opened: 0, attempted: 0, approved: 0, refused: 0, unknown: 0, paused: 0 };
  counts.opened = await openDueCharges(db, now);
  const due = await chargesToAttempt(db, now, AUTORENEW.batch);
  if (due.length) {
    const client = oneclick ?? oneclickFor(env);
    const key = await aesKey(tbkUserKeyOf(env));
    const isTest = env.WEBPAY_ENV !== "production";
    for (const row of due) await attemptCharge(db, client, key, isTest, row, counts, now);
  }
  return {
    settled: settled.checked,
    opened: counts.opened,
    attempted: counts.attempted,
    approved: counts.approved + settled.approved,
    refused: counts.refused + settled.refused,
    unknown: counts.unknown + settled.still_unknown,
    paused: counts.paused + settled.paused,
  };
}
