// The pricing page's action: starting a payment (docs/client.md#writes). It loads with the pricing
// screen (the route's lazy action), not with the app's shell.
import { MEMBERSHIP } from "../../worker/shared/rules";
import { type Answer, ApiRequestError, api, errorText, unwrap } from "../api";
import { autorenewAction, isAutorenewIntent } from "../autorenew/actions";
import { type ActionResult, attempt, readIntent } from "../data/actions";
import { sendIdempotent } from "../idempotent";
import type { GiftOrder } from "../payments/GiftForm";
import { TEXT } from "../text";

/** The pricing page's writes: a payment (intent "pay") or automatic renewal's (client/autorenew/actions.ts). */
export async function pricingAction({ request }: { request: Request }) {
  const body = await readIntent<{ intent?: string; plan_id?: string; amount?: number; coupon?: string } & GiftOrder>(
    request,
  );
  if (isAutorenewIntent(body)) return autorenewAction(body);
  if (body.intent === "trial") return startTrial(body);
  return body.intent === "gift" ? startGift(body) : startPayment(body);
}

/** Starts a plan's free trial (client/pricing/TrialOffer.tsx): begun, or the bank's card enrolment to post to. */
async function startTrial(choice: { plan_id?: string; coupon?: string }) {
  const json = {
    ...(choice.plan_id ? { plan_id: choice.plan_id } : {}),
    ...(choice.coupon ? { coupon: choice.coupon } : {}),
  };
  return attempt(
    () => unwrap(sendIdempotent((o) => api.membership.trial.$post({ json }, o))),
    TEXT.payment.trialFailed,
  );
}

/**
 * Starts a payment (the pay button's fetcher) for the plan chosen at the price shown (the server prices it again and
 * refuses another amount); without a plan, the specification's monthly plan. Answers the Webpay form to post, or the
 * membership when it is already active. A refusal shows the server's text, a failed request the network text.
 */
async function startPayment(choice: {
  plan_id?: string;
  amount?: number;
  coupon?: string;
}): Promise<ActionResult<Answer<typeof api.payments.initiate.$post>>> {
  const plan = choice.plan_id ? { plan_id: choice.plan_id } : {};
  const coupon = choice.coupon ? { coupon: choice.coupon } : {};
  try {
    return {
      ok: true,
      value: await unwrap(
        sendIdempotent((o) =>
          api.payments.initiate.$post(
            {
              json: { amount: choice.amount ?? MEMBERSHIP.priceClp, ...plan, ...coupon, provider: MEMBERSHIP.provider },
            },
            o,
          ),
        ),
      ),
    };
  } catch (err) {
    return {
      ok: false,
      error:
        err instanceof ApiRequestError ? errorText(err, TEXT.payment.initiateFailed) : TEXT.payment.initiateNetwork,
    };
  }
}

/** Starts a gift's payment (client/payments/GiftForm.tsx): the Webpay form to post. */
async function startGift(order: GiftOrder): Promise<ActionResult<Answer<typeof api.gifts.$post>>> {
  const { plan_months, recipient_email, message } = order;
  const json: GiftOrder = { plan_months, recipient_email };
  if (message) json.message = message;
  try {
    return { ok: true, value: await unwrap(sendIdempotent((o) => api.gifts.$post({ json }, o))) };
  } catch (err) {
    return {
      ok: false,
      error:
        err instanceof ApiRequestError ? errorText(err, TEXT.payment.initiateFailed) : TEXT.payment.initiateNetwork,
    };
  }
}
